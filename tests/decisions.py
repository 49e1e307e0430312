"""Test helper: a new game brought to its first decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from kleos.core import registry
from kleos.core.action import Action
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord
from step_cap import StepCap

S = TypeVar("S")


def at_first_decision(game: Game[S, Any], seed: int) -> tuple[S, int]:
    """A new game's state after its opening chance steps (deals, shuffles), and the first seat to decide."""
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.apply_in_place(state, game.sample_chance(state), CHANCE)
    return state, game.actors(state)[0]


def first_decision_where(game: Game[S, Any], seed: int, found: Callable[[S, list[Action]], bool], what: str,
                         limit: int = 5000) -> tuple[S, int, list[Action]]:
    """A new game played by seeded random choices (chance from its own generator) to its first decision
    that ``found`` accepts: the state, the deciding seat and its legal actions."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        if found(state, legal):
            return state, seat, legal
        game.apply_in_place(state, legal[rng.randrange(len(legal))], seat)
    raise AssertionError(f"seed {seed}: no {what} in {limit} steps")


def recorded_to_decision_where(kit_name: str, seed: int, found: Callable[[list[Action]], bool], what: str,
                               limit: int = 5000) -> tuple[GameRecord, int, list[Action]]:
    """A new game of an installed game's default options played by seeded random choices (chance from
    the state's own generator) to its first decision whose legal actions ``found`` accepts: the record
    of the steps to it (to resume as a session), the deciding seat and its legal actions."""
    kit = registry.kit(kit_name)
    game = kit.make_game(kit.default_options())
    record = GameRecord(kit.name, dict(game.options), seed)
    state, rng = game.new_state(seed), random.Random(seed)
    for _ in range(limit):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            record.actions.append((CHANCE, game.step_chance(state)))
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        if found(legal):
            return record, seat, legal
        action = legal[rng.randrange(len(legal))]
        game.apply_in_place(state, action, seat)
        record.actions.append((seat, action))
    raise AssertionError(f"seed {seed}: no {what} in {limit} steps")
