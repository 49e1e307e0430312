"""Measure the ISMCTS agent for any installed game: speed on one core and strength against another agent.

Prints the command line and Markdown tables:

* per level (easy, normal, hard) on one core, over decision positions taken from seeded games of the
  kit's first own agent (``--sampler``; Polis: ``simple``) (every kind of decision the game has):
  sampled futures (iterations) and rollouts per searched move and per second, forward-model calls
  per second and seconds per move; the same for the tree mode (``paired=False``, every decision
  searched with a one-step evaluation) at ``TREE_BUDGET`` calls;
* the win rate of ``--agent`` (default ``ismcts:normal``) against ``--opponent`` (default
  ``heuristic``) over ``--games`` games per variant, with a 95% Wilson interval, and the first
  seat's share of the wins. With two seats the games are the arena's seeded schedule (sides
  swapped, ``run_tournament`` with ``--workers`` processes); with more, the agent plays against
  that many copies of the opponent, its seat rotating from game to game.

A variant is one edition of Polis (``--edition``, both by default) or the game with ``--option``
pairs and ``--seats`` (for a game whose seat count is an option).

    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --games 200
    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --games 0 --positions 30      # speed only
    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --positions 0 --games 40 --edition 2012
    PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py --game cyclades --seats 3 --games 0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from kleos.agents.base import agent_parts_of, agent_rng
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import LEVELS, evaluator_for, make_agent
from kleos.arena.cli import game_options
from kleos.arena.stats import wilson_interval
from kleos.arena.tournament import GameResult, GameSpec, build_game, run_tournament, schedule
from kleos.core import registry
from kleos.core.protocol import Game

TREE_BUDGET = 3000  # forward-model calls per decision of the tree mode in the speed table


def default_sampler(game: Game[Any, Any]) -> str:
    """The kit's first own agent (cheap and reasonable games), else random play."""
    parts = agent_parts_of(game)
    own = [name for name in (parts.agents if parts is not None else {}) if name != "ismcts"]
    return own[0] if own else "random"


def positions(game: Game[Any, Any], count: int, seed: int, sampler: str) -> list[tuple[Any, list[Any], int]]:
    """(view, legal, seat) of decisions with a real choice, sampled from games of ``sampler`` in every seat."""
    found: list[tuple[Any, list[Any], int]] = []
    picker = random.Random(seed)
    seats = len(game.seat_names)
    g = 0
    while len(found) < count:
        state = game.new_state(seed * 1000 + g)
        agents = [make_agent(sampler, game) for _ in range(seats)]
        rngs = [agent_rng(seed + g, seat) for seat in range(seats)]
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


def speed(name: str, options: dict[str, Any], count: int, seed: int, sampler: str | None) -> dict[str, Any]:
    """Per level of the paired search, and for the tree mode at ``TREE_BUDGET`` calls."""
    game = build_game(name, options)
    pos = positions(game, count, seed, sampler or default_sampler(game))
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


def against_copies(name: str, options: dict[str, Any], agent: str, opponent: str, games: int,
                   seed: int) -> list[GameSpec]:
    """``agent`` against a copy of ``opponent`` in every other seat, its seat rotating, seeded from ``seed``."""
    seats = len(build_game(name, options).seat_names)
    seeds = random.Random(seed)
    return [GameSpec(i, name, options, tuple(agent if s == i % seats else opponent for s in range(seats)),
                     seeds.getrandbits(63)) for i in range(games)]


def strength(name: str, options: dict[str, Any], agent: str, opponent: str, games: int, seed: int,
             workers: int) -> dict[str, Any]:
    if len(build_game(name, options).seat_names) == 2:
        specs = schedule(name, options, [agent, opponent], games, seed)
    else:
        specs = against_copies(name, options, agent, opponent, games, seed)
    started = time.perf_counter()
    results = run_tournament(specs, workers=workers, progress=False)
    wall = time.perf_counter() - started
    return summarise(results, agent, wall)


def summarise(results: list[GameResult], agent: str, wall: float) -> dict[str, Any]:
    """The agent's score (a draw's point shared among the seats) and the first seat's share of the wins."""
    score = 0.0
    first = 0.0
    reasons: Counter[str] = Counter()
    think = moves = 0.0
    for r in results:
        me = r.seats.index(agent)
        if r.winner is None:
            score += 1.0 / len(r.seats)
            first += 1.0 / len(r.seats)
        else:
            score += 1.0 if r.winner == me else 0.0
            first += 1.0 if r.winner == 0 else 0.0
        reasons[f"{r.reason}:{'won' if r.winner == me else 'lost' if r.winner is not None else 'draw'}"] += 1
        think += r.think_seconds[me]
        moves += r.decisions[me]
    n = len(results)
    lo, hi = wilson_interval(score, n)
    flo, fhi = wilson_interval(first, n)
    return {"games": n, "score": score, "rate": score / n if n else 0.0, "ci": (lo, hi), "first_seat": first,
            "first_seat_rate": first / n if n else 0.0, "first_seat_ci": (flo, fhi), "reasons": dict(reasons),
            "seconds_per_move": think / moves if moves else 0.0, "wall": wall}


def variants(args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    """(label, options) per variant: each asked edition of a game with editions, else the one game."""
    kit = registry.kit(args.game)
    has_edition = any(o.name == "edition" for o in kit.options)
    if has_edition and args.edition == "both":
        spec = next(o for o in kit.options if o.name == "edition")
        editions: list[str | None] = [str(c) for c in spec.choices]
    else:
        editions = [None if args.edition == "both" else args.edition]
    found = []
    for edition in editions:
        options = game_options(kit, args.option, edition, args.seats)
        seats = len(build_game(args.game, options).seat_names)
        found.append((edition if edition is not None else f"{seats} players", options))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(registry.games()), default="polis")
    parser.add_argument("--games", type=int, default=20, help="games per variant; 0: no games")
    parser.add_argument("--edition", default="both", help="an edition, or 'both' (every edition of the game)")
    parser.add_argument("--seats", type=int, default=None, help="players, for a game whose seat count is an option")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--agent", default="ismcts:normal")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--sampler", default=None, help="the agent whose games give the speed positions "
                                                         "(default: the kit's first own agent)")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed table; 0: skip")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", default="", help="also write the figures to this file")
    args = parser.parse_args(argv)
    found = variants(args)
    print("$ PYTHONPATH=src .venv/bin/python benchmarks/ismcts.py " + " ".join(sys.argv[1:] if argv is None else argv))
    print()
    figures: dict[str, Any] = {}
    if args.positions > 0:
        print(f"| {args.game} | level | budget (calls) | iterations/search | rollouts/search | iterations/s (1 core) | "
              "rollouts/s | calls/s | s/searched move | s/move (all) |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for label, options in found:
            sp = speed(args.game, options, args.positions, args.seed, args.sampler)
            figures[f"speed-{label}"] = sp
            for level in (*LEVELS, "tree"):
                f = sp[level]
                print(f"| {label} | {level} | {f['budget']} | {f['iterations_per_move']:.1f} | "
                      f"{f['rollouts_per_move']:.1f} | {f['iterations_per_second']:,.0f} | "
                      f"{f['rollouts_per_second']:,.0f} | {f['calls_per_second']:,.0f} | "
                      f"{f['seconds_per_searched_move']:.3f} | {f['seconds_per_move']:.3f} |",
                      flush=True)
        print()
    if args.games > 0:
        first = build_game(args.game, found[0][1]).seat_names[0]
        print(f"| {args.game} | {args.agent} vs {args.opponent} | win rate | 95% Wilson | {first} wins | "
              "s/move | wall s | endings |")
        print("|---|---|---|---|---|---|---|---|")
        for label, options in found:
            st = strength(args.game, options, args.agent, args.opponent, args.games, args.seed, args.workers)
            figures[f"games-{label}"] = st
            lo, hi = st["ci"]
            print(f"| {label} | {st['score']:g}/{st['games']} | {st['rate']:.1%} | {lo:.1%} – {hi:.1%} | "
                  f"{st['first_seat']:g}/{st['games']} | {st['seconds_per_move']:.2f} | {st['wall']:.0f} | "
                  f"{', '.join(f'{k} {v}' for k, v in sorted(st['reasons'].items()))} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(figures, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
