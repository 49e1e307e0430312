#!/usr/bin/env python3
"""Pericles: where the units a bot moves in a Military issue stop, in the issue's theater or elsewhere.

    nice -n 10 .venv/bin/python benchmarks/per_moves.py [--games 6] [--scenario 14_2] [--seed 0]
        [--variants heuristic,unaimed] [--jobs 2]

A unit moved in a Military issue fights only where it stops in the issue's theater (P-MOVE-3..7,
P-BATTLE-1). For each variant, game ``i`` (seed ``seed + i``) is played with that variant in all four
seats, each seat's generator seeded from the game's seed (as ``pericles_agents.play`` does), and every
unit that ends a move is counted by where it stopped. The variants are the agent specs of the kit
(``heuristic``) or those of ``per_strength.py`` (``unaimed``: the heuristic before it moved toward the
issue). Prints, per variant, the units stopped in the issue's theater and elsewhere, with the share
and its Wilson 95% interval, and the load average. A figure of behaviour, not of strength
(``per_strength.py --side`` measures that).
"""

from __future__ import annotations

import argparse
import os
import time
from multiprocessing import Pool

from per_strength import maker

from kleos.agents.base import agent_rng
from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.tables import N_PIECES

MOVING = ("move", "move_on")


def one(job: tuple[str, str, int]) -> tuple[str, int, int]:
    """One seeded game of ``variant`` in every seat: (variant, units stopped in the issue's theater,
    units stopped elsewhere)."""
    variant, scenario, seed = job
    registry.register(KIT)
    game = PericlesGame({"scenario": scenario})
    agents = {seat: maker(variant)(game) for seat in range(4)}
    rngs = {seat: agent_rng(seed, seat) for seat in range(4)}
    state = game.new_state(seed)
    inside = outside = 0
    while not game.is_terminal(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        action = agents[seat].choose(game.view(state, seat), legal, rngs[seat])
        target = entry_parts(state.revealed)[0] if state.step in MOVING and state.revealed >= 0 else None
        moved = list(state.moved)
        game.apply_in_place(state, action, seat)
        if target is None:
            continue
        for i, (before, after) in enumerate(zip(moved, state.moved, strict=True)):
            if after > before:
                inside, outside = (inside + 1, outside) if i // N_PIECES == target else (inside, outside + 1)
    return variant, inside, outside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--scenario", default="14_2", choices=("14_1_09a", "14_2"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="heuristic,unaimed", help="comma-separated agent specs or variants")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args()
    variants = args.variants.split(",")
    jobs = [(variant, args.scenario, args.seed + i) for i in range(args.games) for variant in variants]
    start = time.perf_counter()
    totals = {variant: [0, 0] for variant in variants}
    with Pool(args.jobs) as pool:
        for done, (variant, inside, outside) in enumerate(pool.imap_unordered(one, jobs), 1):
            totals[variant][0] += inside
            totals[variant][1] += outside
            print(f"  {done}/{len(jobs)} games ({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"{args.scenario}, seeds {args.seed}-{args.seed + args.games - 1}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}:")
    for variant, (inside, outside) in totals.items():
        low, high = wilson_interval(inside, inside + outside)
        print(f"  {variant}: {inside} of {inside + outside} moved units stop in the issue's theater "
              f"({100 * inside / max(1, inside + outside):.0f}% [Wilson 95% {100 * low:.0f}-{100 * high:.0f}%]), "
              f"{outside} elsewhere")


if __name__ == "__main__":
    main()
