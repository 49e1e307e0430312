"""Military issues (P-MIL): the home build, Expedition Assemblies in friendly or neutral theaters and
movement (P-EXPED-1, P-MOVE, P-WARPEACE-6..10); the Raid is in :mod:`.theater`.

The Commander first may build in its home theater (``build <naval units> | build none``), then holds an
Expedition Assembly (``expedition <tokens>``) whose tokens move one unit each: ``move <from> <piece>
<to>`` starts a unit along a connection, ``step <to>`` carries it on until it enters the Expedition
theater or can go no further (P-MOVE-6..8), ``done`` ends the movement. A unit never passes the same
theater twice on one move (ruling of this engine: it keeps every route finite).

In a contested or enemy-controlled theater the Commander answers ``expedition`` (no number): the
secret Assembly and the battles are :mod:`.expedition`, :mod:`.battle` and :mod:`.casualties`; Persian
gold after the home build is :mod:`.gold`.
"""

from __future__ import annotations

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    Violation,
    count,
    land_strength,
    naval_strength,
    place,
    spend,
    status,
)
from kleos.games.pericles.state import PericlesState, replaced
from kleos.games.pericles.tables import (
    AB,
    AL,
    AN,
    DL,
    DN,
    EAST_MED,
    N_PIECES,
    PIECES,
    PL,
    PN,
    S300,
    SB,
    SIDE_BASES,
    SIDE_LAND,
    SL,
    SN,
    Tables,
)

HOMES = (6, 5)
CITY_BASE = (AB, SB)
CITY_UNITS = ((AN, AL), (SN, SL))  # (naval, land) built at home (P-MIL-4)
MOVERS = ((AN, DN, AL, DL), (SN, PN, SL, S300, PL))  # Argos units never leave Sparta (P-ARGOS-2)
CITY_PIECES = ((AB, AN, AL), (SB, SN, SL, S300))
EXPED_MAX = 5  # P-EXPED-1


LAND_PIECES = frozenset(p for kinds in SIDE_LAND for p in kinds)


def is_land(piece: int) -> bool:
    return piece in LAND_PIECES


# ----- movement (P-MOVE) -----------------------------------------------------------------------
def can_enter(t: Tables, s: PericlesState, to: int, piece: int, side: int) -> bool:
    """P-MOVE-16, P-WARPEACE-7, P-WARPEACE-8, P-PERSIA-4, P-PERSIA-6, P-PERSIA-10."""
    if not t.in_play[to] or (to == EAST_MED and (not s.persia_war or s.callias)):
        return False
    if not s.war and piece in CITY_PIECES[side]:
        return not any(count(s, to, p) for p in CITY_PIECES[1 - side])
    return True


ExitMemo = dict[tuple[int, int, str], bool]  # (from, piece, exit test) -> may leave, for one position


def can_exit(t: Tables, s: PericlesState, frm: int, to: int, piece: int, side: int) -> bool:
    """P-MOVE-9..12: the connection lets this kind of unit out, a friendly base is there if the line
    asks for one, and the friendly strength of the tested kind left behind is at least the enemy's."""
    return exit_test(t, s, frm, piece, side, t.exits[(frm, to)][0 if is_land(piece) else 1])


def line_open(s: PericlesState, frm: int, test: str, side: int) -> bool:
    """Whether an exit ``test`` lets the kind out of ``frm`` at all, strengths aside: not ``never``, and
    a friendly base there if the line asks for one (P-MOVE-9, P-MOVE-11)."""
    return test != "never" and (not test.endswith("+Base") or any(count(s, frm, b) for b in SIDE_BASES[side]))


def exit_test(t: Tables, s: PericlesState, frm: int, piece: int, side: int, test: str) -> bool:
    """Whether one ``piece`` of ``side`` passes an exit ``test`` out of ``frm`` (P-MOVE-9..12)."""
    if not line_open(s, frm, test, side):
        return False
    strength = land_strength if test.startswith("L") else naval_strength
    s.pieces[frm * N_PIECES + piece] -= 1
    ok = strength(t, s, frm, side) >= strength(t, s, frm, 1 - side)
    s.pieces[frm * N_PIECES + piece] += 1
    return ok


def steps_from(t: Tables, s: PericlesState, frm: int, piece: int, side: int, visited: list[int],
               memo: ExitMemo | None = None) -> list[int]:
    """Where the unit may go next from ``frm`` (:func:`can_exit`, :func:`can_enter`), in theater order.

    Whether it may leave depends on the connection only through its exit test, so each test is worked
    out once per theater and piece; a menu passes one ``memo`` for all its units, so that the
    strengths of a theater are counted once per test for the whole menu, not once per exit."""
    known: ExitMemo = {} if memo is None else memo
    column = 0 if is_land(piece) else 1
    out = []
    for to in t.exits_from[frm]:
        if to in visited:
            continue
        test = t.exits[(frm, to)][column]
        key = (frm, piece, test)
        ok = known.get(key)
        if ok is None:
            ok = known[key] = exit_test(t, s, frm, piece, side, test)
        if ok and can_enter(t, s, to, piece, side):
            out.append(to)
    return sorted(out)


def moves(t: Tables, s: PericlesState, side: int) -> list[tuple[int, int, list[int]]]:
    """(theater, piece, destinations) of units that may start a move: not moved yet this issue
    (P-MOVE-14), with a legal way out (P-MOVE-15); the 300 moves itself, allowance or not (P-300-3).
    The exit tests are worked out once for the whole menu."""
    out = []
    memo: ExitMemo = {}
    for th in range(len(t.theater_keys)):
        for p in MOVERS[side]:
            if count(s, th, p) - s.moved[th * N_PIECES + p] <= 0:
                continue
            if s.moves_left <= 0 and p != S300:
                continue
            steps = steps_from(t, s, th, p, side, [th], memo)
            if steps:
                out.append((th, p, steps))
    return out


def movers(t: Tables, s: PericlesState, side: int) -> list[tuple[int, int]]:
    """(theater, piece) of units that may start a move (:func:`moves`)."""
    return [(th, p) for th, p, _steps in moves(t, s, side)]


def reach(t: Tables, s: PericlesState, side: int) -> list[bool]:
    """Per theater, whether a unit of ``side`` stands there or could enter it on one move, moving alone
    as things stand (P-MOVE-4, P-MOVE-9..12, P-MOVE-16).

    Not a rule but what a Military issue can do: a theater nothing reaches gets no battle (P-EXPED-7).
    Each kind of unit spreads from where it stands; on its way through a theater it counts toward the
    exit test there (P-MOVE-3, P-MOVE-13)."""
    n = len(t.theater_keys)
    reached = [False] * n
    for piece in MOVERS[side]:
        seen = [count(s, th, piece) > 0 for th in range(n)]
        frontier = [th for th in range(n) if seen[th]]
        for th in frontier:
            reached[th] = True
        while frontier:
            ahead: list[int] = []
            for here in frontier:
                for to in _steps_passing(t, s, here, piece, side):
                    if not seen[to]:
                        seen[to] = reached[to] = True
                        ahead.append(to)
            frontier = ahead
    return reached


def links_on(t: Tables, s: PericlesState, side: int, piece: int, target: int) -> list[int]:
    """Per theater, the fewest links a unit of ``piece`` passing through it would still need to enter
    ``target`` as things stand (the number of theaters where no route is open): each exit test counts the
    unit where it passes (P-MOVE-3, P-MOVE-9..12), and a route goes on through no theater after the
    target's (P-MOVE-6). Not a rule, as :func:`reach` is not: what a move toward an expedition is worth."""
    n = len(t.theater_keys)
    leading_to: list[list[int]] = [[] for _ in range(n)]
    for here in range(n):
        if here != target:
            for to in _steps_passing(t, s, here, piece, side, always=True):
                leading_to[to].append(here)
    far = [n] * n
    far[target] = 0
    frontier = [target]
    while frontier:
        nearer: list[int] = []
        for there in frontier:
            for here in leading_to[there]:
                if far[here] > far[there] + 1:
                    far[here] = far[there] + 1
                    nearer.append(here)
        frontier = nearer
    return far


def _steps_passing(t: Tables, s: PericlesState, here: int, piece: int, side: int, always: bool = False) -> list[int]:
    """:func:`steps_from` for a unit of ``piece`` in ``here``, counting it there if it is passing through
    (``always``: whether or not units of its kind stand there already)."""
    passing = always or count(s, here, piece) == 0
    if passing:
        s.pieces[here * N_PIECES + piece] += 1
    try:
        return steps_from(t, s, here, piece, side, [here])
    finally:
        if passing:
            s.pieces[here * N_PIECES + piece] -= 1


# ----- the issue ---------------------------------------------------------------------------------
def home_build_possible(s: PericlesState, theater: int, owner: int) -> bool:
    """P-MIL-3: the Expedition theater is the Commander's home, friendly-controlled or contested."""
    side = owner // 2
    return theater == HOMES[side] and status(s, theater, side) in (FRIENDLY, CONTESTED)


def legal(t: Tables, s: PericlesState, theater: int, owner: int) -> list[Action]:
    side = owner // 2
    if s.mil_stage == 0 and home_build_possible(s, theater, owner):
        bases = count(s, theater, CITY_BASE[side])
        return [Action("build", ("none",)), *(Action("build", (n,)) for n in range(bases + 1))]
    if status(s, theater, side) in (CONTESTED, ENEMY):
        return [Action("expedition")]  # P-MIL-6, P-MIL-7: the secret Assembly (rules/expedition.py)
    return [Action("expedition", (k,)) for k in range(1, min(EXPED_MAX, s.stock[owner]) + 1)]


def build(t: Tables, s: PericlesState, theater: int, owner: int, action: Action) -> None:
    """P-MIL-4, P-AMB-16: per city-state base there, 1 naval or 2 land units of its own city-state."""
    s.mil_stage = 1
    if action.args[0] == "none":
        return
    for piece, wanted in home_build(s, theater, owner, int(action.args[0])):
        place(t, s, theater, piece, wanted)


def home_build(s: PericlesState, theater: int, owner: int, naval: int) -> tuple[tuple[int, int], ...]:
    """(piece, count) a home build asks for with ``naval`` bases building a ship (P-MIL-4): the ship
    first, then 2 land units for each other city-state base."""
    naval_unit, land_unit = CITY_UNITS[owner // 2]
    return (naval_unit, naval), (land_unit, 2 * (count(s, theater, CITY_BASE[owner // 2]) - naval))


def start_expedition(s: PericlesState, owner: int, action: Action) -> None:
    """P-EXPED-1, P-MOVE-1: the committed tokens are the movement allowance."""
    k = int(action.args[0])
    spend(s, owner, k)  # they go back to the supply when the issue ends (P-MIL-8)
    s.moves_left = k


def move_legal(t: Tables, s: PericlesState, owner: int) -> list[Action]:
    out = [built("done")]
    for th, p, steps in moves(t, s, owner // 2):
        for to in steps:
            out.append(built("move", (t.theater_keys[th], PIECES[p], t.theater_keys[to])))
    return out


def onward_legal(t: Tables, s: PericlesState, owner: int) -> list[Action]:
    th, p = s.moving // 100, s.moving % 100
    return [Action("step", (t.theater_keys[to],)) for to in steps_from(t, s, th, p, owner // 2, s.visited)]


def advance_unit(t: Tables, s: PericlesState, to: int, expedition: int) -> bool:
    """Carry the moving unit one link; True when it has stopped (P-MOVE-6, P-MOVE-7, P-MOVE-13)."""
    frm, p = s.moving // 100, s.moving % 100
    s.pieces[frm * N_PIECES + p] -= 1
    s.pieces[to * N_PIECES + p] += 1
    s.moving = to * 100 + p
    s.visited.append(to)
    side = 0 if p in MOVERS[0] else 1
    if to == expedition or not steps_from(t, s, to, p, side, s.visited):
        s.moved = replaced(s.moved, to * N_PIECES + p, s.moved[to * N_PIECES + p] + 1)  # shared by copies
        s.moving = -1
        s.visited = []
        return True
    return False


def begin_move(t: Tables, s: PericlesState, action: Action) -> None:
    frm, p = t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1]))
    if p != S300:  # P-300-3: the 300 moves itself
        s.moves_left -= 1
    s.moving = frm * 100 + p
    s.visited = [frm]


def end_issue(s: PericlesState) -> None:
    """P-MIL-8: the issue is resolved; nothing of it is kept."""
    s.mil_stage = 0
    s.moves_left = 0
    s.moving = -1
    s.visited = []
    s.moved = [0] * len(s.moved)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "move_on":
        return ("P-MOVE-9", N_("carry the unit on along a connection it may leave by: step <theater>"))
    return ("P-MOVE-15", N_("move a unit that has not moved and can leave: move <from> <piece> <to>, or done"))
