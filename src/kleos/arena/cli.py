"""``kleos arena GAME``: a round-robin tournament between agents, with a report and charts."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from kleos.agents.registry import AgentSpecError, parse_spec
from kleos.arena.report import markdown, summarize, write_plots, write_reports
from kleos.arena.tournament import run_tournament, schedule
from kleos.core.errors import DataError

ARENA_HELP = """\
Play a round robin between agents: every pair plays --games games, half with each agent on each
side, each game seeded from --seed (the same seed gives the same results with any --workers).
Agents: random, simple, heuristic, ismcts (ismcts:easy|normal|hard or ismcts:N with N
forward-model calls per decision). Writes report.md and report.json to --out; --plot DIR adds
PNG charts. --ray ADDRESS plays the games as tasks on a Ray cluster instead of local processes.

example: kleos arena polis --agents random,heuristic,ismcts:normal --games 20 --workers 2 --plot out/
"""


def add_arena_parser(commands: Any) -> None:
    p = commands.add_parser("arena", help="tournaments between agents: win rates, ratings, charts",
                            description=ARENA_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=["polis"], help="the game")
    p.add_argument("--agents", required=True, help="comma-separated agent names (at least two)")
    p.add_argument("--games", type=int, default=20, help="games per pair of agents (default 20; even is fair)")
    p.add_argument("--edition", choices=["2012", "2020"], default="2020", help="Polis edition (default 2020)")
    p.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    p.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 1)),
                   help="local processes (default: one per core)")
    p.add_argument("--ray", metavar="ADDRESS", default=None, help="run on this Ray cluster (e.g. 'auto')")
    p.add_argument("--out", type=Path, default=Path("arena-report"), help="report folder (default arena-report)")
    p.add_argument("--plot", type=Path, default=None, metavar="DIR", help="write PNG charts to DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=cmd_arena)


def cmd_arena(args: argparse.Namespace) -> int:
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    try:
        for spec in agents:
            parse_spec(spec)
        if len(set(agents)) != len(agents) or len(agents) < 2:
            raise AgentSpecError("name at least two different agents")
        if args.games < 1 or args.workers < 1:
            raise AgentSpecError("--games and --workers must be at least 1")
        specs = schedule(args.game, {"edition": args.edition}, agents, args.games, args.seed)
    except (AgentSpecError, DataError, ValueError) as error:
        sys.stderr.write(f"kleos arena: {error}\n")
        return 2
    started = time.perf_counter()
    results = run_tournament(specs, workers=args.workers, ray_address=args.ray, progress=not args.no_progress)
    summary = summarize(results, args.game, {"edition": args.edition}, args.seed)
    summary["wall_seconds"] = round(time.perf_counter() - started, 2)
    written = write_reports(summary, results, args.out)
    if args.plot is not None:
        written += write_plots(summary, results, args.plot)
    sys.stdout.write(markdown(summary))
    sys.stdout.write("\nwrote " + ", ".join(str(p) for p in written) + "\n")
    return 0
