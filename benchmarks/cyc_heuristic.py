#!/usr/bin/env python3
"""Cyclades: does the heuristic win more than the heuristic without one of its December 2026 changes?

    PYTHONPATH=src .venv/bin/python benchmarks/cyc_heuristic.py [--players 3] [--games 600] [--seed 5000]
        [--against full-weight|duplicates|rich-apollo|before]

The changes: an offering's GP weigh less once a seat holds more than a turn can spend
(``heuristic.gold_weight``; ``full-weight`` bids every GP at full weight), and a building beyond the
first of its type scores less (``heuristic.DUPLICATE``; ``duplicates`` scores it in full), and a
seat on one island prays to Apollo only while it holds at most what a turn can spend
(``rich-apollo`` prays however rich it is); ``before`` has none of them. Game ``i`` is seeded
``seed + i`` and seats the heuristic in seat
``i % players``, the other seats the one it is measured against. Prints its wins against its fair
share (games without a tie, shared evenly), with the Wilson 95% interval, the ties, the mean cycles
and the mean gold each kind holds at the end. Counts, not timings: the same command gives the same
figures on any machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.record import play_out
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.state import CycladesState

AGAINST: dict[str, dict[str, Any]] = {
    "full-weight": {"wealth_aware": False},  # every GP of an offering weighs one GP, however rich the seat
    "duplicates": {"duplicate_penalty": 0.0},  # a building beyond the first of its type scores in full
    "rich-apollo": {"rich_apollo": True},  # a seat on one island prays to Apollo however rich it is
    "before": {"wealth_aware": False, "duplicate_penalty": 0.0, "rich_apollo": True},  # none: November 2026
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3, help="seats, 2 to 5 (default 3)")
    parser.add_argument("--games", type=int, default=600, help="games (default 600)")
    parser.add_argument("--seed", type=int, default=5000, help="the first game's seed (default 5000)")
    parser.add_argument("--against", choices=sorted(AGAINST), default="before",
                        help="the other seats' heuristic (default before: none of the changes)")
    args = parser.parse_args(argv)
    kit = registry.games()["cyclades"]
    game = kit.make_game({**kit.default_options(), "players": args.players})
    wins = ties = 0
    cycles: list[int] = []
    gold_new: list[int] = []
    gold_old: list[int] = []
    for i in range(args.games):
        seat_new = i % args.players
        agents = [HeuristicAgent(game) if p == seat_new else HeuristicAgent(game, **AGAINST[args.against])
                  for p in range(args.players)]
        rng = random.Random(args.seed + i)
        state = game.new_state(args.seed + i)

        def choose(s: CycladesState, seat: int, legal: list[Action]) -> Action:
            return agents[seat].choose(game.view(s, seat), legal, rng)  # noqa: B023  (used before the loop moves on)

        play_out(game, state, choose)
        outcome = game.outcome(state)
        wins += outcome.winner == seat_new
        ties += outcome.winner is None
        cycles.append(state.cycle)
        gold_new.append(state.gold[seat_new])
        gold_old.extend(g for p, g in enumerate(state.gold) if p != seat_new)
        if (i + 1) % 100 == 0:
            print(f"  after {i + 1} games: {wins} wins", flush=True)
    low, high = wilson_interval(wins, args.games)
    share = (args.games - ties) / args.players / args.games
    print(f"{args.players} players, seeds {args.seed}-{args.seed + args.games - 1}, against {args.against}: "
          f"the heuristic wins {wins} of "
          f"{args.games} = {wins / args.games:.1%} [Wilson 95% {low:.1%}-{high:.1%}], fair share {share:.1%} "
          f"({ties} ties); mean cycles {statistics.mean(cycles):.1f}; gold at the end: the heuristic "
          f"{statistics.mean(gold_new):.1f}, {args.against} {statistics.mean(gold_old):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
