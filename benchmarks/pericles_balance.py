#!/usr/bin/env python3
"""Pericles balance: how often each side and each faction wins when the same bot plays all four seats.

    nice -n 19 .venv/bin/python benchmarks/pericles_balance.py --scenario 14_1_09a --agent heuristic \
        --games 200 [--seed 0] [--start 0] [--jsonl out.jsonl]
    .venv/bin/python benchmarks/pericles_balance.py --summarize a.jsonl b.jsonl

With one bot in every seat the agents cancel out, so what is left is the scenario (and its data):
a side wins when the game's winner is one of its factions (P-VICTORY-11); a faction wins when it is
the winner. Game ``i`` has seed ``seed + i`` and is played by the arena's own loop
(:func:`kleos.arena.tournament.play_game`), so ``--start`` splits a run over processes and
``--jsonl`` keeps each finished game (one JSON line) to be summed up later with ``--summarize``.
Prints side and faction win rates with Wilson 95% intervals (a drawn game counts as half a win for
each side and a quarter for each faction), the end reasons, and the mean final Honor per faction.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from kleos.arena.stats import mean, wilson_interval
from kleos.arena.tournament import GameSpec, play_game
from kleos.core import registry
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.tables import factions_of

SIDE_NAMES = ("Athens", "Sparta")


def play(scenario: str, agent: str, seed: int, index: int) -> dict[str, Any]:
    """One seeded game with ``agent`` in every seat, as a JSON-ready record."""
    spec = GameSpec(index, KIT.name, {"scenario": scenario}, (agent,) * 4, seed + index)
    started = time.process_time()
    result = play_game(spec)
    return {"scenario": scenario, "agent": agent, "index": index, "seed": spec.seed, "winner": result.winner,
            "reason": result.reason, "honor": list(result.scores), "rounds": result.rounds,
            "cpu_seconds": round(time.process_time() - started, 2)}


def pct(wins: float, n: int) -> str:
    low, high = wilson_interval(wins, n)
    return f"{100 * wins / max(n, 1):.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def spans(numbers: list[int]) -> str:
    """Sorted whole numbers as runs, e.g. ``0-8, 20-26``."""
    runs: list[list[int]] = []
    for k in sorted(numbers):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def summary(games: list[dict[str, Any]]) -> str:
    """The Markdown tables of a set of games of one scenario and one bot."""
    n = len(games)
    seat_names = KIT.make_game({"scenario": games[0]["scenario"]}).seat_names
    draws = sum(g["winner"] is None for g in games)
    lines = [f"{games[0]['scenario']}, four `{games[0]['agent']}`: {n} games (seeds "
             f"{spans([g['seed'] for g in games])}), {draws} without a winner, "
             f"mean CPU {mean([g['cpu_seconds'] for g in games]):.2f} s per game", "",
             "| side / faction | wins | win rate [95% CI] | mean final Honor |", "|---|---|---|---|"]
    for side, side_name in enumerate(SIDE_NAMES):
        seats = factions_of(side)
        wins = sum(g["winner"] in seats for g in games) + draws / 2
        honor = mean([sum(g["honor"][f] for f in seats) for g in games])
        lines.append(f"| **{side_name}** | {wins:g} | {pct(wins, n)} | {honor:.1f} (both factions) |")
        for f in seats:
            fwins = sum(g["winner"] == f for g in games) + draws / 4
            fhonor = mean([g["honor"][f] for g in games])
            lines.append(f"| {seat_names[f]} | {fwins:g} | {pct(fwins, n)} | {fhonor:.1f} |")
    reasons = Counter(g["reason"] for g in games).most_common()
    lines += ["", "End reasons: " + ", ".join(f"{reason} {k}" for reason, k in reasons) + ".",
              f"Turns reached: {dict(sorted(Counter(g['rounds'] for g in games).items()))}."]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    games = []
    started = time.perf_counter()
    out = Path(args.jsonl) if args.jsonl else None
    for i in range(args.start, args.start + args.games):
        record = play(args.scenario, args.agent, args.seed, i)
        games.append(record)
        if out is not None:
            with out.open("a", encoding="utf-8") as stream:
                stream.write(json.dumps(record) + "\n")
        if args.progress:
            print(f"  game {i}: winner {record['winner']}, {record['reason']}, Honor {record['honor']}, "
                  f"{record['cpu_seconds']:.1f} s CPU; {len(games)}/{args.games} in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--scenario", default="14_1_09a", choices=("14_1_09a", "14_2"))
    parser.add_argument("--agent", default="heuristic", help="the bot in all four seats (heuristic, random, ...)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="game i has seed SEED + i")
    parser.add_argument("--start", type=int, default=0, help="the first game's index")
    parser.add_argument("--jsonl", default=None, help="append each finished game to this file")
    parser.add_argument("--progress", action="store_true", help="a line per finished game")
    parser.add_argument("--summarize", nargs="+", default=None, metavar="JSONL",
                        help="play nothing; sum up these files (grouped by scenario and bot)")
    args = parser.parse_args()
    registry.register(KIT)
    if args.summarize:
        records = [json.loads(line) for path in args.summarize for line in Path(path).read_text().splitlines() if line]
    else:
        records = run(args)
    groups: dict[tuple[str, str], dict[int, dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((r["scenario"], r["agent"]), {})[r["seed"]] = r  # a repeated seed counts once
    for key in sorted(groups):
        print(summary(sorted(groups[key].values(), key=lambda g: g["seed"])))


if __name__ == "__main__":
    main()
