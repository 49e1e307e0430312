"""The terminal folds a run of alike log lines into one ("… (×9)"): a deal of hidden cards or a
string of the same secret step no longer pushes the story off the screen. The session's log keeps
a line per step."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from kleos.core.kit.terminal import LogLine
from kleos.core.protocol import CHANCE
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.tui.log_runs import Run, add_line, alike, fold, run_text
from kleos.tui.play import build_app

HIDDEN = LogLine(1, CHANCE, "a card is dealt: DF (hidden)", "chance")


def test_a_run_of_alike_lines_is_one_line_with_its_count() -> None:
    lines = [LogLine(0, CHANCE, "a card is dealt: AF A09", "chance"), *(LogLine(i, CHANCE, HIDDEN.text, "chance")
                                                                       for i in range(1, 10))]
    runs = fold(lines)
    assert [run.text for run in runs] == ["a card is dealt: AF A09", "a card is dealt: DF (hidden) (×9)"]
    assert runs[1].line.index == 1  # told by the first of the run


def test_different_seats_kinds_words_and_headings_are_never_folded() -> None:
    assert alike(HIDDEN, LogLine(2, CHANCE, HIDDEN.text, "chance"))
    assert not alike(HIDDEN, LogLine(2, 0, HIDDEN.text, "chance"))
    assert not alike(HIDDEN, LogLine(2, CHANCE, HIDDEN.text, "result"))
    assert not alike(HIDDEN, LogLine(2, CHANCE, "a card is dealt: EK (hidden)", "chance"))
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
            assert recent.startswith(f"(+{earlier} earlier: Log view) ")  # counted in lines shown

    asyncio.run(go())
    session_texts = [line.text for line in app.session.log]
    for faction in ("DF", "EK", "AK"):
        line = f"a card is dealt: {faction} (hidden)"
        assert session_texts.count(line) == 9  # a line per card in the session's log
        assert shown.count(f"{line} (×9)") == 1 and line not in shown  # one on the screen
    assert sum(text.startswith("a card is dealt: AF A") for text in shown) == 9  # own cards named one by one
