"""Collect tribute (R-ACT-TRIBUTE), worked examples EX-11 and EX-12, and the goods caps R-GEN-11/12.

``tribute <territory>`` (1 prestige, free in one's own capital's territory), then ``assign <good>``
per hoplite and ``done`` (the action also ends by itself once every hoplite is placed).
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA


def hoplites(game: PolisGame, s: PolisState, territory: str, side: int) -> int:
    return s.units[game.tables.region_index[territory] * 2 + side]


def disc(game: PolisGame, s: PolisState, territory: str) -> int:
    return s.tribute_disc[game.tables.region_index[territory]]


# ----- cost ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_tribute_costs_one_prestige(edition: str) -> None:
    """R-ACT-TRIBUTE-1, R-ACT-GEN-2: tribute outside one's capital's territory costs 1 prestige (Athens
    in Ionia, where he owns Chios and has 2 hoplites)."""
    game, s = new(edition)
    set_prestige(s, "athens", 3)
    play(game, s, "tribute Ionia")
    assert s.prestige[ATHENS] == 2
    play(game, s, "assign wine", "assign wine")
    assert s.prestige[ATHENS] == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_free_in_own_capital_territory(edition: str) -> None:
    """R-ACT-TRIBUTE-2: tribute in one's own capital's territory costs no prestige (Athens in Attika,
    Sparta in Lakedaemon), so it is possible even with 0 prestige (R-ACT-GEN-3 does not apply)."""
    game, s = new(edition)
    set_prestige(s, "athens", 0)
    assert "tribute Attika" in legal(game, s)
    play(game, s, "tribute Attika", "assign wine", "done")
    assert s.prestige[ATHENS] == 0
    game, s = new(edition, active="sparta")
    set_prestige(s, "sparta", 0)
    play(game, s, "tribute Lakedaemon", "assign iron", "done")
    assert s.prestige[SPARTA] == 0 and disc(game, s, "Lakedaemon") == SPARTA


@pytest.mark.parametrize("edition", EDITIONS)
def test_exemption_never_for_the_opponent(edition: str) -> None:
    """R-ACT-TRIBUTE-2: Athens, owning Gythion with a hoplite in Lakedaemon, pays 1 prestige there;
    with 0 prestige he cannot collect (R-ACT-GEN-3)."""
    game, s = new(edition)
    set_polis(game, s, "Gythion", "athens", 1)
    set_units(game, s, "Lakedaemon", athens=1)
    set_prestige(s, "athens", 3)
    play(game, s, "tribute Lakedaemon")
    assert s.prestige[ATHENS] == 2
    game, s = new(edition)
    set_polis(game, s, "Gythion", "athens", 1)
    set_units(game, s, "Lakedaemon", athens=1)
    set_prestige(s, "athens", 0)
    assert_illegal(game, s, "tribute Lakedaemon", "R-ACT-GEN-3")


# ----- preconditions ------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_needs_own_polis_and_hoplite(edition: str) -> None:
    """R-ACT-TRIBUTE-3: the player must own a polis in the territory and have a hoplite there."""
    game, s = new(edition)
    set_units(game, s, "Boiotia", athens=2)  # hoplites but Thibae is neutral
    assert_illegal(game, s, "tribute Boiotia", "R-ACT-TRIBUTE-3")
    game, s = new(edition)
    set_polis(game, s, "Thibae", "athens", 3)  # a polis but no hoplite
    assert_illegal(game, s, "tribute Boiotia", "R-ACT-TRIBUTE-3")
    set_units(game, s, "Boiotia", athens=1)
    assert "tribute Boiotia" in legal(game, s)
    assert_illegal(game, s, "tribute Kyklades", "R-ACT-TRIBUTE-3")  # a sea has no tribute


@pytest.mark.parametrize("edition", EDITIONS)
def test_achaia_needs_only_a_hoplite(edition: str) -> None:
    """R-ACT-TRIBUTE-4: Achaia has no polis; a hoplite there is enough (and it costs 1 prestige)."""
    game, s = new(edition)
    assert_illegal(game, s, "tribute Achaia", "R-ACT-TRIBUTE-3")
    set_units(game, s, "Achaia", athens=2)
    set_prestige(s, "athens", 3)
    play(game, s, "tribute Achaia", "assign iron", "assign iron")
    assert goods_of(s, "athens")["iron"] == 4 + 3
    assert s.prestige[ATHENS] == 2 and disc(game, s, "Achaia") == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_control_not_required(edition: str) -> None:
    """R-ACT-TRIBUTE-5, A-15: tribute is allowed in a territory the opponent controls."""
    game, s = new(edition)
    set_units(game, s, "Ionia", athens=1, sparta=3)
    play(game, s, "tribute Ionia", "assign wine")
    assert goods_of(s, "athens")["wine"] == 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_once_per_territory_per_round(edition: str) -> None:
    """R-ACT-TRIBUTE-6, R-ACT-TRIBUTE-11: after a collection the territory's tribute space holds the
    collector's disc; neither player can collect there again this round."""
    game, s = new(edition)
    set_polis(game, s, "Chalkis", "sparta", 1)
    set_units(game, s, "Attika", sparta=1)
    play(game, s, "tribute Attika", "assign wine", "done")
    play(game, s, "pass")
    assert game.actors(s) == (SPARTA,)
    assert_illegal(game, s, "tribute Attika", "R-ACT-TRIBUTE-6")
    game, s = new(edition, active="sparta")
    play(game, s, "pass", "tribute Attika", "toll wood", "assign wine", "done")
    assert_illegal(game, s, "tribute Attika", "R-ACT-TRIBUTE-6")


@pytest.mark.parametrize("edition", EDITIONS)
def test_disc_marks_the_space(edition: str) -> None:
    """R-ACT-TRIBUTE-11: one of the collector's discs goes from his supply to the tribute space."""
    game, s = new(edition)
    discs = s.supply_discs[ATHENS]
    assert disc(game, s, "Ionia") == NO_ONE
    play(game, s, "tribute Ionia", "assign silver", "done")
    assert disc(game, s, "Ionia") == ATHENS
    assert s.supply_discs[ATHENS] == discs - 1


# ----- the table ----------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_only_the_territorys_goods(edition: str) -> None:
    """R-ACT-TRIBUTE-7: a territory yields only the goods of its table's columns (Attika has no iron
    column); the step offers exactly those goods."""
    game, s = new(edition)
    play(game, s, "tribute Attika")
    columns = {"wine", "silver", "wheat"} | ({"oil"} if edition == "2012" else set())
    assert {a.split()[1] for a in legal(game, s) if a.startswith("assign")} == columns
    assert_illegal(game, s, "assign iron", "R-ACT-TRIBUTE-7")


@pytest.mark.parametrize("edition", EDITIONS)
def test_column_fill_and_unassigned_hoplites(edition: str) -> None:
    """R-ACT-TRIBUTE-8, A-14: a column takes at most as many hoplites as it has amounts (Attika's wheat
    column has one); hoplites may be left unassigned, but at least one must be placed."""
    game, s = new(edition)
    play(game, s, "tribute Attika")
    assert_illegal(game, s, "done", "R-ACT-TRIBUTE-8")
    play(game, s, "assign wheat")
    assert_illegal(game, s, "assign wheat", "R-ACT-TRIBUTE-8")
    assert "done" in legal(game, s)
    play(game, s, "done")
    assert goods_of(s, "athens")["wheat"] == 4 + 1
    assert s.pending is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_more_hoplites_than_present(edition: str) -> None:
    """R-ACT-TRIBUTE-8: only the hoplites in the territory can be assigned; the action ends by itself
    once all are placed (Ionia: 2 hoplites)."""
    game, s = new(edition)
    play(game, s, "tribute Ionia", "assign wine")
    assert s.pending is not None
    play(game, s, "assign wine")
    assert s.pending is None and goods_of(s, "athens")["wine"] == 4 + 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_kth_amount_of_each_column(edition: str) -> None:
    """R-ACT-TRIBUTE-9: a column with k hoplites yields its k-th amount (Attika wine 1/3/6/10: 3
    hoplites on wine give 6; 2 on wine and 1 on silver give 3 wine and 1 silver)."""
    game, s = new(edition)
    play(game, s, "tribute Attika", "assign wine", "assign wine", "assign wine")
    assert goods_of(s, "athens")["wine"] == 4 + 6
    game, s = new(edition)
    play(game, s, "tribute Attika", "assign wine", "assign silver", "assign wine")
    assert goods_of(s, "athens")["wine"] == 4 + 3 and goods_of(s, "athens")["silver"] == 0 + 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_hoplites_return_to_the_territory(edition: str) -> None:
    """R-ACT-TRIBUTE-10: no hoplite is lost or moved by collecting tribute."""
    game, s = new(edition)
    units, supply = s.units[:], s.supply_cubes[:]
    play(game, s, "tribute Attika", "assign wine", "assign silver", "assign wheat")
    assert s.units == units and s.supply_cubes == supply
    assert hoplites(game, s, "Attika", ATHENS) == 3


def test_goods_cap_2020() -> None:
    """R-ACT-TRIBUTE-12, R-GEN-11, A-29 [2020]: a gain above the board maximum (20) is lost, and the
    action is still allowed."""
    game, s = new("2020")
    set_goods(s, "athens", wine=18)
    play(game, s, "tribute Attika", "assign wine", "assign wine", "assign wine")
    assert goods_of(s, "athens")["wine"] == 20


def test_no_goods_cap_2012() -> None:
    """R-GEN-12 [2012]: goods have no maximum."""
    game, s = new("2012")
    set_goods(s, "athens", wine=18)
    play(game, s, "tribute Attika", "assign wine", "assign wine", "assign wine")
    assert goods_of(s, "athens")["wine"] == 24


def test_needs_a_disc_2020() -> None:
    """R-ACT-TRIBUTE-13 [2020], A-13: discs are limited; without one in supply no tribute."""
    game, s = new("2020")
    s.supply_discs[ATHENS] = 0
    assert_illegal(game, s, "tribute Attika", "R-ACT-TRIBUTE-13")


def test_discs_unlimited_2012() -> None:
    """R-ACT-TRIBUTE-13 [2012], R-COMP-7: discs are unlimited, so an empty disc supply never blocks."""
    game, s = new("2012")
    s.supply_discs[ATHENS] = 0
    play(game, s, "tribute Attika", "assign wine", "done")
    assert disc(game, s, "Attika") == ATHENS


# ----- worked examples ----------------------------------------------------------------------------
def _sikelia(edition: str) -> tuple[PolisGame, PolisState]:
    """Last-but-one round value 5: Sparta owns Syrakousai and has 5 hoplites in Sikelia, no wine,
    oil or wheat."""
    game, s = new(edition, round=2, active="sparta")
    set_polis(game, s, "Syrakousai", "sparta", 4)
    set_units(game, s, "Sikelia", sparta=5)
    set_goods(s, "sparta", wine=0, oil=0, wheat=0)
    set_prestige(s, "sparta", 3)
    return game, s


def test_ex11_sikelia_2020() -> None:
    """EX-11 [2020], R-ACT-TRIBUTE-9: in Omega Sparta has 5 hoplites in Sikelia: 3 on wine and 2 on
    wheat give 6 wine and 3 wheat; all 5 on wine give 15 wine. Sikelia's table: wine and wheat."""
    game, s = _sikelia("2020")
    play(game, s, "tribute Sikelia")
    assert {a for a in legal(game, s) if a.startswith("assign")} == {"assign wine", "assign wheat"}
    play(game, s, "assign wine", "assign wine", "assign wine", "assign wheat", "assign wheat")
    assert (goods_of(s, "sparta")["wine"], goods_of(s, "sparta")["wheat"]) == (6, 3)
    assert s.prestige[SPARTA] == 2
    game, s = _sikelia("2020")
    play(game, s, "tribute Sikelia", *["assign wine"] * 5)
    assert (goods_of(s, "sparta")["wine"], goods_of(s, "sparta")["wheat"]) == (15, 0)


def test_ex12_sikelia_2012() -> None:
    """EX-12 [2012], R-ACT-TRIBUTE-9: in round 5α Sparta has 5 hoplites in Sikelia: 3 on wine and 2 on
    oil give 6 wine and 3 oil; all 5 on oil give 15 oil. Sikelia yields wine, oil and wheat."""
    game, s = _sikelia("2012")
    play(game, s, "tribute Sikelia")
    assert {a for a in legal(game, s) if a.startswith("assign")} == {"assign wine", "assign oil", "assign wheat"}
    play(game, s, "assign wine", "assign wine", "assign wine", "assign oil", "assign oil")
    assert (goods_of(s, "sparta")["wine"], goods_of(s, "sparta")["oil"]) == (6, 3)
    game, s = _sikelia("2012")
    play(game, s, "tribute Sikelia", *["assign oil"] * 5)
    assert (goods_of(s, "sparta")["wine"], goods_of(s, "sparta")["oil"]) == (0, 15)
