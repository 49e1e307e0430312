"""Where the paired ISMCTS search of Polis spends its time: cProfile over searched decisions.

    PYTHONPATH=src .venv/bin/python benchmarks/profile_ismcts.py [--level normal] [--positions 20] [--top 30]

The positions are drawn as ``ismcts.py``'s speed table draws them for Polis (decisions with a real
choice from seeded games of the simple agent, same seed), so the profile explains that table's
figures. Printed per edition: iterations and CPU seconds of the searches timed without the
profiler, then the functions by own time and by cumulative time (CPU time of this process, so other
jobs on the machine do not inflate the figures).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

from ismcts import positions  # the speed table's positions (benchmarks/ on the path when run as a script)

from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import make_agent
from kleos.games.polis.game import PolisGame


def run(agent: ISMCTSAgent, pos: list[tuple[Any, list[Any], int]]) -> tuple[int, float]:
    """(iterations, CPU seconds) of one search per position, each with its own seeded generator."""
    iterations = 0
    started = time.process_time()
    for i, (view, legal, _seat) in enumerate(pos):
        agent.choose(view, legal, random.Random(i))
        iterations += agent.last_stats.iterations
    return iterations, time.process_time() - started


def main() -> None:
    """Time, then profile, the searches of one level per edition."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--edition", choices=("2012", "2020", "both"), default="both")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--no-profile", action="store_true", help="only the timing")
    args = parser.parse_args()
    for edition in ("2012", "2020") if args.edition == "both" else (args.edition,):
        game = PolisGame(edition)
        pos = positions(game, args.positions, args.seed, "simple")
        agent = make_agent(f"ismcts:{args.level}", game)
        assert isinstance(agent, ISMCTSAgent)
        iterations, cpu = run(agent, pos)
        print(f"{edition} ismcts:{args.level}: {len(pos)} positions, {iterations} iterations, {cpu:.2f} s CPU, "
              f"{iterations / max(cpu, 1e-9):.2f} iterations/s", flush=True)
        if args.no_profile:
            continue
        profile = cProfile.Profile(time.process_time)  # CPU time: the machine may be shared
        profile.enable()
        run(agent, pos)
        profile.disable()
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
