#!/usr/bin/env python3
"""Engine speed on one core, per edition: random actions/s, random games/s, copies/s, legal_actions/s.

    PYTHONPATH=src .venv/bin/python benchmarks/engine.py [--seconds 3] [--edition 2020] [--profile]

* actions/s: random playouts, each step ``legal_actions`` + ``apply_in_place(validate=False)`` (chance
  steps: ``step_chance``), counting every step, chance included;
* games/s: the same playouts, whole games from the set-up;
* copies/s: ``game.copy`` of mid-game states (a pool taken from random games);
* legal_actions/s: ``game.legal_actions`` on the same pool (seats' decisions only).

Everything is seeded; each figure runs for about ``--seconds`` of CPU time (rates are per CPU
second). Targets: >= 20,000 actions/s and >= 50,000 copies/s. ``--profile`` adds a cProfile of the
random playouts (CPU time, cumulative order).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402
from kleos.games.polis.state import PolisState  # noqa: E402

TARGET_ACTIONS = 20_000
TARGET_COPIES = 50_000


def random_game(game: PolisGame, seed: int, pool: list[PolisState] | None = None, every: int = 7) -> int:
    """One random game from the set-up; returns the number of steps (chance included)."""
    rnd = random.Random(seed)
    s = game.new_state(seed)
    steps = 0
    while True:
        actors = game.actors(s)
        if not actors:
            return steps
        seat = actors[0]
        if seat == CHANCE:
            game.step_chance(s)
        else:
            legal = game.legal_actions(s, seat)
            game.apply_in_place(s, rnd.choice(legal), seat, validate=False)
            if pool is not None and steps % every == 3:
                pool.append(s.copy())
        steps += 1


def timed(budget: float, body: Callable[[int], int]) -> tuple[float, int]:
    """Run ``body(i)`` (returning a count) until ``budget`` CPU seconds have passed; (CPU seconds, total count).

    CPU time of this process, not wall time, so other jobs on a shared machine distort the figures less.
    """
    start = time.process_time()
    total, i = 0, 0
    while True:
        total += body(i)
        i += 1
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return elapsed, total


def measure(edition: str, seconds: float) -> dict[str, float]:
    game = PolisGame(edition)
    games = [0]

    def one_game(i: int) -> int:
        games[0] += 1
        return random_game(game, 1000 + i)

    elapsed, steps = timed(seconds, one_game)
    actions_per_s = steps / elapsed
    games_per_s = games[0] / elapsed

    pool: list[PolisState] = []
    seed = 0
    while len(pool) < 400:
        random_game(game, seed, pool)
        seed += 1
    decisions = [s for s in pool if game.actors(s) and game.actors(s) != (CHANCE,)]

    def copies(i: int) -> int:
        for s in pool:
            game.copy(s)
        return len(pool)

    elapsed, n = timed(seconds, copies)
    copies_per_s = n / elapsed

    def legal(i: int) -> int:
        for s in decisions:
            game.legal_actions(s)
        return len(decisions)

    elapsed, n = timed(seconds, legal)
    return {"actions/s": actions_per_s, "games/s": games_per_s, "copies/s": copies_per_s,
            "legal_actions/s": n / elapsed, "steps/game": steps / max(1, games[0])}


def profile(edition: str, seconds: float, top: int) -> str:
    game = PolisGame(edition)
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    timed(seconds, lambda i: random_game(game, 1000 + i))
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure (default 3)")
    parser.add_argument("--edition", choices=("2012", "2020"), action="append", help="default: both")
    parser.add_argument("--profile", action="store_true", help="cProfile the random playouts")
    parser.add_argument("--top", type=int, default=25, help="functions listed by --profile")
    args = parser.parse_args()
    editions = args.edition or ["2012", "2020"]
    print(f"command: PYTHONPATH=src {Path(sys.executable).name} benchmarks/engine.py --seconds {args.seconds:g}"
          + "".join(f" --edition {e}" for e in args.edition or []) + (" --profile" if args.profile else ""))
    print(f"python {sys.version.split()[0]}, one core, {args.seconds:g} CPU s per figure, rates per CPU second")
    header = f"{'edition':>8} {'actions/s':>11} {'games/s':>9} {'steps/game':>11} {'copies/s':>10} {'legal/s':>9}"
    print(header)
    print("-" * len(header))
    below = []
    for edition in editions:
        r = measure(edition, args.seconds)
        print(f"{edition:>8} {r['actions/s']:>11,.0f} {r['games/s']:>9,.1f} {r['steps/game']:>11,.1f} "
              f"{r['copies/s']:>10,.0f} {r['legal_actions/s']:>9,.0f}")
        if r["actions/s"] < TARGET_ACTIONS:
            below.append(f"{edition}: {r['actions/s']:,.0f} actions/s < {TARGET_ACTIONS:,}")
        if r["copies/s"] < TARGET_COPIES:
            below.append(f"{edition}: {r['copies/s']:,.0f} copies/s < {TARGET_COPIES:,}")
    print("targets: >= 20,000 actions/s, >= 50,000 copies/s" + ("; below: " + "; ".join(below) if below else ": met"))
    if args.profile:
        for edition in editions:
            print(f"\n== profile {edition} (random playouts, {args.seconds:g} s, by own time)")
            print(profile(edition, args.seconds, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
