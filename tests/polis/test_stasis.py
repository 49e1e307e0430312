"""Civil war / stasis (R-ACT-STASIS): ``stasis`` takes the polis where one's proxenos stands."""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, new, polis, put_proxenos

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, SPARTA


def in_thibae(edition: str, silver: int = 6) -> tuple[PolisGame, PolisState]:
    """Athens' proxenos stands in neutral Thibae (base population 3) and Athens has ``silver``."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Thibae")
    set_goods(s, "athens", silver=silver)
    return game, s


def in_pylos(edition: str, pop: int = 3, silver: int = 9) -> tuple[PolisGame, PolisState]:
    """Athens' proxenos stands in Sparta's Pylos (population ``pop``)."""
    game, s = new(edition)
    set_polis(game, s, "Pylos", "sparta", pop)
    put_proxenos(game, s, ATHENS, "Pylos")
    set_goods(s, "athens", silver=silver)
    return game, s


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_prestige_cost(edition: str) -> None:
    """R-ACT-STASIS-1: a civil war costs no prestige (possible at 0)."""
    game, s = in_thibae(edition)
    set_prestige(s, "athens", 0)
    play(game, s, "stasis")
    assert s.owner[polis(game, "Thibae")] == ATHENS and s.prestige[ATHENS] == 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_proxenos_in_neutral_or_opponent_polis(edition: str) -> None:
    """R-ACT-STASIS-2: the proxenos must stand in a neutral polis or one of the opponent's, not in an
    own polis and not while captive."""
    game, s = new(edition)
    set_goods(s, "athens", silver=20)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-2")  # in Athinae
    put_proxenos(game, s, ATHENS, "Chalkis")
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-2")
    put_proxenos(game, s, ATHENS, None)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-2")
    assert_illegal(game, s, "stasis Thibae", "R-ACT-STASIS-2")


@pytest.mark.parametrize("edition", EDITIONS)
def test_never_in_the_opponents_capital(edition: str) -> None:
    """R-ACT-STASIS-3: no civil war in the opponent's capital."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Sparti")
    put_proxenos(game, s, SPARTA, "Gythion")
    set_goods(s, "athens", silver=20)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-3")


@pytest.mark.parametrize("edition", EDITIONS)
def test_silver_cost_to_the_bank(edition: str) -> None:
    """R-ACT-STASIS-4: neutral polis: 2 x base population (Thibae: 6); opponent's polis: 3 x current
    population (Pylos with 3: 9; with 1: 3). The silver goes to the bank, never to the opponent; too
    little silver makes the action illegal."""
    game, s = in_thibae(edition, silver=7)
    play(game, s, "stasis")
    assert goods_of(s, "athens")["silver"] == 1 and goods_of(s, "sparta")["silver"] == 4
    game, s = in_thibae(edition, silver=5)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-4")
    game, s = in_pylos(edition, pop=3, silver=9)
    play(game, s, "stasis")
    assert goods_of(s, "athens")["silver"] == 0 and goods_of(s, "sparta")["silver"] == 4
    game, s = in_pylos(edition, pop=3, silver=8)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-4")
    game, s = in_pylos(edition, pop=1, silver=3)
    play(game, s, "stasis")
    assert goods_of(s, "athens")["silver"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_needs_supply_cubes(edition: str) -> None:
    """R-ACT-STASIS-5: the supply must hold the cubes to be placed (Thibae: 3)."""
    game, s = in_thibae(edition)
    s.supply_cubes[ATHENS] = 2
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-5")
    s.supply_cubes[ATHENS] = 3
    play(game, s, "stasis")
    assert s.supply_cubes[ATHENS] == 0


def test_needs_a_disc_2020() -> None:
    """R-ACT-STASIS-5 [2020], A-13: discs are limited: one must be in supply."""
    game, s = in_thibae("2020")
    s.supply_discs[ATHENS] = 0
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-5")


def test_discs_unlimited_2012() -> None:
    """R-ACT-STASIS-5 [2012], R-COMP-7: discs are unlimited; an empty disc supply does not block."""
    game, s = in_thibae("2012")
    s.supply_discs[ATHENS] = 0
    play(game, s, "stasis")
    assert s.owner[polis(game, "Thibae")] == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_polis_joins_with_its_projects(edition: str) -> None:
    """R-ACT-STASIS-6: the polis joins the player's league with all its projects, finished and
    unfinished."""
    game, s = in_pylos(edition)
    p = polis(game, "Pylos")
    s.project_started[p] = 0
    s.projects_done[p] = (1,)
    play(game, s, "stasis")
    assert s.owner[p] == ATHENS
    assert s.project_started[p] == 0 and s.projects_done[p] == (1,)


@pytest.mark.parametrize("edition", EDITIONS)
def test_cubes_placed(edition: str) -> None:
    """R-ACT-STASIS-7: base population on a neutral polis; the current population on an opponent's
    polis, whose cubes return to the opponent's supply."""
    game, s = in_thibae(edition)
    supply = s.supply_cubes[ATHENS]
    play(game, s, "stasis")
    assert s.pop[polis(game, "Thibae")] == 3 and s.supply_cubes[ATHENS] == supply - 3
    game, s = in_pylos(edition, pop=2, silver=6)
    athens, sparta = s.supply_cubes
    play(game, s, "stasis")
    assert s.pop[polis(game, "Pylos")] == 2
    assert s.supply_cubes == [athens - 2, sparta + 2]


@pytest.mark.parametrize("edition", EDITIONS)
def test_disc_replaced(edition: str) -> None:
    """R-ACT-STASIS-8: the player's disc goes on the polis, replacing the opponent's (which returns to
    his supply)."""
    game, s = in_pylos(edition)
    athens, sparta = s.supply_discs
    play(game, s, "stasis")
    assert s.supply_discs == [athens - 1, sparta + 1]
    game, s = in_thibae(edition)
    athens, sparta = s.supply_discs
    play(game, s, "stasis")
    assert s.supply_discs == [athens - 1, sparta]


@pytest.mark.parametrize("edition", EDITIONS)
def test_prestige_equals_population_placed(edition: str) -> None:
    """R-ACT-STASIS-9, R-GEN-10: the player gains prestige equal to the population placed, not the
    silver paid (Pylos with 2 cubes: 6 silver, +2 prestige)."""
    game, s = in_pylos(edition, pop=2, silver=6)
    set_prestige(s, "athens", 3)
    play(game, s, "stasis")
    assert s.prestige[ATHENS] == 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_proxenos_stays(edition: str) -> None:
    """R-ACT-STASIS-10, A-33: the proxenos stays in the polis it has just won."""
    game, s = in_thibae(edition)
    play(game, s, "stasis")
    assert s.proxenos[ATHENS] == polis(game, "Thibae")


@pytest.mark.parametrize("edition", EDITIONS)
def test_only_way_to_epidamnos(edition: str) -> None:
    """R-ACT-STASIS-11, R-ACT-SIEGE-4: Epidamnos cannot be besieged but can be won by a civil war
    (2 x base 1 = 2 silver)."""
    game, s = new(edition)
    set_units(game, s, "IonionPelagos", sparta=0)
    set_goods(s, "athens", silver=2)
    assert_illegal(game, s, "siege Epidamnos", "R-ACT-SIEGE-4")
    put_proxenos(game, s, ATHENS, "Epidamnos")
    play(game, s, "stasis")
    assert s.owner[polis(game, "Epidamnos")] == ATHENS and s.pop[polis(game, "Epidamnos")] == 1
    assert goods_of(s, "athens")["silver"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_after_the_opponents_pass(edition: str) -> None:
    """R-TURN-7, R-ACT-GEN-5: after the pass the extra good comes first, and silver may pay it only if
    enough silver is left for the civil war."""
    game, s = in_thibae(edition, silver=6)
    play(game, s, "pass")
    put_proxenos(game, s, SPARTA, "Naupaktos")
    set_goods(s, "sparta", silver=2, iron=1)
    set_prestige(s, "sparta", 3)
    play(game, s, "stasis")
    assert_illegal(game, s, "toll silver", "R-ACT-GEN-5")
    play(game, s, "toll iron")
    assert s.owner[polis(game, "Naupaktos")] == SPARTA and s.prestige[SPARTA] == 3 + 1
