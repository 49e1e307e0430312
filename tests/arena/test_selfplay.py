"""``kleos random GAME``: one self-play loop and one tally for every game (the toy game here)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from kleos.arena.selfplay import UNFINISHED, run_selfplay
from kleos.arena.tournament import ROUND_CAP, Progress
from kleos.cli import main
from kleos.core import registry
from toygame.kit import KIT as TOY


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


def tally(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["random", TOY.name, "--json", *args]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_the_same_seed_gives_the_same_tallies_and_every_game_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "7", "--seed", "4", "--option", "players=3")
    first, second = tally(capsys, *args), tally(capsys, *args)
    assert first == second
    assert sum(first["wins"].values()) == 7 == sum(first["reasons"].values())
    assert first["seats"] == ["Player 1", "Player 2", "Player 3"]
    assert first["steps"] > 0 and first["rounds"] == 0  # the toy game's kit counts no rounds
    assert tally(capsys, "--games", "7", "--seed", "5", "--option", "players=3") != first


def test_a_round_cap_stops_every_game_unfinished() -> None:
    """Rounds as a game's kit counts them (Cyclades: its cycles)."""
    capped = run_selfplay(registry.kit("cyclades"), {"players": 2}, "random", 3, 1, max_rounds=1)
    assert capped["wins"] == {UNFINISHED: 3}
    assert capped["reasons"] == {ROUND_CAP: 3}
    assert capped["rounds"] == 3  # each game counted at its cap


@pytest.mark.parametrize(("args", "word"), [(["--games", "0"], "--games"), (["--agent", "nobody"], "nobody"),
                                            (["--option", "players=9"], "players")])
def test_bad_arguments_are_refused_with_the_reason(capsys: pytest.CaptureFixture[str], args: list[str],
                                                   word: str) -> None:
    assert main(["random", TOY.name, *args]) == 2
    assert word in capsys.readouterr().err


def test_the_text_report_and_progress_lines_in_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random", TOY.name, "--games", "3"]) == 0
    captured = capsys.readouterr()
    assert "Wins by seat:" in captured.out and "End reasons:" in captured.out
    assert "Average length:" in captured.out
    assert "1/3 games" in captured.err and "3/3 games" in captured.err  # not a terminal: a line per game here


def test_progress_writes_a_line_per_tenth_when_not_a_terminal() -> None:
    stream = io.StringIO()
    bar = Progress(20, stream=stream)
    for _ in range(20):
        bar.advance()
    lines = stream.getvalue().splitlines()
    assert [line.split()[1] for line in lines] == [f"{k}/20" for k in range(2, 21, 2)]
