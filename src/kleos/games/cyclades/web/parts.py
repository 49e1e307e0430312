"""The browser part of the Cyclades kit: the board module in ``static/`` and the tables it draws from."""

from __future__ import annotations

from pathlib import Path

from kleos.core.kit.web import WebParts
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.web.tables import board_tables

STATIC_DIR = Path(__file__).resolve().parent / "static"
BOARD_MODULE = "board.js"


def web_parts() -> WebParts[CycladesGame]:
    return WebParts(static_dir=STATIC_DIR, board_module=BOARD_MODULE, tables=board_tables)
