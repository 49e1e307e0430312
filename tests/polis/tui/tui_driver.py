"""Drive the Textual app as a person would: every choice is made by pressing the menu's keys."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot

from kleos.agents import RandomAgent
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord
from kleos.games.polis.agents.simple import SimpleAgent
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.view import PolisView
from kleos.tui.app import GameApp
from kleos.tui.menu import tokens
from kleos.tui.screen import MODE_CHOOSE, MODE_CONFIRM, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import PassDeviceScreen

Chooser = Callable[[int, PolisView, list[Action]], Action]


def new_session(edition: str, seed: int, humans: frozenset[int], opponent: str = "simple",
                save_path: Path | None = None) -> Session:
    """A new Polis game of ``edition`` in which ``humans`` are people and ``opponent`` plays the rest."""
    return Session.start(registry.kit(PolisGame.name), {"edition": edition}, seed, humans, opponent, save_path)


def polis_game(game: Game[Any, Any]) -> PolisGame:
    """A session's game, which the app shell types as any game, as the Polis game it is here."""
    assert isinstance(game, PolisGame)
    return game


def agent_chooser(game: Game[Any, Any], kind: str, seed: int) -> Chooser:
    """The test's own player: a computer agent that only looks at the seat's view."""
    agent = SimpleAgent(polis_game(game)) if kind == "simple" else RandomAgent()
    rng = random.Random(seed)

    def choose(seat: int, view: PolisView, legal: list[Action]) -> Action:
        return agent.choose(view, legal, rng)

    return choose


async def press(pilot: Pilot[str], *keys: str, fast: bool = True) -> None:
    """Press keys. ``fast``: post each key event to the app as the terminal driver does and wait until
    it has been handled, without Pilot.press's pauses for an idle processor (several times faster;
    the event goes through the same bindings and handlers)."""
    if not fast:
        await pilot.press(*keys)
        return
    app = pilot.app
    for key in keys:
        char = key if len(key) == 1 else {"space": " "}.get(key)
        app.post_message(events.Key(key, char))
        for _ in range(3):
            await pilot.pause(0)


async def settle(app: GameApp, pilot: Pilot[str]) -> None:
    """Wait until the app waits for a person (menu, pass screen) or the game is over."""
    screen = app.game_screen
    assert screen is not None
    for _ in range(2000):
        if isinstance(app.screen, PassDeviceScreen) or screen.mode != MODE_WAIT:
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the app never came back to a person")


async def choose_by_keys(app: GameApp, pilot: Pilot[str], action: Action, fast: bool = True) -> list[str]:
    """Walk the menus to ``action`` with shortcut keys and confirm it; the keys pressed."""
    screen = app.game_screen
    assert isinstance(screen, GameScreen) and screen.mode == MODE_CHOOSE
    levels = screen.path_to(action)
    confirm = screen.needs_confirmation(action)
    pressed: list[str] = []
    target = tokens(action)
    for level in levels:
        entry = next(e for e in screen.levels[-1].entries
                     if e.action == action or (e.action is None and target[:len(e.prefix)] == e.prefix))
        assert entry in level.entries
        if entry.key:
            await press(pilot, entry.key, fast=fast)
            pressed.append(entry.key)
        else:
            index = screen.levels[-1].entries.index(entry)
            keys = ["home", *(["down"] * index), "enter"]
            await press(pilot, *keys, fast=fast)
            pressed.extend(keys)
    if confirm:
        assert screen.mode == MODE_CONFIRM and screen.chosen == action, (screen.mode, screen.chosen, action)
        await press(pilot, "y", fast=fast)
        pressed.append("y")
    return pressed


@dataclass
class Played:
    decisions: int = 0
    pass_screens: int = 0


async def play_to_end(app: GameApp, pilot: Pilot[str], choosers: dict[int, Chooser], max_decisions: int = 3000,
                      on_decision: Callable[[GameScreen], None] | None = None, fast: bool = True) -> Played:
    """Play the game to its end through the UI: how many decisions and pass-the-device screens."""
    screen = app.game_screen
    assert screen is not None
    played = Played()
    for _ in range(max_decisions):
        await settle(app, pilot)
        if isinstance(app.screen, PassDeviceScreen):
            played.pass_screens += 1
            await press(pilot, "enter", fast=fast)
            continue
        if screen.mode == MODE_OVER:
            return played
        assert screen.mode == MODE_CHOOSE and screen.seat is not None
        if on_decision is not None:
            on_decision(screen)
        seat = screen.seat
        action = choosers[seat](seat, screen.session.view(seat), list(screen.legal))
        await choose_by_keys(app, pilot, action, fast=fast)
        played.decisions += 1
    raise AssertionError("the game did not end")


def warlike_chooser(game: PolisGame, target: str, seed: int) -> Chooser:
    """A player that, from the second round on, gathers galleys in ``target`` (to bring about a sea
    battle) and otherwise plays like the simple agent. It reads only its seat's view."""
    simple = SimpleAgent(game)
    rng = random.Random(seed)

    def choose(seat: int, view: PolisView, legal: list[Action]) -> Action:
        s = view.state
        if s.round >= 1 and s.phase == "turn":
            pending = s.pending[0] if s.pending else None
            if pending == "galleys":
                pays = [a for a in legal if a.verb == "pay" and a.args[-1] == target]
                done = [a for a in legal if a.verb == "done"]
                if pays or done:
                    return (pays or done)[0]
            if pending == "sail":
                froms = [a for a in legal if a.verb == "from"]
                if froms:
                    return froms[0]
            if pending is None:
                sail = Action("sail", (target,))
                if sail in legal and rng.random() < 0.7:
                    return sail
        return simple.choose(view, legal, rng)

    return choose


def record_until(edition: str, seed: int, choosers: dict[int, Chooser],
                 stop: Callable[[PolisGame, PolisState], bool]) -> GameRecord:
    """The action log of a game played by ``choosers`` (chance from the game's generator) up to the
    first decision where ``stop`` holds (or the end): a saved game to load into the app."""
    game = PolisGame(edition)
    state = game.new_state(seed)
    record = GameRecord("polis", dict(game.options), seed)
    while not game.is_terminal(state):
        seat = game.actors(state)[0]
        if seat == CHANCE:
            action = game.sample_chance(state)
        else:
            if stop(game, state):
                break
            action = choosers[seat](seat, game.view(state, seat), game.legal_actions(state, seat))
        game.apply_in_place(state, action, seat)
        record.actions.append((seat, action))
    return record
