"""The command-line part of a kit: a game's own ``kleos <name> …`` (``kleos play <name>`` is the
platform's, the same for every game)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit import GameKit, OptionsError
from kleos.core.provenance import ProvenanceRecord, provenance_lines
from kleos.i18n.platform import _

AddParser = Callable[[Any], None]
"""Adds a sub-command to an ``argparse`` sub-parsers object (its ``func`` default runs it)."""


@dataclass(frozen=True)
class CliParts:
    """A game's own tools, ``kleos <name> …``: the platform makes that command (with ``help`` and
    ``description``, already in the reader's words) and gives it the ``random`` command every game
    has; ``add_commands`` adds the game's others to its sub-parsers object.

    Each parser sets ``func`` (``args -> exit status``) as its default, as :mod:`kleos.cli` expects.
    """

    help: str
    description: str
    add_commands: AddParser | None = None


def runs(parser: argparse.ArgumentParser, func: Callable[[argparse.Namespace], int]) -> None:
    """Make ``parser`` run ``func``."""
    parser.set_defaults(func=func)


def add_game_command(commands: Any, name: str, help: str, description: str,
                     add_flags: Callable[[argparse.ArgumentParser], None], game: str | None) -> argparse.ArgumentParser:
    """A platform command that works on any game, made twice: ``kleos NAME GAME …`` (``game`` None:
    the game is its first argument, one of the installed ones) and ``kleos GAME NAME …`` among a game's
    own tools (``game`` given). Both take the same flags (``add_flags``, which also sets ``func``) and
    do the same; the ``description`` is shown as written."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=help, description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    if game is None:
        parser.add_argument("game", choices=list(registry.games()), help=_("the game"))
    else:
        parser.set_defaults(game=game)
    add_flags(parser)
    return parser


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


D = TypeVar("D")


def error_line(problem: object) -> str:
    """A command's refusal as standard error ends it, in the reader's language ("error: …", "Fehler: …")."""
    return _("error: {problem}", problem=problem) + "\n"


def problem(kit: GameKit, exc: Exception) -> str:
    """Why a game cannot be made from a command line's options, in the reader's language where the
    kit words it (an options error names the option)."""
    return kit.render_options_error(exc) if isinstance(exc, OptionsError) else str(exc)


def add_provenance_command(sub: Any, title: str, load: Callable[[Path | None], D],
                           tables: Callable[[D], Mapping[str, BaseModel]], why: str) -> argparse.ArgumentParser:
    """``kleos <name> data`` for a game whose data files carry provenance records: ``load(data_dir)``
    reads them and ``tables`` names their tables (a :class:`KleosError` is told as an
    :func:`error_line` and exits 2), and each reconstructed record is listed with its field
    ``why``."""

    def why_of(record: ProvenanceRecord) -> str:
        return str(getattr(record, why, ""))

    def run(args: argparse.Namespace) -> int:
        try:
            found = tables(load(args.data_dir))
        except KleosError as exc:
            sys.stderr.write(error_line(exc))
            return 2
        sys.stdout.write("".join(line + "\n" for line in provenance_lines(title, found, args.reconstructed, why_of)))
        return 0

    return add_data_command(sub, run, why)


def provenance_tools(help: str, description: str, title: str, load: Callable[[Path | None], D],
                     tables: Callable[[D], Mapping[str, BaseModel]], why: str) -> CliParts:
    """The tools of a game whose only command of its own is ``data`` (:func:`add_provenance_command`
    with the other arguments)."""

    def add_commands(sub: Any) -> None:
        add_provenance_command(sub, title, load, tables, why)

    return CliParts(help=help, description=description, add_commands=add_commands)
