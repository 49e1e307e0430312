"""A static evaluation of Polis positions, for search (ISMCTS) and for the heuristic agent.

The estimate is the final score a side would have if the game ended after the coming feeding:
population + prestige + posterity (R-END-7), plus the round prestige of projects already started,
minus the prestige a food shortfall will cost, with a heavy penalty when the shortfall cannot be
paid (starvation or ostracism end the game), plus small credits for goods and units that turn
into points later. It reads only what the state shows; search calls it on determinized states.
"""

from __future__ import annotations

import math

from kleos.games.polis.rules import end_of_round, scoring
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import N_GOODS, SILVER, WHEAT, Tables, other

SCALE = 4.0  # score points for which the win probability moves from 50% to about 73%


def estimate(t: Tables, s: PolisState, side: int) -> float:
    """Expected final points of ``side`` (a rough, fast guess)."""
    points = float(scoring.score(t, s, side))
    for polis, tile in enumerate(s.project_started):
        if tile != -1 and s.owner[polis] == side:
            gain = t.projects[tile].prestige
            points += (s.pop[polis] + 1) // 2 if gain < 0 else gain + t.projects[tile].posterity
    need = end_of_round.requirement(s, side)
    wheat = s.goods[side * N_GOODS + WHEAT]
    short = max(0, need - wheat)
    if short >= s.prestige[side]:
        points -= 12.0 + 2.0 * (short - s.prestige[side])
    else:
        points -= short
    goods = sum(s.goods[side * N_GOODS + g] for g in t.goods if g not in (WHEAT, SILVER))
    points += 0.15 * goods + 0.3 * s.goods[side * N_GOODS + SILVER] + 0.1 * max(0, wheat - need)
    points += 0.25 * sum(s.units[r * 2 + side] for r in range(t.n_regions))
    return points


def win_probability(t: Tables, s: PolisState, side: int) -> float:
    """The evaluation in [0, 1]: the result itself once the game is over."""
    if s.outcome is not None:
        if s.outcome.winner is None:
            return 0.5
        return 1.0 if s.outcome.winner == side else 0.0
    margin = estimate(t, s, side) - estimate(t, s, other(side))
    return 1.0 / (1.0 + math.exp(-margin / SCALE))
