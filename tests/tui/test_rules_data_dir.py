"""The rules reference follows the data a game plays with: ``kleos rules GAME --option
data_dir=FOLDER`` (and ``R`` in a game started with that option) reads the corrected files, where the
reference of the packaged data would state the packaged values. A bad option is refused with the
options parser's words and exit status 2, as ``kleos play`` refuses it."""

from __future__ import annotations

import contextvars
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.tui.look import Look

PACKAGED = Path(__file__).resolve().parents[2] / "src" / "kleos" / "games"


def corrected(tmp_path: Path, game: str, name: str, change: Callable[[Any], None]) -> Path:
    """A data folder holding the packaged ``name`` of ``game`` with ``change`` made to it."""
    raw = json.loads((PACKAGED / game / "data" / name).read_text(encoding="utf-8"))
    change(raw)
    target = tmp_path / Path(name).name
    target.write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


def reference(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = contextvars.copy_context().run(main, ["rules", *argv, "--no-pager"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _leader(raw: Any) -> None:
    next(leader for leader in raw["leaders"] if leader["faction"] == "AK")["value"] = 4


def _sylph(raw: Any) -> None:
    next(c for c in raw["creatures"] if c["key"] == "sylph")["params"]["sylph_steps"] = 7


def _socrates(raw: Any) -> None:
    raw["projects"][0]["prestige"] = 5


CASES = [
    ("pericles", "leaders.json", _leader, "- AK Leader (3):", "- AK Leader (4):"),
    ("cyclades", "creatures.json", _sylph, "(steps: 10)", "(steps: 7)"),
    ("polis", "2020/projects.json", _socrates, "- [2020] Socrates (philosophers): cost 6 silver; prestige 4",
     "- [2020] Socrates (philosophers): cost 6 silver; prestige 5"),
]


@pytest.mark.parametrize(("game", "name", "change", "packaged", "fixed"), CASES)
def test_the_reference_reads_a_data_dir(game: str, name: str, change: Callable[[Any], None], packaged: str,
                                        fixed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = corrected(tmp_path, game, name, change)
    code, plain, _err = reference([game], capsys)
    assert code == 0 and packaged in plain and fixed not in plain
    code, told, _err = reference([game, "--option", f"data_dir={folder}"], capsys)
    assert code == 0 and fixed in told and packaged not in told
    kit = registry.kit(game)
    in_game = Look(kit).rules(kit.make_game({"data_dir": str(folder)}))  # what R shows in that game
    assert fixed in in_game and in_game.count("\n") > 50


def test_a_bad_option_is_refused_like_play_refuses_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = reference(["cyclades", "--option", "gold_supply=7"], capsys)
    assert (code, out) == (2, "") and err.startswith("error: gold_supply: '7' is not one of unlimited, 98, 100")
    code, out, err = reference(["cyclades", "--option", "data_dir=/no/such/folder"], capsys)
    assert code == 2 and "data folder does not exist" in err

