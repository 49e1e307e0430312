"""Seconds per searched move of Polis's ``ismcts:LEVEL`` for several source trees, interleaved.

A speed-up of the paired search is measured against the code before it by running the same searches
with each tree on the import path, alternately (A B A B ...), each run in its own process, so load
on a shared machine falls on both alike. A run searches the decision positions ``ismcts.py``'s speed
table uses (seeded games of the ``simple`` agent, 15% of the decisions with a real choice) and prints
CPU seconds per searched move and iterations per CPU second; the chosen actions and iteration counts
are digested, so runs of two trees that play alike show the same digest.

    .venv/bin/python benchmarks/polis_search_speed.py --tree /tmp/base/src --tree src --reps 3

Only what every version of the package since the paired search offers is used (``make_agent``,
``agent_rng``, ``PolisGame``), so an old tree extracted with ``git archive`` runs it too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

HERE = os.path.abspath(__file__)


def sample_positions(game: Any, count: int, seed: int) -> list[tuple[Any, list[Any]]]:
    """(view, legal) of decisions with a real choice from seeded games of ``simple`` (as ``ismcts.py``)."""
    from kleos.agents.base import agent_rng
    from kleos.agents.registry import make_agent

    found: list[tuple[Any, list[Any]]] = []
    picker = random.Random(seed)
    g = 0
    while len(found) < count:
        state = game.new_state(seed * 1000 + g)
        agents = [make_agent("simple", game) for _ in range(2)]
        rngs = [agent_rng(seed + g, seat) for seat in range(2)]
        while not game.is_terminal(state) and len(found) < count:
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1 and picker.random() < 0.15:
                found.append((view, legal))
            game.apply_in_place(state, agents[seat].choose(view, legal, rngs[seat]), seat, validate=False)
        g += 1
    return found


def one_run(edition: str, level: str, count: int, seed: int) -> dict[str, Any]:
    """Search every position once; CPU seconds of the searched ones, their iterations, a digest of play."""
    from kleos.agents.registry import make_agent
    from kleos.games.polis.game import PolisGame

    game = PolisGame(edition)
    pos = sample_positions(game, count, seed)
    agent: Any = make_agent(f"ismcts:{level}", game)
    searched = iterations = 0
    cpu = 0.0
    trace: list[str] = []
    for i, (view, legal) in enumerate(pos):
        started = time.process_time()
        chosen = agent.choose(view, legal, random.Random(i))
        spent = time.process_time() - started
        its = agent.last_stats.iterations
        trace.append(f"{chosen} {its}")
        if its:
            searched += 1
            iterations += its
            cpu += spent
    return {"searched": searched, "iterations": iterations, "cpu": cpu,
            "digest": hashlib.sha256("\n".join(trace).encode()).hexdigest()[:12]}


def spread(values: list[float]) -> str:
    """median [min – max]"""
    return f"{statistics.median(values):.3f} [{min(values):.3f} – {max(values):.3f}]"


def drive(args: argparse.Namespace) -> int:
    """Run every tree ``--reps`` times per edition, alternately, each in a child process; print the table."""
    editions = ("2012", "2020") if args.edition == "both" else (args.edition,)
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for rep in range(args.reps):
        for edition in editions:
            for tree in args.tree:
                env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
                out = subprocess.run(
                    [sys.executable, HERE, "--child", "--edition", edition, "--level", args.level,
                     "--positions", str(args.positions), "--seed", str(args.seed)],
                    env=env, check=True, capture_output=True, text=True).stdout
                got = json.loads(out.strip().splitlines()[-1])
                results.setdefault((edition, tree), []).append(got)
                print(f"rep {rep} {edition} {tree}: {got['cpu'] / max(1, got['searched']):.3f} s/searched move, "
                      f"{got['iterations'] / max(got['cpu'], 1e-9):.2f} it/s, digest {got['digest']}", flush=True)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| edition | tree | searched | iterations | s/searched move | iterations/s | digest |")
    print("|---|---|---|---|---|---|---|")
    for edition in editions:
        first: list[float] | None = None
        for tree in args.tree:
            runs = results[(edition, tree)]
            per_move = [r["cpu"] / max(1, r["searched"]) for r in runs]
            rate = [r["iterations"] / max(r["cpu"], 1e-9) for r in runs]
            digests = sorted({r["digest"] for r in runs})
            print(f"| {edition} | {tree} | {runs[0]['searched']} | {runs[0]['iterations']} | {spread(per_move)} | "
                  f"{spread(rate)} | {','.join(digests)} |")
            if first is None:
                first = per_move
            else:
                ratios = [a / b for a, b in zip(first, per_move, strict=True)]
                print(f"| {edition} | speed-up vs first tree (paired runs) | | | {spread(ratios)} | | |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="a source directory (repeatable; first = base)")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--edition", choices=("2012", "2020", "both"), default="both")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run(args.edition, args.level, args.positions, args.seed)))
        return 0
    if not args.tree:
        parser.error("give at least one --tree")
    return drive(args)


if __name__ == "__main__":
    sys.exit(main())
