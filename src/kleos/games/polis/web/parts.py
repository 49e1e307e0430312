"""The browser part of the Polis kit: the board module in ``static/`` and the tables it draws from."""

from __future__ import annotations

from pathlib import Path

from kleos.core.kit.web import WebParts
from kleos.games.polis.game import PolisGame
from kleos.games.polis.web.tables import board_tables

STATIC_DIR = Path(__file__).resolve().parent / "static"
BOARD_MODULE = "board.js"


def web_parts() -> WebParts[PolisGame]:
    return WebParts(static_dir=STATIC_DIR, board_module=BOARD_MODULE, tables=board_tables)
