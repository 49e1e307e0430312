"""The Pericles commands: ``kleos pericles random`` (the platform's ``kleos random pericles`` under the
game's name; ``--option scenario=KEY`` chooses the scenario) and ``kleos pericles data`` (where every
value of the data files comes from, and which ones are reconstructions, pericles-data.md §8).
"""

from __future__ import annotations

from kleos.core.kit.cli import CliParts, provenance_tools
from kleos.games.pericles.i18n import _
from kleos.games.pericles.loader import load_data, tables_of


def cli_parts() -> CliParts:
    return provenance_tools(_("Pericles tools: random playouts, the data's provenance"), _("Pericles tools."),
                            "Pericles", load_data, tables_of, "reason")
