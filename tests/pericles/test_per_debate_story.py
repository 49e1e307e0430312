"""A debate told as it happens (a newcomer's finding: the log named the cards played and never the
result). The second card down turns both face up for every faction (P-ASSEMBLY-5, P-INFO-2), the log
names both with their modified values (P-CARD-4), and the step that settles the debate tells who won
by how much and where the issue stands: a box toward a faction, the centre, or captured
(P-ASSEMBLY-7, P-ASSEMBLY-8, P-ASSEMBLY-10), the Advisory Council's card counted (P-LEADER-4). The
debate menu reads where each issue stands for the chooser."""

from __future__ import annotations

import re

from per_helpers import AF, DF, EK, at_step, run_until

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import assembly, political
from kleos.games.pericles.state import HAND, PLAYED, UNSEEN, PericlesState
from kleos.games.pericles.tables import ISSUES_PER_SIDE
from kleos.games.pericles.tui.parts import terminal_parts
from kleos.tui.look import Look


def step(g: PericlesGame, s: PericlesState, seat: int, text: str) -> str:
    """Apply ``text`` for ``seat`` and return the browser's log line of it (the kit's words, from its
    narrator's views) with the terminal's lines joined after a bar."""
    action = Action.parse(text)
    before = s.copy()
    g.apply_in_place(s, action, seat)
    narrator = KIT.log_narrator(g, before, seat, action, s)
    browser = KIT.describe_step(g, g.view(before, narrator), action, g.view(s, narrator))
    tell = terminal_parts().log_lines
    assert tell is not None
    index = 1  # a step after the game's first (before that one the log heads the phase the game starts in)
    terminal = tell(g, before, seat, action, s, index, frozenset({AF, DF, EK}))
    return browser + " | " + " / ".join(line.text for line in terminal)


def leader_against_a06() -> tuple[PericlesGame, PericlesState]:
    """Athens' first debate (Citizenship, box 2 toward AF): AF puts its Leader down, DF card A06."""
    g, s = at_step("play")
    assert assembly.debated_kind(g.tables, s) == "CIT" and s.track[s.issue] == 2  # Athens' track comes first
    g.apply_in_place(s, Action.parse("play LAF"), AF)
    return g, s


def test_p_assembly_5_a_debate_card_is_face_up_for_all_once_both_are_down() -> None:
    g, s = leader_against_a06()
    leader, a06 = g.tables.card_index["LAF"], g.tables.card_index["A06"]
    assert g.view(s, DF).state.card_loc[leader] == UNSEEN and g.view(s, EK).state.card_loc[leader] == UNSEEN
    g.apply_in_place(s, Action.parse("play A06"), DF)
    assert s.step == "council"  # AF may call its Advisory Council (P-LEADER-3): the cards stay on the table
    for seat in (AF, DF, EK, None):
        shown = g.view(s, seat).state.card_loc
        assert (shown[leader], shown[a06]) == (PLAYED + AF, PLAYED + DF), seat
    assert g.view(s, EK).state.card_loc.count(HAND + AF) == 0  # the hands stay secret


def test_p_assembly_7_the_second_card_names_both_and_the_council_step_the_result() -> None:
    g, s = leader_against_a06()
    told = step(g, s, DF, "play A06")
    shown = "Both cards face up: AF LAF Leader (3) +2 counts 5, DF A06 Oeneis I (1) counts 1."  # P-CARD-4
    assert told == f"play the card A06. {shown} | Demagogues: play the card A06 / {shown}"
    told = step(g, s, AF, "council no")
    assert told.endswith("| Aristocrats: call the Advisory Council: no / "
                         "Citizenship: AF wins 5 to 1, now on box 6 toward AF.")
    assert s.track[0 * ISSUES_PER_SIDE + 0] in range(-7, 8) and s.issue == -1


def test_p_leader_4_the_advisors_card_counts_and_p_assembly_10_box_7_captures() -> None:
    g, s = leader_against_a06()
    step(g, s, DF, "play A06")
    assert step(g, s, AF, "council yes").endswith("Aristocrats: call the Advisory Council: yes")
    told = step(g, s, CHANCE, "advisor AF A07")  # A07 is worth 2: 5 + 2 against 1 moves 6 from box 2
    assert told.endswith("| the Advisory Council draws AF's entourage card A07: +2 to the Leader (P-LEADER-4) / "
                         "Citizenship: AF wins 7 to 1, captured by AF.")


def test_p_assembly_8_a_tie_leaves_the_issue_where_it_stands() -> None:
    g, s = at_step("play")
    a10, a06 = (g.tables.card_index[c] for c in ("A10", "A06"))
    s.card_loc[a10], s.card_loc[a06] = HAND + AF, HAND + DF
    values = {f: assembly.modified_value(g.tables, s, f, c, "CIT") for f, c in ((AF, a10), (DF, a06))}
    assert values == {AF: 2, DF: 1}  # so make DF's card a 2 as well: A07
    a07 = g.tables.card_index["A07"]
    s.card_loc[a07] = HAND + DF
    assert assembly.modified_value(g.tables, s, DF, a07, "CIT") == 2
    g.apply_in_place(s, Action.parse("play A10"), AF)
    told = step(g, s, DF, "play A07")
    assert told.endswith("Both cards face up: AF A10 Antiochis I (2) counts 2, DF A07 Cecropis I (2) counts 2. "
                         "Citizenship: a tie at 2, it stays on box 2 toward AF.")


def test_the_played_card_is_named_only_when_the_view_shows_it() -> None:
    """P-INFO-2: the first card down is told to nobody but its faction; its line names no card."""
    g, s = at_step("play")
    told = step(g, s, AF, "play A09")
    assert "face up" not in told and "A09" in told.split(" | ")[0]


def test_the_debate_menu_says_where_each_issue_stands_for_the_chooser() -> None:
    """P-ASSEMBLY-4, P-ASSEMBLY-7: "debate CIT 2" reads as two boxes toward the chooser, with what
    winning the issue brings."""
    g, s = at_step("debate")
    seat = g.actors(s)[0]
    look = Look(KIT)
    glosses = {str(a): look.gloss(g, g.view(s, seat), a) for a in g.legal_actions(s, seat)}
    assert seat == AF and glosses["debate CIT 2"] == (
        "2 boxes toward you; won: a Delian League base becomes Athenian, with a ship or 2 land units, +2 Honor")
    assert glosses["debate DIP 0"] == "won: a Diplomatic marker"
    assert glosses["debate COL -1"] == (
        "1 box toward Demagogues; won in Peace: a new Delian League base with a ship or 2 land units, +2 Honor")
    assert look.gloss(g, g.view(s, DF), Action.parse("debate CIT 2")).startswith("2 boxes toward Aristocrats; won:")


def test_the_factions_panel_shows_the_face_up_debate_cards() -> None:
    """P-ASSEMBLY-5: while the Advisory Council is decided, the Factions panel shows the other
    faction's card face up, as id(printed value) like every card there (the log gives what it counts,
    the Leader's +2 included); before that it shows none."""
    from kleos.games.pericles.tui import render

    g, s = leader_against_a06()
    assert "face up" not in render.factions_view(g, g.view(s, DF), render.DARK).plain
    g.apply_in_place(s, Action.parse("play A06"), DF)
    assert "Debate cards face up: AF LAF(3)" in render.factions_view(g, g.view(s, DF), render.DARK).plain
    assert "Debate cards face up: AF LAF(3), DF A06(1)" in render.factions_view(g, g.view(s, EK), render.DARK).plain


def test_p_card_4_a_card_to_play_says_what_it_counts_on_the_issue() -> None:
    """P-CARD-4, P-LEADER-1: the card menu of a debate adds what each card counts on the debated issue
    (value plus the bonuses of the faction's half that apply), the number the log then reports."""
    g, s = at_step("play")
    look = Look(KIT)
    for action in g.legal_actions(s, AF):
        card = g.tables.card_index[str(action.args[0])]
        worth = assembly.modified_value(g.tables, s, AF, card, "CIT")
        assert look.gloss(g, g.view(s, AF), action).endswith(f"; counts {worth} on Citizenship"), action
    assert look.gloss(g, g.view(s, AF), Action.parse("play LAF")).endswith("; counts 5 on Citizenship")


def test_p_assembly_13_the_text_board_says_which_box_each_issue_is_won_on() -> None:
    """P-ASSEMBLY-13: an issue on a faction's half is won by it; the text board reads "winning CIT on
    box 2", not "winning CIT2"."""
    g, s = at_step("debate")
    told = KIT.describe_view(g, g.view(s, AF), AF).splitlines()
    assert told[1].startswith("Aristocrats (Dominant): ") and told[1].endswith(", winning CIT on box 2"), told[1]


def test_p_assembly_5_the_last_debate_is_told_as_the_hands_go_to_the_discards() -> None:
    """The second card of the Assembly's last debate ends the Assembly, and every hand goes to the
    discards in the same step: the line still names both cards and the result (told from the view of
    the compatriot who played first, P-ASSEMBLY-5), where the second player's view could not tell the
    first card from the discarded hand."""
    g, s = at_step("play")
    run_until(g, s, lambda st: st.phase == "assembly" and st.side == 1 and st.debate == 6 and st.step == "play"
              and sum(st.played[2:]) == 1 and st.chance is None)
    seat = g.actors(s)[0]
    first = seat ^ 1
    first_card = g.tables.card_ids[s.card_loc.index(PLAYED + first)]
    action = g.legal_actions(s, seat)[0]
    before = s.copy()
    g.apply_in_place(s, action, seat)
    assert s.phase != "assembly" and s.card_loc.count(HAND + first) == 0  # the hands went with the Assembly
    narrator = KIT.log_narrator(g, before, seat, action, s)
    told = KIT.describe_step(g, g.view(before, narrator), action, g.view(s, narrator))
    assert f"Both cards face up: EK {first_card if first == 2 else action.args[0]} " in told, told
    assert f"AK {first_card if first == 3 else action.args[0]} " in told, told
    assert told.count(" counts ") == 2, told
    assert "Agoge: " in told and ("wins" in told or "a tie" in told), told


def test_p_tmark_3_the_last_debate_tells_where_its_issue_went_before_the_issues_leave() -> None:
    """P-ASSEMBLY-7..10, P-TMARK-3: when the step that settles the Assembly's last debate runs on into
    the political phase, the issues leave the tracks (``receive_markers``) in the same step; its line
    still says where the debate moved the issue (box + (EK's count - AK's) on Sparta's track), not
    "captured by EK" for an issue that left the track. The debate is made a League issue's on box 2
    toward AK, and every card the last player may play is tried."""
    g, s = at_step("play")
    run_until(g, s, lambda st: st.phase == "assembly" and st.side == 1 and st.debate == 6 and st.step == "play"
              and sum(st.played[2:]) == 1 and st.chance is None)
    s.issue = g.tables.issue_kinds[1].index("LEA")
    box = s.track[ISSUES_PER_SIDE + s.issue] = -2
    seat = g.actors(s)[0]
    checked = 0
    for action in g.legal_actions(s, seat):
        after = s.copy()
        g.apply_in_place(after, action, seat)
        if after.phase == "assembly":
            continue  # an Advisory Council is asked first
        political.receive_markers(g.tables, after)  # as when no decision stops the flow before it
        narrator = KIT.log_narrator(g, s, seat, action, after)
        told = KIT.describe_step(g, g.view(s, narrator), action, g.view(after, narrator))
        ek, ak = (int(n) for n in re.findall(r"counts (\d+)", told))
        new = max(-assembly.CAPTURE, min(assembly.CAPTURE, box + ek - ak))
        if ek == ak:
            expected = f"a tie at {ek}, it stays on box 2 toward AK"
        elif new == 0:
            expected = "now at the centre"
        else:
            expected = f"now on box {abs(new)} toward {'EK' if new > 0 else 'AK'}"
        assert expected in told, told
        checked += 1
    assert checked >= 2


def test_p_leader_3_a_yes_or_no_answer_is_told_in_the_readers_language() -> None:
    """P-LEADER-3: "call the Advisory Council: yes" read "den Beraterrat einberufen: yes" in German; the
    answer is the reader's word too (the notation, "council yes", stays the same in every language)."""
    from kleos import i18n

    for language, answer in (("es", "sí"), ("de", "ja"), ("en", "yes")):
        g, s = leader_against_a06()
        step(g, s, DF, "play A06")
        with i18n.use_locale(language):
            told = step(g, s, AF, "council yes")
        assert told.endswith(f": {answer}"), (language, told)
