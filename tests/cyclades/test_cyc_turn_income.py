"""What a seat's income counts (C-INCOME-2..4), as the Fates creature and phase 3 use it."""

from __future__ import annotations

from cyc_helpers import put, war_turn

from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.tables import ZEUS


def test_income_counts_islands_markers_and_trade_seas() -> None:
    """C-INCOME-2, C-INCOME-3, C-INCOME-4: printed cornucopias and prosperity markers of owned islands
    (a territory marker is enough), and trade seas only while a fleet is there."""
    g, s = war_turn(5, ZEUS)
    t = g.tables
    rich = next(i for i in range(t.n_islands) if t.island_prosperity[i] > 0)
    trade = next(x for x in range(t.n_seas) if t.sea_trade[x] > 0)
    plain = next(x for x in range(t.n_seas) if t.sea_trade[x] == 0)
    put(g, s, 0, **{t.island_ids[rich]: 0})
    s.markers[rich] = 2
    assert income(t, s, 0) == t.island_prosperity[rich] + 2
    put(g, s, 0, **{t.sea_ids[plain]: 1})
    assert income(t, s, 0) == t.island_prosperity[rich] + 2
    put(g, s, 0, **{t.sea_ids[trade]: 1})
    assert income(t, s, 0) == t.island_prosperity[rich] + 2 + t.sea_trade[trade]
    s.owner[rich] = 1
    assert income(t, s, 0) == t.sea_trade[trade] and income(t, s, 1) == t.island_prosperity[rich] + 2
