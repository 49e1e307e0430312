"""The table of decision steps (rules/actions.py) at its edges: each step answered yes or no offers both
answers, and the refusals of the casualty and second-battle steps name their rule and their form."""

from __future__ import annotations

import pytest
from per_helpers import AF, bare, put

from kleos.core.action import Action
from kleos.games.pericles.rules import actions
from kleos.games.pericles.state import OFF
from kleos.games.pericles.tables import ATHENS, RUM, SPARTA


def test_each_yes_or_no_step_offers_both_answers() -> None:
    """P-BOULE-3 (a hostage spent or not), P-LEADER-3 ("may use its Advisory Council once"), P-ASSEMBLY-9 (the
    stop at the centre), P-PERSIA-8 (the Peace of Callias), P-SHIP-2 (the State Ship) and P-BATTLE-34 (a
    second battle): the deciding faction answers yes or no, and nothing else."""
    g, s = bare()
    for step in ("hostage", "council", "stop", "callias", "ship", "second"):
        s.step = step
        assert [str(a) for a in actions.legal(g.tables, s, AF)] == [f"{step} yes", f"{step} no"], step


def test_the_casualty_and_second_battle_refusals_name_their_rule_and_form() -> None:
    """P-BATTLE-15 (razing bases), P-BATTLE-9 (a casualty of the battle's kind), P-BATTLE-13 (one row of
    the table) and P-BATTLE-34 (a second battle): a refused action is told the rule it breaks and the
    form of the actions allowed at that step."""
    g, s = bare()
    told = {
        "raze": ("P-BATTLE-15", "eliminate an enemy base there, or stop: raze <base> | raze stop"),
        "casualty": ("P-BATTLE-9", "eliminate a unit of the battle's kind and of the class owed: casualty <piece>"),
        "row": ("P-BATTLE-13", "choose one row of the casualty table: row <id> (or split <n>)"),
        "second": ("P-BATTLE-34", "the winner's decider answers second yes or second no"),
    }
    for step, violation in told.items():
        s.step = step
        assert actions.check(g.tables, s, AF, Action("pass")) == violation, step


def test_after_athens_answers_its_hostage_sparta_is_asked() -> None:
    """P-BOULE-3: "the Dominant faction of a side that holds a hostage marker may spend it", each side in
    turn: both hold one; Athens keeps its own, then Sparta's Dominant is asked."""
    g, s = bare()
    s.track = [OFF] * len(s.track)
    s.hostage = [1, 1]
    s.step, s.side, s.actor = "hostage", ATHENS, s.dominant[ATHENS]
    g.apply_in_place(s, Action("hostage", ("no",)), s.actor)
    assert (s.step, s.side, s.actor) == ("hostage", SPARTA, s.dominant[SPARTA])


def test_a_revealed_rumor_goes_back_at_once() -> None:
    """P-THEATER-12: "A revealed Rumor has no effect and goes back to its owner" (P-TMARK-6),
    without a decision, and the next faction reveals."""
    g, s = bare()
    boeotia = g.tables.theater_index["Boeotia"]
    s.queue = [boeotia * 1000 + AF * 100 + AF * 10 + RUM]
    s.step, s.cursor = "reveal", 0
    actions.apply(g.tables, s, AF, Action("reveal", ("Boeotia",)))
    assert (s.revealed, s.step, s.queue) == (-1, "reveal_next", [])


def test_a_second_battle_declined_ends_the_issue() -> None:
    """P-BATTLE-34: the second battle is "optional": answered no, the Expedition ends (P-MIL-8); yes, the
    next battle begins."""
    g, s = bare()
    for answer, then in (("no", "exped_end"), ("yes", "battle_begin")):
        s.step = "second"
        actions.apply(g.tables, s, AF, Action("second", (answer,)))
        assert s.step == then, answer


def test_the_next_side_issue_starts_with_nothing_picked() -> None:
    """P-POLISSUE-7: "the winner may remove up to 6 Athenian treason markers", one pick at a time, counted
    from none: once the Colony is done (nothing taken), the next issue starts from no pick."""
    g, s = bare()
    s.step, s.cursor, s.picks = "side", 1, 0
    actions.apply(g.tables, s, AF, Action("side", ("none",)))
    assert (s.cursor, s.picks, s.step) == (2, 0, "side_next")


def test_callias_with_no_athenian_ship_to_give_up_goes_on_to_the_victory_check() -> None:
    """P-PERSIA-9: "the Athenian Dominant faction removes that base and 1 Athenian naval unit from
    anywhere on the map": with an Athenian ship somewhere it chooses which (``scuttle``); with none there is
    nothing to choose and play goes on to the victory check."""
    g, s = bare()
    put(g, s, "EastMed", Db=1)
    s.persia_war = 1
    s.step = "callias"
    actions.apply(g.tables, s, AF, Action("callias", ("yes",)))
    assert s.step == "victory" and s.callias == 1
    g, s = bare()
    put(g, s, "EastMed", Db=1)
    put(g, s, "Samos", An=1)
    s.persia_war, s.step = 1, "callias"
    actions.apply(g.tables, s, AF, Action("callias", ("yes",)))
    assert s.step == "scuttle"


def test_asking_for_the_actions_of_a_step_that_is_no_decision_fails_naming_it() -> None:
    """``legal_actions`` is the one source of legality: asked at a step nobody decides, it fails and names
    the step instead of answering."""
    g, s = bare()
    s.step = "victory"
    with pytest.raises(AssertionError, match="no decision at step 'victory'"):
        actions.legal(g.tables, s, AF)
