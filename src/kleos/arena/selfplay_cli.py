"""``kleos random GAME``: self-play statistics of one agent in every seat, for any installed game."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from kleos.agents.registry import AgentSpecError, parse_spec
from kleos.arena.cli import game_options
from kleos.arena.selfplay import run_selfplay, tally_lines
from kleos.arena.tournament import Progress
from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit.cli import add_game_command
from kleos.i18n.platform import N_, _

RANDOM_HELP = N_("""\
Play seeded games with one agent in every seat and print wins by seat (and by team, for games whose
seats win together), end reasons and the average length. Game i uses seed+i, so the same command
gives the same tallies. A game stopped by --max-steps or --max-rounds counts as unfinished ('none').

example: kleos random GAME --games 200 --agent ismcts:easy --max-steps 5000
""")
"""The command's long description, marked only (translated when the parser is built)."""


def add_random_parser(commands: Any, game: str | None = None) -> None:
    """``kleos random GAME …``, or with ``game`` ``kleos GAME random …`` among a game's own commands:
    the same flags and the same report."""
    add_game_command(commands, "random", _("self-play statistics: one agent in every seat, seeded games"),
                     _(RANDOM_HELP), _add_random_flags, game)


def _add_random_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agent", default="random", help=_("the agent in every seat (default random)"))
    p.add_argument("--games", type=int, default=100, help=_("how many games (default 100)"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the first game; game i uses seed+i (default 1)"))
    p.add_argument("--json", action="store_true", help=_("print the tallies as JSON"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress indication on stderr"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a game option (repeatable); see 'kleos games' for each game's options"))
    p.add_argument("--edition", default=None, help=_("the game's edition (--option edition=E)"))
    p.add_argument("--seats", type=int, default=None, help=_("seats, for a game whose seat count is an option"))
    p.add_argument("--max-steps", type=int, default=0, metavar="N",
                   help=_("stop a game after N steps (default 0: none)"))
    p.add_argument("--max-rounds", type=int, default=0, metavar="N",
                   help=_("stop a game once past N rounds (default 0: none)"))
    p.set_defaults(func=cmd_random)


def cmd_random(args: argparse.Namespace) -> int:
    try:
        kit = registry.kit(args.game)
        if args.games < 1 or args.max_steps < 0 or args.max_rounds < 0:
            raise ValueError(_("--games must be at least 1, --max-steps and --max-rounds at least 0"))
        parse_spec(args.agent, kit)
        options = game_options(kit, args.option, args.edition, args.seats)
        names = kit.make_game(options).seat_names
    except (KleosError, ValueError, AgentSpecError) as error:
        sys.stderr.write(_("kleos random: {problem}", problem=error) + "\n")
        return 2
    started = time.perf_counter()
    bar = None if args.no_progress or args.json else Progress(args.games)
    tally = run_selfplay(kit, options, args.agent, args.games, args.seed, max_steps=args.max_steps,
                         max_rounds=args.max_rounds, progress=bar, seat_names=names)
    if args.json:
        sys.stdout.write(json.dumps(tally, indent=2) + "\n")
        return 0
    n = args.games
    sys.stdout.write(_("{title}: {n} games, {agent} in every seat, seeds {first}..{last}", title=kit.word(kit.title),
                       n=n, agent=args.agent, first=args.seed, last=args.seed + n - 1) + "\n")
    sys.stdout.write("\n".join(tally_lines(tally, time.perf_counter() - started, kit.word)) + "\n")
    return 0
