"""The Political phase: Oratory (P-ORATORY), Dominant faction (P-DOMINANT), Council of Strategoi
(P-COUNCIL), political issues (P-POLISSUE, P-WARPEACE) and theater markers (P-TMARK).

Everything here is automatic except the choices inside Citizenship, Colony, Krypteia and Agoge
(P-POLISSUE-4..8; a Krypteia removes one marker per step) and the lending of theater markers
(P-TMARK-4, one marker per step).

In the Peace relocation (P-WARPEACE-5) the side's Dominant chooses where each city-state unit that
must move goes, one unit at a time (``relocate`` steps), when its city has a base somewhere besides
home; otherwise the unit goes home without a question.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules.boule import sign
from kleos.games.pericles.rules.common import (
    CONTESTED,
    FRIENDLY,
    Violation,
    award,
    count,
    gain,
    in_use,
    place,
    remove,
    status,
)
from kleos.games.pericles.state import DISCARD, GONE, H_POLITICAL, HAND, OFF, OUT, PericlesState, replaced
from kleos.games.pericles.tables import (
    AB,
    AL,
    AN,
    DB,
    DL,
    DN,
    EAST_MED,
    ISSUES_PER_SIDE,
    MARKER_KINDS,
    N_PIECES,
    N_THEATERS,
    PIECES,
    S300,
    SB,
    SL,
    SN,
    Tables,
    factions_of,
)

CAPTURE_VALUE = 7  # P-ORATORY-3
ORATORY_MOST = 3  # P-ORATORY-4: the most Honor Oratory moves
THEATER_ISSUES = ("MIL", "LEA", "DIP", "ORA")  # P-POLISSUE-1, P-TMARK-1
UNIQUE_ISSUES = ("CIT", "COL", "KRY", "AGO")
HOMES = (6, 5)  # theater index of Athens (7) and Sparta (6)
CITY_UNITS = ((AN, AL), (SN, SL, S300))
CITY_BASE = (AB, SB)
N_KINDS = len(MARKER_KINDS)


def won(t: Tables, s: PericlesState, f: int) -> list[tuple[str, int]]:
    """(kind, box) of every issue on ``f``'s half (P-ASSEMBLY-13)."""
    side = f // 2
    base = side * ISSUES_PER_SIDE
    out = []
    for i, kind in enumerate(t.issue_kinds[side]):
        pos = s.track[base + i]
        if pos not in (OFF, GONE) and pos != 0 and (pos > 0) == (sign(f) > 0):
            out.append((kind, abs(pos)))
    return out


def oratory_value(t: Tables, s: PericlesState, f: int) -> int:
    """P-ORATORY-3: the sum of the boxes of the won issues (a capture is box 7)."""
    return sum(box for _, box in won(t, s, f))


def ostracised_by(t: Tables, s: PericlesState, side: int) -> int:
    for f in factions_of(side):
        if any(kind == "OST" for kind, _ in won(t, s, f)):
            return f
    return -1


def oratory(t: Tables, s: PericlesState, side: int) -> None:
    """P-ORATORY-2..6, one side."""
    a, b = factions_of(side)
    winner = ostracised_by(t, s, side)
    if winner >= 0:  # P-ORATORY-2, P-AMB-10: fixed amounts
        gain(s, winner, 3, H_POLITICAL)
        gain(s, winner ^ 1, -3, H_POLITICAL)
        return
    va, vb = oratory_value(t, s, a), oratory_value(t, s, b)
    if va == vb:
        return
    high, low = (a, b) if va > vb else (b, a)
    lost = -gain(s, low, -min(abs(va - vb), ORATORY_MOST), H_POLITICAL)
    gain(s, high, lost, H_POLITICAL)  # P-ORATORY-5: only what the loser really lost


def dominance(t: Tables, s: PericlesState, side: int) -> None:
    """P-DOMINANT-1..6, one side."""
    a, b = factions_of(side)
    winner = ostracised_by(t, s, side)
    if winner >= 0:
        s.dominant = replaced(s.dominant, side, winner)
        s.favor = replaced(s.favor, side, winner)
        return
    na, nb = len(won(t, s, a)), len(won(t, s, b))
    if na != nb:
        more = a if na > nb else b
        s.dominant = replaced(s.dominant, side, more)
        if s.favor[side] == more:  # P-DOMINANT-4
            gain(s, more, 1, H_POLITICAL)
            gain(s, more ^ 1, -1, H_POLITICAL)
        else:  # one box toward it (three boxes, P-DOMINANT-7)
            s.favor = replaced(s.favor, side, more if s.favor[side] == -1 else -1)
        return
    if s.favor[side] >= 0:  # P-DOMINANT-6
        s.dominant = replaced(s.dominant, side, s.favor[side])
        return
    va, vb = oratory_value(t, s, a), oratory_value(t, s, b)
    if va != vb:
        s.dominant = replaced(s.dominant, side, a if va > vb else b)


def council(t: Tables, s: PericlesState, side: int) -> None:
    """P-COUNCIL-1..6: 7th cards revealed, the Dominant paid first, the rest back to the supply."""
    dom = s.dominant[side]
    for f in (dom, dom ^ 1):
        cards = [c for c, loc in enumerate(s.card_loc) if loc == HAND + f]
        for card in cards:
            due = t.leader_council[f][s.plague] if card == t.leader_of[f] else 1
            paid = min(due, s.council[side])
            s.council = replaced(s.council, side, s.council[side] - paid)
            s.stock[f] += paid
            s.card_loc[card] = OUT if card == t.leader_of[f] else DISCARD
    s.supply[side] += s.council[side]
    s.council = replaced(s.council, side, 0)


def winner_of(t: Tables, s: PericlesState, side: int, kind: str) -> int:
    for f in factions_of(side):
        if any(k == kind for k, _ in won(t, s, f)):
            return f
    return -1


def war_peace(t: Tables, s: PericlesState) -> bool:
    """P-WARPEACE-1..5; True when Peace was declared this phase."""
    winners = [winner_of(t, s, side, "WP") for side in (0, 1)]
    if not s.war:
        if any(w >= 0 for w in winners):
            s.war = 1  # P-WARPEACE-1
        return False
    if all(w >= 0 for w in winners):  # P-WARPEACE-2
        s.war = 0
        for w in winners:
            gain(s, w, 10, H_POLITICAL)  # P-WARPEACE-3
        return True
    return False


def misplaced(s: PericlesState) -> tuple[int, int, int] | None:
    """P-WARPEACE-5: the first city-state unit (side, theater, piece) that may not stay in Peace: it
    stands outside its home theater where its city-state has no base (League units stay)."""
    for side in (0, 1):
        for theater in range(N_THEATERS):
            if theater == HOMES[side] or count(s, theater, CITY_BASE[side]):
                continue
            for piece in CITY_UNITS[side]:
                if count(s, theater, piece):
                    return side, theater, piece
    return None


def relocation_places(s: PericlesState, side: int) -> list[int]:
    """Where a unit of ``side`` may go: its home theater, then every theater holding a base of its own
    city-state (not a League base)."""
    return [HOMES[side], *(th for th in range(N_THEATERS) if th != HOMES[side] and count(s, th, CITY_BASE[side]))]


def move_unit(s: PericlesState, theater: int, piece: int, to: int) -> None:
    remove(s, theater, piece)
    s.pieces[to * N_PIECES + piece] += 1


def relocate_legal(t: Tables, s: PericlesState) -> list[Action]:
    """``relocate <from> <piece> <to>`` for the first unit that must move, to each place it may go."""
    unit = misplaced(s)
    assert unit is not None
    side, theater, piece = unit
    return [Action("relocate", (t.theater_keys[theater], PIECES[piece], t.theater_keys[to]))
            for to in relocation_places(s, side)]


def relocate_apply(t: Tables, s: PericlesState, action: Action) -> None:
    move_unit(s, t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])),
              t.theater_index[str(action.args[2])])


def games(t: Tables, s: PericlesState) -> None:
    """P-POLISSUE-2/3, Athens first."""
    for side in (0, 1):
        f = winner_of(t, s, side, "GAM")
        if f < 0:
            continue
        if s.war:
            award(s, f, 3)
        else:
            gain(s, f, 3, H_POLITICAL)


# ----- Citizenship, Colony, Krypteia, Agoge (P-POLISSUE-4..10) ------------------------------------
SIDE_ISSUES = (("CIT", 0), ("COL", 0), ("KRY", 1), ("AGO", 1))  # the order of P-POLISSUE-1
KRYPTEIA_MAX = 3 * 2  # P-POLISSUE-7
AGOGE_MAX = 3  # P-POLISSUE-8


def next_side_issue(t: Tables, s: PericlesState) -> int:
    """From ``s.cursor`` on, the next won side issue still in force, or -1; a Colony in War or an Agoge
    in Peace is cancelled (P-POLISSUE-10)."""
    for i in range(s.cursor, len(SIDE_ISSUES)):
        kind, side = SIDE_ISSUES[i]
        if winner_of(t, s, side, kind) < 0 or (kind == "COL" and s.war) or (kind == "AGO" and not s.war):
            continue
        s.cursor = i
        return winner_of(t, s, side, kind)
    return -1


def side_legal(t: Tables, s: PericlesState) -> list[Action]:
    kind = SIDE_ISSUES[s.cursor][0]
    keys = t.theater_keys
    out = [Action(kind.lower(), ("none",))]
    if kind == "CIT":  # P-POLISSUE-4/5
        if in_use(s, AB) < t.piece_limits[AB]:
            out.extend(Action("cit", (keys[th], unit)) for th in range(N_THEATERS) if count(s, th, DB)
                       for unit in ("naval", "land"))
    elif kind == "COL":  # P-POLISSUE-6, P-AMB-19
        out.extend(Action("col", (keys[th], unit)) for th in range(N_THEATERS - 1)
                   if status(s, th, 0) in (FRIENDLY, CONTESTED) and (th != EAST_MED or (s.persia_war and not s.callias))
                   for unit in ("naval", "land"))
    elif kind == "KRY":  # P-POLISSUE-7
        out.extend(Action("kry", (keys[th],)) for th in range(N_THEATERS) if s.treason[th * 2])
    else:  # P-POLISSUE-8
        room = min(AGOGE_MAX, t.piece_limits[SL] - in_use(s, SL))
        out = [Action("ago", (n,)) for n in range(room + 1)]
    return out


def side_apply(t: Tables, s: PericlesState, f: int, action: Action) -> bool:
    """Carry out one choice; True when this issue is done."""
    kind = SIDE_ISSUES[s.cursor][0]
    if action.args[0] == "none":
        return True
    if kind == "AGO":
        place(t, s, HOMES[1], SL, int(action.args[0]))
        return True
    th = t.theater_index[str(action.args[0])]
    if kind == "KRY":
        s.treason[th * 2] -= 1
        s.picks += 1
        return s.picks >= KRYPTEIA_MAX or not any(s.treason[x * 2] for x in range(N_THEATERS))
    naval = action.args[1] == "naval"
    if kind == "CIT":
        remove(s, th, DB)
        s.pieces[th * 15 + AB] += 1
        place(t, s, th, *citizenship_units(naval))
    else:
        place(t, s, th, DB, 1)
        place(t, s, th, *colony_units(t, naval))
    gain(s, f, 2, H_POLITICAL)
    return True


def citizenship_units(naval: bool) -> tuple[int, int]:
    """P-POLISSUE-5: the Athenian units a converted base comes with, as (piece, how many)."""
    return (AN, 1) if naval else (AL, 2)


def colony_units(t: Tables, naval: bool) -> tuple[int, int]:
    """P-POLISSUE-6, P-AMB-18: the League units a Colony places, as (piece, how many): 4 build points
    (1 ship or 2 land units) by default, 4 upkeep points (2 or 4) with ``colony_points=upkeep``."""
    upkeep_points = t.options.colony_points == "upkeep"
    if naval:
        return DN, 2 if upkeep_points else 1
    return DL, 4 if upkeep_points else 2


def unique_issues(t: Tables, s: PericlesState) -> None:
    """P-POLISSUE-9, P-POLISSUE-10: Citizenship, Colony, Krypteia and Agoge leave the game once won,
    whatever they did."""
    for side in (0, 1):
        base = side * ISSUES_PER_SIDE
        for i, kind in enumerate(t.issue_kinds[side]):
            if kind in UNIQUE_ISSUES and winner_of(t, s, side, kind) >= 0 and s.track[base + i] not in (OFF, GONE):
                s.track[base + i] = GONE


def receive_markers(t: Tables, s: PericlesState) -> None:
    """P-TMARK-1..3: a marker per won theater issue, two Rumors each, and the issues leave the tracks."""
    rumors = t.data.issues.rumors_per_faction
    for f in range(4):
        for kind, _ in won(t, s, f):
            if kind in THEATER_ISSUES:
                s.held[(f * 4 + f) * N_KINDS + MARKER_KINDS.index(kind)] += 1
        s.held[(f * 4 + f) * N_KINDS + MARKER_KINDS.index("RUM")] += rumors
    s.track = [GONE if p == GONE else OFF for p in s.track]


def held_by(s: PericlesState, f: int) -> int:
    return sum(s.held[f * 4 * N_KINDS:(f + 1) * 4 * N_KINDS])


def lender(s: PericlesState) -> int:
    """The faction that must lend a marker now (P-TMARK-4, per side: P-AMB-47), or -1."""
    for side in (0, 1):
        a, b = factions_of(side)
        if abs(held_by(s, a) - held_by(s, b)) > 1:
            return a if held_by(s, a) > held_by(s, b) else b
    return -1


def lend_legal(s: PericlesState, f: int) -> list[Action]:
    """The lender chooses which of its own markers to lend (P-AMB-8)."""
    return [Action("lend", (MARKER_KINDS[k],)) for k in range(N_KINDS) if s.held[(f * 4 + f) * N_KINDS + k]]


def lend_apply(s: PericlesState, f: int, action: Action) -> None:
    k = MARKER_KINDS.index(str(action.args[0]))
    s.held[(f * 4 + f) * N_KINDS + k] -= 1
    s.held[((f ^ 1) * 4 + f) * N_KINDS + k] += 1  # still owned by f (P-TMARK-5)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "relocate":
        return ("P-WARPEACE-5", N_("move the unit named to its home theater or to a theater holding a base of its "
                                "own city-state: relocate <from> <piece> <to>"))
    if s.step == "side":
        rule = {"CIT": "P-POLISSUE-4", "COL": "P-POLISSUE-6", "KRY": "P-POLISSUE-7", "AGO": "P-POLISSUE-8"}
        return (rule[SIDE_ISSUES[s.cursor][0]], N_("choose one of the issue's options, or none"))
    return ("P-TMARK-4", N_("lend one of your own theater markers to your compatriot: lend <MIL|LEA|DIP|ORA|RUM>"))
