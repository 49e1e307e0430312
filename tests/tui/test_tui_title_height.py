"""The menu's title in the terminal app wraps up to a quarter of its panel's height: Pericles's
titles say what a decision needs ("form your entourage: set 3 more cards aside (face down; the
Advisory Council may add one at random to your Leader, P-HAND-6, P-LEADER-4)"), and three lines cut
them short in the usual 120x40 terminal."""

from __future__ import annotations

import asyncio
import textwrap

from newcomer_pilot import settle, shown
from textual.widgets import Static

from kleos.core import registry
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.screen import GameScreen


def test_a_four_line_title_is_shown_whole_at_120_by_40() -> None:
    """The first Pericles decision's title needs four lines of the panel's width; all four show."""
    app = build_app(registry.games()["pericles"], {}, seats=(0,), seed=61, opponent="heuristic")

    async def run() -> tuple[str, int, int]:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("enter")  # past the welcome screen
            screen = app.screen
            assert isinstance(screen, GameScreen) and isinstance(app, GameApp)
            await settle(app, pilot, screen, 200)
            title = screen.query_one("#menu-title", Static)
            return shown(screen, "#menu-title"), title.size.height, title.size.width

    text, height, width = asyncio.run(run())
    assert "form your entourage: set 3 more cards aside (face down;" in text, text
    needed = len(textwrap.wrap(text, width))
    assert needed == 4 and height >= needed, (text, height, width)
