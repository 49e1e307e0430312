"""How good a Cyclades position is for each seat: the evaluation ISMCTS scores leaves with.

The game is won by Metropolises (C-END-2), so they dominate; the two ways to a new one come next:
the building types owned (economic route, C-METRO-2) and Philosophers (intellectual route,
C-METRO-3); then what pays for everything (income, gold) and what holds and takes islands (islands,
troops, fleets, Priests' discounts). The seats' scores become shares of one unit by a softmax, so the
values of all seats sum to 1 and a clear leader gets most of it. A finished game is scored by its
outcome. Weights are hand-set (reconstructed), not fitted.
"""

from __future__ import annotations

import math
from typing import Any

from kleos.core.kit.agents import Evaluator
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import income, islands_of, metropolises
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import Tables

WEIGHTS = {
    "metropolis": 12.0, "building_type": 2.5, "building": 0.8, "philosopher": 2.6, "income": 0.9,
    "gold": 0.3, "island": 1.5, "troop": 0.6, "fleet": 0.4, "priest": 0.6,
}
TEMPERATURE = 6.0  # score points that make one seat e (≈2.7) times as likely to win as another


def building_kinds(t: Tables, s: CycladesState, seat: int) -> tuple[set[int], int]:
    """The building types (0-3) on ``seat``'s islands, and how many buildings it owns."""
    kinds: set[int] = set()
    count = 0
    for island in islands_of(s, seat):
        first = t.slot_offset[island]
        for b in s.buildings[first:first + t.island_slots[island]]:
            if b:
                kinds.add(b - 1)
                count += 1
    return kinds, count


def position_score(t: Tables, s: CycladesState, seat: int, duplicate_penalty: float = 0.0) -> float:
    """A seat's strength in score points (see the module docstring for the weights' order), less
    ``duplicate_penalty`` for each building beyond the first of its type (the heuristic's turn
    scoring; ISMCTS's leaf evaluation leaves it at 0)."""
    w = WEIGHTS
    kinds, buildings = building_kinds(t, s, seat)
    troops = sum(n for island, n in enumerate(s.troops) if s.owner[island] == seat)
    fleets = sum(n for sea, n in enumerate(s.fleets) if s.fleet_owner[sea] == seat)
    score = (w["metropolis"] * metropolises(s, seat) + w["building_type"] * len(kinds) + w["building"] * buildings
             + w["philosopher"] * s.philosophers[seat] + w["income"] * income(t, s, seat)
             + w["gold"] * max(s.gold[seat], 0) + w["island"] * len(islands_of(s, seat))
             + w["troop"] * troops + w["fleet"] * fleets + w["priest"] * s.priests[seat])
    return score - duplicate_penalty * (buildings - len(kinds))


def win_shares(t: Tables, s: CycladesState) -> list[float]:
    """Every seat's share of the win, summing to 1 (the outcome's, once the game is over)."""
    if s.outcome is not None:
        if s.outcome.winner is not None:
            return [1.0 if seat == s.outcome.winner else 0.0 for seat in range(t.players)]
        best = max(s.outcome.scores) if s.outcome.scores else 0
        tied = [seat for seat in range(t.players) if s.outcome.scores and s.outcome.scores[seat] == best]
        return [1.0 / len(tied) if seat in tied else 0.0 for seat in range(t.players)]
    scores = [position_score(t, s, seat) for seat in range(t.players)]
    top = max(scores)
    weights = [math.exp((x - top) / TEMPERATURE) for x in scores]
    total = sum(weights)
    return [x / total for x in weights]


def evaluator_for(game: CycladesGame) -> Evaluator:
    t = game.tables

    def evaluate(state: Any, seat: int) -> float:
        assert isinstance(state, CycladesState)
        return win_shares(t, state)[seat]

    return evaluate
