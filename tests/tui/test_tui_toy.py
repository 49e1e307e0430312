"""The app shell plays a game it has never heard of: the test game Sealed Bids (tests/toygame), which
brings no terminal part but the menu's explanations, with three seats, hidden hands and everybody
bidding at once (Textual pilot). Against two computer players, and hotseat for three people, where the hand-over screen
must never leave another seat's hand on the screen."""

from __future__ import annotations

import argparse
import asyncio
import html
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from kleos.core import registry
from kleos.core.protocol import CHANCE
from kleos.core.undo import replay
from kleos.tui.app import GameApp
from kleos.tui.play import add_generic_play_parser, build_app, parse_seats
from kleos.tui.screen import MODE_CHOOSE, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen, PassDeviceScreen, TextScreen
from toygame.game import ROUNDS, BidsGame
from toygame.kit import KIT

HAND_SHOWN = re.compile(r"Player (\d): \d+ points, (\d+(?: \d+)*), ")
"""A line of the text board that lists a seat's cards (other seats read "N cards" instead)."""

Script = Callable[[GameApp, Pilot[str], GameScreen], Awaitable[None]]


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


def run(app: GameApp, script: Script, size: tuple[int, int] = (80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)

    asyncio.run(go())


async def settle(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
    """Wait until a person is asked (menu or hand-over screen) or the game is over."""
    for _ in range(500):
        if isinstance(app.screen, PassDeviceScreen) or (app.screen is screen and screen.mode != MODE_WAIT):
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)
    raise AssertionError("the app never came back to a person")


def shown(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def game_screen_text(screen: GameScreen) -> str:
    """Everything the game screen has drawn: status, board, menu title, details, latest events."""
    return "\n".join(shown(screen, s) for s in ("#status", "#board", "#menu-title", "#detail", "#recent"))


def screenshot_text(app: GameApp) -> str:
    """The rendered terminal as plain text (the SVG screenshot without its markup)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\u00a0", " ")


def hands_listed(text: str) -> set[int]:
    """The seats (0-based) whose cards ``text`` lists."""
    return {int(m.group(1)) - 1 for m in HAND_SHOWN.finditer(text)}


def test_one_person_against_two_random_computer_players() -> None:
    app = build_app(KIT, {"players": 3}, seats=(0,), seed=5, opponent="random")
    session = app.session
    titles: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        welcome = str(app.screen.text)
        assert "Sealed Bids, seed 5" in welcome
        assert "You play Player 1 against 2 computer players (random)" in welcome
        await pilot.press("enter")
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen) and "Board, Log" in str(app.screen.body)
        await pilot.press("escape")
        for _ in range(40):
            await settle(app, pilot, screen)
            assert not isinstance(app.screen, PassDeviceScreen)  # one person: nothing to hide
            if screen.mode == MODE_OVER:
                break
            assert screen.mode == MODE_CHOOSE and screen.seat == 0
            titles.append(shown(screen, "#menu-title"))
            assert hands_listed(shown(screen, "#board")) == {0}  # the person's own cards, nobody else's
            await pilot.press("1", "y")
        assert screen.mode == MODE_OVER and "Game over:" in shown(screen, "#detail")
        await pilot.press("3", "n")

    run(app, script)
    assert app.return_value == ""
    assert session.over and len(titles) == ROUNDS and all(t.startswith("Player 1: ") for t in titles)
    assert replay(session.game, session.record) == session.state
    bidders = {seat for seat, action in session.record.actions if action.verb == "play"}
    assert bidders == {0, 1, 2}  # the two computer seats bid in their worker threads
    texts = [line.text for line in session.log]
    assert any(t.startswith("Player 1: bid the card") for t in texts)
    assert "Player 2: a secret step (hidden)" in texts and "Player 3: a secret step (hidden)" in texts
    assert not any(t.startswith(("Player 2: bid", "Player 3: bid")) for t in texts)
    assert texts[-1].startswith("Game over: points:")


def test_the_highlighted_entry_is_explained_under_the_menu_and_on_its_help_page() -> None:
    """The kit's explain hook (MenuParts.explain): the line under the menu tells what the highlighted
    bid does, and ? opens a page about that very entry first (its explanation, its verb, a pointer to
    the rules reference), before the keys."""
    app = build_app(KIT, {"players": 3}, seats=(0,), seed=5, opponent="random")
    pages: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("enter")
        await settle(app, pilot, screen)
        assert screen.mode == MODE_CHOOSE
        await pilot.press("down")  # moving the cursor clears the note about the first moves
        for key in ("up", "down"):
            await pilot.press(key)
            await pilot.pause()
            entry = screen.current_entry()
            assert entry is not None and entry.action is not None
            detail = shown(screen, "#detail")
            assert f"Card {entry.action.args[0]} leaves your hand for good" in detail and "[T-BID]" in detail
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        pages.append(str(app.screen.body))
        await pilot.press("escape")

    run(app, script)
    page = pages[0]
    assert page.startswith("Decision: Player 1: ")  # the menu's title whole, however narrow its panel
    assert page.index("Decision: ") < page.index("This choice: ")
    assert page.index("leaves your hand for good") < page.index("R opens the full rules reference") < page.index("Keys")


def test_hotseat_for_three_hides_every_hand_while_the_device_is_passed() -> None:
    session = Session.start(KIT, {"players": 3}, 8, frozenset({0, 1, 2}))
    app = GameApp(session, welcome=False)
    deciders: list[int] = []
    handovers: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        for _ in range(60):
            await settle(app, pilot, screen)
            if isinstance(app.screen, PassDeviceScreen):
                text = str(app.screen.query_one("#pass-text", Static).render())
                handovers.append(text)
                assert screen.viewer is None
                assert hands_listed(game_screen_text(screen)) == set()  # under the hand-over screen
                assert hands_listed(screenshot_text(app)) == set()  # and on the terminal
                assert "Board" in shown(screen, "#tabs")
                await pilot.press("enter")
                continue
            if screen.mode == MODE_OVER:
                break
            seat = screen.seat
            assert screen.mode == MODE_CHOOSE and seat is not None
            deciders.append(seat)
            assert hands_listed(shown(screen, "#board")) == {seat}
            assert hands_listed(screenshot_text(app)) == {seat}
            await pilot.press("1", "y")
        assert screen.mode == MODE_OVER

    run(app, script)
    assert session.over and replay(session.game, session.record) == session.state
    assert deciders == [0, 1, 2] * ROUNDS  # everybody bids in every round, one person at a time
    assert len(handovers) == 3 * ROUNDS - 1  # between every two people (not before the first)
    assert handovers[0].startswith("Pass the device to Player 2.") and "Player 1, please look away" in handovers[0]
    bids = [line.text for line in session.log if line.seat != CHANCE]
    # hotseat: one screen for all, so a bid is named only once every card of the round is revealed
    assert sum(text.endswith("a secret step (hidden)") for text in bids) == 2 * ROUNDS
    assert sum(bool(re.search(r": bid the card \d+$", text)) for text in bids) == ROUNDS


def apps_started(monkeypatch: pytest.MonkeyPatch) -> list[GameApp]:
    """The apps the play command starts, collected instead of run."""
    started: list[GameApp] = []

    def fake_run(self: GameApp, *args: Any, **kwargs: Any) -> str:
        started.append(self)
        return "bye"

    monkeypatch.setattr(GameApp, "run", fake_run)
    monkeypatch.setattr("kleos.tui.play.use_app", lambda plain: not plain)  # as in a terminal
    return started


def test_the_generic_play_command(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = argparse.ArgumentParser()
    add_generic_play_parser(parser.add_subparsers(dest="game"), KIT)
    started = apps_started(monkeypatch)
    args = parser.parse_args(["bids", "--seats", "4", "--as", "1,player 3", "--seed", "9", "--opponent", "random",
                              "--light"])
    assert args.func(args) == 0
    app = started[0]
    game = app.session.game
    assert isinstance(game, BidsGame) and game.players == 4
    assert app.session.humans == frozenset({0, 2}) and app.session.hotseat and app.session.record.seed == 9
    assert set(app.session.agents) == {1, 3} and app.light and app.welcome
    bad = parser.parse_args(["bids", "--as", "7"])
    assert bad.func(bad) == 2 and len(started) == 1
    names = game.seat_names
    assert parse_seats(names, "all") == frozenset(range(4)) and parse_seats(names, "none") == frozenset()


def test_play_command_seats_lineup(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--seats human,random,ismcts:easy`` names who plays each seat and sets the seat count."""
    parser = argparse.ArgumentParser()
    add_generic_play_parser(parser.add_subparsers(dest="game"), KIT)
    started = apps_started(monkeypatch)
    args = parser.parse_args(["bids", "--seats", "random,human,ismcts:easy", "--seed", "3"])
    assert args.func(args) == 0
    session = started[0].session
    assert isinstance(session.game, BidsGame) and session.game.players == 3
    assert session.humans == frozenset({1})
    assert {seat: agent.name for seat, agent in session.agents.items()} == {0: "random", 2: "ismcts:easy"}
    for bad, why in ((["--seats", "human,wizard"], "unknown agent 'wizard'"),
                     (["--seats", "human,random", "--players", "3"], "disagree"),
                     (["--seats", "human,random", "--as", "2"], "not both")):
        wrong = parser.parse_args(["bids", *bad])
        assert wrong.func(wrong) == 2 and why in capsys.readouterr().err
    assert len(started) == 1
