"""``kleos pericles random``, the platform's ``kleos random pericles`` under the game's name, with the kit
registered: seeded random playouts of a scenario summarised (wins by faction and by side, end reasons,
turns), refusals of bad arguments."""

from __future__ import annotations

import json
from typing import Any

import pytest
from per_helpers import registered  # noqa: F401  (installs the Pericles kit for the tests that name it)

from kleos.arena.selfplay import run_selfplay
from kleos.arena.tournament import STEP_CAP
from kleos.cli import main
from kleos.games.pericles.kit import KIT


def _tally(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["pericles", "random", *args, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_random_is_deterministic_and_counts_every_game(registered: None,  # noqa: F811
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives the same tallies; every game has one winner entry, one side entry and one
    reason; the vignette runs its single turn (P-VICTORY rulings: scenario end)."""
    args = ("--option", "scenario=14_1_09a", "--games", "3", "--seed", "5")
    first, second = _tally(capsys, *args), _tally(capsys, *args)
    assert first == second
    for key in ("wins", "team_wins", "reasons"):
        assert sum(first[key].values()) == 3, key
    assert first["seats"] == ["Aristocrats", "Demagogues", "Eurypontid King", "Agiad King"]
    assert first["rounds"] == 3  # 14.1.09 A is turn 9 only: one turn per game
    assert set(first["team_wins"]) <= {"Athens", "Sparta", "shared"}


def test_random_text_report(registered: None, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """The text report prints every faction and side (P-VICTORY-11: a side wins with its faction)."""
    assert main(["pericles", "random", "--option", "scenario=14_1_09a", "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    for word in ("Wins by seat:", "Wins by team:", "End reasons:", "Average length:", "Agiad King",
                 "Athens", "Sparta"):
        assert word in out, word


def test_step_cap_counts_as_unfinished() -> None:
    """A game stopped by ``--max-steps`` has no winner and is counted under its own reason."""
    tally = run_selfplay(KIT, {"scenario": "14_2"}, "random", 2, 1, max_steps=30)
    assert tally["reasons"] == {STEP_CAP: 2}
    assert tally["wins"] == {"none": 2} == tally["team_wins"]


def test_progress_lines_on_stderr(registered: None, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """Without a terminal, a long run still reports progress on stderr (here: every game of two)."""
    assert main(["pericles", "random", "--option", "scenario=14_1_09a", "--games", "2"]) == 0
    err = capsys.readouterr().err
    assert "1/2 games" in err and "2/2 games" in err


@pytest.mark.parametrize(("args", "word"), [(["--games", "0"], "--games"), (["--max-steps", "-1"], "--max-steps"),
                                            (["--agent", "nobody"], "nobody")])
def test_random_refuses_bad_arguments(registered: None, capsys: pytest.CaptureFixture[str],  # noqa: F811
                                      args: list[str], word: str) -> None:
    assert main(["pericles", "random", *args]) == 2
    assert word in capsys.readouterr().err


def test_unknown_scenario_is_refused(registered: None, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    assert main(["pericles", "random", "--option", "scenario=14_9"]) == 2
    assert "14_9" in capsys.readouterr().err
