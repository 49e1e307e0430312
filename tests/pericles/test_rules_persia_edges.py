"""The edges of Persia (``rules.persia``) that ``test_per_sequence.py`` leaves open: each half of the
Persian war's cost (P-PERSIA-13/14), several enemy bases turned Persian at once (P-PERSIA-11) and the
rule a refused scuttle names (P-PERSIA-9)."""

from __future__ import annotations

from per_helpers import AF, clear_board, game, play, put, rule_of

from kleos.games.pericles.rules import flow, persia
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.tables import DB, EAST_MED, PERSIA, SB, XB


def test_no_war_with_persia_costs_nothing() -> None:
    """P-PERSIA-13: "If War with Persia is active and the Peace of Callias was not declared" — without
    the war, or once Callias is made, the Athenian Dominant loses nothing."""
    g = game()
    for war, callias in ((0, 0), (1, 1)):
        s = g.new_state(1)
        s.dominant[0], s.turn, s.persia_war, s.callias = AF, 3, war, callias
        persia.war_cost(s)
        assert s.honor[AF] == 10, (war, callias)


def test_control_without_an_athenian_ship_costs_one_more() -> None:
    """P-PERSIA-14 (P-AMB-37): 1 more Honor lost "unless the Eastern Mediterranean is Athenian-controlled
    **and** holds at least one Athenian (not Delian) naval unit" — control with land units only is not
    enough; with a ship as well it is."""
    g = game()
    s = g.new_state(1)
    clear_board(s)
    s.dominant[0], s.turn, s.persia_war, s.callias = AF, 3, 1, 0
    put(g, s, "EastMed", Al=2)
    persia.war_cost(s)
    assert s.honor[AF] == 10 - 3 - 1
    put(g, s, "EastMed", An=1)
    persia.war_cost(s)
    assert s.honor[AF] == 6 - 3


def test_callias_turns_every_spartan_base_persian() -> None:
    """P-PERSIA-11: "Every Spartan and Peloponnesian base there is removed and replaced by a Persian
    base in Persia" — two Spartan bases, two Persian ones; then a refused scuttle names P-PERSIA-9."""
    g = game()
    s = g.new_state(1)
    s.chance, s.phase, s.step, s.turn = None, "final", "final", 2
    s.granary_start = [1]
    put(g, s, "EastMed", Ab=1, An=1, Sb=2, Pb=0)
    xb = count(s, PERSIA, XB)
    flow.advance(g.tables, s)
    play(g, s, "callias yes")
    assert rule_of(g, s, "scuttle Nowhere") == "P-PERSIA-9"
    assert count(s, EAST_MED, SB) == 0 and count(s, PERSIA, XB) == xb + 2


def test_callias_with_a_delian_base_only() -> None:
    """P-PERSIA-8, P-PERSIA-9: "an Athenian or Delian base" in the Eastern Mediterranean makes Callias
    possible, and the base given up is that Delian one when no Athenian base is there."""
    g = game()
    s = g.new_state(1)
    clear_board(s)
    s.persia_war, s.callias = 1, 0
    put(g, s, "EastMed", Db=1, An=1)
    assert persia.eligible(s)
    persia.declare(g.tables, s)
    assert count(s, EAST_MED, DB) == 0 and s.callias == 1
