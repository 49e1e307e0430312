"""The helpers the games' terminal parts share: the styled-template filler and the board hooks."""

from __future__ import annotations

import pytest

from kleos.core.kit.terminal import BoardContext, Palette, drawn_by, fill_template, panels_drawn_by
from toygame.game import BidsGame


class Coloured:
    """Stands for a styled piece (a Rich ``Text``): the filler must pass it through untouched."""


def test_pieces_follow_the_template_order() -> None:
    seat = Coloured()
    assert fill_template("{seat} wins, {n} points", seat=seat, n=7) == [seat, " wins, ", "7", " points"]


def test_a_language_may_move_the_field() -> None:
    seat = Coloured()
    assert fill_template("gana {seat}", seat=seat) == ["gana ", seat]


def test_a_missing_part_is_an_error() -> None:
    with pytest.raises(KeyError):
        fill_template("{seat} to act")


PALETTE = Palette(("bold red",), "dim", "yellow", "green", "bold", "reverse")


class Board:
    """Stands for a game's view type."""


def draw_all(game: BidsGame, view: Board, palette: Palette, width: int) -> tuple[object, ...]:
    return game, view, palette, width


def test_a_board_hook_hands_the_drawing_its_game_view_colours_and_width() -> None:
    game, view = BidsGame(3), Board()
    hook = drawn_by(draw_all)
    ctx = BoardContext(game=game, view=view, seat=None, palette=PALETTE)
    assert hook(ctx, 42) == (game, view, PALETTE, 42)


def test_panels_keep_their_order_and_each_its_own_drawing() -> None:
    view = Board()
    panels = panels_drawn_by({"Map": lambda g, v, p, width: f"map {width}",
                              "Log": lambda g, v, p, width: f"log {width}"})
    ctx = BoardContext(game=BidsGame(3), view=view, seat=0, palette=PALETTE)
    assert list(panels) == ["Map", "Log"]
    assert [draw(ctx, 60) for draw in panels.values()] == ["map 60", "log 60"]
