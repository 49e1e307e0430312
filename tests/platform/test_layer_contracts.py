"""Every module of a game's rules core is under its "imports no surface" contract (``lint-imports``,
contracts in ``pyproject.toml``): a module added next to the rules (an ending's words, a story, a
reference) is checked like the rules themselves, and the contract forbids the game's own surface
parts, so that the words every surface shares never pull in a terminal, a browser or the agents."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "kleos" / "games"
SURFACES = ("agents", "tui", "web", "encoding", "cli", "kit")
"""A game's parts for the surfaces (and the kit that hands them over): not rules core."""
NOT_MODULES = ("__init__", "data", "__pycache__")


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def for_game(names: Iterable[str], game: str) -> set[str]:
    """A contract's module names as they apply to ``game``: a wildcard ``kleos.games.*.x`` names
    ``kleos.games.<game>.x`` (import-linter's ``*`` stands for one name)."""
    return {name.replace("kleos.games.*.", f"kleos.games.{game}.") for name in names}


def core_contract(game: str) -> dict[str, Any]:
    """The contract that keeps ``game``'s rules core from its surfaces (the one naming its ``game``
    module, by name or by a wildcard), its module names as they apply to ``game``."""
    found = next(c for c in contracts() if f"kleos.games.{game}.game" in for_game(c.get("source_modules", ()), game))
    return {**found, "source_modules": for_game(found["source_modules"], game),
            "forbidden_modules": for_game(found["forbidden_modules"], game)}


def top_modules(game: str) -> set[str]:
    """The modules and packages at the top of a game package."""
    return {path.stem for path in (GAMES / game).iterdir()
            if (path.suffix == ".py" or (path / "__init__.py").exists()) and path.stem not in NOT_MODULES}


@pytest.mark.parametrize("game", sorted(p.name for p in GAMES.iterdir() if (p / "kit.py").exists()))
def test_every_rules_core_module_is_under_its_games_contract(game: str) -> None:
    """Each module beside the rules that is not a surface part is a source of the game's contract,
    and the contract forbids every surface part the game has."""
    contract = core_contract(game)
    core = top_modules(game) - set(SURFACES)
    listed = {name.removeprefix(f"kleos.games.{game}.") for name in contract["source_modules"]}
    assert core <= listed, f"{game}: not under the contract: {sorted(core - listed)}"
    surfaces = {f"kleos.games.{game}.{part}" for part in SURFACES if part in top_modules(game)}
    assert surfaces <= set(contract["forbidden_modules"]), sorted(surfaces - set(contract["forbidden_modules"]))


def test_the_endings_are_words_of_the_rules_core() -> None:
    """The game-over words (``ending``) of Cyclades and Pericles are checked as rules core."""
    for game in ("cyclades", "pericles"):
        assert f"kleos.games.{game}.ending" in core_contract(game)["source_modules"]


def test_one_contract_serves_every_game() -> None:
    """The rules-core contract is written once, with wildcards, so a new game is under it from its
    first module instead of waiting for a contract of its own."""
    games = sorted(p.name for p in GAMES.iterdir() if (p / "kit.py").exists())
    assert len({core_contract(game)["name"] for game in games}) == 1
