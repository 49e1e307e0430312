"""The browser part of a kit: the game's board module and the tables it draws from.

The browser app shell (:mod:`kleos.web`) serves ``static_dir`` under ``/games/<name>/`` and loads
``board_module`` from there as an ES module; the server sends ``tables(game)`` to clients that draw
a game (names by index, adjacency, …). A game without a web part is shown as text.

A view's JSON (:meth:`~kleos.core.kit.GameKit.view_json`) may hold, under the key :data:`WARNINGS`,
an object from the notation of a legal action of the view's seat to why that action loses the game
at once (the words of :attr:`~kleos.core.kit.terminal.MenuParts.warning`). The browser shell lists
such actions after the safe ones, flags them and asks for a second tap showing the warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kleos.core.protocol import Game

JsonDict = dict[str, Any]

WARNINGS = "warnings"
"""The key of a view's JSON that names the legal actions losing the game at once (see above)."""


@dataclass(frozen=True)
class WebParts:
    """``static_dir``: the game's files for the browser; ``board_module``: the ES module in it that
    draws a game (see docs/architecture.md for its functions); ``tables``: the JSON tables a client
    needs to draw a game built with given options."""

    static_dir: Path
    board_module: str
    tables: Callable[[Game[Any, Any]], JsonDict]
