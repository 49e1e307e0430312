"""A finished game's record survives the game-over screen (issue 24, finding 11): Enter, Enter … on
the game-over menu and in its replay only step through the game; playing on from a replayed step
goes to a new file; a rematch goes to another. Textual pilot on a saved, finished Polis game of 67
steps (seeded random players), loaded with ``--load`` and with ``--replay``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from finished_games import play_to_the_end
from kleos.core import registry
from kleos.core.record import GameRecord
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.replay import ReplayScreen
from kleos.tui.screen import MODE_OVER, MODE_WAIT, GameScreen

GAME, SEED, STEPS = "polis", 12, 67
STEP_CAP = 2000


def finished_record(path: Path) -> str:
    """Play a whole seeded game with random players, save it to ``path``; the saved text."""
    session = play_to_the_end(GAME, {}, SEED, "random", save_path=path)
    assert len(session.record.actions) == STEPS
    return path.read_text(encoding="utf-8")


Script = Callable[[GameApp, Pilot[str], GameScreen], Awaitable[None]]


def run(app: GameApp, script: Script) -> None:
    async def go() -> None:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)

    asyncio.run(go())


async def settle(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
    for _ in range(500):
        if app.screen is screen and screen.mode != MODE_WAIT:
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the app never came back to the person")


def test_enter_enter_at_game_over_keeps_the_saved_record(tmp_path: Path) -> None:
    """Enter on the game-over menu opens the replay; Enter in the replay steps on, never plays on
    from step 0: after 80 Enters, Esc and more Enters, the saved file is byte for byte the same."""
    path = tmp_path / "finished.json"
    saved = finished_record(path)
    app = build_app(registry.kit(GAME), seats=(0,), seed=SEED, opponent="random", load=path)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.mode == MODE_OVER
        for _ in range(3):
            await pilot.press("enter")  # the first entry: replay
            replay = app.screen
            assert isinstance(replay, ReplayScreen) and replay.step == 0
            for _ in range(80):
                await pilot.press("enter")
            assert replay.step == STEPS  # Enter stepped to the end and stayed there
            await pilot.press("escape")
            assert app.screen is screen and screen.mode == MODE_OVER
        assert len(app.session.record.actions) == STEPS

    run(app, script)
    assert path.read_text(encoding="utf-8") == saved


def test_replay_option_and_enter_keep_the_record(tmp_path: Path) -> None:
    """``kleos play --replay FILE`` opens the replay at step 0: Enter there steps on; the file stays."""
    path = tmp_path / "finished.json"
    saved = finished_record(path)
    app = build_app(registry.kit(GAME), seats=(0,), seed=SEED, opponent="random", load=path, replay=True)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.step == 0
        await pilot.press("enter", "enter")
        assert replay.step == 2 and app.screen is replay
        await pilot.press("escape", "enter", "enter")
        assert isinstance(app.screen, ReplayScreen)

    run(app, script)
    assert path.read_text(encoding="utf-8") == saved


def test_playing_on_from_a_replayed_step_writes_a_new_file(tmp_path: Path) -> None:
    """O in the replay plays on from the chosen step in a new file beside the record; the record
    stays whole, and so does the new file's game (its first 5 steps are the record's)."""
    path = tmp_path / "finished.json"
    saved = finished_record(path)
    app = build_app(registry.kit(GAME), seats=(0,), seed=SEED, opponent="random", load=path)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("1")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press(*["right"] * 5, "o")
        await settle(app, pilot, screen)
        assert app.screen is screen and app.session.save_path == tmp_path / "finished-from-step-5.json"

    run(app, script)
    assert path.read_text(encoding="utf-8") == saved
    branch = GameRecord.loads((tmp_path / "finished-from-step-5.json").read_text(encoding="utf-8"))
    assert branch.actions[:5] == GameRecord.loads(saved).actions[:5]


def test_rematch_starts_a_new_game_in_a_new_file(tmp_path: Path) -> None:
    """4 on the game-over menu: a rematch with the same options and the next seed, saved apart."""
    path = tmp_path / "finished.json"
    saved = finished_record(path)
    app = build_app(registry.kit(GAME), seats=(0,), seed=SEED, opponent="random", load=path)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("4")
        await settle(app, pilot, screen)
        assert app.screen is screen and screen.mode != MODE_OVER
        assert app.session.record.seed == SEED + 1 and len(app.session.record.actions) < STEPS

    run(app, script)
    assert path.read_text(encoding="utf-8") == saved
    rematch = GameRecord.loads((tmp_path / f"kleos-{GAME}-{SEED + 1}.json").read_text(encoding="utf-8"))
    assert rematch.seed == SEED + 1 and rematch.options == GameRecord.loads(saved).options
