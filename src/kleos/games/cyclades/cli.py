"""The Cyclades commands: ``kleos cyclades random`` (the platform's ``kleos random cyclades`` under the
game's name) and ``kleos cyclades data`` (where every value of the data files comes from, and which
ones are reconstructions).
"""

from __future__ import annotations

from typing import Any

from kleos.arena.selfplay_cli import add_random_alias
from kleos.core.kit.cli import CliParts, add_provenance_command
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _
from kleos.games.cyclades.loader import load_data, tables_of


def add_commands(commands: Any) -> None:
    p = commands.add_parser("cyclades", help=_("Cyclades tools: random playouts, the data's provenance"),
                            description=_("Cyclades tools (the game itself: kleos play cyclades)."))
    sub = p.add_subparsers(dest="cyclades_command", required=True, metavar="COMMAND")
    add_random_alias(sub, CycladesGame.name)
    add_provenance_command(sub, "Cyclades", load_data, tables_of, "note", _)


def cli_parts() -> CliParts:
    return CliParts(add_commands=add_commands)
