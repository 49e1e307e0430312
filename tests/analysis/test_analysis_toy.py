"""The post-game analysis on the test game (Sealed Bids, two seats), which it knows nothing about:
the scripted game of ``tests/scripted_blunders.py``, where the first seat throws away a forced win.
The analysis must see the forced win before the move, mark the move a blunder and prefer the winning
bid; chance steps are listed and never marked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.analysis import GameAnalysis, analyse, engine
from kleos.analysis.engine import mark_of
from kleos.analysis.report import markdown, series, sparkline, terminal_lines, turning_points
from kleos.cli import main
from kleos.core import registry
from kleos.core.record import GameRecord
from scripted_blunders import TOY_BLUNDER as BLUNDER
from scripted_blunders import TOY_SEED as SEED
from scripted_blunders import lowest_card_game
from toygame.game import BidsGame
from toygame.kit import KIT as TOY


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


def test_the_scripted_position_is_the_one_described() -> None:
    record = lowest_card_game()
    game = BidsGame(2)
    state = game.new_state(SEED)
    for seat, action in record.actions[:BLUNDER]:
        game.apply_in_place(state, action, seat)
    assert (state.round, state.hands[0], state.scores, state.prize) == (2, [12, 2], [2, 2], 3)
    assert record.actions[BLUNDER] == (0, record.actions[BLUNDER][1]) and str(record.actions[BLUNDER][1]) == "play 2"


def test_a_thrown_away_forced_win_is_a_blunder() -> None:
    result = analyse(lowest_card_game(), budget=150, repeats=2, seed=1)
    step = result.steps[BLUNDER]
    assert step.kind == "decision" and step.seat == 0
    assert step.preferred == "play 12"
    assert step.before is not None and step.before > 0.95  # the forced win is seen
    assert step.after is not None and step.after < 0.5
    assert step.mark == "blunder"
    assert any(t.index == BLUNDER and t.kind == "blunder" for t in turning_points(result))


def test_chance_is_shown_as_chance_and_never_marked() -> None:
    result = analyse(lowest_card_game(), budget=60, repeats=1)
    chance = [s for s in result.steps if s.seat < 0]
    assert chance and all(s.kind == "chance" and s.mark is None and s.before is None for s in chance)
    assert all(s.kind == "decision" for s in result.steps if s.seat >= 0)


def test_the_analysis_is_deterministic_when_seeded() -> None:
    first = analyse(lowest_card_game(), budget=60, repeats=2, seed=5).to_json()
    assert first == analyse(lowest_card_game(), budget=60, repeats=2, seed=5).to_json()


def test_full_information_only_once_the_game_is_over() -> None:
    record = lowest_card_game()
    with pytest.raises(ValueError, match="over"):
        analyse(GameRecord(record.game, record.options, record.seed, record.actions[:10]), full_information=True)
    seen = analyse(record, budget=60, repeats=1, full_information=True)
    step = seen.steps[BLUNDER]
    assert seen.full_information and step.before == 1.0 and step.after == 0.0  # nothing hidden any more


def test_marks_follow_the_thresholds() -> None:
    marks = (0.05, 0.1, 0.2)
    assert [mark_of(x, marks) for x in (0.0, 0.05, 0.15, 0.5)] == [None, "inaccuracy", "mistake", "blunder"]


def test_sparkline_spans_the_scale() -> None:
    assert sparkline([0.0, 0.5, 1.0]) == "▁▅█"
    assert len(sparkline([0.5] * 500, width=40)) == 40


def test_reports_name_the_blunder() -> None:
    result = analyse(lowest_card_game(), budget=100, repeats=1, seed=1)
    assert "blunder" in markdown(result)
    assert any("blunder" in line for line in terminal_lines(result))


def test_the_command_writes_a_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(lowest_card_game().dumps(), encoding="utf-8")
    out = tmp_path / "analysis.json"
    args = ["analyse", str(saved), "--budget", "100", "--repeats", "1", "--format", "json", "--out", str(out)]
    assert main(args) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["steps"][BLUNDER]["mark"] == "blunder" and data["turning_points"]
    assert "steps" in capsys.readouterr().err  # the progress bar


def test_one_position_of_a_replay_is_analysed_alone() -> None:
    result = analyse(lowest_card_game(), budget=150, repeats=1, seed=1, start=BLUNDER, upto=BLUNDER + 1)
    assert [(s.index, s.mark) for s in result.steps] == [(BLUNDER, "blunder")]


def test_the_json_round_trips() -> None:
    result = analyse(lowest_card_game(), budget=60, repeats=2, seed=3)
    again = GameAnalysis.from_json(json.loads(json.dumps(result.to_json())))
    assert again.to_json() == result.to_json()
    assert [t.index for t in turning_points(again)] == [t.index for t in turning_points(result)]


def test_a_calibrated_game_charts_the_chance_and_marks_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a calibration (the toy game ships none: one is set here), each decision's chance is its
    value before the move mapped by the knots, the chart follows the chance, and the marks still
    measure the search's value lost; without one the chance is the value itself."""
    plain = analyse(lowest_card_game(), budget=150, repeats=2, seed=1)
    monkeypatch.setattr(engine, "game_calibration", lambda game: ((0.0, 0.1), (1.0, 0.6)))
    mapped = analyse(lowest_card_game(), budget=150, repeats=2, seed=1)
    assert not plain.calibrated and all(s.chance == s.before for s in plain.decisions())
    assert mapped.calibrated and mapped.chance_words == "winning chance" and plain.chance_words == plain.value_words
    for was, now in zip(plain.decisions(), mapped.decisions(), strict=True):
        assert (now.before, now.after, now.mark) == (was.before, was.after, was.mark)
        assert was.before is not None and now.chance == pytest.approx(0.1 + 0.5 * was.before, abs=1e-4)
    assert series(mapped, 0) == [(s.index, s.chance) for s in mapped.decisions(0)]
    assert terminal_lines(mapped)[0].startswith("winning chance")
    again = GameAnalysis.from_json(json.loads(json.dumps(mapped.to_json())))
    assert again.to_json() == mapped.to_json()


def test_an_analysis_stored_before_the_chance_reads_its_value_as_the_chance() -> None:
    data = analyse(lowest_card_game(), budget=60, repeats=1, seed=3).to_json()
    for step in data["steps"]:
        step.pop("chance", None)
        step.pop("chance_spread", None)
    old = GameAnalysis.from_json({k: v for k, v in data.items() if k not in ("calibrated", "chance_words")})
    assert not old.calibrated and all(s.chance == s.before for s in old.decisions())
