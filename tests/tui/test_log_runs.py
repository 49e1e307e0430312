"""The terminal folds a run of alike log lines into one ("… (×9)"): a deal of hidden cards or a
string of the same secret step no longer pushes the story off the screen. The session's log keeps
a line per step."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from kleos.core.kit.terminal import LogLine
from kleos.core.protocol import CHANCE
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.tui.log_runs import Run, add_line, alike, fold, listed, run_text
from kleos.tui.play import build_app

HIDDEN = LogLine(1, CHANCE, "DF is dealt a card (hidden)", "chance")


def test_a_run_of_alike_lines_is_one_line_with_its_count() -> None:
    lines = [LogLine(0, CHANCE, "AF is dealt A09", "chance"), *(LogLine(i, CHANCE, HIDDEN.text, "chance")
                                                                       for i in range(1, 10))]
    runs = fold(lines)
    assert [run.text for run in runs] == ["AF is dealt A09", "DF is dealt a card (hidden) (×9)"]
    assert runs[1].line.index == 1  # told by the first of the run


def test_different_seats_kinds_words_and_headings_are_never_folded() -> None:
    assert alike(HIDDEN, LogLine(2, CHANCE, HIDDEN.text, "chance"))
    assert not alike(HIDDEN, LogLine(2, 0, HIDDEN.text, "chance"))
    assert not alike(HIDDEN, LogLine(2, CHANCE, HIDDEN.text, "result"))
    assert not alike(HIDDEN, LogLine(2, CHANCE, "EK is dealt a card (hidden)", "chance"))
    heading = LogLine(3, CHANCE, "Turn 2", "heading")
    assert len(fold([heading, heading])) == 2


def test_add_line_says_whether_the_last_run_grew() -> None:
    runs: list[Run] = []
    assert add_line(runs, HIDDEN) is False
    assert add_line(runs, HIDDEN) is True
    assert runs == [Run(HIDDEN, 2)] and run_text("x", 1) == "x"


def test_the_pericles_deal_fits_the_screen_and_the_session_keeps_every_step() -> None:
    """P-INFO-2: the other factions' cards are dealt face down: the terminal says to whom, once a run."""
    app = build_app(PERICLES, None, seats=(0,), seed=7, opponent="random")
    shown: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            shown.extend(text.plain for text in screen.log_lines())
            earlier = len(shown) - screen.recent_lines
            recent = str(screen.query_one("#recent", Static).render())
            assert earlier <= 0  # the whole deal fits: a line of one's own cards, one a faction hidden
            assert "earlier" not in recent and recent.endswith("AK is dealt a card (hidden) (×9)")

    asyncio.run(go())
    session_texts = [line.text for line in app.session.log]
    for faction in ("DF", "EK", "AK"):
        line = f"{faction} is dealt a card (hidden)"
        assert session_texts.count(line) == 9  # a line per card in the session's log
        assert shown.count(f"{line} (×9)") == 1 and line not in shown  # one on the screen
    own = [text for text in shown if text.startswith("AF is dealt ")]
    assert len(own) == 1 and len(own[0].removeprefix("AF is dealt ").split(", ")) == 9  # one line
    assert sum(text.startswith("AF is dealt A") for text in session_texts) == 9


def test_chance_lines_alike_but_for_their_last_word_are_one_list() -> None:
    """A seat's own deal ("AF is dealt A08", "AF is dealt A06") is one line listing the cards; a
    seat's choices, lines with other words before the last, and a run already counted are not."""
    own = [LogLine(i, CHANCE, f"AF is dealt A0{i}", "chance") for i in range(1, 4)]
    runs = fold([*own, HIDDEN, HIDDEN])
    assert [run.text for run in runs] == ["AF is dealt A01, A02, A03", "DF is dealt a card (hidden) (×2)"]
    assert runs[0].line.index == 1
    assert not listed(Run(own[0]), LogLine(2, 0, "AF is dealt A02", "action"))  # a seat's choice
    assert not listed(Run(own[0]), LogLine(2, CHANCE, "DF is dealt A02", "chance"))
    assert not listed(Run(HIDDEN, 2), LogLine(3, CHANCE, "DF is dealt A02", "chance"))
    assert len(fold([LogLine(0, 0, "Blue: build I3", "action"), LogLine(1, 0, "Blue: build I4", "action")])) == 2
    dice = [LogLine(i, CHANCE, f"Die: {n}", "chance") for i, n in enumerate((4, 1, 4))]
    assert [run.text for run in fold(dice)] == ["Die: 4, 1, 4"]  # a list takes a word it already holds
    assert [run.text for run in fold(dice[:1] * 2 + dice[1:2])] == ["Die: 4 (×2)", "Die: 1"]


def test_a_short_screen_counts_the_lines_it_cannot_show() -> None:
    """The recent-lines panel of a short terminal (2 lines) says how many folded lines came before
    those it shows, counted as the screen shows them (a run is one line)."""
    app = build_app(PERICLES, None, seats=(0,), seed=7, opponent="random")

    async def go() -> None:
        async with app.run_test(size=(140, 29)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None and screen.recent_lines == 2
            earlier = len(screen.log_lines()) - screen.recent_lines
            recent = str(screen.query_one("#recent", Static).render())
            assert earlier > 0 and recent.startswith(f"(+{earlier} earlier: Log view) "), recent

    asyncio.run(go())
