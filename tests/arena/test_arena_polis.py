"""The arena on Polis (two seats): reproducible round robins, report shape, statistics, the Ray path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kleos.arena.report import summarize
from kleos.arena.stats import bradley_terry_elo, wilson_interval
from kleos.arena.tournament import STEP_CAP, GameResult, play_game, run_tournament, schedule
from kleos.cli import main
from step_cap import WHOLE_GAME_STEPS


def finished(results: list[GameResult]) -> list[GameResult]:
    """The results, once every game is seen to have ended by the rules: the games are scheduled with
    ``max_steps`` so that a rule broken into an endless game fails here instead of hanging the run."""
    stopped = [r.seed for r in results if r.reason == STEP_CAP]
    if stopped:
        pytest.fail(f"games of seeds {stopped} still running after {WHOLE_GAME_STEPS} steps", pytrace=False)
    return results


def test_schedule_swaps_sides_and_is_seeded() -> None:
    specs = schedule("polis", {"edition": "2020"}, ["random", "simple"], 4, seed=3)
    assert [s.seats for s in specs] == [("random", "simple"), ("simple", "random")] * 2
    assert [s.seed for s in specs] == [s.seed for s in schedule("polis", {"edition": "2020"},
                                                                ["random", "simple"], 4, seed=3)]
    assert len({s.seed for s in specs}) == 4


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    specs = schedule("polis", {"edition": "2012"}, ["random", "simple"], 4, seed=1, max_steps=WHOLE_GAME_STEPS)
    one = finished(run_tournament(specs, workers=1, progress=False))
    two = run_tournament(specs, workers=2, progress=False)
    strip = [(r.winner, r.reason, r.scores, r.steps) for r in one]
    assert strip == [(r.winner, r.reason, r.scores, r.steps) for r in two]


def test_wilson_interval_and_ratings() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)
    assert wilson_interval(0, 10)[0] == 0.0
    ratings = bradley_terry_elo(["a", "b"], [("a", "b", 1.0)] * 9 + [("a", "b", 0.0)])
    assert ratings["a"] > ratings["b"]
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500, abs=1)


def test_arena_command_writes_a_report_of_the_right_shape(tmp_path: Path) -> None:
    """A small run as in CI: report.md, report.json and the charts."""
    out, plots = tmp_path / "report", tmp_path / "plots"
    code = main(["arena", "polis", "--agents", "random,simple,ismcts:40", "--games", "2", "--seed", "5",
                 "--workers", "2", "--out", str(out), "--plot", str(plots), "--no-progress"])
    assert code == 0
    data = json.loads((out / "report.json").read_text())
    assert data["games"] == 6 and len(data["results"]) == 6
    assert set(data["agents"]) == {"random", "simple", "ismcts:40"}
    for rec in data["agents"].values():
        assert rec["games"] == 4
        assert 0.0 <= rec["ci95"][0] <= rec["rate"] <= rec["ci95"][1] <= 1.0
        assert set(rec["by_side"]) == {"Athens", "Sparta"}
    assert set(data["ratings_elo"]) == set(data["agents"])
    assert set(data["ratings_openskill"]) == set(data["agents"])
    assert data["options"] == {"edition": "2020", "scenario": "none"} and data["seat_count"] == 2
    assert sum(data["end_reasons"].values()) == 6
    assert "## Agents" in (out / "report.md").read_text()
    assert sorted(p.name for p in plots.iterdir()) == [
        "game_lengths.png", "time_per_decision.png", "win_rates.png", "win_rates_by_side.png"]


def test_bad_agent_name_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "polis", "--agents", "random,wizard", "--games", "2"]) == 2
    assert "unknown agent 'wizard'" in capsys.readouterr().err


def test_edition_and_options_reach_the_game(tmp_path: Path) -> None:
    """--edition and --option edition=… give the same games, other than the default edition's; the
    edition stays text."""
    runs: list[list[tuple[int | None, str, int]]] = []
    editions: list[str] = []
    for flags in (["--edition", "2012"], ["--option", "edition=2012"], []):
        out = tmp_path / str(len(runs))
        assert main(["arena", "polis", "--agents", "random,simple", "--games", "2", "--seed", "8", "--workers", "1",
                     "--out", str(out), "--no-progress", *flags]) == 0
        data = json.loads((out / "report.json").read_text())
        editions.append(data["options"]["edition"])
        runs.append([(r["winner"], r["reason"], r["steps"]) for r in data["results"]])
    assert editions == ["2012", "2012", "2020"]
    assert runs[0] == runs[1] != runs[2]


@pytest.mark.parametrize(("args", "message"), [
    (["--edition", "1999"], "edition: '1999' is not one of 2012, 2020"),
    (["--seats", "3"], "has 2 seats"),
])
def test_bad_options_are_clear_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "polis", "--agents", "random,simple", "--games", "2", *args]) == 2
    assert message in capsys.readouterr().err


def test_summary_counts_draws_as_half() -> None:
    specs = schedule("polis", {"edition": "2020"}, ["random", "simple"], 2, seed=2, max_steps=WHOLE_GAME_STEPS)
    results = finished([play_game(s) for s in specs])
    summary = summarize(results, "polis", {"edition": "2020"})
    total = sum(rec["points"] for rec in summary["agents"].values())
    assert total == pytest.approx(len(results))


def test_tournament_on_a_local_ray_instance() -> None:
    """--ray: the same games played as Ray tasks on a local instance started here."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        specs = schedule("polis", {"edition": "2020"}, ["random", "simple"], 2, seed=4, max_steps=WHOLE_GAME_STEPS)
        results = finished(run_tournament(specs, ray_address="auto", progress=False))
        local = run_tournament(specs, workers=1, progress=False)
        assert [(r.winner, r.steps) for r in results] == [(r.winner, r.steps) for r in local]
    finally:
        ray.shutdown()
