"""``kleos arena GAME``: a round-robin tournament between agents, with a report and charts.

Any installed game can be played; its options come as ``--option NAME=VALUE`` and are checked by
the game's kit, which also names the seats and the game's own agents.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from kleos.agents.registry import AgentSpecError, parse_spec
from kleos.arena.report import markdown, summarize, write_plots, write_reports
from kleos.arena.tournament import (
    ROTATIONS,
    Rotation,
    build_game,
    default_rotation,
    fair_multiple,
    run_tournament,
    schedule,
)
from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit import GameKit
from kleos.core.kit.options import command_options
from kleos.i18n.platform import N_, _

DEFAULT_GAMES = 20

ARENA_HELP = N_("""\
Play a round robin between agents. Agents meet at tables of as many agents as the game has seats
(every such group; with fewer agents than seats, every way to fill the seats with each agent at
least once). Each table plays --games games, the agents changing seats from game to game: every
arrangement (--rotation all, the default up to 3 seats) or the cyclic rotations (--rotation
cyclic, the default beyond), so a multiple of the number of arrangements is fair (2 with two
seats, 6 with three). Every game is seeded from --seed: the same seed gives the same results with
any --workers.

Agents: random, ismcts (ismcts:easy|normal|hard or ismcts:N with N forward-model calls per
decision), and the game's own kinds. Game options: --option NAME=VALUE (repeatable; VALUE is taken as
written for an option with choices, else read as JSON when it parses), --edition E for --option
edition=E, --seats N for a game whose seat count is an option. Writes report.md and report.json
to --out (win rates per agent, per seat and, for a game whose seats play in teams, per team);
--plot DIR adds PNG charts. --ray ADDRESS plays the games as tasks on a Ray cluster instead of local processes.

example: kleos arena GAME --agents random,ismcts:easy,ismcts:normal --games 20 --workers 2 --plot out/
""")
"""The command's long description, marked only (translated when the parser is built)."""


def add_arena_parser(commands: Any) -> None:
    p = commands.add_parser("arena", help=_("tournaments between agents: win rates, ratings, charts"),
                            description=_(ARENA_HELP), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=list(registry.games()), help=_("the game"))
    p.add_argument("--agents", required=True, help=_("comma-separated agent names (at least two)"))
    p.add_argument("--games", type=int, default=None,
                   help=_("games per table of agents (default {games}, rounded up to a multiple of the "
                          "seat arrangements; a multiple is fair)", games=DEFAULT_GAMES))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a game option (repeatable); see 'kleos games' for each game's options"))
    p.add_argument("--edition", default=None, help=_("the game's edition (--option edition=E; default: the game's)"))
    p.add_argument("--seats", type=int, default=None,
                   help=_("seats per table, for a game whose seat count is an option (default: the game's)"))
    p.add_argument("--rotation", choices=ROTATIONS, default=None,
                   help=_("seat arrangements per table: all permutations or the cyclic rotations "
                        "(default: all up to 3 seats, cyclic beyond)"))
    p.add_argument("--seed", type=int, default=0, help=_("tournament seed (default 0)"))
    p.add_argument("--max-steps", type=int, default=0, metavar="N",
                   help=_("stop a game after N steps and count it as a draw, reason 'unfinished (step cap)': "
                        "for agents that may never end a game (default 0: play every game to its end)"))
    p.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 1)),
                   help=_("local processes (default: one per core)"))
    p.add_argument("--ray", metavar="ADDRESS", default=None, help=_("run on this Ray cluster (e.g. 'auto')"))
    p.add_argument("--out", type=Path, default=Path("arena-report"), help=_("report folder (default arena-report)"))
    p.add_argument("--plot", type=Path, default=None, metavar="DIR", help=_("write PNG charts to DIR"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.set_defaults(func=cmd_arena)


def game_options(kit: GameKit, pairs: list[str], edition: str | None, seats: int | None) -> dict[str, Any]:
    """The kit's defaults, then ``--option`` pairs, then the ``--edition`` and ``--seats`` shortcuts."""
    return command_options(kit, pairs, edition, seats)


def _seat_names(kit: GameKit, options: dict[str, Any], wanted: int | None) -> tuple[str, ...]:
    """The seats of the game ``options`` make (built once for the command); ``--seats`` must agree."""
    names = tuple(build_game(kit.name, options).seat_names)
    if wanted is not None and wanted != len(names):
        raise ValueError(f"--seats {wanted}: {kit.title} with these options has {len(names)} seats")
    return names


def _games_per_table(asked: int | None, multiple: int) -> int:
    """``--games``, or the default rounded up to ``multiple``; a note when the seatings are uneven."""
    if asked is None:
        return -(-DEFAULT_GAMES // multiple) * multiple
    if asked % multiple:
        sys.stderr.write(_("kleos arena: note: {games} games per table do not share out evenly over its "
                           "{seatings} seatings; a multiple of {seatings} is fair", games=asked, seatings=multiple)
                         + "\n")
    return asked


def _agents(text: str, kit: GameKit) -> list[str]:
    agents = [a.strip() for a in text.split(",") if a.strip()]
    for spec in agents:
        parse_spec(spec, kit)
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise AgentSpecError(_("name at least two different agents"))
    return agents


def cmd_arena(args: argparse.Namespace) -> int:
    try:
        kit = registry.kit(args.game)
        agents = _agents(args.agents, kit)
        if (args.games is not None and args.games < 1) or args.workers < 1:
            raise AgentSpecError(_("--games and --workers must be at least 1"))
        options = game_options(kit, args.option, args.edition, args.seats)
        seat_names = _seat_names(kit, options, args.seats)
        seats = len(seat_names)
        rotation: Rotation = args.rotation or default_rotation(seats)
        games = _games_per_table(args.games, fair_multiple(agents, seats, rotation))
        specs = schedule(args.game, options, agents, games, args.seed, rotation, max(0, args.max_steps), seats)
    except (KleosError, ValueError) as error:
        sys.stderr.write(_("kleos arena: {problem}", problem=error) + "\n")
        return 2
    started = time.perf_counter()
    results = run_tournament(specs, workers=args.workers, ray_address=args.ray, progress=not args.no_progress)
    summary = summarize(results, args.game, options, args.seed, seat_names)
    summary["rotation"] = rotation
    summary["wall_seconds"] = round(time.perf_counter() - started, 2)
    written = write_reports(summary, results, args.out)
    if args.plot is not None:
        written += write_plots(summary, results, args.plot)
    sys.stdout.write(markdown(summary))
    sys.stdout.write("\n" + _("wrote {files}", files=", ".join(str(p) for p in written)) + "\n")
    return 0
