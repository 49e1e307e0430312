"""The queries and bookkeeping the Pericles rules share (rules/common.py) at their edges: Strategos
awarded from a supply that runs short or is empty, and the units a side has in a theater."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, bare, put

from kleos.games.pericles.rules.common import award, units_of
from kleos.games.pericles.tables import ATHENS, SPARTA


def test_an_award_takes_only_what_the_supply_holds() -> None:
    """P-AMB-1: "Awards come from the supply" of the faction's side: 3 asked of a supply of 2 gives 2;
    of an empty supply, none (the supply never goes below 0); asking 0 gives 0."""
    _, s = bare()
    s.supply = [2, 0]
    assert award(s, DF, 3) == 2 and s.stock[DF] == 2 and s.supply[ATHENS] == 0
    assert award(s, EK, 3) == 0 and s.stock[EK] == 0 and s.supply[SPARTA] == 0
    s.supply[SPARTA] = 5
    assert award(s, AK, 0) == 0 and s.stock[AK] == 0 and s.supply[SPARTA] == 5
    assert s.stock[AF] == 0


def test_the_units_of_a_side_are_every_land_and_naval_unit_there_and_no_base() -> None:
    """P-DEF-11: status counts a side's "units or bases"; the units alone are each land and naval unit of
    the side there (the 300 and Argos too), not its bases, not the other side's, not another theater's."""
    g, s = bare()
    put(g, s, "Boeotia", Al=1, Dl=2, Ar=3, An=4, Dn=5, Ab=1, Db=1, Sl=1, S300=1, Pl=2, Sn=3, Pn=4, Pb=1)
    put(g, s, "Athens", Al=7)
    put(g, s, "Thessaly", Pl=9)
    boeotia = g.tables.theater_index["Boeotia"]
    assert units_of(s, boeotia, ATHENS) == 1 + 2 + 3 + 4 + 5
    assert units_of(s, boeotia, SPARTA) == 1 + 1 + 2 + 3 + 4
    assert units_of(s, g.tables.theater_index["Macedonia"], ATHENS) == 0
