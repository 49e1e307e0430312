"""Teams in the arena's report: seats that win together, declared by the kit (``GameKit.teams``).

A team wins a game when one of its seats wins, a draw gives it its seats' shares; the report gives
each team's rate with a Wilson interval, per agent too, in ``report.json`` and a "Teams" table. The
fake game is Sealed Bids (``tests/toygame``) with two teams of two; Pericles declares its sides."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from kleos.arena.report import markdown, summarize, team_points
from kleos.arena.stats import wilson_interval
from kleos.arena.tournament import GameResult, GameSpec, play_game, run_tournament, schedule
from kleos.cli import main
from kleos.core import registry
from toygame.kit import KIT as TOY
from toygame.kit import BidsKit


class TeamBidsKit(BidsKit):
    """Sealed Bids with seats 0 and 2 against seats 1 and 3."""

    name = "teambids"
    title = "Team Bids"
    teams: ClassVar[tuple[tuple[str, tuple[int, ...]], ...]] = (("odd", (0, 2)), ("even", (1, 3)))


TEAMS = TeamBidsKit()


@pytest.fixture(autouse=True)
def kits() -> Iterator[None]:
    registry.register(TOY)
    registry.register(TEAMS)
    yield
    registry.unregister(TEAMS.name)
    registry.unregister(TOY.name)


def result(index: int, seats: tuple[str, ...], winner: int | None) -> GameResult:
    n = len(seats)
    return GameResult(index, seats, index, winner, "points", (1,) * n, 10, (1,) * n, (0.0,) * n, 0)


def test_a_team_wins_with_any_of_its_seats_and_shares_a_draw() -> None:
    seats = ("a", "b", "a", "b")
    assert [team_points(result(0, seats, w), (0, 2)) for w in (0, 1, 2, 3)] == [1.0, 0.0, 1.0, 0.0]
    assert team_points(result(0, seats, None), (0, 2)) == pytest.approx(0.5)


def test_summary_gives_each_team_its_rate_interval_and_agents() -> None:
    """Five games: the odd team wins three (seats 0, 2, 0), the even one one, and one is drawn."""
    games = [result(0, ("a", "b", "a", "b"), 0), result(1, ("b", "a", "b", "a"), 2),
             result(2, ("a", "b", "a", "b"), 1), result(3, ("a", "a", "b", "b"), 0),
             result(4, ("a", "b", "a", "b"), None)]
    teams = summarize(games, "teambids", {"players": 4})["teams"]
    assert list(teams) == ["odd", "even"]
    odd, even = teams["odd"], teams["even"]
    assert (odd["points"], even["points"]) == (pytest.approx(3.5), pytest.approx(1.5))
    assert odd["games"] == even["games"] == 5 and odd["seats"] == [0, 2]
    assert odd["ci95"] == pytest.approx(list(wilson_interval(3.5, 5)))
    # agent "a" sat in the odd team in games 0, 2, 3 (seat 0) and 4; "b" in games 1, 3 (seat 2)
    assert odd["by_agent"]["a"]["games"] == 4 and odd["by_agent"]["a"]["points"] == pytest.approx(2.5)
    assert odd["by_agent"]["b"]["games"] == 2 and odd["by_agent"]["b"]["points"] == pytest.approx(2.0)


def test_teams_that_do_not_fit_the_seats_are_left_out() -> None:
    """With three seats, seat 3 is missing: the even team (seats 1 and 3) is not reported."""
    games = [result(0, ("a", "b", "a"), 0)]
    assert list(summarize(games, "teambids", {"players": 3})["teams"]) == ["odd"]


def test_a_game_without_teams_reports_none() -> None:
    games = [result(0, ("a", "b", "a"), 1)]
    summary = summarize(games, "bids", {"players": 3})
    assert summary["teams"] == {}
    text = markdown(summary)
    assert "## Seats" in text and "## Teams" not in text and "## Sides" not in text


def test_team_rates_add_up_over_a_seeded_tournament() -> None:
    """Every game's point goes to the teams whole: the two teams' points sum to the games, and each
    team's points are its seats' points."""
    specs = schedule("teambids", {"players": 4}, ["random", "ismcts:10"], 8, seed=5)  # 3 tables of 8
    summary = summarize(run_tournament(specs, workers=1, progress=False), "teambids", {"players": 4}, 5)
    teams, seats = summary["teams"], list(summary["sides"].values())
    assert teams["odd"]["points"] + teams["even"]["points"] == pytest.approx(summary["games"])
    assert teams["odd"]["points"] == pytest.approx(seats[0]["points"] + seats[2]["points"])
    assert teams["even"]["points"] == pytest.approx(seats[1]["points"] + seats[3]["points"])
    text = markdown(summary)
    assert "## Teams" in text and "| odd | Player 1, Player 3 | 24 |" in text


def test_arena_command_writes_teams_to_the_report(tmp_path: Path) -> None:
    code = main(["arena", "teambids", "--agents", "random,ismcts:10", "--games", "4", "--seats", "4",
                 "--workers", "1", "--out", str(tmp_path), "--no-progress"])
    assert code == 0
    data = json.loads((tmp_path / "report.json").read_text())
    assert list(data["teams"]) == ["odd", "even"]
    assert set(data["teams"]["odd"]["by_agent"]) == {"random", "ismcts:10"}
    assert "## Teams" in (tmp_path / "report.md").read_text()


def test_pericles_sides_are_teams_of_two_factions_p_victory_11() -> None:
    """P-VICTORY-11: a side wins when the game's winner is one of its factions; Athens' factions are
    seats 0 and 1, Sparta's 2 and 3."""
    kit = registry.kit("pericles")
    assert kit.teams == (("Athens", (0, 1)), ("Sparta", (2, 3)))
    options = {"scenario": "14_1_09a"}
    played = play_game(GameSpec(0, "pericles", options, ("random",) * 4, seed=7))
    assert played.winner is not None
    teams = summarize([played], "pericles", options)["teams"]
    winning = "Athens" if played.winner in (0, 1) else "Sparta"
    assert teams[winning]["points"] == 1.0 and sum(t["points"] for t in teams.values()) == 1.0
