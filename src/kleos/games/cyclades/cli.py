"""The Cyclades commands: ``kleos cyclades random`` (the platform's ``kleos random cyclades`` under the
game's name, which the platform gives every game's tools) and ``kleos cyclades data`` (where every
value of the data files comes from, and which ones are reconstructions).
"""

from __future__ import annotations

from kleos.core.kit.cli import CliParts, provenance_tools
from kleos.games.cyclades.i18n import _
from kleos.games.cyclades.loader import load_data, tables_of


def cli_parts() -> CliParts:
    return provenance_tools(_("Cyclades tools: random playouts, the data's provenance"),
                            _("Cyclades tools (the game itself: kleos play cyclades)."),
                            "Cyclades", load_data, tables_of, "note")
