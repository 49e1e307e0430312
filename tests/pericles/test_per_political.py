"""The Political phase: Oratory (P-ORATORY), Dominant faction (P-DOMINANT), Council (P-COUNCIL),
political issues (P-POLISSUE, P-WARPEACE) and theater markers (P-TMARK)."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, at_step, first_legal, game, play, rule_of

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow, political
from kleos.games.pericles.state import DISCARD, GONE, HAND, OFF, OUT, PericlesState
from kleos.games.pericles.tables import AL, DL, ISSUES_PER_SIDE, MARKER_KINDS, SL, Tables
from step_cap import StepCap


def _fresh() -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(1)
    s.track = [OFF] * len(s.track)
    return g, s


def _put(t: Tables, s: PericlesState, side: int, kind: str, pos: int, nth: int = 0) -> None:
    index = [i for i, k in enumerate(t.issue_kinds[side]) if k == kind][nth]
    s.track[side * ISSUES_PER_SIDE + index] = pos


def test_oratory_rulebook_example() -> None:
    """P-ORATORY-1, P-ORATORY-3, P-ORATORY-4, P-DOMINANT-3 (rulebook 7.1 example): AF wins issues on
    boxes 4, 3, 1 (8), DF five issues on boxes 2, 1, 1, 1, 1 (6): AF +2, DF -2; DF won more issues and
    becomes Dominant."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 0, "MIL", 4, 0)
    _put(t, s, 0, "MIL", 3, 1)
    _put(t, s, 0, "MIL", 1, 2)
    _put(t, s, 0, "LEA", -2, 0)
    _put(t, s, 0, "LEA", -1, 1)
    _put(t, s, 0, "DIP", -1, 0)
    _put(t, s, 0, "DIP", -1, 1)
    _put(t, s, 0, "GAM", -1)
    political.oratory(t, s, 0)
    assert s.honor[AF] == 12 and s.honor[DF] == 8
    political.dominance(t, s, 0)
    assert s.dominant[0] == DF and s.favor[0] == DF  # neutral -> one box toward DF


def test_oratory_cap_and_capture() -> None:
    """P-ORATORY-3, P-ORATORY-4, P-ORATORY-6: a capture counts 7; the gain is capped at 3; equal values
    change nothing."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 1, "MIL", 7)
    political.oratory(t, s, 1)
    assert (s.honor[EK], s.honor[AK]) == (13, 7)
    _put(t, s, 1, "LEA", -7)
    political.oratory(t, s, 1)
    assert (s.honor[EK], s.honor[AK]) == (13, 7)


def test_oratory_zero_floor() -> None:
    """P-ORATORY-5, P-DEF-16, P-HONOR-3: the winner gains only what the loser really lost."""
    g, s = _fresh()
    t = g.tables
    s.honor[AK] = 1
    _put(t, s, 1, "MIL", 5)
    political.oratory(t, s, 1)
    assert (s.honor[EK], s.honor[AK]) == (11, 0)


def test_ostracism() -> None:
    """P-ORATORY-2, P-DOMINANT-1, P-DOMINANT-2, P-POLISSUE-11, P-AMB-10: +3 / -3, no Oratory
    comparison; the winner becomes Dominant with the favor on its box."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 0, "OST", -1)
    _put(t, s, 0, "MIL", 7)
    s.favor[0] = AF
    political.oratory(t, s, 0)
    assert (s.honor[AF], s.honor[DF]) == (7, 13)
    political.dominance(t, s, 0)
    assert s.dominant[0] == DF and s.favor[0] == DF


def test_favor_marker() -> None:
    """P-DOMINANT-3, P-DOMINANT-4, P-DOMINANT-5, P-DOMINANT-6, P-DOMINANT-7: the favor moves one box toward the
    faction with more issues; already there, it
    stays and pays +1 / -1; on a tie it does not move and its holder is Dominant."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 1, "MIL", 1)
    political.dominance(t, s, 1)
    assert s.dominant[1] == EK and s.favor[1] == EK
    political.dominance(t, s, 1)
    assert (s.honor[EK], s.honor[AK]) == (11, 9)
    s.track = [OFF] * len(s.track)
    _put(t, s, 1, "MIL", -1)
    political.dominance(t, s, 1)
    assert s.dominant[1] == AK and s.favor[1] == -1
    s.track = [OFF] * len(s.track)
    s.favor[1] = EK
    _put(t, s, 1, "MIL", -1)
    _put(t, s, 1, "LEA", 1)
    political.dominance(t, s, 1)
    assert s.dominant[1] == EK and s.favor[1] == EK


def test_tie_with_neutral_favor() -> None:
    """P-DOMINANT-5, P-DOMINANT-6, P-AMB-11: neutral favor: higher Oratory value, else the Dominant stays."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 1, "MIL", -3)
    _put(t, s, 1, "LEA", 1)
    political.dominance(t, s, 1)
    assert s.dominant[1] == AK and s.favor[1] == -1
    s.track = [OFF] * len(s.track)
    s.dominant[1] = EK
    political.dominance(t, s, 1)
    assert s.dominant[1] == EK


def test_council_pays_the_dominant_first() -> None:
    """P-COUNCIL-1, P-COUNCIL-2, P-COUNCIL-3, P-COUNCIL-4, P-COUNCIL-5, P-COUNCIL-6, P-AMB-5: a Leader pays its
    Plague-status amount, any other card 1; the Dominant
    first; the rest returns to the supply; the 7th cards are discarded."""
    g, s = _fresh()
    t = g.tables
    s.council = [3, 5]
    s.supply = [10, 10]
    s.card_loc[t.leader_of[AF]] = HAND + AF  # Dominant (Athens): Leader, Pre-Plague 2
    s.card_loc[t.leader_of[DF]] = OUT
    s.card_loc[t.card_index["A05"]] = HAND + DF
    political.council(t, s, 0)
    assert (s.stock[AF], s.stock[DF], s.council[0], s.supply[0]) == (2, 1, 0, 10)
    assert s.card_loc[t.card_index["A05"]] == DISCARD
    s.plague = 1
    s.council[0] = 3
    s.card_loc[t.leader_of[AF]] = HAND + AF
    political.council(t, s, 0)
    assert s.stock[AF] == 5  # Post-Plague 4, only 3 in the Council (P-COUNCIL-4)


def test_war_and_peace() -> None:
    """P-WARPEACE-1, P-WARPEACE-2, P-WARPEACE-3: in Peace one won War/Peace declares War; in War both sides must win
    it for
    Peace, and each winner gains 10 Honor."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 1, "WP", 1)
    assert not political.war_peace(t, s) and s.war == 1
    assert political.war_peace(t, s) is False and s.war == 1  # one side only: nothing in War
    _put(t, s, 0, "WP", -2)
    assert political.war_peace(t, s) and s.war == 0
    assert (s.honor[DF], s.honor[EK], s.honor[AF]) == (20, 20, 10)


def _relocating(s: PericlesState, t: Tables) -> None:
    """Peace has just been declared: the flow's relocation step runs."""
    s.phase, s.war, s.chance = "political", 0, None
    s.step = "relocate_next"
    flow.advance(t, s)


def test_peace_relocation() -> None:
    """P-WARPEACE-5: on Peace, city-state units where their city has no base move; League units stay.
    Athens holds a base in the Eastern Mediterranean (14.2), so its Dominant chooses home or there for
    each unit; a Spartan unit, its city having no base away from home, goes home unasked."""
    g, s = _fresh()
    t = g.tables
    isthmus, athens, east = (t.theater_index[k] for k in ("Isthmus", "Athens", "EastMed"))
    sparta, boeotia = t.theater_index["Sparta"], t.theater_index["Boeotia"]
    s.pieces[isthmus * 15 + AL] = 2  # Athenian land units, no Athenian base there
    s.pieces[boeotia * 15 + SL] = 1  # a Spartan land unit away from any Spartan base
    before_sl, before_east = s.pieces[sparta * 15 + SL], s.pieces[east * 15 + AL]
    _relocating(s, t)
    assert s.step == "relocate" and s.actor == s.dominant[0]
    assert [str(a) for a in g.legal_actions(s, s.actor)] == ["relocate Isthmus Al Athens",
                                                           "relocate Isthmus Al EastMed"]
    assert rule_of(g, s, "relocate Isthmus Al Boeotia") == "P-WARPEACE-5"
    home = s.pieces[athens * 15 + AL]
    play(g, s, "relocate Isthmus Al EastMed")
    play(g, s, "relocate Isthmus Al Athens")
    cap = StepCap("s.step == 'relocate'")
    while s.step == "relocate" and cap():  # other Athenian units away from an Athenian base (14.2's fleets)
        assert str(g.legal_actions(s, s.actor)[0]).split()[-1] == "Athens"
        play(g, s, str(g.legal_actions(s, s.actor)[0]))
    assert s.pieces[isthmus * 15 + AL] == 0
    assert s.pieces[athens * 15 + AL] >= home + 1 and s.pieces[east * 15 + AL] == before_east + 1
    assert s.pieces[isthmus * 15 + DL] == 1  # the Delian land unit stays
    assert s.pieces[boeotia * 15 + SL] == 0 and s.pieces[sparta * 15 + SL] == before_sl + 1
    assert political.misplaced(s) is None


def _peace_vote(turn: int) -> tuple[PericlesGame, PericlesState]:
    """Turn ``turn`` of 14.2 in War, at the Political phase: both War/Peace issues won (Athens by DF,
    Sparta by EK) and 2 Athenian land units in the Isthmus, where Athens has no base."""
    g, s = _fresh()
    t = g.tables
    s.turn, s.war, s.chance, s.phase, s.step = turn, 1, None, "political", "political"
    _put(t, s, 0, "WP", -2)
    _put(t, s, 1, "WP", 1)
    s.pieces[t.theater_index["Isthmus"] * 15 + AL] = 2
    flow.advance(t, s)
    return g, s


def test_peace_ends_the_scenario_before_relocation() -> None:
    """P-WARPEACE-4, P-VICTORY-13, P-WARPEACE-3: in 14.2 from turn 3 on, Peace declared ends the game at
    once with final scoring, the winners' 10 Honor counted and no relocation made; on turn 2 the game
    goes on and the relocation follows (P-WARPEACE-5)."""
    g, s = _peace_vote(3)
    isthmus = g.tables.theater_index["Isthmus"]
    assert s.outcome is not None and s.outcome.reason == "Peace ended the scenario"
    assert s.phase == "over" and s.war == 0
    assert s.pieces[isthmus * 15 + AL] == 2  # checked before any other War/Peace effect
    assert s.honor[DF] >= 20 and s.honor[EK] >= 20
    g, s = _peace_vote(2)
    assert s.outcome is None and s.war == 0
    assert s.step == "relocate" and str(g.legal_actions(s, s.actor)[0]).startswith("relocate Isthmus Al")


def test_games() -> None:
    """P-POLISSUE-2, P-POLISSUE-3: Games give 3 Honor in Peace, 3 Strategos in War (as far as the
    supply goes)."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 0, "GAM", 1)
    _put(t, s, 1, "GAM", -1)
    political.games(t, s)
    assert s.honor[AF] == 13 and s.honor[AK] == 13
    s.war = 1
    s.supply[1] = 2
    political.games(t, s)
    assert s.stock[AF] == 3 and s.stock[AK] == 2 and s.supply[1] == 0


def test_unique_issues_leave_the_game() -> None:
    """P-POLISSUE-9: Citizenship, Colony, Krypteia and Agoge are removed once won."""
    g, s = _fresh()
    t = g.tables
    _put(t, s, 0, "CIT", 2)
    _put(t, s, 1, "AGO", 0)
    political.unique_issues(t, s)
    assert s.track[t.issue_kinds[0].index("CIT")] == GONE
    assert s.track[ISSUES_PER_SIDE + t.issue_kinds[1].index("AGO")] == 0  # on the centre: won by nobody


def test_markers_received_and_lent() -> None:
    """P-TMARK-1, P-TMARK-2, P-TMARK-3, P-TMARK-4, P-TMARK-5, P-AMB-8, P-AMB-47: one marker per won theater issue,
    two Rumors each; the faction
    with more lends until both hold half, keeping the odd one; a lent marker keeps its owner."""
    g, s = _fresh()
    t = g.tables
    for n in range(5):
        _put(t, s, 0, "MIL", 1 + n, n)
    _put(t, s, 0, "DIP", 7)
    political.receive_markers(t, s)
    assert political.held_by(s, AF) == 8 and political.held_by(s, DF) == 2
    assert all(p in (OFF, GONE) for p in s.track)
    s.step, s.chance = "lend_next", None
    flow.advance(t, s)
    assert s.step == "lend" and s.actor == AF
    cap = StepCap("s.step == 'lend'")
    while s.step == "lend" and cap():
        g.apply_in_place(s, g.legal_actions(s)[0])
    assert political.held_by(s, AF) == 5 and political.held_by(s, DF) == 5
    lent = s.held[(DF * 4 + AF) * len(MARKER_KINDS):(DF * 4 + AF + 1) * len(MARKER_KINDS)]
    assert sum(lent) == 3


def test_political_phase_runs_in_order() -> None:
    """P-SEQ-4, P-SEQ-5: after the six debates of each side the Political phase runs on its own up to a
    side-issue choice, the lending of markers or the Theater phase."""
    g, s = at_step("debate")
    cap = StepCap("s.phase in ('assembly',) or g.is_chance(s)")
    while (s.phase in ("assembly",) or g.is_chance(s)) and cap():
        first_legal(g, s)
    assert s.phase == "theater" or s.step in ("side", "lend") or s.phase == "over"
    assert all(s.card_loc.count(HAND + f) == 0 for f in (AF, DF, EK, AK))  # 7th cards revealed
