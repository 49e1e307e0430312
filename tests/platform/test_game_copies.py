"""Every installed game's object, tables and all, survives ``copy.deepcopy`` and ``pickle`` on either
build: research adapters and worker processes copy and send games. Compiled, a frozen dataclass
cannot be restored field by field as the default copy does, so the tables must rebuild themselves
through their constructor; this runs in CI's compiled pytest run as well as the interpreted one."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from kleos.core import registry
from kleos.core.protocol import Game

KITS = sorted(registry.games())
SEED = 7


def first_steps(game: Game[Any, Any], steps: int = 40) -> list[str]:
    """The legal lists of a seeded game's first ``steps`` steps, always taking the first action."""
    state = game.new_state(SEED)
    seen: list[str] = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            seen.append(f"chance {game.step_chance(state)}")
            continue
        legal = game.legal_actions(state)
        seen.append(" ".join(map(str, legal)))
        game.apply_in_place(state, legal[0])
    return seen


@pytest.mark.parametrize("name", KITS)
def test_a_game_and_its_tables_survive_deepcopy_and_pickle(name: str) -> None:
    kit = registry.games()[name]
    game = kit.make_game(kit.default_options())
    tables = getattr(game, "tables", None)
    for twin in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert type(twin) is type(game)
        if tables is not None:
            twin_tables = getattr(twin, "tables", None)
            assert type(twin_tables) is type(tables) and twin_tables == tables
        assert first_steps(twin) == first_steps(game)
