"""The Textual app's features, driven by keys (Textual pilot): typed notation, confirmations, hints,
undo, help and rules screens, board views, hotseat's pass-the-device screen, save, load, replay, quit,
the welcome and the first-game guide, and the computer thinking in a worker thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static
from tui_driver import agent_chooser, new_session, polis_game, press, record_until, settle

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.games.polis.tui.parts import VIEWS
from kleos.tui.app import GameApp
from kleos.tui.replay import ReplayScreen
from kleos.tui.screen import MODE_CHOOSE, MODE_CONFIRM, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen, PassDeviceScreen, TextScreen

ATHENS, SPARTA = 0, 1
Script = Callable[[GameApp, Pilot[str], GameScreen], Awaitable[None]]


def run(session: Session, script: Script, *, size: tuple[int, int] = (80, 24), **options: Any) -> GameApp:
    """Run the app on ``session`` and the test ``script`` against it; the app afterwards."""
    options.setdefault("welcome", False)
    app = GameApp(session, **options)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)

    asyncio.run(go())
    return app


def top(app: GameApp) -> object:
    """The screen on top (typed loosely, so that checks after an isinstance assert still type-check)."""
    return app.screen


def shown(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def sparta_first() -> Session:
    """2020, seed 3: after the opening chance events Sparta is to act."""
    return new_session("2020", 3, frozenset({SPARTA}), "simple")


def test_typed_actions_confirmations_and_typed_errors() -> None:
    session = sparta_first()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.mode == MODE_CHOOSE and screen.seat == SPARTA
        await pilot.press(":")
        assert screen.notation.display and screen.focused is screen.notation
        await pilot.press("escape")
        assert not screen.notation.display and screen.focused is screen.menu
        await pilot.press(":", *"siege Athinae", "enter")
        assert "Not allowed (R-" in shown(screen, "#detail")  # the rule it breaks, not a silent refusal
        await pilot.press(":", *"march Messinia", "enter")
        assert screen.mode == MODE_CONFIRM and screen.chosen == Action("march", ("Messinia",))
        assert "Move hoplites to Messinia (1 prestige)" in shown(screen, "#detail")  # cost and effect first
        await pilot.press("n")
        assert screen.mode == MODE_CHOOSE and session.record.actions[-1][0] == CHANCE  # nothing applied
        await pilot.press(":", *"march", "enter")  # a partial action opens its menu level
        assert screen.levels[-1].prefix == ("march",)
        await pilot.press("escape")
        assert len(screen.levels) == 1
        await pilot.press(":", *"march Messinia", "enter", "y")
        assert session.record.actions[-1] == (SPARTA, Action("march", ("Messinia",)))
        assert screen.mode == MODE_CHOOSE and session.state.pending is not None  # now: from where

    run(session, script)


def test_menu_keys_walk_the_levels_and_back() -> None:
    session = sparta_first()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        top = screen.levels[-1]
        march = next(e for e in top.entries if e.prefix == ("march",))
        await pilot.press(march.key)
        assert screen.levels[-1].prefix == ("march",)
        assert shown(screen, "#menu-title").startswith("Sparta: Move hoplites")
        await pilot.press("backspace")
        assert screen.levels[-1] == top
        index = top.entries.index(march)
        assert screen.menu.highlighted == index  # back where we came from
        assert "Move hoplites: " in shown(screen, "#detail") and "R-ACT-MOVEHOP-*" in shown(screen, "#detail")
        await pilot.press("down")
        assert screen.menu.highlighted == index + 1
        await pilot.press(march.key, "1")
        assert screen.mode == MODE_CONFIRM and screen.chosen is not None and screen.chosen.verb == "march"
        await pilot.press("escape", "escape")
        assert screen.mode == MODE_CHOOSE and len(screen.levels) == 1

    run(session, script)


def test_hint_undo_and_the_computer_in_a_worker_thread(tmp_path: Path) -> None:
    """U takes back your own steps only until the other player acts; the computer thinks in a thread
    while the screen still answers keys."""
    session = sparta_first()
    gate = threading.Event()
    thinking = threading.Event()
    agent = session.agents[ATHENS]

    class SlowAgent:
        name = "slow"

        def choose(self, view: Any, legal: list[Action], rng: Any) -> Action:
            thinking.set()
            assert threading.current_thread() is not threading.main_thread()
            gate.wait(10)
            return agent.choose(view, legal, rng)

    session.agents[ATHENS] = SlowAgent()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("H")
        assert "Hint: the heuristic computer player would choose" in shown(screen, "#detail")
        hinted = screen.current_entry()
        assert hinted is not None and hinted.action is not None
        start = len(session.record.actions)
        await pilot.press(":", *"march Messinia", "enter", "y")
        assert len(session.record.actions) == start + 1
        await pilot.press("U")
        assert len(session.record.actions) == start and "took back" in shown(screen, "#detail")
        await pilot.press("U")
        assert "Cannot undo" in shown(screen, "#detail")  # the event card was drawn before
        await pilot.press(":", *"pass", "enter", "y")
        for _ in range(100):
            if thinking.is_set():
                break
            await pilot.pause(0.01)
        assert screen.mode == MODE_WAIT and thinking.is_set()
        before = screen.board.current
        await pilot.press("tab")  # the screen answers while the computer thinks
        assert screen.board.current != before
        gate.set()
        await settle(app, pilot)
        assert any(seat == ATHENS for seat, _ in session.record.actions[start:])
        if screen.mode == MODE_CHOOSE:
            await pilot.press("U")
            assert "Cannot undo" in shown(screen, "#detail")

    run(session, script)


def test_help_rules_and_views() -> None:
    session = sparta_first()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        body = str(app.screen.body)
        assert "Your choices now" in body and "R-ACT-MOVEHOP-*" in body and "R-TURN-4" in body
        await pilot.press("escape")
        assert top(app) is screen
        await pilot.press("R")
        assert isinstance(app.screen, TextScreen) and "R-BATTLE-19" in str(app.screen.body)
        await pilot.press("pagedown", "escape")
        seen = []
        for _ in VIEWS:
            seen.append(screen.board.current)
            await pilot.press("tab")
        assert sorted(seen) == sorted(VIEWS)
        await pilot.press("shift+tab")
        assert screen.board.current == VIEWS[-1]
        await pilot.press("T")
        assert not app.current_theme.dark
        await pilot.press("T")
        assert app.current_theme.dark

    run(session, script)


def test_welcome_and_first_game_guide() -> None:
    session = new_session("2012", 2, frozenset({ATHENS}), "random")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("G")
        assert isinstance(app.screen, TextScreen) and "first round, step by step" in str(app.screen.body)
        await pilot.press("escape")
        assert top(app) is screen and screen.guide_on
        await settle(app, pilot)
        guide = shown(screen, "#guide")
        expected = {"turn": "two actions of different types", "event": "This round's event asks you"}
        assert expected[session.state.phase] in guide
        await pilot.press("G")
        assert not screen.guide_on and not screen.query_one("#guide").display

    run(session, script, welcome=True)


def test_hotseat_hides_the_screen_between_players() -> None:
    """Hotseat: when the other player is to act, a screen hides the board until he is ready; the
    player who just acted may still take his step back there."""
    session = new_session("2020", 3, frozenset({0, 1}))

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.seat == SPARTA
        await pilot.press(":", *"pass", "enter", "y")
        await settle(app, pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        text = str(app.screen.query_one("#pass-text", Static).render())
        assert "Pass the device to Athens" in text and "Sparta: press U" in text
        await pilot.press("U")  # Sparta takes the pass back
        await settle(app, pilot)
        assert top(app) is screen and screen.seat == SPARTA
        assert session.record.actions[-1][0] == CHANCE
        await pilot.press(":", *"pass", "enter", "y")
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert top(app) is screen and screen.seat == ATHENS and screen.viewer == ATHENS
        assert shown(screen, "#menu-title").startswith("Athens")

    run(session, script)


def test_save_load_and_quit(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    session = new_session("2020", 3, frozenset({SPARTA}), "random", save_path=first)
    other = new_session("2012", 9, frozenset({ATHENS}), "random")
    other.settle()
    other_path = other.save(tmp_path / "other.json")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press(":", *"pass", "enter", "y")
        await settle(app, pilot)
        saved = GameRecord.loads(first.read_text(encoding="utf-8"))
        assert saved.actions == session.record.actions[:len(saved.actions)]  # saved after every step
        await pilot.press(":", *f"save {tmp_path / 'copy.json'}", "enter")
        assert (tmp_path / "copy.json").exists()
        await pilot.press(":", *f"load {other_path}", "enter")
        await settle(app, pilot)
        assert polis_game(screen.session.game).edition == "2012" and screen.session.record.seed == 9
        assert "Loaded" in shown(screen, "#detail")
        await pilot.press(":", *"load /nonexistent/file.json", "enter")
        assert "Cannot load" in shown(screen, "#detail")
        await pilot.press("Q")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("y")

    app = run(session, script)
    assert app.return_value is not None and "Resume with: kleos play polis --load" in app.return_value
    assert GameRecord.loads(other_path.read_text(encoding="utf-8")).seed == 9


def test_replay_and_play_on_from_an_earlier_step() -> None:
    game_choosers = {0: agent_chooser(new_session("2020", 11, frozenset({0})).game, "simple", 1),
                     1: agent_chooser(new_session("2020", 11, frozenset({0})).game, "simple", 2)}
    record = record_until("2020", 11, game_choosers, lambda g, s: False)
    session = Session.from_record(record, frozenset({ATHENS}), "simple")
    assert session.over
    total = len(record.actions)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.mode == MODE_OVER
        await pilot.press("1")  # game over menu: replay
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.step == 0
        await pilot.press("right", "right", "down")
        assert replay.step == 3
        await pilot.press("end")
        assert replay.step == total
        await pilot.press("left")
        assert replay.step == total - 1
        await pilot.press("home")
        for _ in range(40):
            await press(pilot, "right")
        assert replay.step == 40
        assert "replay: step 40" in str(replay.query_one("#status", Static).render())
        await pilot.press("o")  # play on from here (Enter only steps on: issue 24)
        await settle(app, pilot)
        assert top(app) is screen
        assert len(session.record.actions) >= 40 and not session.over
        assert screen.mode in (MODE_CHOOSE, MODE_WAIT)

    run(session, script)


def test_replay_from_the_command_line_option() -> None:
    game_choosers = {0: agent_chooser(new_session("2012", 2, frozenset({0})).game, "random", 1),
                     1: agent_chooser(new_session("2012", 2, frozenset({0})).game, "random", 2)}
    record = record_until("2012", 2, game_choosers, lambda g, s: False)
    session = Session.from_record(record, frozenset({0, 1}))

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.reveal  # a finished game shows all
        await pilot.press("escape")
        assert top(app) is screen and screen.mode == MODE_OVER

    run(session, script, replay=True)
