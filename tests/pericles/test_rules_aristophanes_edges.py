"""Edges of the Plague (P-PLAGUE) and Peace C's demobilisation (P-ARIST-4): a third rounded up at
exactly four units, the last unit of a theater's own kind kept and a single unit of the other kind not,
the first of several pending removals, and each refusal's rule and words. The rules are called on a
bare board set by hand, so no loop is needed."""

from __future__ import annotations

import pytest
from per_helpers import AF, EK, bare, put

from kleos.core.action import Action
from kleos.games.pericles.rules import aristophanes
from kleos.games.pericles.tables import N_PIECES, PIECES


def test_a_third_of_four_units_in_athens_rounds_up_to_two() -> None:
    """P-PLAGUE-3: "each side removes one third of its land units (rounded up)" in Athens — 4 units
    lose 2, not 1."""
    g, s = bare()
    put(g, s, "Athens", Al=4)
    aristophanes.plague(g.tables, s)
    athens = g.tables.theater_index["Athens"]
    assert s.plague == 1 and s.plague_due == [aristophanes.due_entry(athens, 0, 0)] * 2


@pytest.mark.parametrize(
    ("theater", "side", "own_kind", "other_kind"),
    [("Corcyra", 0, "An", "Al"), ("Boeotia", 1, "Sl", "Sn")],  # a Naval theater, a Land theater
)
def test_a_theater_guards_the_last_unit_of_its_own_kind_only(
    theater: str, side: int, own_kind: str, other_kind: str
) -> None:
    """P-PLAGUE-5: "A Plague never removes the last land unit in a Land theater, or the last naval unit
    in a Naval theater" — that one unit stays; one unit of the other kind may go; the other side's
    removal, with no unit of its own there, is offered nothing."""
    g, s = bare()
    put(g, s, theater, **{own_kind: 1, other_kind: 1})
    th = g.tables.theater_index[theater]
    naval = g.tables.naval_border[th]
    s.plague_due = [aristophanes.due_entry(th, side, int(naval))]
    assert aristophanes.plague_choices(g.tables, s) == []
    s.plague_due = [aristophanes.due_entry(th, side, int(not naval))]
    assert aristophanes.plague_legal(g.tables, s) == [Action("plague", (theater, other_kind))]
    s.plague_due = [aristophanes.due_entry(th, 1 - side, int(not naval))]
    assert aristophanes.plague_choices(g.tables, s) == []


def test_the_first_pending_removal_is_the_one_asked() -> None:
    """P-PLAGUE-6: removals are chosen one at a time; the side, theater and kind are those of the first
    pending one, and a refusal names its theater."""
    g, s = bare()
    t = g.tables
    put(g, s, "Corcyra", An=2)
    put(g, s, "Boeotia", Sl=2)
    corcyra, boeotia = t.theater_index["Corcyra"], t.theater_index["Boeotia"]
    s.plague_due = [aristophanes.due_entry(corcyra, 0, 1), aristophanes.due_entry(boeotia, 1, 0)]
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
    """P-ARIST-4, P-DATA-6: Peace C — "each side's Dominant removes 1 own unit from a contested theater"."""
    g, s = bare()
    assert aristophanes.demob_check(g.tables, s, EK, Action("pass", ())) == (
        "P-ARIST-4",
        "Peace C: {faction} removes one unit of its side from a theater contested for it: "
        "demobilise <theater> <piece>",
        {"faction": "EK"},
    )


# ----- the card's instructions (P-ARIST-4, P-WILL-1) ---------------------------------------------
def test_set_aside_and_gifts_stop_at_an_empty_supply() -> None:
    """P-ARIST-4, P-ARIST-5: carried out literally, as far as the supply goes — Birds C sets 3 aside on
    each side, Sparta's supply holds 2; Wasps A gives the Demagogues 2, Athens' supply then holds 1, added to
    the 4 they hold."""
    g, s = bare()
    s.supply = [26, 2]
    aristophanes.apply_card(g.tables, s, Action("aristophanes", ("BirdsC",)))
    assert (s.set_aside, s.supply) == ([3, 2], [23, 0])
    s.supply, s.stock = [1, 0], [0, 4, 0, 0]
    aristophanes.apply_card(g.tables, s, Action("aristophanes", ("WaspsA",)))
    assert (s.stock, s.supply) == ([0, 5, 0, 0], [0, 0])


def test_units_that_need_a_base_need_one_of_their_own_side() -> None:
    """P-ARIST-4: Frogs B's two Persian triremes come to Ionia only where Sparta (or Persia) has a base;
    an Athenian base there does not count."""
    g, s = bare()
    ionia = g.tables.theater_index["Ionia"]
    pn = PIECES.index("Pn")
    for bases, placed in (({"Ab": 1}, 0), ({"Pb": 1}, 2), ({"Sb": 1}, 2), ({}, 0)):
        s.pieces = [0] * len(s.pieces)
        put(g, s, "Ionia", **bases)
        aristophanes.apply_card(g.tables, s, Action("aristophanes", ("FrogsB",)))
        assert s.pieces[ionia * N_PIECES + pn] == placed, bases


def test_each_side_gets_its_own_will() -> None:
    """P-WILL-1: the card names each side's will, code and theater — Birds B: Athens to build in
    theater 1, Sparta in theater 14; Lysistrata A: both to control, theaters 7 and 6."""
    g, s = bare()
    aristophanes.apply_card(g.tables, s, Action("aristophanes", ("BirdsB",)))
    assert (s.will_code, s.will_theater) == ([2, 2], [0, 13])
    aristophanes.apply_card(g.tables, s, Action("aristophanes", ("LysistrataA",)))
    assert (s.will_code, s.will_theater) == ([0, 0], [6, 5])

