#!/usr/bin/env python3
"""Cyclades: does the heuristic's wealth-aware bidding win more than the bidding it replaced?

    PYTHONPATH=src .venv/bin/python benchmarks/cyc_bidding.py [--players 3] [--games 600] [--seed 5000]

Game ``i`` is seeded ``seed + i`` and seats the wealth-aware heuristic (the default since December
2026: an offering's GP weigh less once a seat holds more than a turn can spend,
``heuristic.gold_weight``) in seat ``i % players``, the others the same heuristic bidding every GP
at full weight. Prints its wins against its fair share (games without a tie, shared evenly), with
the Wilson 95% interval, the ties, the mean cycles and the mean gold each kind holds at the end.
Counts, not timings: the same command gives the same figures on any machine.
"""

from __future__ import annotations

import argparse
import random
import statistics

from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.record import play_out
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.state import CycladesState


class FullWeightBidder(HeuristicAgent):
    """The heuristic as it bid before: every GP of an offering weighs one GP, however rich the seat."""

    wealth_aware = False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3, help="seats, 2 to 5 (default 3)")
    parser.add_argument("--games", type=int, default=600, help="games (default 600)")
    parser.add_argument("--seed", type=int, default=5000, help="the first game's seed (default 5000)")
    args = parser.parse_args(argv)
    kit = registry.games()["cyclades"]
    game = kit.make_game({**kit.default_options(), "players": args.players})
    wins = ties = 0
    cycles: list[int] = []
    gold_new: list[int] = []
    gold_old: list[int] = []
    for i in range(args.games):
        seat_new = i % args.players
        agents = [HeuristicAgent(game) if p == seat_new else FullWeightBidder(game) for p in range(args.players)]
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
    print(f"{args.players} players, seeds {args.seed}-{args.seed + args.games - 1}: wealth-aware wins {wins} of "
          f"{args.games} = {wins / args.games:.1%} [Wilson 95% {low:.1%}-{high:.1%}], fair share {share:.1%} "
          f"({ties} ties); mean cycles {statistics.mean(cycles):.1f}; gold at the end: wealth-aware "
          f"{statistics.mean(gold_new):.1f}, full-weight {statistics.mean(gold_old):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
