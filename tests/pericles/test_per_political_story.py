"""The Political phase told (issue: logs that tell the story): when a step ends the Assembly, the
Oratory of each side with both factions' values (P-ORATORY), each side's Dominant faction and why
(P-DOMINANT), and a War/Peace change (P-WARPEACE). These steps ask nobody; before, the log showed
their Honor only as "(debates)" and a new Dominant faction nowhere."""

from __future__ import annotations

import re

from test_per_story import Step, steps

from kleos.games.pericles import story
from kleos.games.pericles.explain import side_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import H_POLITICAL, N_HONOR, PHASES, POLITICAL, PericlesState
from kleos.games.pericles.tables import FACTIONS
from kleos.games.pericles.tui.parts import terminal_parts

SEEDS = range(6)
TAKES = re.compile(r"(\w\w) takes (\d+) Honor from (\w\w)")
GIVES = re.compile(r"(\w\w) (\+\d+) Honor, (\w\w) (-\d+)")
PEACE = re.compile(r"(\w\w) and (\w\w) gain 10 Honor each")
DOMINANT = re.compile(r"Dominant faction of (\w+) \([^)]*\): (\w\w)")
RULES = re.compile(r"P-(?:ORATORY|DOMINANT|WARPEACE)-\d")


def _ends_assembly(before: PericlesState, after: PericlesState) -> bool:
    return PHASES.index(before.phase) < PHASES.index(POLITICAL) <= PHASES.index(after.phase)


def _told(step: Step) -> list[str]:
    """The political lines from the narrator's views, as the logs read them."""
    g, before, seat, action, after = step
    narrator = KIT.log_narrator(g, before, seat, action, after)
    seen_before, seen_after = g.view(before, narrator).state, g.view(after, narrator).state
    debated = story.debate_table(g, seen_before, action, seen_after)
    return story.political_told(g, seen_before, action, seen_after, debated)


def _told_honor(lines: list[str]) -> list[int]:
    """Each faction's Honor change as the lines say it."""
    change = [0, 0, 0, 0]
    for line in lines:
        for high, n, low in TAKES.findall(line):
            change[FACTIONS.index(high)] += int(n)
            change[FACTIONS.index(low)] -= int(n)
        for first, gain, second, loss in GIVES.findall(line):
            change[FACTIONS.index(first)] += int(gain)
            change[FACTIONS.index(second)] += int(loss)
        for pair in PEACE.findall(line):
            for f in pair:
                change[FACTIONS.index(f)] += 10
    return change


def _political_steps() -> list[Step]:
    return [step for seed in SEEDS for step in steps(seed, "14_2") if _ends_assembly(step[1], step[4])]


def _debates_honor(g: PericlesGame, before: PericlesState, after: PericlesState) -> list[int]:
    at = [f * N_HONOR + H_POLITICAL for f in range(4)]
    return [after.honor_from[i] - before.honor_from[i] for i in at]


def test_p_dominant_3_each_political_phase_names_each_side_s_dominant_faction() -> None:
    """P-DOMINANT-1, P-DOMINANT-3, P-DOMINANT-6, P-ORATORY-1, P-SEQ-5: every step that ends the
    Assembly in seeded random wars opens the Political phase, then tells an Oratory line and a
    Dominant line for each side, and the Dominant it names is the one the rules made."""
    political = _political_steps()
    assert len(political) >= 12
    for step in political:
        lines = _told(step)
        assert lines[0].startswith("The Assembly is over. The Political phase begins (P-SEQ-5)"), lines
        assert sum(line.startswith("Oratory for ") for line in lines) == 2, lines
        named = dict(DOMINANT.findall(" ".join(lines)))
        assert named == {side_name(side): FACTIONS[step[4].dominant[side]] for side in (0, 1)}, lines


def test_p_oratory_4_the_told_honor_is_the_honor_that_moved() -> None:
    """P-ORATORY-2, P-ORATORY-4, P-ORATORY-5, P-DOMINANT-4, P-WARPEACE-3: the Honor the lines move,
    faction by faction, is the debates' Honor the step moved (in War, where Games pays Strategos, not
    Honor, P-POLISSUE-3); the rules the lines cite cover Ostracism, the Oratory comparison and the
    favor already held."""
    cited: set[str] = set()
    compared = 0
    for step in _political_steps():
        g, before, _seat, _action, after = step
        lines = _told(step)
        cited.update(RULES.findall(" ".join(lines)))
        if after.war:
            assert _told_honor(lines) == _debates_honor(g, before, after), lines
            compared += 1
    assert compared >= 8
    assert {"P-ORATORY-2", "P-ORATORY-4", "P-DOMINANT-1", "P-DOMINANT-3", "P-DOMINANT-4"} <= cited


def test_p_warpeace_1_no_line_outside_the_step_that_ends_the_assembly() -> None:
    """P-SEQ-5: only the step that ends the Assembly tells the Political phase; the kit's line of that
    step (the browser's log) carries it."""
    for g, before, seat, action, after in steps(0, "14_2"):
        narrator = KIT.log_narrator(g, before, seat, action, after)
        line = KIT.describe_step(g, g.view(before, narrator), action, g.view(after, narrator))
        assert ("Oratory for Athens" in line) == _ends_assembly(before, after)


def test_p_seq_5_the_terminal_log_heads_the_political_phase_above_its_oratory() -> None:
    """P-SEQ-1, P-SEQ-5: in the terminal's story the step that ends the Assembly reads the last debate,
    then the heading "Turn N: Political phase", then the phase's own lines (Oratory, Dominance) and its
    Honor; the heading is not told again after them, where it stood before, as if the Assembly had
    decided the Oratory."""
    tell = terminal_parts().log_lines
    assert tell is not None
    for g, before, seat, action, after in _political_steps():
        lines = tell(g, before, seat, action, after, 1, frozenset({0, 1, 2, 3}))
        texts = [line.text for line in lines]
        heading = f"Turn {before.turn}: Political phase"
        at = texts.index(heading)
        assert lines[at].kind == "heading" and texts.count(heading) == 1, texts
        assert texts[at + 1].startswith("The Assembly is over. The Political phase begins (P-SEQ-5)"), texts
        assert at >= 1 and not any(text.startswith("Oratory for ") for text in texts[:at]), texts
        assert any(text.startswith("Oratory for ") for text in texts[at:]), texts


def test_p_seq_5_the_log_words_head_the_political_phase_where_its_words_begin() -> None:
    """P-SEQ-5: the kit's ``log_words`` tells a step once, from its narrator's views: its text is
    ``describe_step``'s line; for a step that ends the Assembly it names the heading "Turn N: Political
    phase" and the end of the line that tells the phase, from the Assembly's end on; every other step
    has no heading inside."""
    seen = 0
    for g, before, seat, action, after in (step for seed in SEEDS[:2] for step in steps(seed, "14_2")):
        narrator = KIT.log_narrator(g, before, seat, action, after)
        views = g.view(before, narrator), g.view(after, narrator)
        words = KIT.log_words(g, views[0], action, views[1])
        assert words.text == KIT.describe_step(g, views[0], action, views[1])
        if not _ends_assembly(before, after):
            assert words.heading_within is None and words.text_within == "", words
            continue
        seen += 1
        assert words.heading_within == f"Turn {before.turn}: Political phase", words
        assert words.text_within.startswith("The Assembly is over. The Political phase begins (P-SEQ-5)")
        assert words.text.endswith(words.text_within) and len(words.text_within) < len(words.text)
    assert seen >= 2


SUMS = re.compile(r"the boxes of the won issues add up to (\w\w) (\d+), (\w\w) (\d+)(?:: (\w\w) takes (\d+) Honor)?")


def test_p_oratory_3_the_line_gives_each_faction_s_sum_of_boxes() -> None:
    """P-ORATORY-3, P-ORATORY-4, P-ORATORY-6: the Oratory line names what is compared, the sum of the
    boxes of each faction's won issues ("add up to AF 9, DF 4", not a count of issues, which the
    Dominance line gives), and the higher sum takes the difference, at most 3 (less only when the loser
    has no more to lose, P-ORATORY-5); equal sums move nothing."""
    told = taken = short = 0
    for step in _political_steps():
        for line in _told(step):
            found = SUMS.search(line)
            if not found:
                continue
            first, a, second, b, high, n = found.groups()
            told += 1
            if int(a) == int(b):
                assert "no Honor changes hands" in line, line
            elif high is not None:
                assert high == (first if int(a) > int(b) else second), line
                whole = min(abs(int(a) - int(b)), 3)
                assert 0 < int(n) <= whole, line
                assert (int(n) < whole) == (f", all {first if high == second else second} had" in line), line
                taken += int(n) == whole
                short += int(n) < whole
    assert told >= 12 and taken >= 6 and short >= 1
