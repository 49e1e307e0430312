"""The pilot steps of the newcomer tests: a person who, at every decision, presses only H (the
hint), Enter and, when asked, y, who walks the menu's keys to a choice of their own, or who types
its own choice (``:`` and the notation) — shared by
the games' newcomer tests."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets import Static

from kleos.core.action import Action
from kleos.tui.app import GameApp
from kleos.tui.screen import MODE_CONFIRM, MODE_WAIT, GameScreen

HINTED = re.compile(r"would choose '([^']+)'")


def shown(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def settle(app: GameApp, pilot: Pilot[str], screen: GameScreen, rounds: int) -> None:
    """Wait until the person is asked or the game is over (the computer plays in a worker)."""
    for _ in range(rounds):
        if app.screen is screen and screen.mode != MODE_WAIT:
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the app never came back to the person")


async def ask_hint(pilot: Pilot[str], screen: GameScreen) -> str:
    """Press H: the action the hint names (in notation)."""
    await pilot.press("H")
    hinted = HINTED.search(shown(screen, "#detail"))
    assert hinted, shown(screen, "#detail")
    return hinted.group(1)


async def take_hint(app: GameApp, pilot: Pilot[str], screen: GameScreen, hinted: str, seat: int) -> None:
    """Press Enter (and y if asked) and check that ``seat`` took the hinted action."""
    session = app.session
    before = len(session.record.actions)
    await pilot.press("enter")
    if screen.mode == MODE_CONFIRM:
        await pilot.press("y")
    mine = [str(a) for who, a in session.record.actions[before:] if who == seat]
    assert mine[:1] == [hinted], f"Enter did not take the hinted action: {mine} {hinted}"


async def type_choice(app: GameApp, pilot: Pilot[str], screen: GameScreen, notation: str, seat: int) -> None:
    """Type ``notation`` in the typing box (``:``, the words, Enter; y if asked) and check that
    ``seat`` took it."""
    session = app.session
    before = len(session.record.actions)
    await pilot.press("colon")
    screen.notation.value = notation
    await pilot.press("enter")
    if screen.mode == MODE_CONFIRM:
        await pilot.press("y")
    mine = [str(a) for who, a in session.record.actions[before:] if who == seat]
    assert mine[:1] == [notation], f"typing {notation!r} did not take it: {mine}"


Script = Callable[[GameApp, Pilot[str], GameScreen], Awaitable[None]]


def play_to_the_end(app: GameApp, script: Script, size: tuple[int, int]) -> None:
    """Run ``app`` at ``size`` with ``script`` at the controls, then check the game-over screen."""

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)
            assert "Game over" in shown(screen, "#detail") or "over" in shown(screen, "#guide")

    asyncio.run(go())


async def choose_by_keys(app: GameApp, pilot: Pilot[str], screen: GameScreen, action: Action) -> None:
    """Walk the menu to ``action`` by its entries' keys (a group, then the entry), as a person does,
    and confirm with y when asked."""
    for _ in range(len(action.args) + 2):
        level = screen.levels[-1]
        target = str(action).split(" ")
        entry = next((e for e in level.entries if e.action == action), None)
        entry = entry or next(e for e in level.entries if e.action is None and target[:len(e.prefix)] == list(e.prefix))
        if entry.key:
            await pilot.press(entry.key)
        else:
            screen.take(entry)
        await pilot.pause(0)
        if entry.action is not None:
            break
    if screen.mode == MODE_CONFIRM:
        await pilot.press("y")
