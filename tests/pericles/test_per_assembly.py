"""The Assembly phase: debates (P-ASSEMBLY), card values (P-CARD) and the Advisory Council (P-LEADER)."""

from __future__ import annotations

from per_helpers import AF, DF, at_step, first_legal, game, play, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import assembly
from kleos.games.pericles.state import DECK, DISCARD, ENTOURAGE, HAND, OUT, PericlesState
from kleos.games.pericles.tables import ISSUES_PER_SIDE, Tables
from step_cap import StepCap


def _hand(t: Tables, s: PericlesState, f: int, *ids: str) -> None:
    """Give ``f`` exactly these cards (plus its Leader), the old ones back to the deck."""
    for c, loc in enumerate(s.card_loc):
        if loc == HAND + f and c != t.leader_of[f]:
            s.card_loc[c] = DECK
    for card in ids:
        s.card_loc[t.card_index[card]] = HAND + f


def _debate(kind: str, pos: int = 0, side: int = 0, seed: int = 1) -> tuple[PericlesGame, PericlesState]:
    """A position at the first debate of ``side`` with a ``kind`` issue put at ``pos`` and debated."""
    g, s = at_step("debate", seed=seed)
    t = g.tables
    cap = StepCap("s.side != side")
    while s.side != side and cap():
        first_legal(g, s)
        cap = StepCap("s.step != 'debate' or g.is_chance(s)")
        while (s.step != "debate" or g.is_chance(s)) and cap():
            first_legal(g, s)
    index = t.issue_kinds[side].index(kind)
    s.track[side * ISSUES_PER_SIDE + index] = pos
    g.apply_in_place(s, Action("debate", (kind, pos)))
    return g, s


def test_card_value_example() -> None:
    """P-CARD-2, P-CARD-4, P-CARD-5, P-DEF-23: A01's Aristocrat half: +3 Military with Alcibiades in
    Athens, +2 if not; the Demagogues use the other half (+1 League)."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    a01 = t.card_index["A01"]
    assert assembly.modified_value(t, s, AF, a01, "MIL") == 2 + 3
    s.alcibiades = 1
    assert assembly.modified_value(t, s, AF, a01, "MIL") == 2 + 2
    assert assembly.modified_value(t, s, DF, a01, "MIL") == 2
    assert assembly.modified_value(t, s, DF, a01, "LEA") == 3
    assert assembly.strategos_due(t, s, AF, a01, "MIL") == 3  # paid once for the two alternatives


def test_conditions() -> None:
    """P-CARD-3: NOT x, Dominant, Plague status and War conditions."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    a18, a11, a03 = (t.card_index[c] for c in ("A18", "A11", "A03"))
    assert assembly.modified_value(t, s, DF, a18, "MIL") == 3 and assembly.strategos_due(t, s, DF, a18, "MIL") == 1
    assert assembly.strategos_due(t, s, DF, a18, "WP") == 0  # NOT War/Peace
    assert assembly.modified_value(t, s, DF, a11, "MIL") == 2  # +4 only if Dominant
    s.dominant[0] = DF
    assert assembly.modified_value(t, s, DF, a11, "MIL") == 6
    assert assembly.modified_value(t, s, DF, a03, "MIL") == 1  # Athens at Peace
    s.war = 1
    assert assembly.modified_value(t, s, DF, a03, "MIL") == 6
    assert assembly.strategos_due(t, s, DF, a03, "CIT") == 0  # side issues align only with ANY / NOT x


def test_debate_choosers_alternate() -> None:
    """P-ASSEMBLY-1, P-ASSEMBLY-2, P-ASSEMBLY-3: six debates per side, Dominant in 1, 3, 5 and Opponent in 2, 4, 6."""
    g, s = at_step("debate")
    seen = []
    cap = StepCap("s.phase == 'assembly' and s.side == 0")
    while s.phase == "assembly" and s.side == 0 and cap():
        if s.step == "debate" and not g.is_chance(s):
            seen.append((s.debate, s.actor))
        first_legal(g, s)
    assert [d for d, _ in seen] == [1, 2, 3, 4, 5, 6]
    actors = [a for _, a in seen]
    assert actors[0] == actors[2] == actors[4] == s.dominant[0]
    assert actors[1] == actors[3] == actors[5] == s.dominant[0] ^ 1


def test_debate_moves_by_the_difference_and_pays_strategos() -> None:
    """P-ASSEMBLY-5, P-ASSEMBLY-6, P-ASSEMBLY-7, P-ASSEMBLY-12, P-CARD-6: higher modified value wins and moves the
    issue by the
    difference toward its end; aligned cards earn Strategos win or lose; both cards are discarded."""
    g, s = _debate("MIL")
    t = g.tables
    _hand(t, s, AF, "A12")  # 3 +2 MIL / 2S
    _hand(t, s, DF, "A15")  # DF half: MIL +2 / 2S, value 3
    s.card_loc[t.card_index["A20"]] = HAND + DF
    play(g, s, "play A12", seat=AF)
    play(g, s, "play A20", seat=DF)  # DF half of A20: LEA +1: not aligned, value 4
    mil = t.issue_kinds[0].index("MIL")
    assert s.track[mil] == 1  # 5 - 4
    assert s.stock[AF] == 2 and s.stock[DF] == 0
    assert s.card_loc[t.card_index["A12"]] == DISCARD and s.card_loc[t.card_index["A20"]] == DISCARD


def test_tie_does_not_move() -> None:
    """P-ASSEMBLY-8: equal modified values leave the issue where it is."""
    g, s = _debate("GAM", pos=2)
    t = g.tables
    _hand(t, s, AF, "A26")  # value 5, ANY +0
    _hand(t, s, DF, "A27")  # DF half NOT-OST +0, value 5
    play(g, s, "play A26", seat=AF)
    play(g, s, "play A27", seat=DF)
    assert s.track[t.issue_kinds[0].index("GAM")] == 2


def test_capture_at_seven() -> None:
    """P-ASSEMBLY-10, P-ASSEMBLY-11: an issue reaching box 7 is captured and cannot be debated again."""
    g, s = _debate("ORA", pos=-4)
    t = g.tables
    _hand(t, s, AF, "A02")  # value 1, no ORA bonus on the AF half
    _hand(t, s, DF, "A17")  # DF half ORA +2: 5
    play(g, s, "play A02", seat=AF)
    play(g, s, "play A17", seat=DF)
    assert s.track[t.issue_kinds[0].index("ORA")] == -7
    if s.step == "debate":
        assert Action("debate", ("ORA", -7)) not in g.legal_actions(s)


def test_war_peace_may_stop_at_the_centre() -> None:
    """P-ASSEMBLY-9: the winner of a War/Peace debate crossing the centre may stop there."""
    g, s = _debate("WP", pos=2)
    t = g.tables
    _hand(t, s, AF, "A02")  # 1
    _hand(t, s, DF, "A29")  # 5
    play(g, s, "play A02", seat=AF)
    play(g, s, "play A29", seat=DF)
    assert s.step == "stop" and s.actor == DF
    assert rule_of(g, s, "stop maybe") == "P-ASSEMBLY-9"
    play(g, s, "stop yes")
    assert s.track[t.issue_kinds[0].index("WP")] == 0


def test_strategos_shortage_alternates_from_the_dominant() -> None:
    """P-CARD-7: with too few tokens, one at a time, the Dominant faction first."""
    g, s = _debate("MIL")
    t = g.tables
    s.supply[0] = 3
    _hand(t, s, AF, "A12")  # 2 Strategos on MIL
    _hand(t, s, DF, "A19")  # DF half MIL 2S
    play(g, s, "play A12", seat=AF)
    play(g, s, "play A19", seat=DF)
    assert (s.stock[AF], s.stock[DF], s.supply[0]) == (2, 1, 0)


def test_advisory_council() -> None:
    """P-LEADER-1, P-LEADER-3, P-LEADER-4, P-LEADER-5, P-LEADER-6, P-LEADER-7: a Leader played alone may call the
    Advisory Council: a random
    entourage card adds its base value; the whole entourage is then discarded; next turn six cards."""
    g, s = _debate("MIL")
    t = g.tables
    _hand(t, s, DF, "A02")
    play(g, s, "play LAF", seat=AF)
    play(g, s, "play A02", seat=DF)
    assert s.step == "council" and s.actor == AF
    entourage = [c for c, loc in enumerate(s.card_loc) if loc == ENTOURAGE + AF]
    g.apply_in_place(s, Action("council", ("yes",)))
    assert g.is_chance(s) and len(g.chance_outcomes(s)) == len(entourage)
    card = entourage[0]
    g.apply_in_place(s, Action("advisor", ("AF", t.card_ids[card])))
    expected = (3 + 2) + t.card_value[card] - (1 + 2)  # Leader 3 +2 (NOT-OST) + advisor; A02's DF half 1 +2 MIL
    assert s.track[t.issue_kinds[0].index("MIL")] in (expected, 7)
    assert all(s.card_loc[c] == DISCARD for c in entourage)
    assert s.card_loc[t.leader_of[AF]] == OUT and s.used_council[AF] == 1


def test_no_council_when_both_leaders_are_played() -> None:
    """P-LEADER-3: both Leaders down: no Advisory Council."""
    g, s = _debate("MIL")
    play(g, s, "play LAF", seat=AF)
    play(g, s, "play LDF", seat=DF)
    assert s.step != "council"


def test_seventh_card_left() -> None:
    """P-ASSEMBLY-13, P-ASSEMBLY-14: after six debates each faction holds exactly one card."""
    g, s = at_step("debate")
    cap = StepCap("s.phase == 'assembly'")
    while s.phase == "assembly" and cap():
        first_legal(g, s)
        if s.side == 1 and s.debate == 1 and s.step == "debate":
            assert [s.card_loc.count(HAND + f) for f in (AF, DF)] == [1, 1]
    assert s.phase != "assembly"


def test_play_refuses_a_card_not_in_hand() -> None:
    """P-ASSEMBLY-5: only a card of one's own hand can be played."""
    g, s = _debate("MIL")
    other = next(c for c, loc in enumerate(s.card_loc) if loc == HAND + DF and c != g.tables.leader_of[DF])
    assert rule_of(g, s, f"play {g.tables.card_ids[other]}", seat=AF) == "P-ASSEMBLY-5"


def test_no_council_without_an_entourage() -> None:
    """P-LEADER-8: a Leader played alone gives no Advisory Council to a faction with no entourage."""
    g, s = _debate("MIL")
    t = g.tables
    for c, loc in enumerate(s.card_loc):
        if loc == ENTOURAGE + AF:
            s.card_loc[c] = DECK
    _hand(t, s, DF, "A02")
    play(g, s, "play LAF", seat=AF)
    play(g, s, "play A02", seat=DF)
    assert s.step != "council" and s.debate == 2


def test_debate_targets_on_the_track_and_not_captured() -> None:
    """P-ASSEMBLY-4: only issues on the side's track and not captured may be debated; the same issue may
    be debated again."""
    g, s = at_step("debate")
    t = g.tables
    mil = t.issue_kinds[0].index("MIL")
    lea = t.issue_kinds[0].index("LEA")
    s.track[mil], s.track[lea] = 0, 7
    legal = g.legal_actions(s)
    assert Action("debate", ("MIL", 0)) in legal and Action("debate", ("LEA", 7)) not in legal
    off = [i for i in range(ISSUES_PER_SIDE) if s.track[i] == 99]
    assert all(Action("debate", (t.issue_kinds[0][i], 99)) not in legal for i in off)
    assert rule_of(g, s, "debate LEA 7") == "P-ASSEMBLY-4"
    play(g, s, "debate MIL 0")
    cap = StepCap("s.step != 'debate' or g.is_chance(s)")
    while (s.step != "debate" or g.is_chance(s)) and cap():
        first_legal(g, s)
    assert any(a.args[0] == "MIL" for a in g.legal_actions(s)) or abs(s.track[mil]) == 7
