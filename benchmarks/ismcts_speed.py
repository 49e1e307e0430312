#!/usr/bin/env python3
"""How fast ``ismcts:normal`` searches, per game variant, and which moves it picks: to compare builds and trees.

    PYTHONPATH=src .venv/bin/python benchmarks/ismcts_speed.py --positions 12 --repeats 3
    KLEOS_COMPILED=0 PYTHONPATH=src .venv/bin/python benchmarks/ismcts_speed.py --variant "pericles 14_2"

For every variant of ``playout_identity.py`` (or those named), decision positions are taken from seeded
games of the kit's own first agent (``ismcts.py``'s sampler), and the ``normal`` search (a budget of
forward-model calls, not of time) chooses at each with ``random.Random(index)``. Printed per variant:
the search iterations per CPU second of the searched decisions, median [min–max] over ``--repeats``
(the variants interleaved, so drift of a shared machine falls on all), and a digest of the moves
chosen. The search is seeded: the same digest on two builds or two source trees means they chose the
same moves. The build that runs and the load average are printed: figures of a shared machine are noisy.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ismcts import default_sampler, positions
from playout_identity import VARIANTS, make_game

import kleos
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import make_agent
from kleos.core.protocol import Game

LEVEL = "ismcts:normal"


def search_once(game: Game[Any, Any], spots: list[tuple[Any, list[Any], int]]) -> tuple[float, str]:
    """Iterations per CPU second of the searched decisions, and the digest of every move chosen."""
    agent = make_agent(LEVEL, game)
    assert isinstance(agent, ISMCTSAgent)
    digest = hashlib.sha256()
    iterations, cpu = 0, 0.0
    for i, (view, legal, _seat) in enumerate(spots):
        started = time.process_time()
        chosen = agent.choose(view, legal, random.Random(i))
        spent = time.process_time() - started
        digest.update(f"{i}:{chosen}|".encode())
        if agent.last_stats.iterations:  # decisions the step policy answers are not searched
            iterations += agent.last_stats.iterations
            cpu += spent
    return iterations / max(cpu, 1e-9), digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), help="repeatable; default every one")
    parser.add_argument("--positions", type=int, default=12, help="decision positions per variant")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    names = args.variant or list(VARIANTS)
    print(f"{kleos.BUILD}; {LEVEL}, {args.positions} positions per variant, seed {args.seed}", flush=True)
    games = {v: make_game(v) for v in names}
    spots = {v: positions(g, args.positions, args.seed, default_sampler(g)) for v, g in games.items()}
    rates: dict[str, list[float]] = {v: [] for v in names}
    digests: dict[str, set[str]] = {v: set() for v in names}
    loads = [os.getloadavg()[0]]
    for _ in range(args.repeats):
        for v in names:
            speed, digest = search_once(games[v], spots[v])
            rates[v].append(speed)
            digests[v].add(digest)
        loads.append(os.getloadavg()[0])
    print(f"load average {min(loads):.1f}-{max(loads):.1f}")
    print("| variant | iterations/s, median [min–max] | moves digest |")
    print("|---|---|---|")
    for v in names:
        r = rates[v]
        digest = ", ".join(sorted(digests[v]))  # one digest: every repetition chose the same moves
        print(f"| {v} | {statistics.median(r):,.1f} [{min(r):,.1f}–{max(r):,.1f}] | {digest} |")  # Polis: ~10/s
    return 0


if __name__ == "__main__":
    sys.exit(main())
