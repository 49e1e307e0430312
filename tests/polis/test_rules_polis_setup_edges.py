"""Edges of the set-up (rules/setup.py, R-SETUP): the empty board the set-up places the sides on, and
the compact reader reads a position into, holds nothing of either side; the pieces in each side's
supply are those of its colour not on the board."""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS

from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.setup import UNLIMITED_DISCS, empty_board
from kleos.games.polis.state import ROUND_START
from kleos.games.polis.tables import N_GOODS, NO_ONE


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_empty_board_holds_nothing_of_either_side(edition: str) -> None:
    """R-SETUP-7: every polis neutral; before a side is placed, no unit, cube, good, prestige, disc,
    merchant or proxenos of either side anywhere; the first round not begun (R-SETUP-8, R-SETUP-17)."""
    t = PolisGame(edition).tables
    s = empty_board(t)
    n_poleis = len(t.polis_ids)
    assert s.owner == [NO_ONE] * n_poleis and s.pop == [0] * n_poleis
    assert s.units == [0] * (2 * t.n_regions) and s.goods == [0] * (2 * N_GOODS)
    for per_side in (s.prestige, s.supply_cubes, s.supply_discs, s.merchants_supply, s.merchants_port):
        assert per_side == [0, 0]
    assert s.proxenos == [NO_ONE, NO_ONE] and s.passed == [False, False]
    assert (s.edition, s.round, s.phase, s.active) == (t.edition, 0, ROUND_START, NO_ONE)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_supply_is_what_is_not_on_the_board(edition: str) -> None:
    """R-COMP-4, R-COMP-7: each side's cubes in supply are its colour's cubes less those on its poleis and
    the units on the board; its discs less one per owned polis; its merchants less those in port."""
    game = PolisGame(edition)
    t = game.tables
    s = game.new_state(3)
    limits = t.bundle.setup.limits
    for side in (0, 1):
        owned = [p for p in range(len(t.polis_ids)) if s.owner[p] == side]
        on_board = sum(s.pop[p] for p in owned) + sum(s.units[r * 2 + side] for r in range(t.n_regions))
        assert on_board > 0 and s.supply_cubes[side] == limits.cubes - on_board
        discs = limits.discs if limits.discs is not None else UNLIMITED_DISCS
        assert s.supply_discs[side] == discs - len(owned)
        assert s.merchants_supply[side] + s.merchants_port[side] == limits.merchants
