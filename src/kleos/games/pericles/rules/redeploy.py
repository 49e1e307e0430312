"""Redeployment (P-REDEPLOY-1..9, P-AMB-35, P-AMB-46), after upkeep in the Final phase.

Four groups in turn: Delian League, Athenian, Peloponnesian League, Spartan units (P-REDEPLOY-1); the
side's Dominant faction decides, one unit per step: ``redeploy <from> <piece> <to>``, ``eliminate
<theater> <piece>`` or ``redeploy done``. Movement rules and War/Peace do not apply (P-REDEPLOY-2).

* A destination holds a base the group may use: its own League base for League units (P-REDEPLOY-5), an
  Athenian or Delian base for Athenian units (P-REDEPLOY-6), a Spartan base for Spartan units
  (P-REDEPLOY-7; option ``spartan_redeploy_bases`` adds Peloponnesian bases, P-AMB-35); never Persia,
  nor a theater out of play (P-REDEPLOY-9), and it must have room under 15 units (P-REDEPLOY-4).
* Where the side has no base at most one of its units may stay; where it has one, at most 15
  (P-REDEPLOY-3, P-REDEPLOY-4). Units of groups still to come are not counted yet: the group whose turn
  it is makes the room.
* The group is done only when it is within those limits. Over-limit units with a destination must be
  moved; those without one are eliminated, the Dominant choosing which (P-REDEPLOY-8).
* Each unit is redeployed at most once (ruling of this engine: the step ends), and Argos units never
  move (P-REDEPLOY-9).
"""

from __future__ import annotations

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import Violation, count, remove
from kleos.games.pericles.state import PericlesState, replaced
from kleos.games.pericles.tables import (
    AB,
    AL,
    AN,
    AR,
    DB,
    DL,
    DN,
    EAST_MED,
    N_PIECES,
    PB,
    PERSIA,
    PIECES,
    PL,
    PN,
    S300,
    SB,
    SIDE_BASES,
    SL,
    SN,
    Tables,
)

GROUPS = ((DN, DL, AR), (AN, AL), (PN, PL), (SN, SL, S300))  # P-REDEPLOY-1
GROUP_SIDE = (0, 0, 1, 1)
MAX_UNITS = 15  # P-REDEPLOY-4
NO_BASE_MAX = 1  # P-REDEPLOY-3
DONE = "done"
# [group] the unit kinds its limits count: its own and those of its side's groups already done
COUNTED = tuple(tuple(p for g in range(2 * GROUP_SIDE[group], group + 1) for p in GROUPS[g]) for group in range(4))


def usable_bases(t: Tables, group: int) -> tuple[int, ...]:
    """P-REDEPLOY-5..7, P-AMB-35: the bases a group's units may be redeployed to."""
    if group == 3 and t.options.spartan_redeploy_bases == "spartan_or_league":
        return (SB, PB)
    return ((DB,), (AB, DB), (PB,), (SB,))[group]


def tally(s: PericlesState, theater: int, kinds: tuple[int, ...]) -> int:
    """Pieces of these kinds in ``theater`` (a plain loop: the menus call it for every theater)."""
    at = theater * N_PIECES
    n = 0
    for p in kinds:
        n += s.pieces[at + p]
    return n


def counted_units(s: PericlesState, theater: int, group: int) -> int:
    """The side's units there of this group and of the groups already done."""
    return tally(s, theater, COUNTED[group])


def limit(s: PericlesState, theater: int, group: int) -> int:
    """P-REDEPLOY-3, P-REDEPLOY-4, P-AMB-46: 15 with a friendly base, else 1."""
    return MAX_UNITS if tally(s, theater, SIDE_BASES[GROUP_SIDE[group]]) else NO_BASE_MAX


def excess(s: PericlesState, theater: int, group: int, counted: int) -> int:
    """How many of the group's units there must go, ``counted`` being :func:`counted_units` there."""
    return min(tally(s, theater, GROUPS[group]), max(0, counted - limit(s, theater, group)))


def destinations(t: Tables, s: PericlesState, group: int, counted: list[int]) -> list[int]:
    """Theaters the group's units may go to; ``counted`` holds :func:`counted_units` per theater."""
    bases = usable_bases(t, group)
    out = []
    for th in range(len(t.theater_keys)):
        if th == PERSIA or not t.in_play[th] or (th == EAST_MED and (not s.persia_war or s.callias)):
            continue
        if tally(s, th, bases) and counted[th] < MAX_UNITS:
            out.append(th)
    return out


def movable(s: PericlesState, theater: int, group: int) -> list[int]:
    """Unit kinds there not yet redeployed this phase; Argos never move (P-REDEPLOY-9, P-ARGOS-2)."""
    return [p for p in GROUPS[group] if p != AR and count(s, theater, p) > s.moved[theater * N_PIECES + p]]


Survey = tuple[list[int], list[int]]  # destinations, theaters over their limit
SurveyKey = tuple[int, tuple[int, ...], int, int]  # group, pieces, persia_war, callias: all a survey reads
# the last survey, for the position it was made on: the phase asks whether the group has a choice
# (needs_decision), then for its menu (legal), in the same position
_last: list[tuple[Tables | None, SurveyKey, Survey]] = [(None, (-1, (), 0, 0), ([], []))]


def survey(t: Tables, s: PericlesState, group: int) -> Survey:
    """The destinations and the theaters over their limit (read-only lists: the answer is kept for the
    next question about the same position)."""
    key = (group, tuple(s.pieces), s.persia_war, s.callias)
    last = _last[0]
    if last[0] is t and last[1] == key:
        return last[2]
    found = _survey(t, s, group)
    _last[0] = (t, key, found)
    return found


def _survey(t: Tables, s: PericlesState, group: int) -> Survey:
    """:func:`survey` worked out: the units per theater counted once for both lists, in one pass; the
    limit is looked up only where more units stand than any limit allows."""
    counted: list[int] = []
    over: list[int] = []
    for th in range(len(t.theater_keys)):
        n = counted_units(s, th, group)
        counted.append(n)
        if n > NO_BASE_MAX and excess(s, th, group, n):
            over.append(th)
    return destinations(t, s, group, counted), over


def legal(t: Tables, s: PericlesState, group: int) -> list[Action]:
    dests, over = survey(t, s, group)
    keys = t.theater_keys
    out: list[Action] = [] if over else [Action("redeploy", (DONE,))]
    for th in range(len(keys)):
        for p in movable(s, th, group):
            out.extend(built("redeploy", (keys[th], PIECES[p], keys[to])) for to in dests if to != th)
    for th in over:
        nowhere = not [d for d in dests if d != th]
        out.extend(Action("eliminate", (keys[th], PIECES[p])) for p in GROUPS[group]
                   if count(s, th, p) and (p == AR or nowhere))
    return out


def needs_decision(t: Tables, s: PericlesState, group: int) -> bool:
    """Anything to choose: a unit that must go, or a unit that may be moved (:func:`legal` offers more
    than ``redeploy done``), found without building the menu."""
    dests, over = survey(t, s, group)
    if over:
        return True
    if not dests:
        return False
    anywhere = len(dests) > 1  # then every theater has a destination other than itself
    return any((anywhere or dests[0] != th) and movable(s, th, group) for th in range(len(t.theater_keys)))


def apply(t: Tables, s: PericlesState, action: Action) -> bool:
    """One step; True when the group is done."""
    if action.verb == "eliminate":  # P-REDEPLOY-8
        remove(s, t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])))
        return False
    if action.args[0] == DONE:
        return True
    frm, to = t.theater_index[str(action.args[0])], t.theater_index[str(action.args[2])]
    p = PIECES.index(str(action.args[1]))
    s.pieces[frm * N_PIECES + p] -= 1
    s.pieces[to * N_PIECES + p] += 1
    s.moved = replaced(s.moved, to * N_PIECES + p, s.moved[to * N_PIECES + p] + 1)  # shared by copies
    return False


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if action.verb == "redeploy" and action.args and action.args[0] == DONE:
        return ("P-REDEPLOY-3", N_("units over a theater's limit must be redeployed or, with nowhere to go, "
                                   "eliminated"))
    if action.verb == "eliminate":
        return ("P-REDEPLOY-8", N_("only a unit over the limit with no legal destination is eliminated"))
    return ("P-REDEPLOY-5", N_("redeploy a unit of this group to a theater with a base it may use and room: "
            "redeploy <from> <piece> <to>"))
