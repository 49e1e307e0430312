#!/usr/bin/env python3
"""Games with a seat-count option, per seat count, next to OpenSpiel's ``python_tic_tac_toe``.

    KLEOS_GAME_KITS=kleos.games.cyclades.kit:KIT \\
        .venv/bin/python benchmarks/seat_counts.py --game cyclades [--seconds 1.5] [--repeats 5]

For each seat count of each installed game that has a seat-count option (or the one named), it
measures random actions/s (seeded random playouts, each capped at ``--max-steps`` steps, because
random players may never finish a game that ends only when someone builds something) and copies/s
of mid-game states, interleaved with the peer as in ``versus_openspiel.py`` (whose timing helpers it
uses), and prints the median [min–max] over repetitions of the rates and of the ratios to the peer.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from versus_openspiel import Subject, copies_of, kleos_subject, openspiel_subject, playouts_from, rate, spread

from kleos.core import registry
from kleos.core.protocol import Game

PEER = "python_tic_tac_toe"


def capped_subject(name: str, game: Game[Any, Any], max_steps: int) -> Subject:
    """Random playouts stopped after ``max_steps`` steps; a pool of mid-game states to copy."""
    return kleos_subject(name, game, max_steps=max_steps, warm_up=10, seed_base=20_000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per figure and repetition")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repetitions (default 5)")
    parser.add_argument("--max-steps", type=int, default=3000, help="steps per playout at most (default 3000)")
    parser.add_argument("--game", default=None, help="only this installed game (default: every one with seat counts)")
    args = parser.parse_args(argv)

    subjects: list[Subject] = []
    for kit in registry.games().values():
        if (args.game and kit.name != args.game) or kit.seat_count_option is None:
            continue
        for seats in range(kit.min_seats, kit.max_seats + 1):
            options = {**kit.default_options(), kit.seat_count_option: seats}
            subjects.append(capped_subject(f"{kit.name} {seats} seats", kit.make_game(options), args.max_steps))
    if not subjects:
        parser.error("no installed game with a seat-count option (set KLEOS_GAME_KITS for an unlisted kit)")
    peer = openspiel_subject(PEER)

    runs: dict[str, dict[str, list[float]]] = {s.name: {"actions": [], "copies": []} for s in [*subjects, peer]}
    for repeat in range(args.repeats):
        for subject in [*subjects, peer]:
            runs[subject.name]["actions"].append(rate(args.seconds, playouts_from(subject, repeat * 100_000)))
            runs[subject.name]["copies"].append(rate(args.seconds / 2, copies_of(subject)))
        sys.stderr.write(f"repetition {repeat + 1}/{args.repeats} done\n")

    print(f"CPU time per figure {args.seconds} s, {args.repeats} interleaved repetitions; "
          f"median [min–max] over repetitions; playouts capped at {args.max_steps} steps\n")
    print(f"| subject | random actions/s | copies/s | actions / {PEER} | copies / {PEER} |")
    print("|---|---|---|---|---|")
    for subject in subjects:
        figures = runs[subject.name]
        ratios = {k: [a / b for a, b in zip(figures[k], runs[PEER][k], strict=True)] for k in ("actions", "copies")}
        print(f"| {subject.name} | {spread(figures['actions'])} | {spread(figures['copies'])} | "
              f"{spread(ratios['actions'])} | {spread(ratios['copies'])} |")
    print(f"| {PEER} | {spread(runs[PEER]['actions'])} | {spread(runs[PEER]['copies'])} | 1 | 1 |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
