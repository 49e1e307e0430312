"""Edges of the Plague (P-PLAGUE) and Peace C's demobilisation (P-ARIST-4): a third rounded up at
exactly four units, the last unit of a theater's own kind kept and a single unit of the other kind not,
the first of several pending removals, and each refusal's rule and words. The rules are called on a
bare board set by hand, so no loop is needed."""

from __future__ import annotations

from per_helpers import AF, EK, bare, put

from kleos.core.action import Action
from kleos.games.pericles.rules import aristophanes


def _due(theater: int, side: int, naval: int) -> int:
    """A pending Plague removal as the state keeps it: theater, side and kind of unit in one number."""
    return theater * 10 + side * 2 + naval


def test_a_third_of_four_units_in_athens_rounds_up_to_two() -> None:
    """P-PLAGUE-3: "a third (rounded up)" of a side's land units in Athens — 4 units lose 2, not 1."""
    g, s = bare()
    put(g, s, "Athens", Al=4)
    aristophanes.plague(g.tables, s)
    athens = g.tables.theater_index["Athens"]
    assert s.plague == 1 and s.plague_due == [_due(athens, 0, 0)] * 2


def test_the_last_naval_unit_of_a_naval_theater_is_kept() -> None:
    """P-PLAGUE-5: never "the last naval unit of a Naval theater" — Corcyra's one Athenian trireme stays;
    its one hoplite may go, a Naval theater guarding only its naval units."""
    g, s = bare()
    put(g, s, "Corcyra", An=1, Al=1)
    corcyra = g.tables.theater_index["Corcyra"]
    s.plague_due = [_due(corcyra, 0, 1)]
    assert aristophanes.plague_choices(g.tables, s) == []
    s.plague_due = [_due(corcyra, 0, 0)]
    assert aristophanes.plague_legal(g.tables, s) == [Action("plague", ("Corcyra", "Al"))]


def test_a_land_theater_guards_its_last_land_unit_only() -> None:
    """P-PLAGUE-5: never "the last land unit of a Land theater" — Boeotia's one Spartan hoplite stays;
    its one Spartan trireme may go, and with no unit of the kind due nothing is offered."""
    g, s = bare()
    put(g, s, "Boeotia", Sl=1, Sn=1)
    boeotia = g.tables.theater_index["Boeotia"]
    s.plague_due = [_due(boeotia, 1, 0)]
    assert aristophanes.plague_choices(g.tables, s) == []
    s.plague_due = [_due(boeotia, 1, 1)]
    assert aristophanes.plague_legal(g.tables, s) == [Action("plague", ("Boeotia", "Sn"))]
    s.plague_due = [_due(boeotia, 0, 1)]
    assert aristophanes.plague_choices(g.tables, s) == []


def test_the_first_pending_removal_is_the_one_asked() -> None:
    """P-PLAGUE-6: removals are chosen one at a time; the side, theater and kind are those of the first
    pending one, and a refusal names its theater."""
    g, s = bare()
    t = g.tables
    put(g, s, "Corcyra", An=2)
    put(g, s, "Boeotia", Sl=2)
    corcyra, boeotia = t.theater_index["Corcyra"], t.theater_index["Boeotia"]
    s.plague_due = [_due(corcyra, 0, 1), _due(boeotia, 1, 0)]
    assert aristophanes.plague_side(s) == 0
    assert aristophanes.plague_legal(t, s) == [Action("plague", ("Corcyra", "An"))]
    assert aristophanes.check(t, s, AF, Action("pass", ())) == (
        "P-PLAGUE-6",
        "the Dominant removes one of its side's units of the kind due in {theater}: plague {theater} <piece>",
        {"theater": "Corcyra"},
    )
    s.plague_due = s.plague_due[::-1]
    assert aristophanes.plague_side(s) == 1


def test_demobilisation_refusal_names_the_rule_and_the_faction() -> None:
    """P-ARIST-4: Peace C — "each side's Dominant removes 1 own unit from a contested theater"."""
    g, s = bare()
    assert aristophanes.demob_check(g.tables, s, EK, Action("pass", ())) == (
        "P-ARIST-4",
        "Peace C: {faction} removes one unit of its side from a theater contested for it: "
        "demobilise <theater> <piece>",
        {"faction": "EK"},
    )
