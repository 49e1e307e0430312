#!/usr/bin/env python3
"""Pericles engine speed, per scenario: random actions/s and state copies/s.

    .venv/bin/python benchmarks/pericles.py [--seconds 1.5] [--repeats 5] [--scenario 14_2]

For each scenario (the First Peloponnesian War, 14_2, and the War in the Aegean vignette, 14_1_09a)
it measures per CPU second of this process:

* random actions/s: seeded random playouts from the set-up to the end of the game, each step the
  legal actions of the first actor and one applied without re-checking, chance drawn from the
  state's own generator; every step (chance included) counts;
* copies/s: ``game.copy`` of up to 400 mid-game states taken from such playouts;
* legal/s: ``game.legal_actions`` on the same states (decisions only), the usual hot spot.

Scenarios are measured in turn, ``--repeats`` times (so drift of a shared machine falls on all of
them), and the table prints the median [min–max] over repetitions. Pericles is not an entry point
yet, so the game is built directly rather than through the registry.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from versus_openspiel import Subject, copies_of, kleos_subject, playouts_from, rate, spread

from kleos.core.protocol import CHANCE
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.options import SCENARIOS
from kleos.games.pericles.state import PericlesState


def pericles_subject(scenario: str, pool: list[PericlesState]) -> Subject:
    """Random playouts of ``scenario``; fills ``pool`` with mid-game states."""
    return kleos_subject(f"pericles {scenario}", PericlesGame({"scenario": scenario}), warm_up=20, pool=pool)


def legal_of(game: PericlesGame, pool: list[PericlesState]) -> Any:
    decisions = [(s, game.actors(s)[0]) for s in pool if game.actors(s) and game.actors(s)[0] != CHANCE]

    def body(_i: int) -> int:
        for state, seat in decisions:
            game.legal_actions(state, seat)
        return len(decisions)
    return body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per figure and repetition")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repetitions (default 5)")
    parser.add_argument("--scenario", choices=SCENARIOS, default=None, help="only this scenario (default: both)")
    args = parser.parse_args(argv)

    scenarios = [args.scenario] if args.scenario else list(SCENARIOS)
    pools: dict[str, list[PericlesState]] = {sc: [] for sc in scenarios}
    subjects = {sc: pericles_subject(sc, pools[sc]) for sc in scenarios}
    games = {sc: PericlesGame({"scenario": sc}) for sc in scenarios}
    runs: dict[str, dict[str, list[float]]] = {sc: {"actions": [], "copies": [], "legal": []} for sc in scenarios}
    for repeat in range(args.repeats):
        for sc in scenarios:
            runs[sc]["actions"].append(rate(args.seconds, playouts_from(subjects[sc], repeat * 100_000)))
            runs[sc]["copies"].append(rate(args.seconds / 2, copies_of(subjects[sc])))
            runs[sc]["legal"].append(rate(args.seconds / 2, legal_of(games[sc], pools[sc])))
        sys.stderr.write(f"repetition {repeat + 1}/{args.repeats} done\n")

    print(f"CPU time per figure {args.seconds} s (copies and legal: half), {args.repeats} interleaved "
          f"repetitions; median [min–max] over repetitions\n")
    print("| scenario | random actions/s | copies/s | legal/s | states in the pool |")
    print("|---|---|---|---|---|")
    for sc in scenarios:
        f = runs[sc]
        print(f"| {sc} | {spread(f['actions'])} | {spread(f['copies'])} | {spread(f['legal'])} | {len(pools[sc])} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
