#!/usr/bin/env python3
"""Where a Polis random playout spends its time: cProfile over seeded games, per edition.

    PYTHONPATH=src .venv/bin/python benchmarks/profile_polis.py [--games 300] [--edition 2020] [--top 30]

The playout is the one ``versus_openspiel.py`` times (each step the legal actions and one of them
applied without re-checking, chance drawn by the state's generator), so the profile explains that
benchmark's figure. Printed: steps per kind of decision (counted on one set of seeds, timed without
the profiler), then, profiled on other seeds so that the board queries memoised per position are as
cold as in the benchmark, the functions by own time and by cumulative time.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402
from kleos.games.polis.state import PolisState  # noqa: E402


def _decision(state: PolisState) -> str:
    """A label for what is being decided: the phase, and in a turn the pending step or ``menu``."""
    if state.chance is not None:
        return f"chance:{state.chance}"
    if state.phase == "turn":
        return "turn:" + ("menu" if state.pending is None else str(state.pending[0]))
    return state.phase


def playouts(game: PolisGame, games: int, first_seed: int, counts: collections.Counter[str] | None) -> int:
    """Play ``games`` seeded random games; return the steps taken (``counts`` tallies decisions)."""
    steps = 0
    for seed in range(first_seed, first_seed + games):
        rnd = random.Random(seed)
        state = game.new_state(seed)
        while True:
            actors = game.actors(state)
            if not actors:
                break
            if counts is not None:
                counts[_decision(state)] += 1
            if actors[0] == CHANCE:
                game.step_chance(state)
            else:
                legal = game.legal_actions(state, actors[0])
                game.apply_in_place(state, legal[rnd.randrange(len(legal))], actors[0], validate=False)
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="seeded games per edition (default 300)")
    parser.add_argument("--edition", action="append", help="2012 and/or 2020 (default both)")
    parser.add_argument("--top", type=int, default=30, help="rows per table (default 30)")
    args = parser.parse_args(argv)
    for edition in args.edition or ["2012", "2020"]:
        game = PolisGame(edition)
        playouts(game, 20, 90_000, None)  # warm the per-edition tables and caches
        counts: collections.Counter[str] = collections.Counter()
        started = time.process_time()
        steps = playouts(game, args.games, 10_000, counts)
        plain = time.process_time() - started
        print(f"== Polis {edition}: {args.games} games, {steps} steps, "
              f"{steps / plain:,.0f} steps per CPU second without the profiler")
        for label, n in counts.most_common():
            print(f"  {label:28} {n:7d}  {n / steps:6.1%}")
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        playouts(game, args.games, 20_000, None)  # other seeds: memoised board queries as cold as in play
        profiler.disable()
        stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
