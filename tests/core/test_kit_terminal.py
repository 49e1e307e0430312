"""The styled-template filler the games' terminal parts share."""

from __future__ import annotations

import pytest

from kleos.core.kit.terminal import fill_template


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
