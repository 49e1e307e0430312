"""Battle casualties (P-BATTLE-9..20, P-TREASON-6) from the casualty tables of the data sheet.

The tables (``casualty_tables.json``, reconstructed, replaceable) have rows "for each group of N counted
units, eliminate up to K units of a class". In a land battle the **elite** class is the Spartan land
units (the 300 too), in a naval battle the Athenian ships; every other unit of the battle's kind is
**line**. The loser's rows count the winner's units present when the battle was fought; the winner's
rows count the loser's units eliminated (bases never, P-BATTLE-17, P-AMB-28).

Each decision is its own step, asked only when there is a real choice:

1. ``row <id>`` (mode ``one_row``) or ``split <n>`` (mode ``split``: ``n`` counted units to the first row,
   the rest to the second): the chooser of P-BATTLE-12 (loser's casualties) or P-BATTLE-19 (winner's);
2. ``casualty <piece>``, one unit at a time, while two or more kinds of unit of the class are there;
3. ``raze <base>`` or ``raze stop``: enemy bases, when the loser has no unit of the battle's kind left and
   the winner committed more Strategos (P-BATTLE-15). The rulebook (9.44) says the winner *may* do so
   ("puede aplicar"); the spec reads it as automatic: the rulebook wins, so ``raze stop`` is offered.

Counts are cut to the units of the class present and to the casualty differential (P-BATTLE-11; the
winner's too unless ``winner_casualty_cap`` is ``none``). The row mode and the winner's cap come from the
options when they are set away from their defaults, else from the data file's flags.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.steps import count_step
from kleos.games.pericles.datamodel import CasualtyRow
from kleos.games.pericles.options import PericlesOptions
from kleos.games.pericles.rules.battle import (
    NAVAL,
    commander,
    committed_total,
    kind_pieces,
    theater_of,
)
from kleos.games.pericles.rules.common import count, remove
from kleos.games.pericles.state import (
    M_BASES,
    M_DIFF,
    M_DUE_ELITE,
    M_DUE_LINE,
    M_KIND,
    M_STAGE,
    M_W_ELITE,
    M_W_LINE,
    M_WIN,
    PericlesState,
    replaced,
)
from kleos.games.pericles.tables import AN, PIECES, S300, SIDE_BASES, SL, Tables

LOSER_ROW, LOSER_PICK, BASES, WINNER_ROW, WINNER_PICK, DONE = range(6)
# automatic steps without a choice: one per stage and one per unit eliminated, so a battle takes a few
# dozen at most; more means a broken rule keeps the casualties from moving on
DECISION_STEPS = 1_000
ELITE, LINE = "elite", "line"
STOP = "stop"


# ----- classes and tables ----------------------------------------------------------------------------
def class_pieces(kind: int, side: int, cls: str) -> tuple[int, ...]:
    """The side's units of the battle's kind in ``cls`` (elite: Spartan land units, Athenian ships)."""
    elite = (AN,) if kind == NAVAL else (SL, S300)
    return tuple(p for p in kind_pieces(kind, side) if (p in elite) == (cls == ELITE))


def present(s: PericlesState, side: int, cls: str) -> int:
    th, kind = theater_of(s), s.mil[M_KIND]
    return sum(count(s, th, p) for p in class_pieces(kind, side, cls))


def flag(value: str, default: str, data_value: str) -> str:
    """An option set away from its default wins; otherwise the data file's own flag."""
    return value if value != default else data_value


def row_mode(t: Tables) -> str:
    return flag(t.options.casualty_row_mode, PericlesOptions.casualty_row_mode, t.data.casualty_tables.row_mode)


def winner_capped(t: Tables) -> bool:
    chosen = flag(t.options.winner_casualty_cap, PericlesOptions.winner_casualty_cap,
                  t.data.casualty_tables.winner_cap)
    return chosen == "differential"


def table_rows(t: Tables, s: PericlesState, stage: int) -> list[CasualtyRow]:
    table = ("loser_" if stage == LOSER_ROW else "winner_") + ("naval" if s.mil[M_KIND] == NAVAL else "land")
    return [r for r in t.data.casualty_tables.rows if r.table == table]


def counted(s: PericlesState, row: CasualtyRow) -> int:
    """What a row counts: the winner's units at the battle, or the loser's units eliminated."""
    if row.count_what == "winner_units":
        elite, line = s.mil[M_W_ELITE], s.mil[M_W_LINE]
    else:
        loser, kind = 1 - s.mil[M_WIN], s.mil[M_KIND]
        elite = sum(s.killed[p] for p in class_pieces(kind, loser, ELITE))
        line = sum(s.killed[p] for p in class_pieces(kind, loser, LINE))
    return {"any": elite + line, ELITE: elite, LINE: line}[row.count_class]


def victim(s: PericlesState, stage: int) -> int:
    return 1 - s.mil[M_WIN] if stage in (LOSER_ROW, LOSER_PICK, BASES) else s.mil[M_WIN]


def chooser(s: PericlesState, stage: int) -> int:
    """P-BATTLE-12, P-BATTLE-19, P-AMB-26: the side facing the victim chooses: the Commander if that is
    its side, else that side's Dominant faction. (Rulebook 9.44 says "the Commander in Chief" even for a
    losing Commander, but 9.45 and the note to 12.4 say the opponent chooses; the rulebook contradicts
    itself there, so the spec's ruling is kept.)"""
    picker = 1 - victim(s, stage)
    cmd = commander(s)
    return cmd if cmd // 2 == picker else s.dominant[picker]


def cap(t: Tables, s: PericlesState, stage: int) -> int:
    """P-BATTLE-11 (and the winner's reconstructed cap): never more than the casualty differential."""
    if stage == WINNER_ROW and not winner_capped(t):
        return 10 ** 6
    return s.mil[M_DIFF]


def dues(t: Tables, s: PericlesState, stage: int, groups: list[tuple[CasualtyRow, int]]) -> tuple[int, int]:
    """(elite, line) eliminations for rows each given a count: complete groups only (P-BATTLE-13),
    cut to the units present, the total cut to the cap in row order."""
    side, room = victim(s, stage), cap(t, s, stage)
    due = {ELITE: 0, LINE: 0}
    for row, n in groups:
        want = (n // row.group_size) * row.per_group
        cls = row.casualty_class
        got = max(0, min(want, present(s, side, cls) - due[cls], room))
        due[cls] += got
        room -= got
    return due[ELITE], due[LINE]


def choices(t: Tables, s: PericlesState, stage: int) -> list[tuple[Action, tuple[int, int]]]:
    """The chooser's options and the (elite, line) eliminations each gives."""
    rows = table_rows(t, s, stage)
    if row_mode(t) == "one_row" or len(rows) != 2:
        return [(Action("row", (r.row_id,)), dues(t, s, stage, [(r, counted(s, r))])) for r in rows]
    first, second = rows
    if (first.count_what, first.count_class) != (second.count_what, second.count_class):
        return [(Action("split", ("all",)), dues(t, s, stage, [(first, counted(s, first)),
                                                              (second, counted(s, second))]))]
    pool = counted(s, first)
    return [(Action("split", (n,)), dues(t, s, stage, [(first, n), (second, pool - n)])) for n in range(pool + 1)]


# ----- the stages ------------------------------------------------------------------------------------
def start(t: Tables, s: PericlesState) -> None:
    """After a battle with a winner: note the winner's units present (P-BATTLE-10), then the loser's row."""
    winner = s.mil[M_WIN]
    s.mil[M_W_ELITE] = present(s, winner, ELITE)
    s.mil[M_W_LINE] = present(s, winner, LINE)
    s.mil[M_STAGE] = LOSER_ROW
    s.mil[M_DUE_ELITE] = s.mil[M_DUE_LINE] = 0


def next_decision(t: Tables, s: PericlesState, limit: int = DECISION_STEPS) -> tuple[str, int] | None:
    """Do the work nobody has to choose; return (step, faction) at a choice, None when all is done.
    Past ``limit`` automatic steps, :class:`~kleos.core.errors.RunawayLoop` rather than spinning."""
    steps = 0
    while True:
        steps = count_step(steps, limit, "the casualties' automatic steps")
        stage = s.mil[M_STAGE]
        if stage in (LOSER_ROW, WINNER_ROW):
            options = choices(t, s, stage)
            if len({d for _, d in options}) > 1:
                return ("row", chooser(s, stage))
            s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE] = options[0][1] if options else (0, 0)
            s.mil[M_STAGE] = stage + 1
        elif stage in (LOSER_PICK, WINNER_PICK):
            kinds = pickable(s, stage)
            if len(kinds) > 1:
                return ("casualty", chooser(s, stage))
            if kinds:
                eliminate(s, stage, kinds[0])
                continue
            s.mil[M_DUE_ELITE] = s.mil[M_DUE_LINE] = 0
            s.mil[M_STAGE] = stage + 1
            if stage == LOSER_PICK:
                s.mil[M_BASES] = razable(s)
        elif stage == BASES:
            if s.mil[M_BASES] > 0 and base_kinds(s):
                return ("raze", chooser(s, BASES))
            s.mil[M_STAGE] = WINNER_ROW
        else:
            return None


def row_legal(t: Tables, s: PericlesState) -> list[Action]:
    return [a for a, _ in choices(t, s, s.mil[M_STAGE])]


def row_apply(t: Tables, s: PericlesState, action: Action) -> None:
    stage = s.mil[M_STAGE]
    s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE] = next(d for a, d in choices(t, s, stage) if a == action)
    s.mil[M_STAGE] = stage + 1


def pickable(s: PericlesState, stage: int) -> list[int]:
    """Unit kinds of a class still owed that are there (P-BATTLE-9: the battle's kind only)."""
    th, kind, side = theater_of(s), s.mil[M_KIND], victim(s, stage)
    out: list[int] = []
    for cls, slot in ((ELITE, M_DUE_ELITE), (LINE, M_DUE_LINE)):
        if s.mil[slot] > 0:
            out.extend(p for p in class_pieces(kind, side, cls) if count(s, th, p))
    return out


def eliminate(s: PericlesState, stage: int, piece: int) -> None:
    """P-BATTLE-14: the unit goes back to its side's pool, to be built again at once."""
    remove(s, theater_of(s), piece)
    s.killed = replaced(s.killed, piece, s.killed[piece] + 1)
    elite = piece in class_pieces(s.mil[M_KIND], victim(s, stage), ELITE)
    s.mil[M_DUE_ELITE if elite else M_DUE_LINE] -= 1


def casualty_legal(s: PericlesState) -> list[Action]:
    return [Action("casualty", (PIECES[p],)) for p in pickable(s, s.mil[M_STAGE])]


def casualty_apply(s: PericlesState, action: Action) -> None:
    eliminate(s, s.mil[M_STAGE], PIECES.index(str(action.args[0])))


# ----- bases (P-BATTLE-15, P-BATTLE-16, P-TREASON-6, P-AMB-27) ---------------------------------------
def razable(s: PericlesState) -> int:
    """floor((differential - units eliminated) / 2) bases, when the loser has no unit of the battle's
    kind left there and the winner committed more Strategos in total."""
    th, winner = theater_of(s), s.mil[M_WIN]
    loser = 1 - winner
    if any(count(s, th, p) for p in kind_pieces(s.mil[M_KIND], loser)):
        return 0
    if committed_total(s, winner, th) <= committed_total(s, loser, th):
        return 0
    units = sum(s.killed[p] for p in kind_pieces(s.mil[M_KIND], loser))
    return max(0, (s.mil[M_DIFF] - units) // 2)


def base_kinds(s: PericlesState) -> list[int]:
    th, loser = theater_of(s), 1 - s.mil[M_WIN]
    return [b for b in SIDE_BASES[loser] if count(s, th, b)]


def raze_legal(s: PericlesState) -> list[Action]:
    return [*(Action("raze", (PIECES[b],)) for b in base_kinds(s)), Action("raze", (STOP,))]


def raze_apply(s: PericlesState, action: Action) -> None:
    if action.args[0] == STOP:
        s.mil[M_BASES] = 0
        return
    th, loser = theater_of(s), 1 - s.mil[M_WIN]
    base = PIECES.index(str(action.args[0]))
    remove(s, th, base)
    s.killed = replaced(s.killed, base, s.killed[base] + 1)
    s.mil[M_BASES] -= 1
    s.treason[th * 2 + loser] = 0  # P-BATTLE-16, P-TREASON-6
