"""The values the Polis tables derive from their fields (the map as bit masks, the siege targets, the
disc limit) are worked out once per edition on either build, and say what the fields say.

The compiled build has no instance dictionary: ``functools.cached_property`` worked each of them out
again at every access there (the reach search asks for several at every new position)."""

from __future__ import annotations

import copy

import pytest

from kleos.games.polis.game import PolisGame
from kleos.games.polis.loader import EDITIONS
from kleos.games.polis.tables import NO_ONE

DERIVED = ("siege_targets", "land_masks", "coast_masks", "sea_masks", "sea_only_mask", "region_bits", "sea_bits",
           "unlimited_discs")


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_derived_value_is_worked_out_once(edition: str) -> None:
    t = PolisGame(edition).tables
    for name in DERIVED:
        first = getattr(t, name)
        kept = t.derived[name]  # (compiled code boxes a pair or a large int afresh at each read: compare the kept one)
        assert getattr(t, name) == first and t.derived[name] is kept, name


@pytest.mark.parametrize("edition", EDITIONS)
def test_derived_values_say_what_the_fields_say(edition: str) -> None:
    t = PolisGame(edition).tables
    assert t.region_bits == tuple(1 << r for r in range(t.n_regions))
    assert t.sea_bits == sum(t.region_bits[t.n_territories:])
    assert t.sea_only_mask == sum(1 << r for r in t.sea_only)
    assert all(t.land_masks[r] >> n & 1 for r in range(t.n_regions) for n in t.land_adj[r])
    plain, linked = t.sea_masks
    a, b = t.diolkos
    assert linked[a] == plain[a] | 1 << b and linked[b] == plain[b] | 1 << a  # R-MAP-24
    assert all(p not in t.capital and t.polis_territory[p] != NO_ONE for p, _, _ in t.siege_targets)  # R-ACT-SIEGE-3/4
    assert t.unlimited_discs == (edition == "2012")  # R-COMP-7 [2012], R-COMP-5 [2020]


def test_a_copy_works_them_out_afresh_alike() -> None:
    t = PolisGame("2020").tables
    before = {name: getattr(t, name) for name in DERIVED}
    twin = copy.deepcopy(t)
    assert twin.derived == {} and {name: getattr(twin, name) for name in DERIVED} == before
