"""The Aristophanes Card segment (P-ARIST), the Plague (P-PLAGUE) and setting the will (P-WILL-1).

The top card is a chance event over the undrawn cards; its instructions are carried out literally
(P-ARIST-5) in the order of the data file: issues on the centre box, Strategos set aside or given,
units added, the will, Plague, Alcibiades.

NOT IMPLEMENTED YET: the Dominant faction's choice of Plague casualties (P-PLAGUE-6) and of the unit a
Peace C demobilisation removes. Until then the engine chooses for it, League units before city-state
units and land before naval, and says so here rather than asking; Peace C's demobilisation is skipped.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.pericles.datamodel import AristophanesCard
from kleos.games.pericles.rules.common import CONTESTED, count, place, present, remove, status
from kleos.games.pericles.state import OFF, PericlesState
from kleos.games.pericles.tables import (
    AB,
    DB,
    DL,
    DN,
    FACTIONS,
    ISSUES_PER_SIDE,
    N_THEATERS,
    PB,
    PIECES,
    PL,
    PN,
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
    s.arist_deck[index] = 0
    s.arist_card = index
    card = t.data.aristophanes.cards[index]
    place_issues(t, s, card)
    for side_key, amount in card.set_aside.items():  # held back until the Final phase (P-AMB-31 reading)
        n = SIDES.index(side_key)
        held = min(amount, s.supply[n])
        s.supply[n] -= held
        s.set_aside[n] += held
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
            s.will_code[n] = WILL_CODES.index(target.code)
            s.will_theater[n] = target.theater - 1
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
    """P-PLAGUE-2..5: Post-Plague from now on; a third (rounded up) of each side's land and naval
    units in Athens, and one land and one naval unit per side in each contested theater."""
    s.plague = 1
    for side in (0, 1):
        for kind in (SIDE_LAND[side], SIDE_NAVAL[side]):
            total = sum(count(s, ATHENS_THEATER, p) for p in kind)
            _plague_remove(t, s, ATHENS_THEATER, kind, -(-total // 3))
    for theater in range(N_THEATERS):
        for side in (0, 1):
            if present(s, theater, side) and status(s, theater, side) == CONTESTED:
                _plague_remove(t, s, theater, SIDE_LAND[side], 1)
                _plague_remove(t, s, theater, SIDE_NAVAL[side], 1)


def _plague_remove(t: Tables, s: PericlesState, theater: int, kind: tuple[int, ...], amount: int) -> None:
    """Remove up to ``amount`` units of ``kind``, never a side's last land unit in a Land theater nor its
    last naval unit in a Naval theater (P-PLAGUE-5)."""
    guarded = t.naval_border[theater] == (kind in SIDE_NAVAL)
    for _ in range(amount):
        total = sum(count(s, theater, p) for p in kind)
        if total == 0 or (guarded and total <= 1):
            return
        piece = next(p for p in _preference(kind) if count(s, theater, p))
        remove(s, theater, piece)


def _preference(kind: tuple[int, ...]) -> tuple[int, ...]:
    """League units before city-state units (the engine's stand-in for the Dominant's choice)."""
    league = tuple(p for p in kind if p in (DL, DN, PL, PN))
    return league + tuple(p for p in kind if p not in league)
