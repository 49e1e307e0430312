"""The Aristophanes Card segment (P-ARIST), the Plague (P-PLAGUE) and setting the will (P-WILL-1).

The top card is a chance event over the undrawn cards; its instructions are carried out literally
(P-ARIST-5) in the order of the data file: issues on the centre box, Strategos set aside or given,
units added, the will, Plague, Alcibiades.

A Plague (P-PLAGUE-3, P-PLAGUE-4) fixes how many units each side loses where, from the board as the
card is drawn, one ``plague_due`` entry per unit; then each side's Dominant faction chooses which unit
goes, one at a time (P-PLAGUE-6, ``plague`` steps), the last unit of a theater's own kind kept at the
moment of each removal (P-PLAGUE-5). A removal with a single kind of unit to take needs no decision.
A scenario with the Campaign rule 14.43 sends Plague losses out of the game (P-PLAGUE-7).

Peace C's demobilisation (P-ARIST-4, P-DATA-6 §2.6: "each side's Dominant removes 1 own unit from a
contested theater of its choice, if any") runs after the Plague step: Athens first, then Sparta (the
rulebook's "Athens acts first"), each side's Dominant naming one unit of its side (city-state or League,
land or naval) in a theater contested for that side (``demobilise`` steps). A side with a single such
unit loses it with no question asked; a side with none loses nothing. Reading: the unit goes back to the
pool even under the Campaign rule 14.43 (a demobilised unit is not a war loss).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.datamodel import AristophanesCard
from kleos.games.pericles.rules.common import CONTESTED, Violation, count, place, present, remove, status
from kleos.games.pericles.state import OFF, PericlesState, replaced
from kleos.games.pericles.tables import (
    AB,
    DB,
    FACTIONS,
    ISSUES_PER_SIDE,
    N_THEATERS,
    PB,
    PIECES,
    SB,
    SIDE_LAND,
    SIDE_NAVAL,
    SIDES,
    Tables,
)

WILL_CODES = ("CTRL", "CC", "BUILD")
ATHENS_THEATER = 6  # index of theater 7 (P-DEF-13)
IONIA = 13


def outcomes(s: PericlesState, t: Tables) -> list[tuple[Action, float]]:
    """The top card: any undrawn card with equal probability (P-INFO-8)."""
    left = [i for i, n in enumerate(s.arist_deck) if n]
    return [(Action("aristophanes", (t.arist_names[i],)), 1 / len(left)) for i in left]


def deck_empty(s: PericlesState) -> bool:
    return not any(s.arist_deck)


def apply_card(t: Tables, s: PericlesState, action: Action) -> None:
    """Draw the named card and carry out every instruction on it (P-ARIST-1)."""
    index = t.arist_names.index(str(action.args[0]))
    s.arist_deck = replaced(s.arist_deck, index, 0)
    s.arist_card = index
    card = t.data.aristophanes.cards[index]
    place_issues(t, s, card)
    for side_key, amount in card.set_aside.items():  # held back until the Final phase (P-AMB-31 reading)
        n = SIDES.index(side_key)
        held = min(amount, s.supply[n])
        s.supply[n] -= held
        s.set_aside = replaced(s.set_aside, n, s.set_aside[n] + held)
    for gift in card.gifts:
        f = FACTIONS.index(gift.faction)
        got = min(gift.strategos, s.supply[f // 2])
        s.supply[f // 2] -= got
        s.stock[f] += got
    for unit in card.units:
        owner, theater = SIDES.index(unit.side), unit.theater - 1
        if unit.needs_base and not any(count(s, theater, b) for b in ((AB, DB) if owner == 0 else (SB, PB))):
            continue
        place(t, s, theater, PIECES.index(unit.piece), unit.count)
    if card.will is not None:  # P-WILL-1
        for n, target in enumerate((card.will.athens, card.will.sparta)):
            s.will_code = replaced(s.will_code, n, WILL_CODES.index(target.code))
            s.will_theater = replaced(s.will_theater, n, target.theater - 1)
    if card.plague:
        plague(t, s)
    if card.alcibiades_to_persia:  # P-ALC-2, P-ALC-3, P-PERSIA-1
        s.alcibiades = 1
        s.persia_open = 1


def place_issues(t: Tables, s: PericlesState, card: AristophanesCard) -> None:
    """Named issues on the centre box (P-ARIST-2); a War/Peace issue already there from a major
    defeat is not placed again (P-ARIST-3); an issue with no free marker is skipped."""
    for placement in card.issues:
        side = SIDES.index(placement.side)
        kinds = t.issue_kinds[side]
        free = [i for i, k in enumerate(kinds) if k == placement.issue and s.track[side * ISSUES_PER_SIDE + i] == OFF]
        if free:
            s.track[side * ISSUES_PER_SIDE + free[0]] = 0


# ----- Plague (P-PLAGUE) -------------------------------------------------------------------------
def plague(t: Tables, s: PericlesState) -> None:
    """P-PLAGUE-2..4: Post-Plague from now on; what each side loses is fixed now, from the board as the
    card is drawn: a third (rounded up) of its land and of its naval units in Athens, and one land and
    one naval unit in each theater it contests. The Dominant chooses the units afterwards."""
    s.plague = 1
    due: list[int] = []
    for side in (0, 1):
        for naval, kind in enumerate((SIDE_LAND[side], SIDE_NAVAL[side])):
            total = sum(count(s, ATHENS_THEATER, p) for p in kind)
            due.extend([due_entry(ATHENS_THEATER, side, naval)] * -(-total // 3))
    for theater in range(N_THEATERS):
        for side in (0, 1):
            if present(s, theater, side) and status(s, theater, side) == CONTESTED:
                due.extend([due_entry(theater, side, 0), due_entry(theater, side, 1)])
    s.plague_due = due


def due_entry(theater: int, side: int, naval: int) -> int:
    """A pending Plague removal as ``plague_due`` keeps it (read back by :func:`due_parts`)."""
    return theater * 10 + side * 2 + naval


def due_parts(entry: int) -> tuple[int, int, int]:
    """(theater, side, naval) of a ``plague_due`` entry."""
    return entry // 10, entry % 10 // 2, entry % 2


def plague_choices(t: Tables, s: PericlesState) -> list[int]:
    """The pieces the first pending removal may take: any unit of its side and kind in its theater, but
    never the last land unit of a Land theater nor the last naval unit of a Naval theater (P-PLAGUE-5)."""
    theater, side, naval = due_parts(s.plague_due[0])
    kind = SIDE_NAVAL[side] if naval else SIDE_LAND[side]
    total = sum(count(s, theater, p) for p in kind)
    guarded = t.naval_border[theater] == bool(naval)
    if total == 0 or (guarded and total <= 1):
        return []
    return [p for p in kind if count(s, theater, p)]


def plague_side(s: PericlesState) -> int:
    return due_parts(s.plague_due[0])[1]


def plague_legal(t: Tables, s: PericlesState) -> list[Action]:
    """P-PLAGUE-6: the side's Dominant names the unit to remove: ``plague <theater> <piece>``."""
    theater = t.theater_keys[due_parts(s.plague_due[0])[0]]
    return [Action("plague", (theater, PIECES[p])) for p in plague_choices(t, s)]


def plague_remove(t: Tables, s: PericlesState, piece: int) -> None:
    """Carry out the first pending removal with ``piece``; under the Campaign rule 14.43 the piece
    leaves the game instead of going back to the pool (P-PLAGUE-7)."""
    due, s.plague_due = s.plague_due[0], s.plague_due[1:]
    remove(s, due_parts(due)[0], piece)
    if t.scenario.campaign_14_43:
        s.gone = replaced(s.gone, piece, s.gone[piece] + 1)


def plague_apply(t: Tables, s: PericlesState, action: Action) -> None:
    plague_remove(t, s, PIECES.index(str(action.args[1])))


# ----- Peace C: demobilisation (P-ARIST-4, P-DATA-6) -----------------------------------------------
def demobilising(t: Tables, s: PericlesState) -> bool:
    """This turn's card (``arist_card``, -1 none drawn) orders a demobilisation."""
    return s.arist_card >= 0 and t.data.aristophanes.cards[s.arist_card].demobilise


def demob_choices(s: PericlesState, side: int) -> list[tuple[int, int]]:
    """(theater, piece) for each unit kind of ``side`` standing in a theater contested for it."""
    return [(theater, p) for theater in range(N_THEATERS) if status(s, theater, side) == CONTESTED
            for p in (*SIDE_LAND[side], *SIDE_NAVAL[side]) if count(s, theater, p)]


def demob_legal(t: Tables, s: PericlesState) -> list[Action]:
    """``demobilise <theater> <piece>``: the unit side ``state.side``'s Dominant sends home."""
    return [demob_action(t, theater, p) for theater, p in demob_choices(s, s.side)]


def demob_action(t: Tables, theater: int, piece: int) -> Action:
    return Action("demobilise", (t.theater_keys[theater], PIECES[piece]))


def demob_apply(t: Tables, s: PericlesState, action: Action) -> None:
    remove(s, t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])))


def demob_check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    return ("P-ARIST-4", N_("Peace C: {faction} removes one unit of its side from a theater contested for it: "
                            "demobilise <theater> <piece>"), {"faction": FACTIONS[f]})


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    theater = t.theater_keys[due_parts(s.plague_due[0])[0]]
    return ("P-PLAGUE-6", N_("the Dominant removes one of its side's units of the kind due in {theater}: "
                             "plague {theater} <piece>"), {"theater": theater})
