"""The browser part of a kit: the game's board module and the tables it draws from.

The browser app shell (:mod:`kleos.web`) serves ``static_dir`` under ``/games/<name>/`` and loads
``board_module`` from there as an ES module; the server sends ``tables(game)`` to clients that draw
a game (names by index, adjacency, …). A game without a web part is shown as text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kleos.core.protocol import Game

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class WebParts:
    """``static_dir``: the game's files for the browser; ``board_module``: the ES module in it that
    draws a game (see docs/architecture.md for its functions); ``tables``: the JSON tables a client
    needs to draw a game built with given options."""

    static_dir: Path
    board_module: str
    tables: Callable[[Game[Any, Any]], JsonDict]
