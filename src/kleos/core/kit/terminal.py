"""The terminal part of a kit: how the terminal app draws a game's board and explains its rules.

Owned by the terminal app's maintainers: the app shell (:mod:`kleos.tui`) reads only this.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TerminalParts:
    """Placeholder until the terminal shell is made generic (see :mod:`kleos.tui`)."""

    help_text: str = ""
