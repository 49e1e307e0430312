"""Whole games through the Textual UI, every choice made with the menu's keys (Textual pilot).

The test's player decides with a computer agent that reads only its seat's view, then walks the
menus to that action with shortcut keys (and confirms it where the UI asks). Both editions, against
the computer and hotseat; a resumed hotseat game brings about a sea battle, fought through the menus.
"""

from __future__ import annotations

import asyncio

from textual.widgets import Static
from tui_driver import (
    Chooser,
    Played,
    agent_chooser,
    new_session,
    play_to_end,
    polis_game,
    press,
    record_until,
    warlike_chooser,
)

from kleos.core.protocol import CHANCE
from kleos.core.undo import replay
from kleos.games.polis.game import PolisGame
from kleos.tui.app import GameApp
from kleos.tui.screen import MODE_OVER, GameScreen
from kleos.tui.session import Session


def run_game(session: Session, choosers: dict[int, Chooser], *, confirm: bool, fast: bool = True,
             size: tuple[int, int] = (80, 24)) -> tuple[Played, list[str]]:
    """Play ``session`` to its end in the app, then leave by the game-over menu."""
    app = GameApp(session, welcome=False, confirm=confirm)
    titles: list[str] = []

    def seen(screen: GameScreen) -> None:
        titles.append(str(screen.query_one("#menu-title", Static).render()))

    async def go() -> Played:
        async with app.run_test(size=size) as pilot:
            played = await play_to_end(app, pilot, choosers, on_decision=seen, fast=fast)
            screen = app.game_screen
            assert screen is not None and screen.mode == MODE_OVER
            await press(pilot, "3", "n", fast=fast)  # the game-over menu: 3 = quit, n = without saving
            await pilot.pause()
            return played

    played = asyncio.run(go())
    assert app.return_value == ""
    return played, titles


def check_finished(session: Session) -> None:
    """The game is over, the log says so, and the saved log replays to the same final position."""
    assert session.over and session.state.outcome is not None
    assert session.log[-1].text.startswith("Game over:")
    assert replay(session.game, session.record) == session.state
    assert all(seat in (CHANCE, 0, 1) for seat, _ in session.record.actions)


def test_2020_against_the_computer_with_confirmations() -> None:
    session = new_session("2020", 3, frozenset({0}), "simple")
    played, titles = run_game(session, {0: agent_chooser(session.game, "simple", 3)}, confirm=True)
    check_finished(session)
    assert played.decisions >= 30 and played.pass_screens == 0
    assert any(t.startswith("Athens: Action 1 of 2") for t in titles)
    assert any("End of round" in t for t in titles)
    assert session.state.round == 2  # all three rounds were played
    assert any(seat == 1 for seat, _ in session.record.actions)  # the computer (in its worker thread)
    assert any(line.seat == 1 and line.kind == "action" for line in session.log)


def test_2012_as_sparta_against_the_random_computer() -> None:
    session = new_session("2012", 4, frozenset({1}), "random")
    played, titles = run_game(session, {1: agent_chooser(session.game, "simple", 4)}, confirm=False)
    check_finished(session)
    assert played.decisions > 0 and all(t.startswith("Sparta") for t in titles)
    assert polis_game(session.game).edition == "2012"


def test_2012_hotseat() -> None:
    session = new_session("2012", 4, frozenset({0, 1}))
    choosers = {0: agent_chooser(session.game, "simple", 4), 1: agent_chooser(session.game, "random", 5)}
    played, titles = run_game(session, choosers, confirm=True)
    check_finished(session)
    assert played.pass_screens > 0  # the screen is hidden whenever the other player takes over
    assert {t.split(":")[0] for t in titles} == {"Athens", "Sparta"}


def test_2020_hotseat() -> None:
    session = new_session("2020", 3, frozenset({0, 1}))
    choosers = {0: agent_chooser(session.game, "random", 3), 1: agent_chooser(session.game, "simple", 4)}
    played, _ = run_game(session, choosers, confirm=False)
    check_finished(session)
    assert played.pass_screens > 0


def test_2020_hotseat_sea_battle_in_a_resumed_game() -> None:
    """A saved game is resumed just as a sea battle begins (both players gathered galleys in Kyklades)
    and played to its end: retreat windows, attack and defence are chosen in the menus, and the
    results are told pair by pair."""
    game = PolisGame("2020")
    choosers = {0: warlike_chooser(game, "Kyklades", 6), 1: warlike_chooser(game, "Kyklades", 7)}
    record = record_until("2020", 6, choosers, lambda g, s: s.battle is not None)
    session = Session.from_record(record, frozenset({0, 1}))
    start = len(record.actions)
    played, titles = run_game(session, choosers, confirm=False)
    check_finished(session)
    assert any(line.text.startswith("Battle in Kyklades") for line in session.log)
    assert any(line.kind == "result" and line.index >= start for line in session.log)  # pair by pair
    verbs = {a.verb for seat, a in session.record.actions[start:] if seat in (0, 1)}
    assert {"fight", "attack", "defend"} <= verbs
    assert any("attack with 2 cards" in t for t in titles) and any("defend with 2 cards" in t for t in titles)
    assert played.pass_screens > 0
