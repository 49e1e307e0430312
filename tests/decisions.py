"""Test helper: a new game brought to its first decision."""

from __future__ import annotations

from typing import Any, TypeVar

from kleos.core.protocol import CHANCE, Game
from step_cap import StepCap

S = TypeVar("S")


def at_first_decision(game: Game[S, Any], seed: int) -> tuple[S, int]:
    """A new game's state after its opening chance steps (deals, shuffles), and the first seat to decide."""
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.apply_in_place(state, game.sample_chance(state), CHANCE)
    return state, game.actors(state)[0]
