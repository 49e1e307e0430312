"""The command-line part of a kit: a game's own ``kleos <name> …`` and ``kleos play <name>``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

AddParser = Callable[[Any], None]
"""Adds a sub-command to an ``argparse`` sub-parsers object (its ``func`` default runs it)."""


@dataclass(frozen=True)
class CliParts:
    """``add_play``: adds ``<name>`` under ``kleos play``; ``add_commands``: adds ``kleos <name> …``.

    Each parser sets ``func`` (``args -> exit status``) as its default, as :mod:`kleos.cli` expects.
    """

    add_play: AddParser | None = None
    add_commands: AddParser | None = None


def runs(parser: argparse.ArgumentParser, func: Callable[[argparse.Namespace], int]) -> None:
    """Make ``parser`` run ``func``."""
    parser.set_defaults(func=func)
