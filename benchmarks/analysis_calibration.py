#!/usr/bin/env python3
"""Calibration and cost of the post-game analysis: does an estimate of 70% mean about 70%?

    nice -n 10 .venv/bin/python benchmarks/analysis_calibration.py --game polis [--games 6]
        [--players heuristic] [--every 8] [--budget 300] [--repeats 2] [--option key=value ...]
        [--seed 0] [--out pairs.jsonl]

Self-play games (every seat ``--players``, seeded ``seed + i``) are played to the end; then every
``--every``-th decision with a choice is analysed as ``kleos analyse`` would (from the seat's view,
``--budget`` and ``--repeats``), and each estimate ``before`` is paired with that seat's result
(1 a win, 0.5 a shared first place, 0 a loss; for a game whose kit measures a standing, the
faction's win). The estimates are binned by tenths: per bin, the number of estimates, their mean
and the mean result. Also printed: the steps and searched decisions per game, the seconds per
searched decision (wall clock and CPU, with the load average) and the whole game's analysis time
that follows. The estimates of one game are correlated, so a bin's sample size overstates its weight.
``--out`` writes every (estimate, result) pair as a JSON line with its game's seed, seat and step:
the input of ``scripts/fit_calibration.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from kleos.agents import agent_rng, make_agent, seat_chooser
from kleos.agents.ismcts import outcome_share
from kleos.analysis.engine import Analyst, game_marks
from kleos.core import registry
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, play_out

BINS = 10


def self_play(name: str, options: dict[str, Any], seed: int, players: str) -> GameRecord:
    kit = registry.kit(name)
    game = kit.make_game(options)
    agents = {seat: make_agent(players, game) for seat in range(len(game.seat_names))}
    rngs = {seat: agent_rng(seed, seat) for seat in agents}
    record = GameRecord(name, dict(game.options), seed)
    play_out(game, game.new_state(seed), seat_chooser(game, agents, rngs), record)
    return record


Pairs = list[tuple[float, float]]


def sampled_rows(record: GameRecord, every: int, budget: int,
                 repeats: int) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """The sampled decisions of ``record`` (seed, seat, step, estimate, result), and its cost."""
    game = registry.kit(record.game).make_game(record.options)
    analyst = Analyst(game, budget, repeats, seed=record.seed)
    state = game.new_state(record.seed)
    sampled: list[tuple[int, int, float]] = []
    decisions = 0
    seconds = cpu = 0.0
    for index, (seat, action) in enumerate(record.actions):
        if seat != CHANCE:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                decisions += 1
                if decisions % every == 0:
                    started, cpu_started = time.perf_counter(), time.process_time()
                    _, befores, _ = analyst.decision(index, game.view(state, seat), legal, action)
                    seconds += time.perf_counter() - started
                    cpu += time.process_time() - cpu_started
                    sampled.append((index, seat, statistics.mean(befores)))
        game.apply_in_place(state, action, seat)
    outcome = game.outcome(state)
    assert outcome is not None, "a self-play game must end"
    rows = [{"seed": record.seed, "seat": seat, "step": index, "estimate": value,
             "result": outcome_share(outcome, seat)} for index, seat, value in sampled]
    cost = {"steps": len(record.actions), "decisions": decisions, "searched": len(sampled), "seconds": seconds,
            "cpu": cpu}
    return rows, cost


def table(pairs: list[tuple[float, float]]) -> list[str]:
    rows = ["| estimate | n | mean estimate | mean result |", "|---|---|---|---|"]
    for b in range(BINS):
        inside = [(v, r) for v, r in pairs if min(BINS - 1, int(v * BINS)) == b]
        if inside:
            rows.append(f"| {b * 10}–{b * 10 + 10}% | {len(inside)} | {statistics.mean(v for v, _ in inside):.2f} "
                        f"| {statistics.mean(r for _, r in inside):.2f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", default="heuristic")
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="a game option, key=value (JSON value)")
    parser.add_argument("--out", help="write each (estimate, result) pair as a JSON line to this file")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    game = registry.kit(args.game).make_game(options)
    _, words = game_marks(game)
    pairs: list[tuple[float, float]] = []
    costs: list[dict[str, float]] = []
    loads = [os.getloadavg()[0]]
    for i in range(args.games):
        record = self_play(args.game, options, args.seed + i, args.players)
        rows, cost = sampled_rows(record, args.every, args.budget, args.repeats)
        pairs.extend((row["estimate"], row["result"]) for row in rows)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.writelines(json.dumps(row) + "\n" for row in rows)
        costs.append(cost)
        loads.append(os.getloadavg()[0])
        print(f"game {i + 1}/{args.games}: {cost['steps']} steps, {cost['decisions']} decisions with a choice, "
              f"{cost['searched']} analysed in {cost['seconds']:.1f} s, {cost['cpu']:.1f} s of CPU "
              f"(load {loads[-1]:.1f})", flush=True)
    per = [c["seconds"] / c["searched"] for c in costs if c["searched"]]
    per_cpu = [c["cpu"] / c["searched"] for c in costs if c["searched"]]
    decisions = [c["decisions"] for c in costs]
    print(f"\n{args.game} {options or ''}: {args.games} self-play games of {args.players}, one decision with a "
          f"choice in {args.every} analysed, budget {args.budget} x{args.repeats}: {len(pairs)} estimates ({words})")
    print("\n".join(table(pairs)))
    if per:
        whole, whole_cpu = (statistics.median(decisions) * statistics.median(x) for x in (per, per_cpu))
        print(f"\nseconds per analysed decision: wall clock median {statistics.median(per):.2f} "
              f"(min {min(per):.2f}, max {max(per):.2f}), CPU median {statistics.median(per_cpu):.2f} "
              f"(min {min(per_cpu):.2f}, max {max(per_cpu):.2f}); decisions with a choice per game: median "
              f"{statistics.median(decisions):.0f} (min {min(decisions)}, max {max(decisions)}); a whole game's "
              f"analysis: about {whole / 60:.1f} min wall clock, {whole_cpu / 60:.1f} min of CPU; load average "
              f"{min(loads):.1f}–{max(loads):.1f}")


if __name__ == "__main__":
    main()
