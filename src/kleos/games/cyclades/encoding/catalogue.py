"""The Cyclades action catalogue: every action a game can offer, numbered in a fixed order.

:func:`catalogue_for` lists, from the game's tables alone (player count, board, options), the
actions of every rule module in their notation (``docs/cyclades.md``), and numbers them with the
generic :class:`~kleos.adapters.actions.ActionCatalogue`. Chance outcomes (``order``, ``gods``,
``creature``, ``dice``) are numbered apart, as OpenSpiel keeps them apart.

The order, by section (each in the tables' order; an action is listed once, at its first place):

1. ``offer``: ``offer <god> <amount>`` for the four main gods and every amount from the minimum
   offering to :data:`OFFER_CAP`; ``apollo``.
2. ``turn``: ``end``; ``prosper <island>``; ``recruit``, ``recruit <sea>``, ``recruit <island>``;
   ``build <island>``; ``march <island> <n> <other island>``; ``sail <sea> <n> <neighbouring sea>``;
   ``sail <n> <sea>``; ``swap <slot price>``; ``summon <slot price> <Temples used>`` (0 to price - 1).
3. ``battle``: ``stay``; ``retreat <island>``; ``retreat <sea>``.
4. ``metropolis``: ``discard <island> <building>``; ``metropolis <island>``; ``destroy <building>``.
5. ``creatures``: ``take <seat>``; ``take <creature>``; ``target <island> <building>``;
   ``target <island> <building> <other building>``; ``target <island>``; ``target <sea>``;
   ``target <island> <n> <other island>``; ``sell <island>``, ``sell <sea>``, ``sell priest``,
   ``sell philosopher``; ``from <sea>``; ``push <sea>``; ``done`` (the Sylph's ``sail`` steps are
   the Poseidon steps of section 2).

Why every legal action has an index, argument by argument (``tests/cyclades/test_encoding.py``
checks it over seeded random games for 2 to 5 players):

* board ids, god keys, seat names, creature keys, building names and slot prices come from the
  tables, and each rule module builds its actions from the same tables;
* unit counts (``march``, ``sail``, Pegasus' ``target``) are at most a seat's pieces of one kind on
  the board: recruiting stops at ``troops_max`` / ``fleets_max`` (C-COMP-12/13, C-RECRUIT-8), the
  Siren takes a fleet from the reserve only below ``fleets_max`` and every other rule moves or
  removes units, so a count never exceeds the larger of the two;
* Temples used on a summon are at most the slot's price less 1 (rules/summon.py).

**The one exception is the offering amount.** A bid is at most the seat's gold plus its Priests
(C-OFFER-11/13). With a bank (``gold_supply`` 98 or 100) and a limited Priest supply that is at most
the bank plus the supply (:func:`offer_bound`: 118 GP), below :data:`OFFER_CAP` (250 GP), so the
catalogue is complete. Under the default ``gold_supply=unlimited`` (C-AMB-28) gold has no upper
bound in a game of unbounded length: the cap is then above every amount seen legal in thousands of
seeded random games (random players hoard gold; ``docs/cyclades.md`` gives the figures), and a
legal offer above it has no index: the
adapters' :meth:`~kleos.adapters.actions.ActionCatalogue.encode` raises
:class:`~kleos.adapters.actions.UnknownAction` naming it (loudly, never a wrong number), and
:func:`uncatalogued` lists such actions for a position. The catalogue is a fixed map between
actions and numbers (the adapters' contract), so a relative encoding ("minimum bid + k") is not
possible without a state-dependent map in the generic adapters.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from kleos.adapters.actions import ActionCatalogue
from kleos.core.action import Action, act
from kleos.core.kit.encoding import per_tables
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle
from kleos.games.cyclades.tables import APOLLO, GODS, Tables

OFFER_CAP = 250
"""The largest offering amount the catalogue lists (see the module docstring)."""

SECTIONS = ("offer", "turn", "battle", "metropolis", "creatures")
SOLD = ("priest", "philosopher")  # the Sphinx's ``sell`` of cards (rules/effects.py)


Actions = Iterator[Action]


def max_units(t: Tables) -> int:
    """The largest unit count an action can name: a seat's pieces of one kind (C-COMP-12/13)."""
    return max(t.troops_max, t.fleets_max)


def offer_bound(t: Tables) -> int | None:
    """The largest offering the rules can make legal with these tables, or ``None`` when nothing
    bounds it: a seat holds at most the bank's gold (``gold_supply``, C-COMP-3) and pays a bid less
    one per Priest (C-OFFER-11/13), and it holds at most the Priest supply (C-COMP-14). Unlimited gold
    (the default, C-AMB-28) or unlimited Priests leave bids unbounded."""
    if t.bank_size is None or t.priests < 0:
        return None
    return t.bank_size + t.priests


def _each(verb: str, names: Iterable[str | int]) -> Actions:
    return (act(verb, name) for name in names)


def _offer(t: Tables) -> Actions:
    for god in GODS:
        yield from (act("offer", god, amount) for amount in range(t.offering_min, OFFER_CAP + 1))
    yield act(APOLLO)


def _moves(t: Tables, verb: str) -> Actions:
    """``<verb> <island> <n> <other island>``: Ares' march, Pegasus' flight."""
    units = range(1, max_units(t) + 1)
    for origin in t.island_ids:
        yield from (act(verb, origin, n, dest) for dest in t.island_ids if dest != origin for n in units)


def _turn(t: Tables) -> Actions:
    units = range(1, max_units(t) + 1)
    yield act("end")
    yield from _each("prosper", t.island_ids)
    yield act("recruit")
    yield from _each("recruit", (*t.sea_ids, *t.island_ids))
    yield from _each("build", t.island_ids)
    yield from _moves(t, "march")
    for sea, name in enumerate(t.sea_ids):  # a bought move's first step, then the next steps
        yield from (act("sail", name, n, t.sea_ids[to]) for to in t.sea_seas[sea] for n in units)
    yield from (act("sail", n, sea) for n in units for sea in t.sea_ids)
    yield from _each("swap", t.slot_costs)
    yield from (act("summon", price, used) for price in t.slot_costs for used in range(price))


def _battle(t: Tables) -> Actions:
    yield act("stay")
    yield from _each("retreat", (*t.island_ids, *t.sea_ids))


def _metropolis(t: Tables) -> Actions:
    yield from (act("discard", island, kind) for island in t.island_ids for kind in t.building_names)
    yield from _each("metropolis", t.island_ids)
    yield from _each("destroy", t.building_names)


def _creatures(t: Tables) -> Actions:
    kinds = t.building_names
    yield from _each("take", (*t.seat_names, *t.creature_keys))
    yield from (act("target", island, kind) for island in t.island_ids for kind in kinds)
    yield from (act("target", island, old, new) for island in t.island_ids
                for old in kinds for new in kinds if new != old)
    yield from _each("target", (*t.island_ids, *t.sea_ids))
    yield from _moves(t, "target")
    yield from _each("sell", (*t.island_ids, *t.sea_ids, *SOLD))
    yield from _each("from", t.sea_ids)
    yield from _each("push", t.sea_ids)
    yield act("done")


def _chance(t: Tables) -> Actions:
    yield from (act("order", *order) for order in permutations(range(t.n_markers)))
    yield from (act("gods", *gods) for gods in permutations(GODS))
    yield from _each("creature", t.creature_keys)
    faces = sorted(set(battle.die_faces(t)))
    yield from (act("dice", attack, defence) for attack in faces for defence in faces)


def build_catalogue(t: Tables) -> ActionCatalogue:
    """The catalogue of a game's tables (see the module docstring for the order): each action at its
    first place (the Sylph's steps are Poseidon's), sections as the ranges their new actions fill."""
    parts = (_offer, _turn, _battle, _metropolis, _creatures)
    sections = [(name, part(t)) for name, part in zip(SECTIONS, parts, strict=True)]
    return ActionCatalogue.in_sections(f"cyclades-{t.players}p", sections, _chance(t))


catalogue_for = per_tables(CycladesGame, build_catalogue)
"""The (cached) catalogue of a game's tables. Called with a game or its tables."""


def uncatalogued(catalogue: ActionCatalogue, legal: Iterable[Action]) -> list[Action]:
    """The legal actions that have no index (offers above :data:`OFFER_CAP`; nothing else can be)."""
    return [a for a in legal if a not in catalogue]


@dataclass
class Coverage:
    """What seeded random games met: decisions, legal actions listed, those without an index, and
    the largest legal offering amount."""

    games: int = 0
    decisions: int = 0
    legal: int = 0
    missing: int = 0
    max_offer: int = 0
    first_missing: Action | None = None


def coverage(game: CycladesGame, games: int, seed: int = 0, max_decisions: int = 20000) -> Coverage:
    """Play ``games`` seeded games with uniformly random choices and check every legal action and
    chance outcome against the catalogue (an unlisted chance outcome raises: none may be missing)."""
    cat, found = catalogue_for(game), Coverage()
    for k in range(games):
        s, rnd, decisions = game.new_state(seed + k), random.Random(seed + k), 0
        while game.actors(s) and decisions < max_decisions:
            if game.is_chance(s):
                for outcome, _ in game.chance_outcomes(s):
                    cat.encode_chance(outcome)
                game.step_chance(s)
                continue
            seat = game.actors(s)[0]
            legal = game.legal_actions(s, seat)
            missing = uncatalogued(cat, legal)
            decisions += 1
            found.decisions += 1
            found.legal += len(legal)
            found.missing += len(missing)
            if missing and found.first_missing is None:
                found.first_missing = missing[0]
            found.max_offer = max([found.max_offer, *(int(a.args[1]) for a in legal if a.verb == "offer")])
            game.apply_in_place(s, legal[rnd.randrange(len(legal))], seat, validate=False)
        found.games += 1
    return found


def catalogue_summary(catalogue: ActionCatalogue) -> dict[str, Any]:
    """Sizes per section (for documentation and reports)."""
    return {"catalogue": catalogue.name, "actions": len(catalogue.actions), "chance": len(catalogue.chance),
            **{name: len(r) for name, r in catalogue.sections.items()}}


def main(argv: list[str] | None = None) -> None:
    """Print the catalogue sizes and the coverage of seeded random games per player count."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(" players  actions  chance  decisions  legal actions  without index  max legal offer")
    for players in range(2, 6):
        game = CycladesGame({"players": players})
        cat, found = catalogue_for(game), coverage(game, args.games, args.seed)
        print(f"{players:>8} {len(cat):>8} {cat.num_chance:>7} {found.decisions:>10,} {found.legal:>14,} "
              f"{found.missing:>14} {found.max_offer:>16}")


if __name__ == "__main__":
    main()
