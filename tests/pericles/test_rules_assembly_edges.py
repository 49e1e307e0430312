"""Edges of the Assembly phase (P-ASSEMBLY), card values (P-CARD) and the Advisory Council (P-LEADER):
Sparta's side as well as Athens', each condition of a card half in both positions, the track's ends
at exactly box 7, the centre box reached but not crossed, the supply at exactly what is owed, and each
refusal's rule and words. The rules are called on a position set by hand, so no loop is needed."""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, game

from kleos.core.action import Action
from kleos.games.pericles.rules import assembly
from kleos.games.pericles.state import DECK, DISCARD, ENTOURAGE, HAND, OUT, PLAYED, PericlesState
from kleos.games.pericles.tables import ISSUES_PER_SIDE, Tables


def _position(side: int = 0) -> tuple[Tables, PericlesState]:
    """A new game with no card down or in an entourage, the debated ``side`` set, no issue chosen yet."""
    g = game()
    s = g.new_state(1)
    s.card_loc = [DECK] * len(s.card_loc)
    s.side, s.issue, s.revealed = side, -1, -1
    s.played = [0] * 4
    return g.tables, s


def _down(t: Tables, s: PericlesState, **cards: str) -> None:
    """Put each faction's card down in the current debate: ``_down(t, s, AF="A12", DF="A20")``."""
    names = {"AF": AF, "DF": DF, "EK": EK, "AK": AK}
    for faction, card in cards.items():
        s.card_loc[t.card_index[card]] = PLAYED + names[faction]
        s.played[names[faction]] = 1


def _debating(t: Tables, s: PericlesState, index: int, pos: int) -> None:
    """The issue at ``index`` of the side's track put at box ``pos`` and debated."""
    s.track[s.side * ISSUES_PER_SIDE + index] = pos
    s.issue = index


# ----- card values (P-CARD) --------------------------------------------------------------------
def test_no_issue_matches_no_attribute() -> None:
    """P-CARD-3: an attribute's issue condition (even Any) is met only by an issue being debated."""
    t, s = _position()
    a11 = t.card_index["A11"]  # AF half: Any, 1 Strategos
    assert assembly.strategos_due(t, s, AF, a11, None) == 0
    assert assembly.strategos_due(t, s, AF, a11, "CIT") == 1


def test_dominant_condition_on_spartas_side() -> None:
    """P-CARD-3: "being the Dominant faction" — S08's Eurypontid half gives +4 Military only while the
    Eurypontids are Sparta's Dominant faction; Athens' Dominant faction does not count."""
    t, s = _position(side=1)
    s08 = t.card_index["S08"]
    s.dominant = [AF, EK]
    assert assembly.modified_value(t, s, EK, s08, "MIL") == 2 + 4
    s.dominant = [AF, AK]
    assert assembly.modified_value(t, s, EK, s08, "MIL") == 2
    s.dominant = [DF, AK]
    assert assembly.modified_value(t, s, EK, s08, "MIL") == 2


def test_plague_conditions_in_both_positions() -> None:
    """P-CARD-3: "Pre-Plague or Post-Plague" — A06's Aristocrat half +5 League only before the Plague,
    A09's Demagogue half +4 Military only after it."""
    t, s = _position()
    a06, a09 = t.card_index["A06"], t.card_index["A09"]
    s.plague = 0
    assert assembly.modified_value(t, s, AF, a06, "LEA") == 1 + 5
    assert assembly.modified_value(t, s, DF, a09, "MIL") == 2
    s.plague = 1
    assert assembly.modified_value(t, s, AF, a06, "LEA") == 1
    assert assembly.modified_value(t, s, DF, a09, "MIL") == 2 + 4


def test_alcibiades_conditions_in_both_positions() -> None:
    """P-CARD-3: "Alcibiades in Athens or not in Athens" — S25's Eurypontid half +3 Military only while
    he is not in Athens; A20's Aristocrat half +3 Military only while he is."""
    t, s = _position()
    s25, a20 = t.card_index["S25"], t.card_index["A20"]
    s.alcibiades = 0
    assert assembly.modified_value(t, s, EK, s25, "MIL") == 4
    assert assembly.modified_value(t, s, AF, a20, "MIL") == 4 + 3
    s.alcibiades = 1
    assert assembly.modified_value(t, s, EK, s25, "MIL") == 4 + 3
    assert assembly.modified_value(t, s, AF, a20, "MIL") == 4


# ----- debates --------------------------------------------------------------------------------
def test_spartas_chooser_alternates_from_its_dominant() -> None:
    """P-ASSEMBLY-3 on Sparta's side: its own Dominant faction chooses in debates 1, 3 and 5."""
    _, s = _position(side=1)
    s.dominant = [AF, AK]
    s.debate = 1
    assert assembly.debate_chooser(s) == AK
    s.debate = 2
    assert assembly.debate_chooser(s) == EK


def test_targets_stop_at_box_seven_on_either_end_of_spartas_track() -> None:
    """P-ASSEMBLY-4, P-ASSEMBLY-10, P-ASSEMBLY-11: "The chosen issue must be on that side's track and not
    captured" — box 6 either way may be debated, box 7 either way may not; Sparta's side reads its own
    track."""
    t, s = _position(side=1)
    kinds = t.issue_kinds[1]
    s.track = [0] * ISSUES_PER_SIDE + [99] * ISSUES_PER_SIDE
    for index, pos in ((0, 6), (1, -6), (6, 7), (9, -7)):
        s.track[ISSUES_PER_SIDE + index] = pos
    assert assembly.targets(t, s) == [(kinds[1], -6), (kinds[0], 6)]


def test_debate_picks_the_issue_at_the_named_box() -> None:
    """P-ASSEMBLY-4: two issues of one kind at different boxes are two choices; the one named is debated."""
    t, s = _position(side=1)
    s.track[ISSUES_PER_SIDE:ISSUES_PER_SIDE + 2] = [2, -3]
    assembly.debate_apply(t, s, Action("debate", ("MIL", -3)))
    assert s.issue == 1
    assembly.debate_apply(t, s, Action("debate", ("MIL", 2)))
    assert s.issue == 0


def test_a_card_put_down_is_marked_played() -> None:
    """P-ASSEMBLY-5: the card leaves the hand and the faction is marked as having played."""
    t, s = _position()
    s.card_loc[t.card_index["A12"]] = HAND + DF
    assembly.play_apply(t, s, DF, Action("play", ("A12",)))
    assert s.card_loc[t.card_index["A12"]] == PLAYED + DF and s.played == [0, 1, 0, 0]
    assert assembly.played_card(s, DF) == t.card_index["A12"]


@pytest.mark.parametrize(
    ("dominant", "ek_card", "ak_card", "supply", "paid"),
    [
        (EK, "S21", "S13", 4, [2, 2]),  # 2 Strategos owed to each (Military), exactly 4 in the supply
        (AK, "S01", "S06", 1, [0, 1]),  # 1 owed to each, 1 in the supply: to the Dominant faction
    ],
)
def test_strategos_from_spartas_supply_at_its_edges(
    dominant: int, ek_card: str, ak_card: str, supply: int, paid: list[int]
) -> None:
    """P-CARD-6, P-CARD-7: "tokens are handed out one at a time, starting with the Dominant faction" — a
    supply of exactly what is owed pays both in full; one token short of two goes to the Dominant
    faction (here the side's second); Sparta pays from its own supply."""
    t, s = _position(side=1)
    s.dominant = [AF, dominant]
    s.stock, s.supply = [0] * 4, [26, supply]
    _debating(t, s, 0, 0)
    _down(t, s, EK=ek_card, AK=ak_card)
    assembly.award_strategos(t, s)
    assert (s.stock, s.supply) == ([0, 0, *paid], [26, 0])


def test_spartan_leader_alone_calls_the_council() -> None:
    """P-LEADER-3, P-LEADER-8 on Sparta's side: the Agiad Leader played alone, with an entourage."""
    t, s = _position(side=1)
    s.card_loc[t.card_index["S02"]] = ENTOURAGE + AK
    _down(t, s, EK="S01", AK="LAK")
    assert assembly.council_candidate(t, s) == AK
    t, s = _position(side=1)
    s.card_loc[t.card_index["S02"]] = ENTOURAGE + EK
    _down(t, s, EK="S01", AK="LAK")
    assert assembly.council_candidate(t, s) == -1  # the entourage is the other faction's


def test_each_entourage_card_equally_likely() -> None:
    """P-LEADER-4: "reveals one of its 3 entourage cards at random" — each with chance 1/3, named with
    the faction that reveals it."""
    t, s = _position(side=1)
    for card in ("S03", "S04", "S05"):
        s.card_loc[t.card_index[card]] = ENTOURAGE + EK
    s.card_loc[t.card_index["S06"]] = ENTOURAGE + AK
    s.actor = EK
    outcomes = assembly.advisor_outcomes(t, s)
    assert [a for a, _ in outcomes] == [Action("advisor", ("EK", c)) for c in ("S03", "S04", "S05")]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)


def test_the_advisor_adds_its_base_value_to_its_owner_only() -> None:
    """P-LEADER-4, P-LEADER-5: the entourage card's base value (not its attributes) is added to the
    modified value of the faction that revealed it."""
    t, s = _position(side=1)
    _debating(t, s, 0, 0)
    _down(t, s, EK="S01", AK="LAK")  # EK: 1 +2 MIL; AK's Leader: 3 +2 (NOT-OST)
    s.revealed = t.card_index["S06"]  # base value 2; its AK half +1 MIL is ignored
    s.card_loc[s.revealed] = ENTOURAGE + AK
    assert assembly.values(t, s) == {EK: 3, AK: 5 + 2}


# ----- moving the issue ---------------------------------------------------------------------
def test_the_first_faction_stops_at_its_box_seven() -> None:
    """P-ASSEMBLY-7, P-ASSEMBLY-10: "An issue that reaches box 7 on a faction's side (or would go past
    it) stops at 7" — the first faction (EK) winning by 4 from box 5."""
    t, s = _position(side=1)
    _debating(t, s, 0, 5)
    _down(t, s, EK="S27", AK="S01")  # EK: 5 +0 (Any); AK: 1, its bonus on Oracle only
    assert assembly.outcome_move(t, s) == (EK, 7)


def test_the_difference_moves_toward_the_winner() -> None:
    """P-ASSEMBLY-7, P-ASSEMBLY-8: "moves the issue toward its own end by exactly the difference" — a
    tie stays, a win by one moves one box, either way."""
    t, s = _position()
    _debating(t, s, 0, 2)
    _down(t, s, AF="A20", DF="A19")  # AF: 4, +3 Military with Alcibiades in Athens; DF: 3 +2 Military
    s.alcibiades = 1
    assert assembly.outcome_move(t, s) == (DF, 1)  # 4 against 5
    s.alcibiades = 0
    assert assembly.outcome_move(t, s) == (AF, 4)  # 7 against 5
    s.card_loc = [DECK] * len(s.card_loc)
    _down(t, s, AF="A12", DF="A19")  # 3 +2 against 3 +2
    assert assembly.outcome_move(t, s) == (-1, 2)


def test_war_peace_reaching_the_centre_does_not_cross_it() -> None:
    """P-ASSEMBLY-9: "would pass through the centre box" — a move that ends on the centre box, or starts
    on it, does not cross it; a move past it does, for either faction."""
    t, s = _position()
    wp = t.issue_kinds[0].index("WP")
    _down(t, s, AF="A02", DF="A23")  # AF 1; DF 4 +2 on Diplomatic only: 4 on War/Peace
    for start, crosses in ((3, False), (2, True), (0, False), (-1, False)):
        _debating(t, s, wp, start)
        assert assembly.crosses_centre(t, s) is crosses, start
    s.card_loc = [DECK] * len(s.card_loc)
    _down(t, s, AF="A23", DF="A02")  # AF 4; DF 1
    for start, crosses in ((-3, False), (-2, True), (0, False), (1, False)):
        _debating(t, s, wp, start)
        assert assembly.crosses_centre(t, s) is crosses, start


def test_a_tie_on_war_peace_never_stops() -> None:
    """P-ASSEMBLY-8, P-ASSEMBLY-9: a tie moves nothing, so there is no centre to stop on."""
    t, s = _position()
    _debating(t, s, t.issue_kinds[0].index("WP"), -2)
    _down(t, s, AF="A26", DF="A27")  # 5 +0 (Any) against 5 +0 (NOT-OST): a tie
    assert assembly.outcome_move(t, s) == (-1, -2)
    assert not assembly.crosses_centre(t, s)


def test_finish_stops_on_the_centre_and_clears_the_debate() -> None:
    """P-ASSEMBLY-9, P-ASSEMBLY-12, P-LEADER-6: stopped on the centre box; the card goes to the discard
    pile, the Leader out of play; the adviser's whole entourage discarded, the other faction's kept."""
    t, s = _position()
    wp = t.issue_kinds[0].index("WP")
    _debating(t, s, wp, -2)
    _down(t, s, AF="LAF", DF="A02")
    entourage_af = [t.card_index[c] for c in ("A01", "A04", "A05")]  # A01 is card 0, the first of all
    for c in entourage_af:
        s.card_loc[c] = ENTOURAGE + AF
    kept = t.card_index["A06"]
    s.card_loc[kept] = ENTOURAGE + DF
    s.revealed = entourage_af[0]
    assert assembly.values(t, s) == {AF: 3 + 2 + 2, DF: 1}  # the Leader 3 +2 (NOT-OST), A01's base 2
    assembly.finish(t, s, stop_at_centre=True)
    assert s.track[wp] == 0
    assert s.card_loc[t.leader_of[AF]] == OUT and s.card_loc[t.card_index["A02"]] == DISCARD
    assert [s.card_loc[c] for c in entourage_af] == [DISCARD] * 3 and s.card_loc[kept] == ENTOURAGE + DF
    assert (s.played, s.revealed, s.issue) == ([0, 0, 0, 0], -1, -1)


def test_finish_moves_the_whole_way_when_not_stopped() -> None:
    """P-ASSEMBLY-7: without a stop, the winner moves the issue by the whole difference."""
    t, s = _position()
    wp = t.issue_kinds[0].index("WP")
    _debating(t, s, wp, -2)
    _down(t, s, AF="LAF", DF="A02")  # 3 +2 (NOT-OST) against 1
    assembly.finish(t, s, stop_at_centre=False)
    assert s.track[wp] == 2


def test_a_debate_with_no_issue_left_moves_nothing_and_pays_nothing() -> None:
    """P-ASSEMBLY-14, P-CARD-6: with every issue of the side captured the factions still play their six
    cards; Strategos is paid "When a card attribute's issue condition matches the issue being debated",
    and none is debated, so not even an Any card pays; no bonus applies and no issue moves."""
    t, s = _position(side=1)
    s.track = [3] * ISSUES_PER_SIDE + [7] * ISSUES_PER_SIDE
    s.stock, s.supply = [0] * 4, [26, 26]
    _down(t, s, EK="S17", AK="S30")  # EK half Any, 1 Strategos; AK half Any +1 if Dominant, 1 Strategos
    s.dominant = [AF, AK]
    assembly.award_strategos(t, s)
    assert (s.stock, s.supply) == ([0] * 4, [26, 26])
    assert assembly.values(t, s) == {EK: 3, AK: 5}
    assert assembly.outcome_move(t, s) == (-1, 0)  # no winner, as the function says of no issue
    track = list(s.track)
    assembly.finish(t, s, stop_at_centre=False)
    assert s.track == track


# ----- refusals ---------------------------------------------------------------------------------
def test_each_step_refuses_with_its_rule_and_words() -> None:
    """P-ASSEMBLY-4, P-ASSEMBLY-5, P-LEADER-3, P-ASSEMBLY-9: a refusal names the rule and the action
    the step expects."""
    t, s = _position()
    wrong = Action("pass", ())
    expected = {
        "debate": ("P-ASSEMBLY-4", "choose an issue on the track that is not captured: debate <issue> <box>"),
        "play": ("P-ASSEMBLY-5", "play a card of your own hand: play <card>"),
        "council": ("P-LEADER-3", "answer council yes or council no"),
        "stop": ("P-ASSEMBLY-9", "answer stop yes (stop on the centre box) or stop no"),
    }
    for step, refusal in expected.items():
        s.step = step
        assert assembly.check(t, s, AF, wrong) == refusal, step
