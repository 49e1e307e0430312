"""Measure the ISMCTS agent for Polis: speed on one core and strength against another agent.

Prints the command line and Markdown tables:

* per level (easy, normal, hard) on one core, over decision positions taken from seeded games
  (every kind of decision: turn, inner steps, battles, end of round): sampled futures
  (iterations) and rollouts per searched move and per second, forward-model calls per second and
  seconds per move; the same for the tree mode (``paired=False``, every decision searched with a
  one-step evaluation) at ``TREE_BUDGET`` calls;
* the win rate of ``--agent`` (default ``ismcts:normal``) against ``--opponent`` (default
  ``heuristic``) over ``--games`` games per edition with sides swapped (the arena's seeded
  schedule, ``run_tournament`` with ``--workers`` processes), with a 95% Wilson interval, and the
  same agents' Athens/Sparta split.

    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --games 200
    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --games 0 --positions 30      # speed only
    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --positions 0 --games 40 --edition 2012
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from kleos.agents.base import agent_rng
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import LEVELS, evaluator_for, make_agent
from kleos.arena.stats import wilson_interval
from kleos.arena.tournament import GameResult, run_tournament, schedule
from kleos.games.polis.agents.simple import SimpleAgent
from kleos.games.polis.game import PolisGame

TREE_BUDGET = 3000  # forward-model calls per decision of the tree mode in the speed table


def positions(game: PolisGame, count: int, seed: int) -> list[tuple[Any, list[Any], int]]:
    """(view, legal, seat) of decisions with a real choice, sampled from games of the simple agent."""
    found: list[tuple[Any, list[Any], int]] = []
    picker = random.Random(seed)
    g = 0
    while len(found) < count:
        state = game.new_state(seed * 1000 + g)
        agents = [SimpleAgent(game), SimpleAgent(game)]
        rngs = [agent_rng(seed + g, 0), agent_rng(seed + g, 1)]
        while not game.is_terminal(state) and len(found) < count:
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1 and picker.random() < 0.15:
                found.append((view, legal, seat))
            game.apply_in_place(state, agents[seat].choose(view, legal, rngs[seat]), seat, validate=False)
        g += 1
    return found


def speed(edition: str, count: int, seed: int) -> dict[str, Any]:
    """Per level of the paired search, and for the tree mode at ``TREE_BUDGET`` calls."""
    game = PolisGame(edition)
    pos = positions(game, count, seed)
    out: dict[str, Any] = {"positions": len(pos)}
    agents: dict[str, ISMCTSAgent] = {}
    for level in LEVELS:
        made = make_agent(f"ismcts:{level}", game)
        assert isinstance(made, ISMCTSAgent)
        agents[level] = made
    agents["tree"] = ISMCTSAgent(game, evaluator_for(game), model_calls=TREE_BUDGET, paired=False)
    for level, agent in agents.items():
        iterations = calls = searched = rollouts = 0
        cpu = search_cpu = 0.0
        for i, (view, legal, _seat) in enumerate(pos):
            started = time.process_time()
            agent.choose(view, legal, random.Random(i))
            spent = time.process_time() - started
            cpu += spent
            if agent.last_stats.iterations:  # decisions the step policy answers are not searched
                searched += 1
                search_cpu += spent
                iterations += agent.last_stats.iterations
                calls += agent.last_stats.model_calls
                root = agent.last_root
                rollouts += sum(c.visits for c in root.children.values()) if root is not None else 0
        out[level] = {"budget": agent.model_calls, "seconds_per_move": cpu / len(pos),
                      "seconds_per_searched_move": search_cpu / max(1, searched),
                      "iterations_per_second": iterations / max(search_cpu, 1e-9),
                      "rollouts_per_second": rollouts / max(search_cpu, 1e-9),
                      "calls_per_second": calls / max(search_cpu, 1e-9), "searched": searched,
                      "iterations_per_move": iterations / max(1, searched),
                      "rollouts_per_move": rollouts / max(1, searched)}
    return out


def strength(edition: str, agent: str, opponent: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    specs = schedule("polis", {"edition": edition}, [agent, opponent], games, seed)
    started = time.perf_counter()
    results = run_tournament(specs, workers=workers, progress=False)
    wall = time.perf_counter() - started
    return summarise(results, agent, wall)


def summarise(results: list[GameResult], agent: str, wall: float) -> dict[str, Any]:
    score = 0.0
    athens = 0.0
    reasons: Counter[str] = Counter()
    think = moves = 0.0
    for r in results:
        me = r.seats.index(agent)
        if r.winner is None:
            score += 0.5
            athens += 0.5
        else:
            score += 1.0 if r.winner == me else 0.0
            athens += 1.0 if r.winner == 0 else 0.0
        reasons[f"{r.reason}:{'won' if r.winner == me else 'lost' if r.winner is not None else 'draw'}"] += 1
        think += r.think_seconds[me]
        moves += r.decisions[me]
    n = len(results)
    lo, hi = wilson_interval(score, n)
    alo, ahi = wilson_interval(athens, n)
    return {"games": n, "score": score, "rate": score / n if n else 0.0, "ci": (lo, hi), "athens": athens,
            "athens_rate": athens / n if n else 0.0, "athens_ci": (alo, ahi), "reasons": dict(reasons),
            "seconds_per_move": think / moves if moves else 0.0, "wall": wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per edition (sides swapped); 0: no games")
    parser.add_argument("--edition", choices=("2012", "2020", "both"), default="both")
    parser.add_argument("--agent", default="ismcts:normal")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed table; 0: skip")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", default="", help="also write the figures to this file")
    args = parser.parse_args(argv)
    editions = ("2012", "2020") if args.edition == "both" else (args.edition,)
    print("$ PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py " + " ".join(sys.argv[1:] if argv is None else argv))
    print()
    figures: dict[str, Any] = {}
    if args.positions > 0:
        print("| edition | level | budget (calls) | iterations/search | rollouts/search | iterations/s (1 core) | "
              "rollouts/s | calls/s | s/searched move | s/move (all) |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for edition in editions:
            sp = speed(edition, args.positions, args.seed)
            figures[f"speed-{edition}"] = sp
            for level in (*LEVELS, "tree"):
                f = sp[level]
                print(f"| {edition} | {level} | {f['budget']} | {f['iterations_per_move']:.1f} | "
                      f"{f['rollouts_per_move']:.1f} | {f['iterations_per_second']:,.0f} | "
                      f"{f['rollouts_per_second']:,.0f} | {f['calls_per_second']:,.0f} | "
                      f"{f['seconds_per_searched_move']:.3f} | {f['seconds_per_move']:.3f} |",
                      flush=True)
        print()
    if args.games > 0:
        print(f"| edition | {args.agent} vs {args.opponent} | win rate | 95% Wilson | Athens wins | "
              "s/move | wall s | endings |")
        print("|---|---|---|---|---|---|---|---|")
        for edition in editions:
            st = strength(edition, args.agent, args.opponent, args.games, args.seed, args.workers)
            figures[f"games-{edition}"] = st
            lo, hi = st["ci"]
            print(f"| {edition} | {st['score']:g}/{st['games']} | {st['rate']:.1%} | {lo:.1%} – {hi:.1%} | "
                  f"{st['athens']:g}/{st['games']} | {st['seconds_per_move']:.2f} | {st['wall']:.0f} | "
                  f"{', '.join(f'{k} {v}' for k, v in sorted(st['reasons'].items()))} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(figures, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
