"""The Cyclades commands: seeded random playouts summarised, and the provenance listing."""

from __future__ import annotations

import json

import pytest
from cyc_kit import registered  # noqa: F401  (installs the Cyclades kit for every test here)

from kleos.cli import main


def test_random_is_deterministic_and_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["cyclades", "random", "--seats", "3", "--games", "4", "--seed", "7", "--max-rounds", "3", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second
    assert sum(first["wins"].values()) == 4 == sum(first["reasons"].values())
    assert first["seats"] == ["Blue", "Red", "Green"]


def test_random_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cyclades", "random", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


def test_data_lists_reconstructed_records(capsys: pytest.CaptureFixture[str]) -> None:
    """C-DATA-7: the dice faces were not found, so the dice table is listed as reconstructed."""
    assert main(["cyclades", "data", "--reconstructed"]) == 0
    out = capsys.readouterr().out
    assert "dice" in out.split("Records holding reconstructed values")[1]
