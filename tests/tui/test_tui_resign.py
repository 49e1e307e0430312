"""``:resign`` in the terminal (issue 17): typed as a command, it asks first; ``n`` keeps playing,
``y`` ends the game at once as a loss for the person, whose opponent wins (Textual pilot, the
test game Sealed Bids against a computer player), in every reader's language."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from kleos import i18n
from kleos.core import registry
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_CHOOSE, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen
from languages import english_left, in_languages, words
from toygame.kit import KIT


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


async def settle(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
    for _ in range(500):
        if app.screen is screen and screen.mode != MODE_WAIT:
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the app never came back to the person")


def top(app: GameApp) -> object:
    """The screen on top now (read afresh: a type check does not narrow it for later lines)."""
    return app.screen


async def type_command(pilot: Pilot[str], command: str) -> None:
    await pilot.press("colon", *command, "enter")
    await pilot.pause()


@in_languages
def test_resign_asks_then_ends_the_game_as_a_loss(language: str) -> None:
    with i18n.use_locale(language):
        app = build_app(KIT, {"players": 2}, seats=(0,), seed=5, opponent="random")
        session = app.session
        names = [session.name(seat) for seat in (0, 1)]

    async def script(pilot: Pilot[str]) -> None:
        screen = app.game_screen
        assert screen is not None
        await pilot.press("enter")  # the welcome
        await settle(app, pilot, screen)
        assert screen.mode == MODE_CHOOSE
        await type_command(pilot, "resign")
        asked = app.screen
        assert isinstance(asked, ChoiceScreen) and words("Resign?", language) in str(asked.text)
        assert words("{name} loses this game at once.", language, name=names[0]) in str(asked.text)
        if language == i18n.PSEUDO:  # every word of the question went through the catalogue
            assert english_left([str(asked.text)], names=" ".join(names).split()) == []
        await pilot.press("n")
        await pilot.pause()
        assert top(app) is screen and screen.mode == MODE_CHOOSE and not session.over
        await pilot.press("1", "y")  # one bid, then resign in the next round
        await settle(app, pilot, screen)
        await type_command(pilot, "resign")
        await pilot.press("y")
        await pilot.pause()
        assert screen.mode == MODE_OVER
        await type_command(pilot, "resign")  # nothing left to resign
        assert top(app) is screen
        await pilot.press("3", "n")

    async def go() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await script(pilot)

    with i18n.use_locale(language):
        asyncio.run(go())
        blocker = session.undo_blocker(0)
    outcome = session.outcome
    assert session.over and outcome is not None
    assert outcome.reason == "resigned" and outcome.winner == 1 and outcome.scores == (0, 1)
    assert session.log[-1].text == words("{name} resigned: {winner} wins.", language, name=names[0], winner=names[1])
    assert session.to_act() is None and blocker == words("the game was resigned", language)
    assert len([a for s, a in session.record.actions if s == 0]) == 1  # the bid before, nothing after


def test_a_resigned_game_saves_and_loads_as_resigned(tmp_path: Path) -> None:
    """The resignation goes into the saved record (``resigned``), so loading the file shows the game
    over, lost by the resigner; a record without a resignation is written as before."""
    path = tmp_path / "bids.json"
    session = Session.start(KIT, {"players": 2}, seed=5, humans=frozenset({0}), opponent="random",
                            save_path=path)
    assert "resigned" not in session.record.to_json()
    session.resign(0)
    assert json.loads(path.read_text(encoding="utf-8"))["resigned"] == [0]
    loaded = Session.load(path, frozenset({0}), "random")
    outcome = loaded.outcome
    assert loaded.over and outcome is not None and outcome.reason == "resigned" and outcome.winner == 1
    assert loaded.to_act() is None and loaded.log[-1].text == "Player 1 resigned: Player 2 wins."
