"""The terminal replay analyses the game on a key (A, in a thread), shows each seat's sparkline and
the turning points, and T jumps to each in turn: the scripted toy game of
``tests/scripted_blunders.py``, whose blunder must be found (Textual pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from kleos.analysis.report import turning_points
from kleos.core import registry
from kleos.tui.play import build_app
from kleos.tui.replay import ReplayScreen
from kleos.tui.screen import MODE_OVER
from scripted_blunders import TOY_BLUNDER, lowest_card_game
from toygame.kit import KIT


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


def test_a_analyses_and_t_jumps_to_the_blunder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReplayScreen, "analysis_budget", 100)
    path = tmp_path / "game.json"
    record = lowest_card_game()
    path.write_text(record.dumps(), encoding="utf-8")
    app = build_app(KIT, seats=(0,), seed=record.seed, opponent="random", load=path)

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None and screen.mode == MODE_OVER
            await pilot.press("enter")  # the game-over menu's first entry: replay
            replay = app.screen
            assert isinstance(replay, ReplayScreen)
            await pilot.press("a")
            for _ in range(200):
                await app.workers.wait_for_complete()
                await pilot.pause(0.01)
                if replay.analysis is not None:
                    break
            assert replay.analysis is not None
            assert "blunder" in str(replay.query_one("#detail", Static).render())
            wanted = [t.index + 1 for t in turning_points(replay.analysis)]
            visited = []
            for _ in wanted:
                await pilot.press("t")
                await pilot.pause()
                visited.append(replay.step)
            assert visited == wanted and TOY_BLUNDER + 1 in visited

    asyncio.run(go())
