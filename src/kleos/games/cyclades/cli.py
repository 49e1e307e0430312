"""The Cyclades commands: ``kleos cyclades random`` (seeded playouts summarised) and ``kleos cyclades
data`` (where every value of the data files comes from, and which ones are reconstructions).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from kleos.agents import agent_names
from kleos.arena.selfplay import SHARED, UNFINISHED, run_selfplay
from kleos.arena.tournament import ROUND_CAP, Progress
from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit.cli import CliParts, add_data_command, add_selfplay_flags, runs
from kleos.core.provenance import ProvenanceRecord, provenance_lines
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _
from kleos.games.cyclades.loader import load_data, tables_of
from kleos.i18n import number, percent

CYCLE_CAP = ROUND_CAP  # the end reason of a game stopped by --max-cycles


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


# ----- argument parsers ---------------------------------------------------------------------------
def add_commands(commands: Any) -> None:
    p = commands.add_parser("cyclades", help=_("Cyclades tools: random playouts, the data's provenance"),
                            description=_("Cyclades tools (the game itself: kleos play cyclades)."))
    sub = p.add_subparsers(dest="cyclades_command", required=True, metavar="COMMAND")
    r = sub.add_parser("random", help=_("play seeded games of one agent in every seat and summarise them"),
                       description=_("Play seeded games of one agent in every seat; print wins by seat, end "
                                     "reasons and the average number of cycles. The same seed gives the "
                                     "same games."))
    r.add_argument("--players", type=int, choices=range(2, 6), default=5, metavar="N",
                   help=_("the number of players, 2 to 5 (default 5)"))
    add_selfplay_flags(r)
    r.add_argument("--agent", choices=agent_names(registry.kit(CycladesGame.name)), default="random",
                   help=_("the agent in every seat (default random)"))
    r.add_argument("--max-cycles", type=int, default=60,
                   help=_("stop a game after this many cycles and count it as '{cap}' (default 60)", cap=CYCLE_CAP))
    runs(r, cmd_random)
    add_data_command(sub, cmd_data, "note")


def cli_parts() -> CliParts:
    return CliParts(add_commands=add_commands)


# ----- kleos cyclades random -------------------------------------------------------------------------
def run_random(players: int, games: int, seed: int, agent: str, max_cycles: int,
               progress: bool = False) -> dict[str, Any]:
    """Tallies of ``games`` seeded games (the platform's self-play, deterministic per seed), a game
    past ``max_cycles`` cycles stopped unfinished."""
    kit = registry.kit(CycladesGame.name)
    tally = run_selfplay(kit, {"players": players}, agent, games, seed, max_rounds=max_cycles,
                         progress=Progress(games) if progress else None)
    return {"players": players, "games": games, "seed": seed, "agent": agent, "max_cycles": max_cycles,
            "seats": tally["seats"], "wins": tally["wins"], "reasons": tally["reasons"],
            "cycles": tally["rounds"], "steps": tally["steps"]}


def cmd_random(args: argparse.Namespace) -> int:
    if args.games < 1 or args.max_cycles < 1:
        _err(_("error: --games and --max-cycles must be at least 1"))
        return 2
    start = time.perf_counter()
    tally = run_random(args.players, args.games, args.seed, args.agent, args.max_cycles,
                       progress=not args.no_progress and not args.json)
    elapsed = time.perf_counter() - start
    if args.json:
        _out(json.dumps(tally, indent=2))
        return 0
    n = tally["games"]

    def pct(k: int) -> str:
        return f"{k} ({percent(k / n)})"

    _out(_("Cyclades, {players} players: {games} games, {agent} agent in every seat, seeds {first}..{last}",
           players=args.players, games=n, agent=args.agent, first=args.seed, last=args.seed + n - 1))
    _out(_("Wins by seat:"))
    for name in [*tally["seats"], SHARED, UNFINISHED]:
        if name in tally["wins"] or name in tally["seats"]:
            _out(f"  {name:<16} {pct(tally['wins'].get(name, 0))}")
    _out(_("End reasons:"))
    for reason, count in sorted(tally["reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
        _out(f"  {words.reason(reason):<16} {count:>6}")
    _out(_("Average length: {cycles} cycles, {steps} steps", cycles=number(round(tally["cycles"] / n, 2)),
           steps=number(round(tally["steps"] / n, 1))))
    _out(_("Time: {seconds} s ({ms} ms per game)", seconds=number(round(elapsed, 2)),
           ms=number(round(1000 * elapsed / n, 1))))
    return 0


# ----- kleos cyclades data ---------------------------------------------------------------------------
def cmd_data(args: argparse.Namespace) -> int:
    try:
        data = load_data(args.data_dir)
    except KleosError as exc:
        _err(_("error: {problem}", problem=exc))
        return 2
    for line in provenance_lines("Cyclades", tables_of(data), args.reconstructed, _why):
        _out(line)
    return 0


def _why(record: ProvenanceRecord) -> str:
    """Why a record was reconstructed: its note."""
    return str(getattr(record, "note", ""))
