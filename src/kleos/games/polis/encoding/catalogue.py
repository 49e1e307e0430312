"""The Polis action catalogue: every action that can ever be legal in an edition, in a fixed order.

:func:`catalogue_for` lists, from the edition's tables alone (rule switches and corrected data
included), every action string the rules can ever offer, and numbers them with the generic
:class:`~kleos.adapters.actions.ActionCatalogue`. Chance outcomes (``roll``, ``card``,
``project``, ``event``) get their own, separate numbering, as OpenSpiel keeps chance outcomes apart
from the players' actions.

How the catalogue is built (the order is part of the contract: same tables, same numbers):

1. ``turn``: ``pass``; ``hoplites``/``galleys``/``merchants <polis>`` for every polis that can
   ever hold the action (a territory, a port, a commercial polis); ``march <territory>``;
   ``sail <sea>``; ``siege <polis>`` (neither a capital nor a neutral area); ``tribute
   <territory>`` (with a tribute table); ``trade <market> <slot> <good>`` for every slot and good
   it accepts, plus ``silver`` for wheat cargoes; ``proxenos``; ``ransom``; ``stasis``;
   ``project <tile> <polis> [goods paid in silver]`` for every tile, polis where it may stand
   and subset of its non-silver costs (in cost order, as the rules generate them).
2. ``steps``: ``toll <good>``; ``pay <good>`` (iron, wood, silver) and ``pay <good> <sea>`` for
   galleys (wood or silver, every sea that is a port); ``done``; ``from <region>``; ``assign
   <good>`` (every good of a tribute table); ``via <region>``; ``enter <polis>``.
3. ``battle``: ``battle <region>``; ``fight``; ``retreat``; ``attack <card> <card>`` (unordered:
   first index ≤ second) and ``defend <card> <card>`` (ordered) for land and sea cards, a card
   paired with itself only when the deck holds two copies.
4. ``end_of_round``: ``feed``; ``release <polis>`` (not a capital); ``grow <polis>``;
   ``phoros <n>`` (``n`` from 0 to 2, or to the prestige cap where any amount is allowed);
   ``discard <tile>`` where projects are drawn after a round.
5. ``events``: the answers of the effects present in the edition's event decks: ``remove
   <region>``, ``send <region>``, ``take <polis>``, ``give <n>``, ``hire <region>``,
   ``decline``, ``suppress <n>``.

An action is listed once, at its first place (``done`` serves every compound step). Numbers
that have no bound in the rules (prestige given up in [2012]) stop at :data:`PRESTIGE_CAP` or the
edition's prestige maximum; an action outside the catalogue raises
:class:`~kleos.adapters.actions.UnknownAction`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from kleos.adapters.actions import ActionCatalogue
from kleos.core.action import Action
from kleos.core.kit.encoding import per_tables
from kleos.games.polis.game import PolisGame
from kleos.games.polis.tables import GOODS, IRON, NO_ONE, SILVER, WHEAT, WOOD, CardInfo, Tables

PRESTIGE_CAP = 99
"""Largest prestige amount named by an action when the edition sets no maximum ([2012])."""

SECTIONS = ("turn", "steps", "battle", "end_of_round", "events")


def prestige_cap(t: Tables) -> int:
    """The largest prestige amount an action may name in this edition."""
    cap = t.bundle.setup.limits.prestige_max
    return cap if cap is not None else PRESTIGE_CAP


class _Builder:
    def __init__(self) -> None:
        self.items: list[Action] = []
        self.seen: set[Action] = set()

    def add(self, verb: str, *args: str | int) -> None:
        action = Action(verb, args)
        if action not in self.seen:
            self.seen.add(action)
            self.items.append(action)

    def add_all(self, verb: str, names: Iterable[str | int]) -> None:
        for name in names:
            self.add(verb, name)


def _pairs(cards: Sequence[CardInfo], ordered: bool) -> list[tuple[int, int]]:
    out = []
    for i, ci in enumerate(cards):
        for j in range(0 if ordered else i, len(cards)):
            if i == j and ci.copies < 2:
                continue
            out.append((i, j))
    return out


def _turn(b: _Builder, t: Tables) -> None:
    poleis = range(len(t.polis_ids))
    names = t.polis_ids
    b.add("pass")
    b.add_all("hoplites", [names[p] for p in poleis if t.polis_territory[p] != NO_ONE])
    b.add_all("galleys", [names[p] for p in poleis if t.polis_ports[p]])
    b.add_all("merchants", [names[p] for p in poleis if t.polis_commercial[p] != NO_ONE])
    b.add_all("march", t.region_ids[:t.n_territories])
    b.add_all("sail", t.region_ids[t.n_territories:])
    b.add_all("siege", [names[p] for p in poleis if p not in t.capital and t.polis_territory[p] != NO_ONE])
    b.add_all("tribute", [t.region_ids[r] for r in range(t.n_territories) if t.tribute[r]])
    for market, slots in enumerate(t.market_slots):
        for number, slot in enumerate(slots, start=1):
            info = t.slots[slot]
            for g in info.accepts:
                b.add("trade", t.market_ids[market], number, GOODS[g])
            if info.reward == WHEAT:
                b.add("trade", t.market_ids[market], number, GOODS[SILVER])
    b.add("proxenos")
    b.add("ransom")
    b.add("stasis")
    for tile in t.projects:
        optional = [g for g, _ in tile.cost if g != SILVER]
        for polis in sorted(tile.poleis):
            for k in range(len(optional) + 1):
                for subs in combinations(optional, k):
                    b.add("project", tile.id, names[polis], *(GOODS[g] for g in subs))


def _steps(b: _Builder, t: Tables) -> None:
    b.add_all("toll", [GOODS[g] for g in t.goods])
    b.add_all("pay", [GOODS[g] for g in (IRON, WOOD, SILVER)])
    port_seas = sorted({sea for ports in t.polis_ports for sea in ports})
    for g in (WOOD, SILVER):
        for sea in port_seas:
            b.add("pay", GOODS[g], t.region_ids[sea])
    b.add("done")
    b.add_all("from", t.region_ids)
    b.add_all("assign", [GOODS[g] for g in sorted({g for table in t.tribute for g, _ in table})])
    b.add_all("via", t.region_ids)
    b.add_all("enter", t.polis_ids)


def _battle(b: _Builder, t: Tables) -> None:
    b.add_all("battle", t.region_ids)
    b.add("fight")
    b.add("retreat")
    for verb, ordered in (("attack", False), ("defend", True)):
        for cards in (t.land_cards, t.sea_cards):
            for i, j in _pairs(cards, ordered):
                b.add(verb, cards[i].code, cards[j].code)


def _end_of_round(b: _Builder, t: Tables) -> None:
    b.add("feed")
    b.add_all("release", [p for p in t.polis_ids if t.polis_index[p] not in t.capital])
    b.add_all("grow", t.polis_ids)
    top = prestige_cap(t) if t.rules.phoros == "any" else 2
    b.add_all("phoros", range(top + 1))
    if t.rules.projects_drawn_after_round:
        b.add_all("discard", [p.id for p in t.projects])


def _events(b: _Builder, t: Tables) -> None:
    effects = {ev.effect for deck in t.event_decks for ev in deck}
    if "remove_unit" in effects:
        b.add_all("remove", t.region_ids)
    if "send_units" in effects:
        b.add_all("send", t.region_ids)
        b.add("done")
    if "betrayal" in effects:
        b.add_all("take", [p for p in t.polis_ids if t.polis_index[p] not in t.capital])
    if "treasury" in effects:
        b.add_all("give", range(1, prestige_cap(t) + 1))
    if "mercenaries" in effects:
        b.add_all("hire", t.region_ids)
        b.add("done")
    if "pacifism" in effects:
        b.add("decline")
        b.add_all("suppress", range(1, max(t.polis_max[c] for c in t.capital) + 1))


def _chance(t: Tables) -> list[Action]:
    b = _Builder()
    b.add_all("roll", (1, 2, 3, 4))
    b.add_all("card", [c.code for c in (*t.land_cards, *t.sea_cards)])
    b.add_all("project", [p.id for p in t.projects])
    b.add_all("event", [ev.id for deck in t.event_decks for ev in deck])
    return b.items


def build_catalogue(t: Tables) -> ActionCatalogue:
    """The catalogue of an edition's tables (see the module docstring for the order)."""
    b = _Builder()
    sections: dict[str, range] = {}
    for name, part in zip(SECTIONS, (_turn, _steps, _battle, _end_of_round, _events), strict=True):
        start = len(b.items)
        part(b, t)
        sections[name] = range(start, len(b.items))
    chance = _chance(t)
    return ActionCatalogue(t.edition, tuple(b.items), tuple(chance), sections)


catalogue_for = per_tables(PolisGame, build_catalogue)
"""The (cached) catalogue of a game's edition, rule switches and data included. Called with a game or its tables."""


def catalogue_summary(catalogue: ActionCatalogue) -> dict[str, Any]:
    """Sizes per section (for documentation and reports)."""
    return {"edition": catalogue.name, "actions": len(catalogue.actions), "chance": len(catalogue.chance),
            **{name: len(r) for name, r in catalogue.sections.items()}}
