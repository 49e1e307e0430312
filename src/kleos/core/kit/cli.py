"""The command-line part of a kit: a game's own ``kleos <name> …`` (``kleos play <name>`` is the
platform's, the same for every game)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kleos.i18n.platform import _

AddParser = Callable[[Any], None]
"""Adds a sub-command to an ``argparse`` sub-parsers object (its ``func`` default runs it)."""


@dataclass(frozen=True)
class CliParts:
    """``add_commands``: adds ``kleos <name> …``.

    Each parser sets ``func`` (``args -> exit status``) as its default, as :mod:`kleos.cli` expects.
    """

    add_commands: AddParser | None = None


def runs(parser: argparse.ArgumentParser, func: Callable[[argparse.Namespace], int]) -> None:
    """Make ``parser`` run ``func``."""
    parser.set_defaults(func=func)


def add_selfplay_flags(parser: argparse.ArgumentParser) -> None:
    """The flags every game's ``random`` command shares with ``kleos random``."""
    parser.add_argument("--games", type=int, default=100, help=_("how many games (default 100)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first game; game i uses seed+i (default 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the tallies as JSON"))
    parser.add_argument("--no-progress", action="store_true", help=_("no progress indication on stderr"))


def add_data_command(sub: Any, func: Callable[[argparse.Namespace], int], why: str = "note") -> argparse.ArgumentParser:
    """``kleos <name> data``: the provenance of the game's data files, ``--reconstructed`` listing
    every reconstructed record with its ``why`` (its note, its reason), ``--data-dir`` for a folder
    of corrected files."""
    d: argparse.ArgumentParser = sub.add_parser(
        "data", help=_("where the data values come from: rulebook, source or reconstructed"),
        description=_("Summarise the provenance tags of the data files; with --reconstructed, list every record "
                      "holding a reconstructed value, with its {why}.", why=why))
    d.add_argument("--reconstructed", action="store_true", help=_("list the reconstructed records"))
    d.add_argument("--data-dir", type=Path, default=None,
                   help=_("a folder of corrected data files that replace the packaged ones"))
    runs(d, func)
    return d
