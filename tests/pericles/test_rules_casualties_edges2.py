"""Battle casualties at more edges (rules/casualties.py), on positions set by hand after a battle: the
winner's cap in both positions and from the data file, rows that count different classes or eliminate the
same one, the differential shared by two rows, who chooses a unit or a base, a single base to raze,
odd remainders, and the treason markers of the side that lost a base.

Each test sets the battle's result (kind, winner, differential) and the units there, then calls the
module's functions; the tables' own rows are those of ``casualty_tables.json`` unless a test replaces them
to state how a row is read."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from per_helpers import AF, EK, bare, game, put

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle, casualties
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import (
    M_BASES,
    M_DIFF,
    M_DUE_ELITE,
    M_DUE_LINE,
    M_KIND,
    M_STAGE,
    M_WIN,
    REVEALED,
    PericlesState,
)
from kleos.games.pericles.tables import AL, ATHENS, DL, PB, PL, PN, S300, SB, SL, SPARTA, Tables

Dues = dict[str, tuple[int, int]]


def fought(where: str, kind: int, winner: int, diff: int, commander: int = AF,
           **units: int) -> tuple[PericlesGame, PericlesState]:
    """A bare board with ``units`` in ``where`` after a battle of ``kind`` that ``winner`` won by ``diff``
    in ``commander``'s Expedition; the casualties have started (the loser's row is next)."""
    g, s = bare()
    put(g, s, where, **units)
    s.revealed = g.tables.theater_index[where] * 1000 + commander * 10
    s.mil[M_KIND], s.mil[M_WIN], s.mil[M_DIFF] = kind, winner, diff
    casualties.start(g.tables, s)
    return g, s


def options(t: Tables, s: PericlesState, stage: int) -> Dues:
    return {str(a): d for a, d in casualties.choices(t, s, stage)}


def with_rows(t: Tables, row_mode: str = "split", winner_cap: str = "differential",
              **rows: dict[str, Any]) -> Tables:
    """The tables with the casualty data's flags set and the rows named (by table and row ID, as
    ``loser_land_L1``) changed as given: a data file with other tables, as the data sheet allows."""
    data = t.data.casualty_tables
    changed = [row.model_copy(update=rows.get(f"{row.table}_{row.row_id}", {})) for row in data.rows]
    tables = data.model_copy(update={"row_mode": row_mode, "winner_cap": winner_cap, "rows": changed})
    return replace(t, data=t.data.model_copy(update={"casualty_tables": tables}))


def test_the_winner_cap_option_in_both_positions() -> None:
    """P-BATTLE-11: "Whatever the table says, the number of units eliminated may not exceed the casualty
    differential"; the winner's casualties (P-BATTLE-18) are held to it too unless ``winner_casualty_cap``
    is ``none``, which lifts that cap for the winner only. Athens (8 line units) beats Sparta (3
    Peloponnesian units) by 1; 4 Peloponnesian units were eliminated: WL2, 1 per 2, wants 2."""
    g, s = fought("Boeotia", battle.LAND, ATHENS, 1, Al=4, Dl=4, Pl=3)
    s.killed[PL] = 4
    uncapped = game(winner_casualty_cap="none").tables
    for t in (g.tables, uncapped):
        assert options(t, s, casualties.LOSER_ROW) == {"row L1": (0, 1), "row L2": (0, 0)}
    assert options(g.tables, s, casualties.WINNER_ROW) == {"row WL1": (0, 0), "row WL2": (0, 1)}
    assert options(uncapped, s, casualties.WINNER_ROW) == {"row WL1": (0, 0), "row WL2": (0, 2)}


def test_the_data_files_flags_rule_while_the_options_stay_at_their_defaults() -> None:
    """P-BATTLE-13 and the module's reading: "The row mode and the winner's cap come from the options when
    they are set away from their defaults, else from the data file's flags." A data file saying ``split``
    and ``none`` makes the chooser split the counted units, and lifts the winner's cap, with the options
    left alone."""
    g, s = fought("Boeotia", battle.LAND, ATHENS, 1, Al=4, Dl=4, Pl=3)
    s.killed[PL] = 4
    t = with_rows(g.tables, row_mode="split", winner_cap="none")
    assert list(options(t, s, casualties.LOSER_ROW)) == [f"split {n}" for n in range(8 + 1)]
    assert options(t, s, casualties.WINNER_ROW)["split 0"] == (0, 2)
    assert options(with_rows(g.tables, row_mode="one_row"), s, casualties.WINNER_ROW)["row WL2"] == (0, 1)


def test_the_split_offers_each_share_of_the_counted_units_once() -> None:
    """P-BATTLE-13 with ``casualty_row_mode=split``: the chooser gives n of the counted units to the first
    row and the rest to the second, n from 0 to all of them; the differential is shared by the two rows
    (P-BATTLE-11). Athens (6 land units) beats Sparta (2 Spartan, 4 Peloponnesian) by 3: 4 units to L1
    want 8 line units, cut to the 3 of the differential, so L2's elite unit is not taken."""
    _, s = fought("Boeotia", battle.LAND, ATHENS, 3, Al=6, Sl=2, Pl=4)
    t = game(casualty_row_mode="split").tables
    loser = options(t, s, casualties.LOSER_ROW)
    assert list(loser) == [f"split {n}" for n in range(6 + 1)]
    assert loser["split 4"] == (0, 3) and loser["split 1"] == (1, 2) and loser["split 0"] == (2, 0)
    s.killed[SL], s.killed[PL] = 1, 3  # the winner's rows count these 4
    winner = options(t, s, casualties.WINNER_ROW)
    assert list(winner) == [f"split {n}" for n in range(4 + 1)]
    assert winner["split 0"] == (0, 2) and winner["split 4"] == (0, 0)  # WL1's elite: Athens has none


def test_rows_counting_different_classes_make_one_option() -> None:
    """P-BATTLE-13: "Casualties are worked out one table row at a time" and "units from different rows
    cannot be combined"; in split mode two rows that count different things cannot share one count, so
    each takes its own: one option, ``split all``, which the rules apply without asking. Sparta (2 Spartan,
    3 Peloponnesian land units) beats Athens (2 Athenian, 2 Delian) by 10; a loser's row of 1 line unit per
    line unit of the winner and one of 1 elite per elite unit: 3 line units, no elite (Athens has none)."""
    g, s = fought("Boeotia", battle.LAND, SPARTA, 10, commander=EK, Sl=2, Pl=3, Al=2, Dl=2)
    t = with_rows(g.tables,
                  loser_land_L1={"count_class": "line", "group_size": 1, "per_group": 1},
                  loser_land_L2={"count_class": "elite", "group_size": 1, "per_group": 1},
                  winner_land_WL1={"count_class": "elite"}, winner_land_WL2={"count_class": "line"})
    assert casualties.choices(t, s, casualties.LOSER_ROW) == [(Action("split", ("all",)), (0, 3))]
    assert casualties.next_decision(t, s) == ("casualty", EK)  # 3 line units owed, of two kinds
    assert (s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]) == (0, 3)
    s.killed[AL], s.killed[DL] = 2, 1  # 3 line units eliminated: WL2 1 per 2
    assert casualties.choices(t, s, casualties.WINNER_ROW) == [(Action("split", ("all",)), (0, 1))]


def test_two_rows_of_one_class_are_cut_together_to_the_units_there() -> None:
    """P-BATTLE-13 with the module's reading, "Counts are cut to the units of the class present", so two rows
    eliminating the same class cannot together take more units than are there. As above, but both loser's
    rows eliminate line units: 3 and 2 wanted, of the 4 Athenian line units there: 3 + 1."""
    g, s = fought("Boeotia", battle.LAND, SPARTA, 10, commander=EK, Sl=2, Pl=3, Al=2, Dl=2)
    t = with_rows(g.tables,
                  loser_land_L1={"count_class": "line", "group_size": 1, "per_group": 1},
                  loser_land_L2={"count_class": "elite", "group_size": 1, "per_group": 1, "casualty_class": "line"})
    assert casualties.choices(t, s, casualties.LOSER_ROW) == [(Action("split", ("all",)), (0, 4))]


def test_a_decision_met_on_the_first_step_needs_one_step() -> None:
    """The cap on the automatic steps counts only steps taken: a choice met at once (the loser's row,
    P-BATTLE-12) is returned with a cap of one step; nothing is owed before a row is chosen."""
    g, s = fought("Boeotia", battle.LAND, ATHENS, 1, Al=2, Sl=1, S300=1)
    assert (s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]) == (0, 0)
    assert casualties.next_decision(g.tables, s, limit=1) == ("row", AF)


def test_the_winners_commander_picks_each_elite_unit_owed_and_no_more() -> None:
    """P-BATTLE-12: the opposing side chooses the loser's casualties, "the Commander in Chief if the winner
    is the commanding side"; P-BATTLE-13 and P-300-4: one elite unit owed (row L2, 2 winner units), the
    Spartan unit or the 300. AF picks the 300: the Spartan unit stays, nothing more is owed, and when the
    winner's row comes nothing is left owed from the loser's stage."""
    g, s = fought("Boeotia", battle.LAND, ATHENS, 1, Al=2, Sl=1, S300=1)
    t, boeotia = g.tables, g.tables.theater_index["Boeotia"]
    casualties.row_apply(t, s, Action.parse("row L2"))
    assert (s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]) == (1, 0)
    assert casualties.next_decision(t, s) == ("casualty", AF)
    casualties.casualty_apply(s, Action.parse("casualty S300"))
    assert (s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]) == (0, 0)
    assert casualties.next_decision(t, s) is None  # 1 unit eliminated: no winner's row has a group
    assert count(s, boeotia, SL) == 1 and count(s, boeotia, S300) == 0
    assert s.mil[M_STAGE] == casualties.DONE
    assert (s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]) == (0, 0)


def test_a_single_kind_owed_is_eliminated_unit_by_unit_without_asking() -> None:
    """P-BATTLE-13, P-BATTLE-14: with one kind of the class there, the units owed are eliminated without a
    choice, no more than are owed. Athens (2 land units) beats 3 Spartan units by 5: row L2 owes 1 elite
    unit; one Spartan unit goes back to the pool, two stay."""
    g, s = fought("Boeotia", battle.LAND, ATHENS, 5, Al=2, Sl=3)
    t, boeotia = g.tables, g.tables.theater_index["Boeotia"]
    casualties.row_apply(t, s, Action.parse("row L2"))
    casualties.next_decision(t, s)
    assert count(s, boeotia, SL) == 2 and s.killed[SL] == 1


def razing(diff: int, killed: int, bases: int, kind: int = battle.LAND,
           **units: int) -> tuple[PericlesGame, PericlesState]:
    """Athens (AF commanding, 2 Strategos revealed against none) has won in Boeotia by ``diff``; Sparta's
    ``killed`` Peloponnesian units of the battle's kind are gone and ``bases`` Peloponnesian bases stay."""
    g, s = fought("Boeotia", kind, ATHENS, diff, Pb=bases, **units)
    s.killed[PN if kind == battle.NAVAL else PL] = killed
    s.commit[AF], s.committed[AF] = 2, REVEALED
    return g, s


def test_the_bases_razed_are_half_the_rest_rounded_down() -> None:
    """P-BATTLE-15: "The number is floor((casualty differential − units already eliminated) / 2)": 4 − 2
    leaves 1 base, 5 − 2 leaves 1 too (not 1.5), 6 − 2 leaves 2."""
    for diff, bases in ((4, 1), (5, 1), (6, 2)):
        _, s = razing(diff, 2, 3)
        assert casualties.razable(s) == bases, diff


def test_a_naval_defeat_razes_bases_though_land_units_stay() -> None:
    """P-BATTLE-15, P-AMB-27: "all the loser's units of the battle's kind in the theater": after a naval
    battle Sparta's land units there do not save its bases; a ship left there does."""
    _, s = razing(4, 2, 2, kind=battle.NAVAL, Pl=3, An=2)
    assert casualties.razable(s) == 1
    _, s = razing(4, 2, 2, kind=battle.NAVAL, Pn=1, An=2)
    assert casualties.razable(s) == 0


def test_the_winners_commander_razes_a_single_base() -> None:
    """P-BATTLE-15 at its smallest: one base to raze is asked of the side that won, here its Commander
    (P-BATTLE-12); the rulebook's 9.44 "puede aplicar" lets it stop (``raze stop``)."""
    g, s = razing(4, 2, 1, Al=2)
    s.mil[M_STAGE], s.mil[M_BASES] = casualties.BASES, casualties.razable(s)
    assert s.mil[M_BASES] == 1
    assert casualties.next_decision(g.tables, s) == ("raze", AF)
    assert [str(a) for a in casualties.raze_legal(s)] == ["raze Pb", "raze stop"]


def test_each_base_razed_counts_once() -> None:
    """P-BATTLE-15: two bases to raze of the three there: after the first one more is offered, after the
    second none, and the third base stays."""
    g, s = razing(6, 2, 3, Al=2)
    t, boeotia = g.tables, g.tables.theater_index["Boeotia"]
    s.mil[M_STAGE], s.mil[M_BASES] = casualties.BASES, casualties.razable(s)
    casualties.raze_apply(s, Action.parse("raze Pb"))
    assert s.mil[M_BASES] == 1 and casualties.next_decision(t, s) == ("raze", AF)
    casualties.raze_apply(s, Action.parse("raze Pb"))
    assert s.mil[M_BASES] == 0
    assert casualties.next_decision(t, s) != ("raze", AF) and count(s, boeotia, PB) == 1


def test_a_base_razed_clears_the_losers_treason_there_only() -> None:
    """P-BATTLE-16: "If any base is eliminated in a battle, the losing side removes all its own treason
    markers from that theater" (P-TREASON-6): Sparta's marker in Boeotia goes; Athens' markers, there and
    in the theater listed before it, stay."""
    g, s = razing(4, 2, 1, Al=2)
    boeotia = g.tables.theater_index["Boeotia"]
    s.treason[boeotia * 2 + SPARTA] = s.treason[boeotia * 2 + ATHENS] = 1
    s.treason[(boeotia - 1) * 2 + ATHENS] = 1
    s.mil[M_BASES] = 1
    casualties.raze_apply(s, Action.parse("raze Pb"))
    assert s.treason[boeotia * 2 + SPARTA] == 0
    assert s.treason[boeotia * 2 + ATHENS] == 1 and s.treason[(boeotia - 1) * 2 + ATHENS] == 1


def test_a_spartan_base_is_razed_as_a_peloponnesian_one() -> None:
    """P-BATTLE-15: "the winner also eliminates enemy bases in the theater", of either League: a Spartan
    base and a Peloponnesian one are both offered."""
    g, s = razing(4, 2, 1, Al=2, Sb=1)
    s.mil[M_BASES] = 1
    assert [str(a) for a in casualties.raze_legal(s)] == ["raze Sb", "raze Pb", "raze stop"]
    assert count(s, g.tables.theater_index["Boeotia"], SB) == 1


def test_a_table_without_rows_eliminates_nothing() -> None:
    """P-BATTLE-18: the winner loses units "as set by the Winner Casualty Table"; a data file whose
    winner's land table has no row sets none: Sparta, having won with 2 Spartan and 2 Peloponnesian land
    units, ends its casualties without a choice or a unit lost."""
    g, s = fought("Boeotia", battle.LAND, SPARTA, 3, commander=EK, Sl=2, Pl=2)
    rows = [row for row in g.tables.data.casualty_tables.rows if row.table != "winner_land"]
    data = g.tables.data.casualty_tables.model_copy(update={"rows": rows})
    t = replace(g.tables, data=g.tables.data.model_copy(update={"casualty_tables": data}))
    s.killed[AL] = 4
    s.mil[M_STAGE] = casualties.WINNER_ROW
    assert casualties.choices(t, s, casualties.WINNER_ROW) == []
    assert casualties.next_decision(t, s) is None
    boeotia = t.theater_index["Boeotia"]
    assert (count(s, boeotia, SL), count(s, boeotia, PL)) == (2, 2)  # neither class loses a unit
