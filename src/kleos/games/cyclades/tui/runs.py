"""How a Cyclades menu entry reads inside a run of the plain menu (:mod:`kleos.tui.menu_runs`).

A turn with Poseidon or Ares, or Pegasus's flight, offers a fleet or a troop for each of twenty
places and each way to move from each place: 65 entries, each with its board effect ("recruit a
fleet in S5 (1 GP); S5: Blue 1 → 2 fleets"). Entries in a row that share a head ("recruit a fleet (1
GP) in", "sail from S21 (1 GP, first step)") are listed on one line by their short ends ("S5 (1 →
2)", "to S16 with 2 fleets (against Green 1)"); the Kraken's first sea likewise ("the Kraken rises in":
"S3", "S5 (sinks Red's 1 fleet)"). An entry whose step brings about more than its end can say (a
creature struck, a Metropolis earned) has no short end and keeps its own line.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades import story
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _, ngettext
from kleos.games.cyclades.reference import price_words
from kleos.games.cyclades.rules import battle, effects, metro
from kleos.games.cyclades.state import ACTION, CycladesState
from kleos.games.cyclades.view import CycladesView

HeadEnd = tuple[str, str]
"""The words an entry shares with its neighbours in a run, and its own short end: what the kit's
``MenuParts.run_end`` (:data:`kleos.core.kit.terminal.RunEnd`) returns."""


def run_end(game: CycladesGame, view: CycladesView, action: Action) -> HeadEnd | None:
    """A recruit's or a move's head and short end on a god's turn (None for any other entry, or when
    the step brings about more than the end says)."""
    s = view.state
    key = effects.key_of(game.tables, s) if effects.pending(s) else ""
    figure = action.verb == "target" and (key == "pegasus" or (key == "kraken" and s.effect_stage == effects.FIRST))
    if s.phase != ACTION or battle.in_battle(s) or metro.pending(s) or (key and not figure):
        return None
    step = story.played(game, view, action)  # once: the facts and the ends both read it
    if step is None:
        return None
    seat, after = step
    told = len(story.facts_of(game.tables, s, action, seat, after))
    if key == "kraken" and len(action.args) == 1:
        return _kraken(game, s, str(action.args[0]), after, told)
    if action.verb == "recruit" and len(action.args) == 1:
        return _recruit(game, view, str(action.args[0]), after, told)
    if action.verb in MOVES and len(action.args) in (2, 3):
        return _move(game, view, action, after, told)
    return None


def _kraken(game: CycladesGame, s: CycladesState, sea: str, after: CycladesState, facts: int) -> HeadEnd | None:
    """"the Kraken rises in" and "S3", or "S1 (sinks Blue's 1 fleet)" (C-DATA-6): told only when the
    step's one fact, if any, is the fleets it sinks there."""
    index = game.tables.sea_index.get(sea)
    if index is None:
        return None
    sunk = s.fleets[index] - after.fleets[index]
    if facts != (1 if sunk else 0) or sunk < 0:
        return None
    head = _("the Kraken rises in")
    if not sunk:
        return head, sea
    return head, _("{sea} (sinks {player}'s {fleets})", sea=sea, player=words.seat(game.tables, s.fleet_owner[index]),
                   fleets=words.fleets(sunk))


def _units(s: CycladesState, naval: bool) -> list[int]:
    """The fleets in each sea, or the troops on each island."""
    return s.fleets if naval else s.troops


MOVES = ("sail", "march", "target")
"""The verbs that move units: fleets, troops (Ares), troops flown by Pegasus (while its effect is due)."""


def _recruit(game: CycladesGame, view: CycladesView, place: str, after: CycladesState,
             facts: int) -> HeadEnd | None:
    """"recruit a fleet (1 GP) in" and "S5 (1 → 2)": one fact only, the place's units one more."""
    t, s = game.tables, view.state
    naval = place in t.sea_index
    index = (t.sea_index if naval else t.island_index).get(place)
    if index is None or facts != 1:
        return None
    units_before, units_after = _units(s, naval)[index], _units(after, naval)[index]
    if units_after != units_before + 1:
        return None
    price = price_words(t, s, "recruit")
    if naval:
        head = _("recruit a fleet ({price}) in", price=price) if price else _("recruit a fleet in")
    else:
        head = _("recruit a troop ({price}) on", price=price) if price else _("recruit a troop on")
    return head, place if units_before == 0 else f"{place} ({units_before} → {units_after})"


def _move(game: CycladesGame, view: CycladesView, action: Action, after: CycladesState,
          facts: int) -> HeadEnd | None:
    """"sail from S21 (1 GP, first step)" and "to S16 with 2 fleets", "(2 → 4)" when it joins the
    seat's own, "(against Green 1)" when it starts a battle: the facts told are only the two places'
    changes and the battle."""
    t, s = game.tables, view.state
    naval = action.verb == "sail"
    if not naval and len(action.args) != 3:
        return None
    ids, index = (t.sea_ids, t.sea_index) if naval else (t.island_ids, t.island_index)
    before_units, after_units = _units(s, naval), _units(after, naval)
    changed = [i for i in range(len(ids)) if before_units[i] != after_units[i]]
    dest = str(action.args[-1])
    origin = str(action.args[0]) if len(action.args) == 3 else next(
        (ids[i] for i in changed if after_units[i] < before_units[i]), None)
    fought = battle.in_battle(after)
    if origin is None or origin not in index or dest not in index or \
            not set(changed) <= {index[origin], index[dest]}:
        return None
    if facts != len(changed) + fought:
        return None
    end = _move_end(game, s, after, naval, dest, int(action.args[-2]))
    head = _move_head(action.verb, origin, len(action.args) == 3, s.voyage_left)
    return (head, end) if end is not None else None


def _move_head(verb: str, origin: str, first_step: bool, steps_left: int) -> str:
    """The words a move's entries share; a fleet's next step says it is free and how many steps its
    move has left (C-FLEET-1: 1 GP buys up to 3 steps)."""
    if verb == "target":
        return _("Pegasus carries troops from {origin}", origin=origin)
    if verb == "march":
        return _("move troops from {origin} (1 GP)", origin=origin)
    if first_step:
        return _("sail from {origin} (1 GP, first step)", origin=origin)
    return ngettext("sail on from {origin} (free, {n} step left of the move)",
                    "sail on from {origin} (free, {n} steps left of the move)", steps_left, origin=origin)


def _move_end(game: CycladesGame, s: CycladesState, after: CycladesState, naval: bool, dest: str,
              n: int) -> str | None:
    """"to S16 with 2 fleets", with "(against Green 1)" for a battle it starts (C-FLEET-3,
    C-TROOP-3), "(1 → 3)" when it joins the seat's own units, "(it was free)" or "(was Green's)" for
    an island taken without a battle (C-TROOP-4)."""
    t = game.tables
    to = _("to {place} with {units}", place=dest, units=words.fleets(n) if naval else words.troops(n))
    if battle.in_battle(after):
        return _("{move} (against {player} {n})", move=to, player=words.seat(t, after.battle_defender),
                 n=battle.defending_units(after))
    index = (t.sea_index if naval else t.island_index)[dest]
    if not naval and after.owner[index] != s.owner[index]:
        was_held = s.owner[index] >= 0
        return _("{move} (was {player}'s)", move=to, player=words.seat(t, s.owner[index])) if was_held else \
            f"{to} ({_('it was free')})"
    was, now = _units(s, naval)[index], _units(after, naval)[index]
    return f"{to} ({was} → {now})" if was else to


__all__ = ["HeadEnd", "run_end"]
