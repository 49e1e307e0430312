"""Snapshots of the main screens (pytest-textual-snapshot): the SVGs under __snapshots__ are what a
player sees. Update them after a deliberate change with ``pytest tests/tui --snapshot-update`` and
look at the report."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from textual.pilot import Pilot
from tui_driver import agent_chooser, new_session, record_until, settle, warlike_chooser

from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.tui.app import GameApp
from kleos.tui.session import Session


class SnapCompare(Protocol):
    def __call__(self, app: GameApp, press: Iterable[str] = ..., terminal_size: tuple[int, int] = ...,
                 run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = ...) -> bool: ...


async def ready(pilot: Pilot[Any]) -> None:
    """Wait until the computer has moved and a person is to decide."""
    app = pilot.app
    assert isinstance(app, GameApp)
    await settle(app, pilot)
    await pilot.pause()


def against_simple(edition: str = "2020", seed: int = 7) -> Session:
    return new_session(edition, seed, frozenset({0}), "simple")


def simple_players(edition: str) -> dict[int, Any]:
    game = PolisGame(edition)
    return {0: agent_chooser(game, "simple", 1), 1: agent_chooser(game, "simple", 2)}


def at_end_of_round(g: PolisGame, s: PolisState) -> bool:
    return s.phase == "end_of_round" and g.actors(s)[0] == 0


def test_first_turn(snap_compare: SnapCompare) -> None:
    """The main screen at 80x24: status, map, menu of Athens' first action, details, latest events."""
    assert snap_compare(GameApp(against_simple(), welcome=False), run_before=ready)


def test_welcome(snap_compare: SnapCompare) -> None:
    assert snap_compare(GameApp(against_simple(), welcome=True), run_before=ready)


def test_choose_then_confirm(snap_compare: SnapCompare) -> None:
    """A group of the menu (trade), then the confirmation with what the trade costs and does."""
    assert snap_compare(GameApp(against_simple(), welcome=False), press=["7", "1"], run_before=ready)


def test_end_of_round_with_the_guide(snap_compare: SnapCompare) -> None:
    record = record_until("2020", 11, simple_players("2020"), at_end_of_round)
    session = Session.from_record(record, frozenset({0}), "simple")
    assert snap_compare(GameApp(session, welcome=False, guide=True), run_before=ready)


def test_battle_attack_hotseat(snap_compare: SnapCompare) -> None:
    """A sea battle: Athens' hand and the attack menu; Sparta's hand stays hidden."""
    game = PolisGame("2020")
    choosers = {0: warlike_chooser(game, "Kyklades", 6), 1: warlike_chooser(game, "Kyklades", 7)}
    record = record_until("2020", 6, choosers, lambda g, s: s.battle is not None and s.battle.phase == "attack")
    session = Session.from_record(record, frozenset({0, 1}))
    assert snap_compare(GameApp(session, welcome=False), run_before=ready)


def test_pass_the_device(snap_compare: SnapCompare) -> None:
    session = new_session("2020", 3, frozenset({0, 1}))
    assert snap_compare(GameApp(session, welcome=False), press=[":", *"pass", "enter", "y"], run_before=ready)


def test_game_over_2012_light(snap_compare: SnapCompare) -> None:
    """The end of a 2012 game in the light colours."""
    record = record_until("2012", 4, simple_players("2012"), lambda g, s: False)
    session = Session.from_record(record, frozenset({0}), "simple")
    assert snap_compare(GameApp(session, welcome=False, light=True), run_before=ready)


def test_help_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(GameApp(against_simple(), welcome=False), press=["question_mark"], run_before=ready)


def test_replay_screen(snap_compare: SnapCompare) -> None:
    record = record_until("2020", 11, simple_players("2020"), lambda g, s: False)
    session = Session.from_record(record, frozenset({0}), "simple")
    assert snap_compare(GameApp(session, welcome=False, replay=True), press=["right"] * 12 + ["tab", "tab"],
                        run_before=ready)


def test_large_terminal_markets(snap_compare: SnapCompare) -> None:
    """At 120x40 everything fits and more of the log is shown."""
    assert snap_compare(GameApp(against_simple(), welcome=False, guide=True), press=["7"],
                        terminal_size=(120, 40), run_before=ready)
