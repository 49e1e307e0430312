#!/usr/bin/env python3
"""Pericles: where the units a bot moves in a Military issue stop, in the issue's theater or elsewhere.

    nice -n 10 .venv/bin/python benchmarks/per_moves.py [--games 6] [--scenario 14_2] [--seed 0]
        [--variants heuristic,unaimed] [--jobs 2]

A unit moved in a Military issue fights only where it stops in the issue's theater (P-MOVE-3..7,
P-BATTLE-1). For each variant, game ``i`` (seed ``seed + i``) is played with that variant in all four
seats (``pericles_agents.play``, each seat's generator seeded from the game's seed), and every unit
that ends a move is counted by where it stopped. The variants are the agent specs of the kit
(``heuristic``) or those of ``per_strength.py`` (``unaimed``: the heuristic before it moved toward the
issue). Prints, per variant, the units stopped in the issue's theater and elsewhere, with the share
and its Wilson 95% interval, and the load average; of the units stopped elsewhere, those that contest
a theater the enemy held and those that take one nobody held (both move the end bonus for theaters
held, P-VICTORY-9, P-VICTORY-10). Where a battle follows (the issue's theater contested or
enemy-held for the moving side, P-MIL-6, P-MIL-7), it also sums what the units stopped there add to the
battle the theater fights first (P-BATTLE-2, P-BATTLE-4: a unit's value if of that battle's kind, else
0) against the units stopped there that add nothing (``kindless``: the heuristic before it weighed a
unit by that battle), and the units that would add to it moved out of it (``deserting``: the heuristic
before it left such moves out). A figure of behaviour, not of strength (``per_strength.py --side`` measures that).
"""

from __future__ import annotations

import pericles_agents  # the same directory: one seeded game
from per_strength import maker

from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.agents.heuristic import battle_theater, battle_weight, leaves_battle
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.common import CONTESTED, ENEMY, FRIENDLY, NEUTRAL, status
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import N_PIECES, SIDE_LAND, SIDE_NAVAL, Tables

MOVING = ("move", "move_on")


ATHENIAN_UNITS = frozenset(SIDE_LAND[0] + SIDE_NAVAL[0])
ELSEWHERE = {(ENEMY, CONTESTED): "contest", (NEUTRAL, FRIENDLY): "take"}
"""A stop outside the issue's theater by what it did to the theater it entered (the status for the
unit's side before and after): it contests one the enemy held, or takes one nobody held. Either moves
the end bonus for theaters held (P-VICTORY-9, P-VICTORY-10) in 14_2."""


class StopCount:
    """Counts the units that end a move in a Military issue, in the issue's theater or elsewhere, and
    of those elsewhere the ones that contest an enemy theater or take an empty one."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.inside = self.outside = 0
        self.elsewhere = {"contest": 0, "take": 0}
        self.added = self.idle = 0  # in a theater with a battle to come: the strength added, the units adding none
        self.left = 0  # units that would add to that battle moved out of it
        self.fights = False
        self.target: int | None = None
        self.moved: list[int] = []
        self.status: list[tuple[str, str]] = []

    def before(self, state: PericlesState, seat: int, action: Action) -> None:
        self.left += leaves_battle(self.tables, state, action)
        self.target = entry_parts(state.revealed)[0] if state.step in MOVING and state.revealed >= 0 else None
        self.moved = list(state.moved)
        if self.target is not None:
            self.status = [(status(state, th, 0), status(state, th, 1)) for th in range(len(state.moved) // N_PIECES)]
            self.fights = battle_theater(state) == self.target

    def after(self, state: PericlesState) -> None:
        if self.target is None:
            return
        for i, (before, after) in enumerate(zip(self.moved, state.moved, strict=True)):
            if after > before:
                theater, side = i // N_PIECES, 0 if i % N_PIECES in ATHENIAN_UNITS else 1
                if theater == self.target:
                    self.inside += 1
                    self.count_battle(i % N_PIECES, side)
                    continue
                self.outside += 1
                change = ELSEWHERE.get((self.status[theater][side], status(state, theater, side)))
                if change is not None:
                    self.elsewhere[change] += 1

    def count_battle(self, piece: int, side: int) -> None:
        """A unit stopped in the issue's theater: what it adds to the battle that follows, if one does."""
        if self.fights and self.target is not None:
            weight = battle_weight(self.tables, self.target, side, piece)
            self.added += weight
            self.idle += weight == 0


def one(job: tuple[str, str, int]) -> tuple[str, int, int, int, int, int, int, int]:
    """One seeded game of ``variant`` in every seat (:func:`pericles_agents.play`): (variant, units
    stopped in the issue's theater, units stopped elsewhere, of those the ones that contested an enemy
    theater and that took an empty one, the strength the stops added to battles to come, the units
    stopped there that added none and those moved out of such a battle)."""
    variant, scenario, seed = job
    registry.register(KIT)
    game = PericlesGame({"scenario": scenario})
    count = StopCount(game.tables)
    pericles_agents.play(game, seed, {seat: maker(variant)(game) for seat in range(4)}, watcher=count)
    return (variant, count.inside, count.outside, count.elsewhere["contest"], count.elsewhere["take"], count.added,
            count.idle, count.left)


def main() -> None:
    args = pericles_agents.variant_options(__doc__.split("\n\n")[0], "heuristic,unaimed")
    totals = pericles_agents.count_variants(one, args, 7)
    for variant, (inside, outside, contest, take, added, idle, left) in totals.items():
        low, high = wilson_interval(inside, inside + outside)
        print(f"  {variant}: {inside} of {inside + outside} moved units stop in the issue's theater "
              f"({100 * inside / max(1, inside + outside):.0f}% [Wilson 95% {100 * low:.0f}-{100 * high:.0f}%]), "
              f"{outside} elsewhere: {contest} contest a theater the enemy held, {take} take one nobody held; "
              f"before a battle, the units stopped there add {added} to it, {idle} of them nothing; "
              f"{left} units that would add to it moved out of it")


if __name__ == "__main__":
    main()
