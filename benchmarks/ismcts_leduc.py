#!/usr/bin/env python3
"""Kleos's tree-mode ISMCTS and OpenSpiel's Python ISMCTS on the same game, Leduc poker, in one run.

    .venv/bin/python benchmarks/ismcts_leduc.py [--simulations 400] [--positions 40] [--repeats 5]

Both search the same decision positions (the first decisions of seeded random deals, in OpenSpiel's
``leduc_poker`` and in the identical Kleos test game ``tests/leduc``, checked equal step by step by
``tests/platform/test_leduc_peer.py``) with the same kind of search: a tree of the searching
player's information sets, one random playout to the end per iteration, UCT. OpenSpiel's bot is
``ISMCTSBot`` with a ``RandomRolloutEvaluator`` of one rollout; Kleos's is ``ISMCTSAgent`` without
game knowledge (``knowledge=False``: a uniformly random playout to the end). Each gets
``--simulations`` iterations per decision (Kleos counts forward-model calls: its budget is raised
until it makes as many iterations). The figure is iterations per CPU second, interleaved over
``--repeats`` repetitions; the table prints the median [min–max] of each rate and of their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from kleos.agents.ismcts import ISMCTSAgent  # noqa: E402
from kleos.core.action import Action  # noqa: E402
from kleos.core.protocol import CHANCE  # noqa: E402
from leduc.game import VERBS, LeducGame  # noqa: E402


def positions(count: int) -> list[tuple[list[int], int]]:
    """(OpenSpiel action history, player to act) of ``count`` decision positions of random deals."""
    import pyspiel

    game = pyspiel.load_game("leduc_poker")
    rnd = random.Random(7)
    found: list[tuple[list[int], int]] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(rnd.choice([a for a, _ in state.chance_outcomes()]))
                continue
            found.append((list(state.history()), state.current_player()))
            state.apply_action(rnd.choice(state.legal_actions()))
    return found


def kleos_state(game: LeducGame, history: list[int]) -> Any:
    """The Kleos position after OpenSpiel's ``history`` (card numbers and action numbers)."""
    state = game.new_state(0)
    for move in history:
        if game.actors(state) == (CHANCE,):
            game.apply_in_place(state, Action("deal", (move,)))
        else:
            game.apply_in_place(state, Action(VERBS[move]), game.actors(state)[0])
    return state


def calibrated_budget(game: LeducGame, spots: list[tuple[list[int], int]], simulations: int) -> int:
    """The forward-model calls that give about ``simulations`` iterations per decision here (the
    Kleos budget counts calls, OpenSpiel's counts iterations), measured before the timing."""
    trial = simulations * 4
    made = 0
    for i, (history, seat) in enumerate(spots):
        agent = ISMCTSAgent(game, model_calls=trial, knowledge=False, exploration=2.0)
        state = kleos_state(game, history)
        agent.choose(game.view(state, seat), game.legal_actions(state, seat), random.Random(i))
        made += agent.last_stats.iterations
    return max(1, round(trial * simulations * len(spots) / max(1, made)))


def time_kleos(spots: list[tuple[list[int], int]], simulations: int, seed: int) -> tuple[float, float]:
    """Kleos's iterations per CPU second, and its mean iterations per decision."""
    game = LeducGame()
    budget = calibrated_budget(game, spots, simulations)
    iterations = 0
    started = time.process_time()
    for i, (history, seat) in enumerate(spots):
        agent = ISMCTSAgent(game, model_calls=budget, knowledge=False, exploration=2.0)
        state = kleos_state(game, history)
        agent.choose(game.view(state, seat), game.legal_actions(state, seat), random.Random(seed + i))
        iterations += agent.last_stats.iterations
    return iterations / (time.process_time() - started), iterations / len(spots)


def time_openspiel(spots: list[tuple[list[int], int]], simulations: int, seed: int) -> float:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("leduc_poker")
    iterations = 0
    started = time.process_time()
    for i, (history, _seat) in enumerate(spots):
        generator = np.random.RandomState(seed + i)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=generator)
        state = game.new_initial_state()
        for move in history:
            state.apply_action(move)
        bot.step(state)
        iterations += simulations
    return iterations / (time.process_time() - started)


def spread(values: list[float]) -> str:
    form = "{:,.0f}" if min(values) >= 100 else "{:.2f}"
    return f"{form.format(statistics.median(values))} [{form.format(min(values))}–{form.format(max(values))}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simulations", type=int, default=400, help="iterations per decision (default 400)")
    parser.add_argument("--positions", type=int, default=40, help="decision positions searched (default 40)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repetitions (default 5)")
    args = parser.parse_args(argv)
    spots = positions(args.positions)
    ours: list[float] = []
    theirs: list[float] = []
    per_decision: list[float] = []
    for repeat in range(args.repeats):
        rate, mean = time_kleos(spots, args.simulations, repeat * 1000)
        ours.append(rate)
        per_decision.append(mean)
        theirs.append(time_openspiel(spots, args.simulations, repeat * 1000))
        sys.stderr.write(f"repetition {repeat + 1}/{args.repeats} done\n")
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(f"Leduc poker, {args.positions} decision positions, {args.simulations} iterations each, "
          f"{args.repeats} interleaved repetitions; median [min–max]\n")
    print("| search | iterations / CPU s |")
    print("|---|---|")
    print(f"| Kleos ISMCTSAgent (tree mode, random playouts) | {spread(ours)} |")
    print(f"| OpenSpiel ISMCTSBot (Python, random rollout evaluator) | {spread(theirs)} |")
    print(f"| ratio Kleos / OpenSpiel | {spread(ratios)} |")
    print(f"\nKleos made {statistics.mean(per_decision):.0f} iterations per decision on average "
          f"(its budget is in forward-model calls; OpenSpiel made {args.simulations}).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
