"""The Pericles commands: ``kleos pericles random`` (seeded playouts of a scenario summarised) and
``kleos pericles data`` (where every value of the data files comes from, and which ones are
reconstructions, pericles-data.md §8).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from kleos.agents import make_agent
from kleos.arena.selfplay import SHARED, UNFINISHED, run_selfplay
from kleos.arena.tournament import STEP_CAP as TOURNAMENT_STEP_CAP
from kleos.arena.tournament import Progress
from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit.cli import CliParts, add_data_command, add_selfplay_flags, runs
from kleos.core.provenance import ProvenanceRecord, provenance_lines
from kleos.games.pericles.explain import side_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import _, ngettext
from kleos.games.pericles.loader import load_data, tables_of
from kleos.games.pericles.options import SCENARIO_DEFAULT, SCENARIOS
from kleos.games.pericles.tables import SIDES

TAGS = ("rulebook", "source", "reconstructed")
STEP_CAP = TOURNAMENT_STEP_CAP  # the end reason of a game stopped by --max-steps


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


def _scenario_help() -> str:
    """The scenario keys with their names, read from the scenario data files."""
    data = load_data()
    return ", ".join(f"{key} ({data.scenario(key).name})" for key in SCENARIOS)


# ----- argument parsers ---------------------------------------------------------------------------
def add_commands(commands: Any) -> None:
    p = commands.add_parser("pericles", help=_("Pericles tools: random playouts, the data's provenance"),
                            description=_("Pericles tools."))
    sub = p.add_subparsers(dest="pericles_command", required=True, metavar="COMMAND")
    r = sub.add_parser("random", help=_("play seeded games of one agent in every seat and summarise them"),
                       description=_("Play seeded games of a scenario with one agent in every seat; print wins "
                                     "by faction and by side, end reasons and the average number of turns. "
                                     "The same seed gives the same games."))
    r.add_argument("--scenario", choices=SCENARIOS, default=SCENARIO_DEFAULT,
                   help=_("the scenario: {scenarios} (default {default})", scenarios=_scenario_help(),
                          default=SCENARIO_DEFAULT))
    add_selfplay_flags(r)
    r.add_argument("--agent", default="random", help=_("the agent in every seat (default random)"))
    r.add_argument("--max-steps", type=int, default=20_000,
                   help=_("stop a game after this many steps and count it as '{cap}' (default 20000)", cap=STEP_CAP))
    runs(r, cmd_random)
    add_data_command(sub, cmd_data, "reason")


def cli_parts() -> CliParts:
    return CliParts(add_commands=add_commands)


# ----- kleos pericles random -------------------------------------------------------------------------
def run_random(scenario: str, games: int, seed: int, agent: str, max_steps: int,
               progress: bool = False) -> dict[str, Any]:
    """Tallies of ``games`` seeded games of ``scenario`` (the platform's self-play, deterministic per
    seed), named as Pericles names them: factions, sides and turns."""
    kit = registry.kit(PericlesGame.name)
    tally = run_selfplay(kit, {"scenario": scenario}, agent, games, seed, max_steps=max_steps,
                         progress=Progress(games) if progress else None)
    return {"scenario": scenario, "name": load_data().scenario(scenario).name, "games": games, "seed": seed,
            "agent": agent, "max_steps": max_steps, "factions": tally["seats"], "sides": list(SIDES),
            "wins": tally["wins"], "side_wins": {_side(k): v for k, v in tally["team_wins"].items()},
            "reasons": tally["reasons"], "turns": tally["rounds"], "steps": tally["steps"]}


def _side(team: str) -> str:
    """The kit's team title as the side's key ("Athens" -> "athens"); shared and none unchanged."""
    return team.lower()


def _print_tally(tally: dict[str, Any], elapsed: float) -> None:
    n = tally["games"]

    def pct(k: int) -> str:
        return f"{k} ({100 * k / n:.1f}%)"

    _out(ngettext("Pericles, scenario {scenario} ({name}): {n} game, {agent} agent in every seat, seeds "
                  "{first}..{last}", "Pericles, scenario {scenario} ({name}): {n} games, {agent} agent in every "
                  "seat, seeds {first}..{last}", n, scenario=tally["scenario"], name=tally["name"],
                  agent=tally["agent"], first=tally["seed"], last=tally["seed"] + n - 1))
    _out(_("Wins by faction:"))
    for name in [*tally["factions"], SHARED, UNFINISHED]:
        if name in tally["wins"] or name in tally["factions"]:
            label = _(name) if name in tally["factions"] else name
            _out(f"  {label:<24} {pct(tally['wins'].get(name, 0))}")
    _out(_("Wins by side:"))
    for name in [*tally["sides"], SHARED, UNFINISHED]:
        if name in tally["side_wins"] or name in tally["sides"]:
            label = side_name(SIDES.index(name)) if name in SIDES else name
            _out(f"  {label:<24} {pct(tally['side_wins'].get(name, 0))}")
    _out(_("End reasons:"))
    for reason, count in sorted(tally["reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
        _out(f"  {reason:<32} {count:>6}")
    _out(_("Average length: {turns:.2f} turns, {steps:.1f} steps", turns=tally["turns"] / n, steps=tally["steps"] / n))
    _out(_("Time: {seconds:.2f} s ({ms:.1f} ms per game)", seconds=elapsed, ms=1000 * elapsed / n))


def cmd_random(args: argparse.Namespace) -> int:
    if args.games < 1 or args.max_steps < 1:
        _err(_("error: --games and --max-steps must be at least 1"))
        return 2
    probe = PericlesGame({"scenario": args.scenario})
    try:
        make_agent(args.agent, probe)
    except (KleosError, ValueError) as exc:
        _err(_("error: --agent: {problem}", problem=exc))
        return 2
    start = time.perf_counter()
    tally = run_random(args.scenario, args.games, args.seed, args.agent, args.max_steps,
                       progress=not args.no_progress and not args.json)
    elapsed = time.perf_counter() - start
    if args.json:
        _out(json.dumps(tally, indent=2))
    else:
        _print_tally(tally, elapsed)
    return 0


# ----- kleos pericles data ---------------------------------------------------------------------------
def cmd_data(args: argparse.Namespace) -> int:
    try:
        data = load_data(args.data_dir)
    except KleosError as exc:
        _err(_("error: {problem}", problem=exc))
        return 2
    for line in provenance_lines("Pericles", tables_of(data), args.reconstructed, _why):
        _out(line)
    return 0


def _why(record: ProvenanceRecord) -> str:
    """Why a record was reconstructed: its reason."""
    return str(getattr(record, "reason", ""))
