"""The League issue at its edges (rules/league.py): declining, each cost at exactly what the stock holds,
the third base and the empty pool, both sides and a contested theater, Argos and Persia by each half
of their conditions.

Rulebook 8.52 (Liga) and 13.2 (Argos): "Si hay una base de Delos (no ateniense) en el Teatro de Esparta,
Atenas puede, con una cuestión de Liga, construir hasta cuatro unidades terrestres de Argos".
"""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, bare, put

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import league
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AB, AR, DB, DL, DN, N_PIECES, PB, PERSIA, PL, PN, SB, XB

# owner, a theater where its side has a League base, that League base, its city-state base
SIDES = [(AF, "Lesbos", DB, AB), (EK, "Corcyra", PB, SB)]


def offered(g: PericlesGame, s: PericlesState, where: str, owner: int) -> set[str]:
    return {str(a) for a in league.legal(g.tables, s, g.tables.theater_index[where], owner)}


@pytest.mark.parametrize(("owner", "where", "base", "city"), SIDES)
def test_declining_changes_nothing(owner: int, where: str, base: int, city: int) -> None:
    """P-LEAGUE-2: the owner may choose none of the options."""
    g, s = bare()
    put(g, s, where, **{("Db" if base == DB else "Pb"): 1})
    s.stock[owner] = 5
    before = s.copy()
    league.apply(g.tables, s, g.tables.theater_index[where], owner, Action("decline"))
    assert s == before


@pytest.mark.parametrize(("owner", "where", "base", "city"), SIDES)
@pytest.mark.parametrize(("stock", "build", "convert"), [(4, True, True), (3, False, True), (2, False, True),
                                                         (1, False, False)])
def test_a_base_costs_exactly_four_and_a_conversion_exactly_two(
        owner: int, where: str, base: int, city: int, stock: int, build: bool, convert: bool) -> None:
    """P-LEAGUE-3 (4 Strategos), P-LEAGUE-4 (2), P-THEATER-17: an option the stock cannot pay is not
    offered; at exactly its cost it is. Each side, with its own League base."""
    g, s = bare()
    put(g, s, where, **{("Db" if base == DB else "Pb"): 1})
    s.stock[owner] = stock
    got = offered(g, s, where, owner)
    assert ("league base" in got, "league convert" in got) == (build, convert)


@pytest.mark.parametrize(("owner", "where", "base", "city"), SIDES)
def test_building_and_converting_pay_and_score_for_either_side(owner: int, where: str, base: int, city: int) -> None:
    """P-LEAGUE-3: "spends 4 Strategos, places a friendly League base, and gains 2 Honor"; P-LEAGUE-4:
    "spends 2 Strategos, turns one friendly League base ... into a base of its own city-state, and gains
    2 Honor"."""
    g, s = bare()
    t = g.tables
    th = t.theater_index[where]
    put(g, s, where, **{("Db" if base == DB else "Pb"): 1})
    s.stock[owner] = 6
    league.apply(t, s, th, owner, Action("league", ("base",)))
    assert (count(s, th, base), s.stock[owner], s.honor[owner], s.built[th]) == (2, 2, 12, 1)
    s.pieces[th * N_PIECES + city] = 1  # a city-state base already there: the converted one is a second
    s.built[th] = 0
    league.apply(t, s, th, owner, Action("league", ("convert",)))
    assert (count(s, th, base), count(s, th, city), s.stock[owner], s.honor[owner], s.built[th]) == (1, 2, 0, 14, 1)


@pytest.mark.parametrize(("owner", "where", "base", "city"), SIDES)
def test_no_third_base_past_three_nor_a_piece_from_an_empty_pool(owner: int, where: str, base: int, city: int) -> None:
    """P-THEATER-3: "A theater may never hold more than 3 bases in total"; P-COMP-1: "A piece that is not
    in the available pool cannot be built". Two bases: a third is offered; three: none."""
    g, s = bare()
    t = g.tables
    code = "Db" if base == DB else "Pb"
    put(g, s, where, **{code: 2})
    s.stock[owner] = 8
    assert {"league base", "league convert"} <= offered(g, s, where, owner)
    put(g, s, where, **{code: 3})
    assert "league base" not in offered(g, s, where, owner)
    put(g, s, where, **{code: 1})
    s.gone[base] = t.piece_limits[base] - 1  # one League base on the map, every other gone
    s.gone[city] = t.piece_limits[city]
    got = offered(g, s, where, owner)
    assert "league base" not in got and "league convert" not in got
    s.gone[base] -= 1
    s.gone[city] -= 1
    assert {"league base", "league convert"} <= offered(g, s, where, owner)


@pytest.mark.parametrize(("owner", "where", "units"), [(AF, "Lesbos", (DN, DL)), (EK, "Corcyra", (PN, PL))])
def test_league_units_per_base_in_a_contested_theater(owner: int, where: str, units: tuple[int, int]) -> None:
    """P-LEAGUE-1 (friendly-controlled or contested), P-LEAGUE-5: per League base, 1 naval or 2 land
    units. Two League bases beside an enemy unit: 0, 1 or 2 naval; 1 naval gives 1 ship and 2 land, 0
    naval 4 land."""
    g, s = bare()
    t = g.tables
    th = t.theater_index[where]
    enemy = "Pn" if owner == AF else "Dn"
    put(g, s, where, **{("Db" if owner == AF else "Pb"): 2, enemy: 1})
    got = offered(g, s, where, owner)
    assert {"league units 0", "league units 1", "league units 2"} <= got and "league units 3" not in got
    land_only = s.copy()
    league.apply(t, s, th, owner, Action("league", ("units", 1)))
    assert (count(s, th, units[0]), count(s, th, units[1])) == (1, 2)
    league.apply(t, land_only, th, owner, Action("league", ("units", 0)))
    assert (count(land_only, th, units[0]), count(land_only, th, units[1])) == (0, 4)
    assert type(count(land_only, th, units[1])) is int


@pytest.mark.parametrize("who", [0, 1])
def test_each_sides_treason_marker_can_be_removed(who: int) -> None:
    """P-LEAGUE-6: "removes one treason marker of either side"; only a side with a marker there."""
    g, s = bare()
    t = g.tables
    th = t.theater_index["Lesbos"]
    put(g, s, "Lesbos", Db=1)
    s.treason[th * 2 + who] = 3
    got = offered(g, s, "Lesbos", DF)
    assert f"league treason {who}" in got and f"league treason {1 - who}" not in got
    league.apply(t, s, th, DF, Action("league", ("treason", who)))
    assert (s.treason[th * 2 + who], s.treason[th * 2 + 1 - who]) == (2, 0)


def test_argos_needs_a_delian_base_in_sparta_an_athenian_owner_and_free_argos_units() -> None:
    """P-ARGOS-1 and rulebook 13.2, each half: a Delian (not Athenian) base in the Sparta theater, an
    Athenian League issue, and Argos units left in the pool; the option builds all four."""
    g, s = bare()
    t = g.tables
    put(g, s, "Sparta", Db=1)
    assert "league argos" in offered(g, s, "Sparta", AF) and "league argos" in offered(g, s, "Sparta", DF)
    assert "league argos" not in offered(g, s, "Sparta", EK) | offered(g, s, "Sparta", AK)
    assert "league argos" not in offered(g, s, "Lesbos", AF)
    s.gone[AR] = 3
    assert "league argos" in offered(g, s, "Sparta", AF)
    s.gone[AR] = 4
    assert "league argos" not in offered(g, s, "Sparta", AF)
    s.gone[AR] = 0
    put(g, s, "Sparta", Db=0, Ab=1)
    assert "league argos" not in offered(g, s, "Sparta", AF)
    put(g, s, "Sparta", Db=1, Ab=0)
    league.apply(t, s, t.theater_index["Sparta"], AF, Action("league", ("argos",)))
    assert count(s, t.theater_index["Sparta"], AR) == 4


@pytest.mark.parametrize("owner", [EK, AK])
def test_a_persian_base_costs_four_and_needs_a_free_piece(owner: int) -> None:
    """P-PERSIA-2 (only a Spartan League issue, only a Persian base), P-PERSIA-5 ("4 Strategos and +2
    Honor ... At most 3 Persian bases"): at exactly 4 it is offered, at 3 not, nor with all 3 in use."""
    g, s = bare()
    t = g.tables
    s.stock[owner] = 3
    assert offered(g, s, "Persia", owner) == {"decline"}
    s.stock[owner] = 4
    assert offered(g, s, "Persia", owner) == {"decline", "league persian"}
    s.stock[AF] = 4
    assert offered(g, s, "Persia", AF) == {"decline"}
    s.gone[XB] = 3
    assert offered(g, s, "Persia", owner) == {"decline"}
    s.gone[XB] = 0
    league.apply(t, s, PERSIA, owner, Action("league", ("persian",)))
    assert (count(s, PERSIA, XB), s.stock[owner], s.honor[owner]) == (1, 0, 12)
