"""How the story tells the end of a Pericles game: the end-of-game bonuses a line each with what each
counted (P-VICTORY-7..10), the winning side's bonus of a conquest (P-VICTORY-3), the numbers of an
automatic Honor victory (P-VICTORY-1), a vignette's end without bonuses (P-VICTORY-6). Before, the last
step's Result gave a faction some 30 Honor for "victory scoring", and a game won on Honor ended on a
Rumor's line with no word of why."""

from __future__ import annotations

from per_helpers import clear_board, game, put
from test_per_story import steps

from kleos.games.pericles import story
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import final
from kleos.games.pericles.state import H_VICTORY, N_HONOR, PericlesState


def _ended(g: PericlesGame, before: PericlesState, after: PericlesState) -> list[str]:
    """The ending's lines as the public log reads them."""
    return story.ending_told(g, g.view(before, None).state, g.view(after, None).state)


def test_p_victory_8_each_end_bonus_is_told_with_what_it_counted() -> None:
    """P-VICTORY-7, P-VICTORY-8, P-VICTORY-9, P-VICTORY-10: a line for each bonus in the order it is
    scored, naming the bases and the theaters each side controls and how its factions share the Honor
    (the odd point to the Dominant: AF for Athens, AK for Sparta here)."""
    g = game()
    before = g.new_state(1)
    clear_board(before)
    put(g, before, "Athens", Ab=1)
    put(g, before, "Sparta", Sb=1, Pb=1)
    after = before.copy()
    final.end_scoring(g.tables, after, final.SCENARIO_END)
    assert _ended(g, before, after) == [
        "Political bonus for Athens (P-VICTORY-7): Dominant AF +5, Opponent DF -5.",
        "Political bonus for Sparta (P-VICTORY-7): Dominant AK +5, Opponent EK -5.",
        "Economic bonus for Athens (P-VICTORY-8): 1 base on the map, 3 Honor each: +3 (AF 2, DF 1).",
        "Geographic bonus for Athens (P-VICTORY-9): 1 theater controlled (Athens), 3 Honor each: +3 (AF 2, DF 1).",
        "Economic bonus for Sparta (P-VICTORY-8): 2 bases on the map, 3 Honor each: +6 (AK 3, EK 3).",
        "Geographic bonus for Sparta (P-VICTORY-10): 1 theater controlled (Sparta), 6 Honor each: +6 (AK 3, EK 3).",
    ]


def test_p_victory_8_the_told_bonuses_add_up_to_the_scored_honor() -> None:
    """P-VICTORY-7, P-VICTORY-8: on a board of the real scenario the shares the lines tell sum, faction
    by faction, to the Honor the scoring gave (the scoring and the story read one list of bonuses)."""
    g = game()
    before = g.new_state(3)
    after = before.copy()
    final.end_scoring(g.tables, after, final.SCENARIO_END)
    told = [0, 0, 0, 0]
    for bonus in final.end_bonuses(g.tables, after):
        dominant, honor = after.dominant[bonus.side], bonus.honor
        shares = (honor, -honor) if bonus.kind == final.POLITICAL else (honor - honor // 2, honor // 2)
        told[dominant] += shares[0]
        told[dominant ^ 1] += shares[1]
    assert told == [after.honor_from[f * N_HONOR + H_VICTORY] for f in range(4)]
    lines = _ended(g, before, after)
    assert len(lines) == 6 and sum("theaters controlled" in line for line in lines) == 2


def test_p_victory_10_a_side_with_no_theater_is_told_plus_nothing() -> None:
    """P-VICTORY-10: Sparta controlling nothing still gets its line, at +0."""
    g = game()
    before = g.new_state(1)
    clear_board(before)
    put(g, before, "Athens", Ab=1)
    after = before.copy()
    final.end_scoring(g.tables, after, final.SCENARIO_END)
    lines = _ended(g, before, after)
    assert "Geographic bonus for Sparta (P-VICTORY-10): no theater controlled, +0." in lines
    assert "Economic bonus for Sparta (P-VICTORY-8): 0 bases on the map, 3 Honor each: +0 (AK 0, EK 0)." in lines


def test_p_victory_3_a_conquest_tells_the_winning_side_s_bonus() -> None:
    """P-VICTORY-2, P-VICTORY-3: Sparta takes Athens; its Dominant's +5 and its Opponent's -5 are told."""
    g = game()
    before = g.new_state(1)
    clear_board(before)
    put(g, before, "Athens", Sl=1)
    put(g, before, "Hellespont", Db=1)
    before.granary_start = [1]
    after = before.copy()
    assert final.automatic_victory(g.tables, after)
    assert _ended(g, before, after) == ["Victory bonus for Sparta (P-VICTORY-3): Dominant AK +5, Opponent EK -5."]


def test_p_victory_1_an_honor_victory_is_told_with_its_four_conditions() -> None:
    """P-VICTORY-1: the winner is Dominant, ahead of its compatriot, at least 3 times each enemy faction,
    its side ahead; the line gives each number."""
    g = game()
    before = g.new_state(1)
    before.honor = [30, 5, 10, 9]
    before.granary_start = [1]
    before.turn = 2
    after = before.copy()
    assert final.automatic_victory(g.tables, after)
    assert _ended(g, before, after) == [
        "Automatic Honor victory (P-VICTORY-1): AF is Dominant with 30 Honor, more than DF (5) and at least 3 "
        "times EK (10) and AK (9); Athens 35 against Sparta 19."]


def test_p_victory_6_a_vignette_without_bonuses_says_so() -> None:
    """P-VICTORY-6, P-VICTORY-7: the vignette scores no bonus unless the option asks for the political one."""
    g = game("14_1_09a")
    before = g.new_state(1)
    after = before.copy()
    final.end_scoring(g.tables, after, final.VIGNETTE_END)
    assert _ended(g, before, after) == [
        "End of the game: this scenario has no end-of-game bonuses (P-VICTORY-6); the sides' Honor decides "
        "(P-VICTORY-11)."]
    g = game("14_1_09a", vignette_end_bonus="political")
    before = g.new_state(1)
    after = before.copy()
    final.end_scoring(g.tables, after, final.VIGNETTE_END)
    assert _ended(g, before, after) == [
        "Political bonus for Athens (P-VICTORY-7): Dominant AF +5, Opponent DF -5.",
        "Political bonus for Sparta (P-VICTORY-7): Dominant EK +5, Opponent AK -5."]


def test_p_victory_7_a_played_game_s_last_line_tells_its_end() -> None:
    """P-VICTORY-1, P-VICTORY-7: seeded random wars end by Peace, by the last turn and on Honor; the
    kit's line of each last step (the browser's log) tells the bonuses or the Honor victory, and no
    earlier step's line does."""
    endings = {}
    for seed in (0, 3, 4):
        played = steps(seed, "14_2")
        lines = [KIT.describe_step(g, g.view(before, None), action, g.view(after, None))
                 for g, before, _seat, action, after in played]
        reason = played[-1][4].outcome.reason if played[-1][4].outcome else ""
        endings[reason] = lines[-1]
        assert not any("bonus for" in line or "Automatic Honor victory" in line for line in lines[:-1])
    assert set(endings) == {final.PEACE_END, final.SCENARIO_END, final.HONOR_VICTORY}
    assert "Economic bonus for Athens (P-VICTORY-8)" in endings[final.PEACE_END]
    assert "Geographic bonus for Sparta (P-VICTORY-10)" in endings[final.SCENARIO_END]
    assert "Automatic Honor victory (P-VICTORY-1)" in endings[final.HONOR_VICTORY]
