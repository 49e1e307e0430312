"""The order of play at its edges (rules/flow.py), each step called on a bare board: a Diplomatic issue
of an Athenian faction in a neutral theater with cards of value 0, the Peace ending of 14.2 in both
readings, the Upkeep of each side, the end of the scenario and the end of a turn."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, bare, game, give, put
from test_rules_political_edges import _fresh
from test_rules_political_edges import _win as win

from kleos.games.pericles.rules import diplomatic, flow, redeploy
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import CH_BATTLE, OFF, SECRET
from kleos.games.pericles.tables import ATHENS, DB, DIP, MIL, PB, SPARTA


def test_a_diplomatic_issue_draws_for_its_owners_side_first_and_a_0_counts_as_drawn() -> None:
    """P-DIPLO-8: "each side then turns up and discards the top card of its own battle deck", the owner's
    side first (AF's issue: Athens, then Sparta); P-AMB-9: an empty deck's draw counts 0, so two cards of 0 are
    drawn and the issue is settled: AF's 1 Strategos against none founds a Delian League base
    (P-DIPLO-9), AF's token is spent (as it was revealed), and the marker goes back (P-TMARK-6)."""
    g, s = bare()
    t, boeotia = g.tables, g.tables.theater_index["Boeotia"]
    s.dominant = [DF, EK]
    give(s, AF, 1)
    s.commit[AF], s.committed[AF] = 1, SECRET
    diplomatic.reveal_commitments(s)  # spent as revealed, before the draws (P-DIPLO-7)
    s.revealed = boeotia * 1000 + AF * 100 + AF * 10 + DIP
    s.draw = [-1, -1]
    flow.dip_draw(t, s)
    assert s.chance == CH_BATTLE and s.actor == ATHENS
    s.chance, s.draw[ATHENS] = None, 0
    flow.dip_draw(t, s)
    assert s.chance == CH_BATTLE and s.actor == SPARTA
    s.chance, s.draw[SPARTA] = None, 0
    flow.dip_draw(t, s)
    assert s.chance is None and s.step == "reveal_next" and s.revealed == -1
    assert count(s, boeotia, DB) == 1 and count(s, boeotia, PB) == 0 and s.stock[AF] == 0


def test_the_peace_ending_of_14_2_in_both_readings() -> None:
    """P-WARPEACE-4, P-VICTORY-13 with ``peace_end_trigger_14_2``: on a checked turn the game ends when a
    Peace is in effect (the default) or as soon as Peace is declared: each reading looks at its own
    half only."""
    for trigger, declared, war, ends in (("peace_in_effect", True, 1, False), ("peace_in_effect", False, 0, True),
                                         ("peace_declared", True, 1, True), ("peace_declared", False, 0, False)):
        g = game("14_2", peace_end_trigger_14_2=trigger)
        s = g.new_state(1)
        s.turn, s.war = 3, war
        assert flow.peace_ends_game(g.tables, s, declared) is ends, (trigger, declared, war)


def test_the_upkeep_asks_sparta_when_only_sparta_is_over() -> None:
    """P-UPKEEP-3: "If the cost is more than the capacity, the side's Dominant faction removes units of its
    choice": Athens is within its limit
    (nothing on the map), Sparta is not (2 Peloponnesian units and no base), so Sparta's Dominant is
    asked."""
    g, s = bare()
    put(g, s, "Boeotia", Pl=2)
    s.side = 0
    flow.upkeep_next(g.tables, s)
    assert s.step == "upkeep" and s.actor == s.dominant[SPARTA] and s.side == SPARTA


def test_after_a_turn_that_does_not_end_the_game_the_upkeep_starts_with_athens() -> None:
    """P-UPKEEP-3, P-SEQ-8: after the victory check of a turn that is not the last, the Upkeep looks at
    Athens first: Athens is over its limit (an Athenian unit and no base), so its Dominant is asked."""
    g, s = bare()
    put(g, s, "Boeotia", Al=1)
    s.turn = g.tables.scenario.last_turn - 1
    flow.victory(g.tables, s)
    assert s.step == "upkeep_next" and s.side == ATHENS
    flow.upkeep_next(g.tables, s)
    assert s.step == "upkeep" and s.actor == s.dominant[ATHENS]


def test_the_last_turn_ends_the_scenario_and_says_so() -> None:
    """P-VICTORY-6: after the last turn's victory check the scenario ends with its scoring, its reason
    "end of the scenario"."""
    g, s = bare()
    s.turn = g.tables.scenario.last_turn
    flow.victory(g.tables, s)
    assert s.outcome is not None and s.outcome.reason == "end of the scenario"


def test_a_turn_ends_with_no_unit_marked_moved() -> None:
    """P-REDEPLOY-1, P-MOVE-14: once the four groups are redeployed, no unit is left marked as moved for
    the next turn's movement, and the next turn starts."""
    g, s = bare()
    s.cursor = len(redeploy.GROUPS)
    s.moved = [1] * len(s.moved)
    turn = s.turn
    flow.redeploy_next(g.tables, s)
    assert s.moved == [0] * len(s.moved) and s.turn == turn + 1 and s.step == "start"


def test_the_side_issues_start_again_from_the_first() -> None:
    """P-POLISSUE-1: "Citizenship, Colony, Krypteia, Agoge": after the Games the side issues are taken
    from the first of that order, none picked yet, whatever the last phase left."""
    g, s = bare()
    s.cursor, s.picks = 3, 2
    flow.political_rest(g.tables, s)
    assert (s.cursor, s.picks, s.step) == (0, 0, "side_next")


def test_peace_declared_ends_14_2_when_that_reading_is_chosen() -> None:
    """P-WARPEACE-2, P-VICTORY-13: with ``peace_end_trigger_14_2`` at ``peace_declared``, a Peace declared
    in the Political phase of a checked turn (AF and EK win War/Peace) ends the scenario there."""
    g = game("14_2", peace_end_trigger_14_2="peace_declared")
    s = g.new_state(1)
    s.track = [OFF] * len(s.track)
    s.war, s.turn = 1, 3
    win(g.tables, s, AF, "WP")
    win(g.tables, s, EK, "WP")
    flow.political_phase(g.tables, s)
    assert s.outcome is not None and s.outcome.reason == "Peace ended the scenario"


def test_the_political_phase_settles_athens_oratory_too() -> None:
    """P-ORATORY-3..5: each side's oratory is settled, Athens' too: AF won an issue on box 2
    and DF none, so DF loses 2 Honor and AF gains them; Sparta, with no issue won, is unchanged."""
    g, s = _fresh()
    kind = next(k for k in g.tables.issue_kinds[ATHENS] if k not in ("OST", "WP"))
    win(g.tables, s, AF, kind, box=2)
    s.war, s.turn = 1, 1
    flow.political_phase(g.tables, s)
    assert s.honor[AF] - s.honor[DF] == 4 and s.honor[EK] == s.honor[AK]
    assert s.step in ("political_rest", "relocate_next")


def test_a_plague_removal_with_nothing_to_take_drops_only_itself() -> None:
    """P-PLAGUE-5, P-PLAGUE-6: a pending removal with no unit it may take is dropped, and the next one is
    still carried out: Athens has no land unit in Boeotia, then two kinds in Thessaly, so its Dominant
    chooses the second removal."""
    g, s = bare()
    t = g.tables
    put(g, s, "Thessaly", Al=1, Dl=1)
    s.plague_due = [t.theater_index["Boeotia"] * 10 + ATHENS * 2, t.theater_index["Thessaly"] * 10 + ATHENS * 2]
    flow.plague_next(t, s)
    assert s.step == "plague" and s.actor == s.dominant[ATHENS] and len(s.plague_due) == 1


def test_a_raid_card_of_value_0_counts_as_drawn() -> None:
    """P-RAID-2, P-AMB-9: the Commander's side turns up its card; an empty deck's draw counts 0, and the
    Raid is then settled (nothing to pay) and the marker goes back."""
    g, s = bare()
    s.revealed = g.tables.theater_index["Boeotia"] * 1000 + EK * 100 + EK * 10 + MIL
    s.draw = [-1, 0]
    flow.raid_draw(g.tables, s)
    assert s.chance is None and s.step == "reveal_next" and s.revealed == -1


def test_a_vignette_ends_with_its_theater_phase_and_says_so() -> None:
    """P-SEQ-1, P-VICTORY-6: a theater-only vignette ends once the last marker is resolved, its reason
    "end of the vignette"."""
    g = game("14_1_09a")
    s = g.new_state(1)
    s.queue, s.step = [], "reveal_next"
    flow.reveal_next(g.tables, s)
    assert s.outcome is not None and s.outcome.reason == "end of the vignette"


def test_a_turn_starts_with_nothing_built_this_turn() -> None:
    """P-WILL-5: a "build or convert a base" condition asks that "a League base was built or a League base
    was converted to a city-state base this turn": at a turn's start no theater has one yet."""
    g, s = bare()
    s.built = [1] * len(s.built)
    flow.start_turn(g.tables, s)
    assert s.built == [0] * len(s.built)


def test_a_debate_with_no_issue_left_to_debate_goes_straight_to_the_cards() -> None:
    """P-ASSEMBLY-4: only issues on the track and not captured are debated; with every Athenian issue
    captured the debate has no issue (-1) and the factions play their cards (``play``), none played yet."""
    g, s = bare()
    s.track = [7] * len(s.track)
    s.side, s.debate, s.played = 0, 0, [1, 1, 1, 1]
    flow.debate_next(g.tables, s)
    assert (s.issue, s.step, s.played) == (-1, "play", [0, 0, 0, 0])


def test_the_hostage_offer_moves_on_from_the_side_that_answered() -> None:
    """P-BOULE-3/4: each side holding a hostage is offered to use it once, Athens then Sparta: once Athens
    has answered (the cursor on Sparta) it is not asked again, though it still holds its hostage."""
    g, s = bare()
    s.track = [OFF] * len(s.track)
    s.hostage = [1, 0]
    s.cursor = 1
    flow.hostage_next(g.tables, s)
    assert s.step == "select_next"


def test_no_battle_when_the_other_side_has_nothing_there_after_movement() -> None:
    """P-EXPED-7: "If the Expedition theater is contested after movement, a Battle follows (P-BATTLE).
    Otherwise the issue ends under P-MIL-8": AF's units alone in Boeotia after the other side reveals."""
    g, s = bare()
    put(g, s, "Boeotia", Al=2)
    s.revealed = g.tables.theater_index["Boeotia"] * 1000 + AF * 100 + AF * 10 + MIL
    flow.exped_after(g.tables, s)
    assert s.step == "exped_end"


def test_the_political_phase_settles_athens_dominance_too() -> None:
    """P-DOMINANT-3: "the faction that won more issues becomes Dominant", for each side: DF won two
    Athenian issues and AF none, so DF becomes Athens' Dominant faction."""
    g, s = _fresh()
    kinds = [k for k in g.tables.issue_kinds[ATHENS] if k not in ("OST", "WP")][:2]
    for kind in kinds:
        win(g.tables, s, DF, kind)
    s.dominant = [AF, s.dominant[SPARTA]]
    s.war, s.turn = 1, 1
    flow.political_phase(g.tables, s)
    assert s.dominant[ATHENS] == DF
