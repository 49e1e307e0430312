"""The tables the Cyclades board module draws with: the board of the player count (cells on the hex
grid, data sheet §2.1), and the names of every index a state message uses (islands, seas, gods,
creatures, buildings, offering markers). They depend on the options only, never on a position.
"""

from __future__ import annotations

from kleos.core.kit import JsonDict
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _
from kleos.games.cyclades.loader import doubled_x, parse_cell
from kleos.games.cyclades.reference import board_help
from kleos.games.cyclades.tables import GODS
from kleos.games.cyclades.tui.guide import VERBS

BUILDINGS = ("port", "fortress", "temple", "university")  # the building of each main god, in god order


def board_tables(game: CycladesGame) -> JsonDict:
    """The drawing tables of ``game`` (a Cyclades game of any player count)."""
    t = game.tables
    board = t.data.board(t.board)
    widths = list(board.row_widths)

    def at(cell: str) -> list[int]:
        """[row, doubled x]: where a cell sits on the hex grid."""
        row, column = parse_cell(cell)
        return [row, doubled_x((row, column), widths)]

    return {
        "players": t.players,
        "seat_names": list(t.seat_names),
        "seat_labels": [_(name) for name in t.seat_names],  # the colours in the reader's language
        "board": t.board,
        "rows": len(widths),
        "widest": max(widths),
        "islands": [{"id": i.id, "cells": [at(c) for c in i.cells], "slots": i.slots,
                     "metropolis_covers": i.metropolis_covers, "prosperity": i.prosperity} for i in board.islands],
        "seas": [{"id": s.id, "cell": at(s.cell), "trade": s.trade} for s in board.seas],
        "slot_offset": list(t.slot_offset),
        "gods": list(GODS),
        "god_names": list(t.god_names),
        "buildings": list(BUILDINGS),
        "creatures": list(t.creature_keys),
        "slot_costs": list(t.slot_costs),
        "marker_owner": list(t.marker_owner),
        "win_metropolises": t.win_metropolises,
        "help": board_help(t),
        "verb_titles": {verb: _(told.title) for verb, told in VERBS.items()},  # the menu's headings
    }
