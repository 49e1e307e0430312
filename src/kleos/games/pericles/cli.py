"""The Pericles commands: ``kleos pericles random`` (the platform's ``kleos random pericles`` under the
game's name; ``--option scenario=KEY`` chooses the scenario) and ``kleos pericles data`` (where every
value of the data files comes from, and which ones are reconstructions, pericles-data.md §8).
"""

from __future__ import annotations

from typing import Any

from kleos.arena.selfplay_cli import add_random_alias
from kleos.core.kit.cli import CliParts, add_provenance_command
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import _
from kleos.games.pericles.loader import load_data, tables_of


def add_commands(commands: Any) -> None:
    p = commands.add_parser("pericles", help=_("Pericles tools: random playouts, the data's provenance"),
                            description=_("Pericles tools."))
    sub = p.add_subparsers(dest="pericles_command", required=True, metavar="COMMAND")
    add_random_alias(sub, PericlesGame.name)
    add_provenance_command(sub, "Pericles", load_data, tables_of, "reason", _)


def cli_parts() -> CliParts:
    return CliParts(add_commands=add_commands)
