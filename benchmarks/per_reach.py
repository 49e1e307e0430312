#!/usr/bin/env python3
"""Pericles: the Military issues a bot places where none of its side's units can reach, and the
expeditions that end without a battle because nothing arrived.

    nice -n 10 .venv/bin/python benchmarks/per_reach.py [--games 6] [--scenario 14_2] [--seed 0]
        [--variants heuristic,unreached] [--jobs 2]

A Military issue in an enemy-held theater must be an Expedition Assembly (P-MIL-7); if no unit of
the Commander's side gets there the theater is not contested after the movement, no battle follows
(P-EXPED-7) and the Strategos committed go back to the supply all the same (P-MIL-8). For each variant,
game ``i`` (seed ``seed + i``) is played with that variant in all four seats
(``pericles_agents.play``). Counted: the Military markers placed; of those, the ones placed in an
enemy-held theater that no unit of the side could reach as things stood at the placement
(:func:`~kleos.games.pericles.rules.military.reach`); the expeditions into a contested or enemy-held
theater; and of those, the ones with no battle after the movement. ``unreached`` is the heuristic
before it weighed reach in its placements (``per_strength.py``). Prints the counts with the shares and
their Wilson 95% intervals, and the load average. A figure of behaviour, not of strength
(``per_strength.py --variant heuristic --base unreached --side`` measures that).
"""

from __future__ import annotations

import pericles_agents  # the same directory: one seeded game
from per_strength import maker

from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.common import CONTESTED, ENEMY, status
from kleos.games.pericles.rules.military import reach
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import FACTIONS, Tables

MOVING = ("move", "move_on")


class ReachCount:
    """Counts Military placements (all, and those nothing can reach) and expeditions into a
    contested or enemy-held theater (all, and those that end with no battle)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.placed = self.unreachable = 0
        self.expeditions = self.futile = 0
        self.watching: tuple[int, int, bool] | None = None  # (theater, side, movement begun) of an expedition
        self.revealed = -1  # the issue of that expedition

    def before(self, state: PericlesState, seat: int, action: Action) -> None:
        if action.verb == "place" and len(action.args) == 3 and action.args[1] == "MIL":
            side = FACTIONS.index(str(action.args[0])) // 2
            theater = self.tables.theater_index[str(action.args[2])]
            self.placed += 1
            self.unreachable += status(state, theater, side) == ENEMY and not reach(self.tables, state, side)[theater]
        elif action == Action("expedition") and state.revealed >= 0:
            theater = entry_parts(state.revealed)[0]
            side = seat // 2
            if status(state, theater, side) in (CONTESTED, ENEMY):
                self.expeditions += 1
                self.watching, self.revealed = (theater, side, False), state.revealed

    def after(self, state: PericlesState) -> None:
        """The expedition under way is judged when its movement is over, as P-EXPED-7 judges it: a
        battle follows only if the theater is contested then."""
        if self.watching is None:
            return
        theater, side, moving = self.watching
        if state.step in MOVING:
            self.watching = (theater, side, True)
        elif moving or state.revealed != self.revealed:
            self.futile += status(state, theater, side) != CONTESTED
            self.watching = None


def one(job: tuple[str, str, int]) -> tuple[str, int, int, int, int]:
    """One seeded game of ``variant`` in every seat: (variant, Military markers placed, of those in an
    enemy theater nothing could reach, expeditions into a contested or enemy theater, of those with no
    battle)."""
    variant, scenario, seed = job
    registry.register(KIT)
    game = PericlesGame({"scenario": scenario})
    count = ReachCount(game.tables)
    pericles_agents.play(game, seed, {seat: maker(variant)(game) for seat in range(4)}, watcher=count)
    return variant, count.placed, count.unreachable, count.expeditions, count.futile


def share(part: int, whole: int) -> str:
    low, high = wilson_interval(part, whole)
    return f"{part} of {whole} ({100 * part / max(1, whole):.0f}% [Wilson 95% {100 * low:.0f}-{100 * high:.0f}%])"


def main() -> None:
    args = pericles_agents.variant_options(__doc__.split("\n\n")[0], "heuristic,unreached")
    totals = pericles_agents.count_variants(one, args, 4)
    for variant, (placed, unreachable, expeditions, futile) in totals.items():
        print(f"  {variant}: Military markers in an enemy theater no unit could reach: {share(unreachable, placed)}; "
              f"expeditions into a contested or enemy theater that ended with no battle: {share(futile, expeditions)}")


if __name__ == "__main__":
    main()
