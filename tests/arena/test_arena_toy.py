"""The arena on a game it knows nothing about: Sealed Bids (``tests/toygame``), 2 to 5 seats, every
seat choosing at once in secret. Tables of three and more seats, seat rotations, reproducibility
with any number of workers, openskill ratings, per-seat rates, and ``kleos arena bids``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from kleos.arena import tournament
from kleos.arena.cli import game_options
from kleos.arena.report import markdown, summarize
from kleos.arena.stats import finishing_ranks, openskill_ratings
from kleos.arena.tournament import (
    STEP_CAP,
    GameResult,
    GameSpec,
    arrangements,
    default_rotation,
    fair_multiple,
    play_game,
    run_tournament,
    schedule,
    tables,
)
from kleos.cli import main
from kleos.core import registry
from kleos.core.errors import RunawayLoop
from toygame.game import ROUNDS
from toygame.kit import KIT as TOY

AGENTS = ["random", "ismcts:20", "ismcts:40", "ismcts:easy"]
SEAT_NAMES = ("Player 1", "Player 2", "Player 3")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


@pytest.fixture(scope="module")
def played() -> list[GameResult]:
    """Four agents at tables of three, each table playing its six seatings once."""
    registry.register(TOY)
    try:
        return run_tournament(schedule("bids", {"players": 3}, AGENTS, 6, seed=11), workers=1, progress=False)
    finally:
        registry.unregister(TOY.name)


def test_tables_are_the_groups_of_agents_and_fill_every_seat() -> None:
    assert tables(["a", "b", "c", "d"], 3) == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")]
    assert tables(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]  # fewer agents than seats
    assert arrangements(("a", "b", "c"), "all") == [
        ("a", "b", "c"), ("a", "c", "b"), ("b", "a", "c"), ("b", "c", "a"), ("c", "a", "b"), ("c", "b", "a")]
    assert arrangements(("a", "a", "b"), "all") == [("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]
    assert arrangements(("a", "b", "c", "d"), "cyclic") == [
        ("a", "b", "c", "d"), ("b", "c", "d", "a"), ("c", "d", "a", "b"), ("d", "a", "b", "c")]
    assert [default_rotation(n) for n in (2, 3, 4, 5)] == ["all", "all", "cyclic", "cyclic"]
    assert fair_multiple(["a", "b", "c"], 2, "all") == 2
    assert fair_multiple(["a", "b", "c", "d"], 3, "all") == 6
    assert fair_multiple(["a", "b"], 3, "all") == 3
    assert fair_multiple(["a", "b", "c", "d", "e"], 5, "cyclic") == 5


def test_every_seat_permutation_of_a_table_is_played() -> None:
    specs = schedule("bids", {"players": 3}, AGENTS, 6, seed=11)
    assert len(specs) == 4 * 6 and len({s.seed for s in specs}) == len(specs)
    by_table: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for spec in specs:
        by_table.setdefault(tuple(sorted(spec.seats)), []).append(spec.seats)
    assert len(by_table) == 4
    for table, seatings in by_table.items():
        assert sorted(seatings) == sorted(arrangements(table, "all")) and len(set(seatings)) == 6


def test_cyclic_rotation_seats_each_agent_in_each_seat_once() -> None:
    five = ["random", "ismcts:10", "ismcts:20", "ismcts:30", "ismcts:40"]
    specs = schedule("bids", {"players": 5}, five, 5, seed=2)
    assert len(specs) == 5
    for seat in range(5):
        assert sorted(spec.seats[seat] for spec in specs) == sorted(five)


def test_every_seat_acting_at_once_chooses_each_round(played: list[GameResult]) -> None:
    assert len(played) == 24
    for result in played:
        assert result.decisions == (ROUNDS,) * 3
        assert result.reason == "points" and len(result.scores) == 3
        assert result.winner is None or result.scores[result.winner] == max(result.scores)
        assert result.rounds == 0  # the kit reports no progress figures


def test_results_do_not_depend_on_the_number_of_workers(played: list[GameResult]) -> None:
    again = run_tournament(schedule("bids", {"players": 3}, AGENTS, 6, seed=11), workers=2, progress=False)
    strip = [(r.seats, r.winner, r.scores, r.steps, r.decisions) for r in played]
    assert strip == [(r.seats, r.winner, r.scores, r.steps, r.decisions) for r in again]


def test_a_different_seed_gives_other_games(played: list[GameResult]) -> None:
    other = [play_game(spec) for spec in schedule("bids", {"players": 3}, AGENTS, 6, seed=12)[:6]]
    assert [r.scores for r in other] != [r.scores for r in played[:6]]


def test_summary_rates_seats_and_openskill(played: list[GameResult]) -> None:
    summary = summarize(played, "bids", {"players": 3}, 11)
    assert summary["title"] == "Sealed Bids" and summary["seat_count"] == 3
    assert list(summary["sides"]) == list(SEAT_NAMES)
    assert sum(rec["rate"] for rec in summary["sides"].values()) == pytest.approx(1.0)
    assert sum(rec["points"] for rec in summary["sides"].values()) == pytest.approx(24)
    assert sum(rec["points"] for rec in summary["agents"].values()) == pytest.approx(24)
    for rec in summary["agents"].values():
        assert rec["games"] == 18  # three tables, six games each
        assert rec["wins"] + rec["draws"] + rec["losses"] == 18
        assert list(rec["by_side"]) == list(SEAT_NAMES)
        assert [side["games"] for side in rec["by_side"].values()] == [6, 6, 6]
        assert sum(side["points"] for side in rec["by_side"].values()) == pytest.approx(rec["points"])
    assert summary["ratings_elo"] == {}  # Bradley–Terry Elo only for two seats
    assert set(summary["ratings_openskill"]) == set(AGENTS)
    for rating in summary["ratings_openskill"].values():
        assert rating["sigma"] > 0 and rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    assert summary["rounds_reached"] == {0: 24}
    assert "| agent | games | W-D-L | win rate | skill | Player 1 | Player 2 | Player 3 |" in markdown(summary)


def test_fewer_agents_than_seats_share_the_table() -> None:
    results = run_tournament(schedule("bids", {"players": 3}, ["random", "ismcts:20"], 3, seed=4), progress=False)
    assert [r.seats for r in results] == [("random", "random", "ismcts:20"), ("random", "ismcts:20", "random"),
                                          ("ismcts:20", "random", "random"), ("random", "ismcts:20", "ismcts:20"),
                                          ("ismcts:20", "random", "ismcts:20"), ("ismcts:20", "ismcts:20", "random")]
    summary = summarize(results, "bids", {"players": 3})
    assert sum(rec["games"] for rec in summary["agents"].values()) == 18
    assert sum(rec["points"] for rec in summary["agents"].values()) == pytest.approx(6)
    assert set(summary["ratings_openskill"]) == {"random", "ismcts:20"}


def test_openskill_ranks_winner_first_and_ties_the_rest() -> None:
    assert finishing_ranks(1, 3) == [2, 1, 2]
    assert finishing_ranks(None, 3) == [1, 1, 1]
    ratings = openskill_ratings(["a", "b", "c"], [(("a", "b", "c"), finishing_ranks(0, 3))] * 5)
    assert ratings["a"]["mu"] > ratings["b"]["mu"] == pytest.approx(ratings["c"]["mu"])
    drawn = openskill_ratings(["a", "b"], [(("a", "b"), finishing_ranks(None, 2))] * 3)
    assert drawn["a"]["mu"] == pytest.approx(drawn["b"]["mu"]) == pytest.approx(25.0)


def test_options_are_json_when_they_parse() -> None:
    assert game_options(TOY, ["players=4"], None, None) == {"players": 4}
    assert game_options(TOY, [], None, 5) == {"players": 5}
    assert game_options(TOY, ["players=four"], None, None) == {"players": "four"}


def test_arena_command_plays_a_three_seat_game(tmp_path: Path) -> None:
    out, plots = tmp_path / "report", tmp_path / "plots"
    code = main(["arena", "bids", "--agents", ",".join(AGENTS), "--games", "6", "--seed", "3", "--workers", "2",
                 "--out", str(out), "--plot", str(plots), "--no-progress"])
    assert code == 0
    data = json.loads((out / "report.json").read_text())
    assert data["games"] == 24 and len(data["results"]) == 24
    assert data["options"] == {"players": 3} and data["seat_count"] == 3 and data["rotation"] == "all"
    assert list(data["sides"]) == list(SEAT_NAMES)
    assert set(data["ratings_openskill"]) == set(AGENTS) and data["ratings_elo"] == {}
    assert Counter(tuple(r["seats"]) for r in data["results"]).most_common(1)[0][1] == 1  # no seating twice
    assert "# Arena: Sealed Bids" in (out / "report.md").read_text()
    assert sorted(p.name for p in plots.iterdir()) == [
        "game_lengths.png", "time_per_decision.png", "win_rates.png", "win_rates_by_side.png"]


def test_arena_command_seats_sets_the_seat_count(tmp_path: Path) -> None:
    """--seats 4 with four agents: one table, the four cyclic rotations (the default beyond 3 seats)."""
    code = main(["arena", "bids", "--agents", ",".join(AGENTS), "--games", "4", "--seats", "4", "--workers", "1",
                 "--out", str(tmp_path), "--no-progress"])
    assert code == 0
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["options"] == {"players": 4} and data["rotation"] == "cyclic" and data["games"] == 4
    for seat in range(4):
        assert sorted(r["seats"][seat] for r in data["results"]) == sorted(AGENTS)


def test_arena_command_rounds_the_default_game_count_up_to_fair(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Two agents at three seats: two tables of three seatings each, so 20 games become 21 a table."""
    assert main(["arena", "bids", "--agents", "random,ismcts:10", "--workers", "1", "--out", str(tmp_path),
                 "--no-progress"]) == 0
    assert json.loads((tmp_path / "report.json").read_text())["games"] == 2 * 21
    assert "note" not in capsys.readouterr().err
    assert main(["arena", "bids", "--agents", "random,ismcts:10", "--games", "4", "--workers", "1",
                 "--out", str(tmp_path), "--no-progress"]) == 0
    assert "a multiple of 3 is fair" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--edition", "2012"], "edition: unknown option"),
    (["--option", "players=9"], "players: must be a whole number"),
    (["--option", "players"], "write NAME=VALUE"),
    (["--agents", "random,heuristic"], "unknown agent 'heuristic'"),
    (["--agents", "random,random"], "at least two different agents"),
])
def test_arena_command_refuses_bad_input(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--agents", "random,ismcts:20"] if "--agents" not in args else []
    assert main(["arena", "bids", *base, *args, "--games", "2", "--no-progress"]) == 2
    assert message in capsys.readouterr().err


def test_a_step_cap_stops_a_game_as_an_unfinished_draw() -> None:
    """Agents that never end a game (random players of a game won only by building) must not hang a
    tournament: with --max-steps the game stops and is reported as unfinished."""
    registry.register(TOY)
    try:
        specs = schedule("bids", {"players": 3}, AGENTS[:3], 1, seed=5, max_steps=4)
        results = run_tournament(specs, workers=1, progress=False)
        whole = run_tournament(schedule("bids", {"players": 3}, AGENTS[:3], 1, seed=5), workers=1, progress=False)
    finally:
        registry.unregister(TOY.name)
    assert [(r.reason, r.winner, r.scores, r.steps) for r in results] == [(STEP_CAP, None, (0, 0, 0), 4)]
    assert whole[0].reason != STEP_CAP and whole[0].steps > 4


def test_a_game_without_a_step_cap_that_does_not_end_fails_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game scheduled without --max-steps is still not played forever: past ``RUNAWAY_STEPS`` (here 4,
    far fewer than a game of Sealed Bids takes) it raises, naming the game, instead of spinning."""
    monkeypatch.setattr(tournament, "RUNAWAY_STEPS", 4)
    spec = GameSpec(0, "bids", {"players": 3}, ("random",) * 3, seed=5)
    with pytest.raises(RunawayLoop, match=r"game 0 of bids \(seed 5\): still going after 4 steps"):
        play_game(spec)
    assert play_game(replace(spec, max_steps=4)).reason == STEP_CAP
