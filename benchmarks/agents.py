#!/usr/bin/env python3
"""Strength of the heuristic Polis agent, per edition: against random, against simple, and in self-play.

    PYTHONPATH=src .venv/bin/python benchmarks/agents.py [--games 200] [--selfplay 200] [--workers 2]
                                                        [--seed 1] [--editions 2020,2012] [--cpu-games 6]

Every match is a seeded round robin with sides swapped (``kleos.arena.tournament.schedule``, game k
puts the heuristic agent in seat k mod 2) played by ``run_tournament``. For each match the table
gives the heuristic agent's wins, draws, win rate (a draw counts half) with its 95% Wilson interval
(``kleos.arena.stats.wilson_interval``), the games won and lost per side, how the games ended, and
the mean final score of each agent in games that reached the final scoring. Self-play lists how its
games ended: starvation and ostracism should be rare.

Think time: ``ms/dec`` is the heuristic agent's mean wall-clock time per decision inside the
tournament (it grows when other processes share the machine); ``cpu ms/dec`` is its CPU time per
decision measured in this process over ``--cpu-games`` games against the simple agent.
Targets: >= 95% against random, clearly better than simple, < 5 ms per decision.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.agents.base import agent_rng  # noqa: E402
from kleos.agents.registry import make_agent  # noqa: E402
from kleos.arena.stats import wilson_interval  # noqa: E402
from kleos.arena.tournament import GameResult, run_tournament, schedule  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402

HEURISTIC = "heuristic"
SCORED = ("score", "goods_tiebreak", "shared")


def match(edition: str, opponent: str, games: int, seed: int, workers: int) -> list[GameResult]:
    specs = schedule("polis", {"edition": edition}, [HEURISTIC, opponent], games, seed)
    return run_tournament(specs, workers=workers, progress=False)


def summarize(edition: str, opponent: str, results: list[GameResult]) -> dict[str, str]:
    """One table row: the heuristic agent's results in ``results`` (seat 0 of a self-play game)."""
    n = len(results)
    wins = draws = 0
    by_side = Counter[str]()
    reasons = Counter[str]()
    mine: list[int] = []
    theirs: list[int] = []
    decisions = 0
    think = 0.0
    for r in results:
        seat = r.seats.index(HEURISTIC)
        other = 1 - seat
        side = "A" if seat == 0 else "S"
        if r.winner is None:
            draws += 1
            reasons[f"{r.reason} draw"] += 1
        else:
            won = r.winner == seat
            wins += won
            by_side[f"{side}{'+' if won else '-'}"] += 1
            if opponent == HEURISTIC:
                reasons[f"{r.reason} ({'Athens' if r.winner == 0 else 'Sparta'} won)"] += 1
            else:
                reasons[f"{r.reason} {'won' if won else 'lost'}"] += 1
        if r.reason in SCORED:
            mine.append(r.scores[seat])
            theirs.append(r.scores[other])
        for s in range(2):
            if r.seats[s] == HEURISTIC:
                decisions += r.decisions[s]
                think += r.think_seconds[s]
    lo, hi = wilson_interval(wins + 0.5 * draws, n)
    rate = (wins + 0.5 * draws) / n if n else 0.0
    mean = (f"{sum(mine) / len(mine):.1f} : {sum(theirs) / len(theirs):.1f}" if mine else "-")
    sides = " ".join(f"{k}{v}" for k, v in sorted(by_side.items()))
    selfplay = opponent == HEURISTIC
    return {
        "edition": edition,
        "match": f"{HEURISTIC} vs {opponent}",
        "games": str(n),
        "wins": "-" if selfplay else str(wins),
        "draws": str(draws),
        "rate": "-" if selfplay else f"{100 * rate:.1f}%",
        "wilson 95%": "-" if selfplay else f"[{100 * lo:.1f}%, {100 * hi:.1f}%]",
        "sides": "-" if selfplay else sides,
        "scores": mean,
        "ms/dec": f"{1000 * think / decisions:.2f}" if decisions else "-",
        "ended": ", ".join(f"{k} {v}" for k, v in reasons.most_common()),
    }


def cpu_per_decision(edition: str, games: int, seed: int) -> float:
    """CPU milliseconds per decision of the heuristic agent over ``games`` games against simple."""
    game = PolisGame(edition)
    total = 0.0
    count = 0
    for k in range(games):
        seats = [HEURISTIC, "simple"] if k % 2 == 0 else ["simple", HEURISTIC]
        agents = [make_agent(name, game) for name in seats]
        rngs = [agent_rng(seed + k, seat) for seat in (0, 1)]
        state = game.new_state(seed + k)
        while not game.is_terminal(state):
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            started = time.process_time()
            action = agents[seat].choose(view, legal, rngs[seat])
            if seats[seat] == HEURISTIC:
                total += time.process_time() - started
                count += 1
            game.apply_in_place(state, action, seat, validate=False)
    return 1000 * total / count if count else 0.0


def table(rows: list[dict[str, str]]) -> str:
    keys = list(rows[0])
    widths = {k: max(len(k), *(len(r[k]) for r in rows)) for k in keys}
    lines = [" | ".join(k.ljust(widths[k]) for k in keys), "-+-".join("-" * widths[k] for k in keys)]
    lines += [" | ".join(r[k].ljust(widths[k]) for k in keys) for r in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per edition against random and against simple")
    parser.add_argument("--selfplay", type=int, default=200, help="self-play games per edition")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--editions", default="2020,2012")
    parser.add_argument("--cpu-games", type=int, default=6, help="games per edition for the CPU time per decision")
    args = parser.parse_args(argv)
    command = "PYTHONPATH=src .venv/bin/python benchmarks/agents.py " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    print(f"$ {command.strip()}")
    rows: list[dict[str, str]] = []
    cpu: dict[str, float] = {}
    started = time.perf_counter()
    for edition in args.editions.split(","):
        for opponent, games in (("random", args.games), ("simple", args.games), (HEURISTIC, args.selfplay)):
            if games > 0:
                rows.append(summarize(edition, opponent, match(edition, opponent, games, args.seed, args.workers)))
        if args.cpu_games > 0:
            cpu[edition] = cpu_per_decision(edition, args.cpu_games, args.seed)
    print(table(rows))
    for edition, ms in cpu.items():
        print(f"[{edition}] heuristic cpu ms/dec over {args.cpu_games} games against simple: {ms:.2f}")
    print(f"({time.perf_counter() - started:.0f} s; win rate counts a draw as half; sides: A/S = heuristic as "
          f"Athens/Sparta, + won, - lost; scores: heuristic : opponent, games that reached the final scoring)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
