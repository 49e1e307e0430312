"""Edges of the civil war (rules/stasis.py, R-ACT-STASIS): each refusal says what it refuses, and an
opponent's polis asks for its current population in cubes, not its base population."""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, new, polis, put_proxenos

from kleos.games.polis.positions import play, set_goods, set_polis
from kleos.games.polis.tables import ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_opponents_polis_asks_for_its_population_in_cubes(edition: str) -> None:
    """R-ACT-STASIS-5 ("the supply must hold the cubes to be placed"), R-ACT-STASIS-7 (the polis is
    filled to its current population): Sparta's Pylos, base population 2, has grown to 3; with 2 cubes
    in its supply Athens may not take it, with 3 it may."""
    game, s = new(edition)
    pylos = polis(game, "Pylos")
    assert game.tables.polis_base[pylos] == 2
    set_polis(game, s, "Pylos", "sparta", 3)
    put_proxenos(game, s, ATHENS, "Pylos")
    set_goods(s, "athens", silver=9)
    s.supply_cubes[ATHENS] = 2
    refused = assert_illegal(game, s, "stasis", "R-ACT-STASIS-5")
    assert refused.message == "needs 3 cubes in your supply"
    s.supply_cubes[ATHENS] = 3
    play(game, s, "stasis")
    assert s.owner[pylos] == ATHENS and s.supply_cubes[ATHENS] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_refusal_names_what_is_missing(edition: str) -> None:
    """R-ACT-STASIS-2 (the proxenos stands, free, in a neutral polis or the opponent's), R-ACT-STASIS-3
    (never the opponent's capital), R-ACT-STASIS-4 (2 x base population in silver for a neutral polis),
    R-ACT-STASIS-5 (the cubes in supply): each refusal tells the player which of them is not met, with
    the polis, the cubes or the price."""
    game, s = new(edition)
    set_goods(s, "athens", silver=20)
    put_proxenos(game, s, ATHENS, "Chalkis")
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-2").message == "Chalkis is already yours"
    put_proxenos(game, s, ATHENS, None)
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-2").message == "your proxenos is held captive"
    refused = assert_illegal(game, s, "stasis Thibae", "R-ACT-STASIS-2")
    assert refused.message == "usage: stasis (in the polis where your proxenos is)"
    put_proxenos(game, s, ATHENS, "Sparti")
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-3").message == "never in the opponent's capital"
    put_proxenos(game, s, ATHENS, "Thibae")
    s.supply_cubes[ATHENS] = 2
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-5").message == "needs 3 cubes in your supply"
    s.supply_cubes[ATHENS] = 3
    set_goods(s, "athens", silver=5)
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-4").message == "costs 6 silver"


def test_an_empty_disc_supply_is_named_2020() -> None:
    """R-ACT-STASIS-5 [2020], A-13 (a civil war needs the cubes plus 1 disc): with no disc in supply the
    refusal says so."""
    game, s = new("2020")
    put_proxenos(game, s, ATHENS, "Thibae")
    set_goods(s, "athens", silver=6)
    s.supply_discs[ATHENS] = 0
    assert assert_illegal(game, s, "stasis", "R-ACT-STASIS-5").message == "needs a disc in your supply"
