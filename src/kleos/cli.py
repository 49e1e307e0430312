"""The ``kleos`` command line: ``kleos play polis``, ``kleos polis random``, ``kleos polis data``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from kleos import __version__
from kleos.arena.cli import add_arena_parser
from kleos.games.polis import cli as polis_cli
from kleos.server.cli import add_serve_parser

DESCRIPTION = """\
Kleos: play and study the strategy board games of classical Greece, rule for rule.

  kleos play polis            play Polis in the terminal (try: kleos play polis --help)
  kleos polis random          seeded computer games and their statistics
  kleos polis data            the loaded game data and where each value comes from
  kleos arena polis           tournaments between computer players, with ratings and charts
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kleos", description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"kleos {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = commands.add_parser("play", help="play a game in the terminal",
                               description="Play a game in the terminal against the built-in opponent.")
    games = play.add_subparsers(dest="game", metavar="GAME", required=True)
    polis_cli.add_play_parser(games)

    polis_cli.add_polis_parser(commands)
    add_arena_parser(commands)
    add_serve_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 usage or data error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
