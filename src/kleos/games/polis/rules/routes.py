"""Trade routes (R-ACT-TRADE-6 … R-ACT-TRADE-10): which markets a player's merchants can reach.

Both the trade action and the events that punish cutting the opponent off from a market
(:mod:`kleos.games.polis.rules.events`) ask this, so it lives below both.
"""

from __future__ import annotations

from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import Tables


def sea_route_free(t: Tables, s: PolisState, side: int, market: int) -> bool:
    """A route along the dotted lines whose seas the opponent does not control (R-ACT-TRADE-6 …
    R-ACT-TRADE-9): Athens enters Kyklades first; Sparta Ionion or Myrtoon pelagos."""
    return market in markets_by_sea(t, s, side)


def markets_by_sea(t: Tables, s: PolisState, side: int) -> frozenset[int]:
    """Every market a merchant of ``side`` can reach by a free sea route now: spread along the
    dotted lines from the first seas through the seas the opponent does not control, memoised on
    those seas."""
    diolkos = s.owner[t.diolkos_polis] == side
    units_ = s.units
    open_seas = 0
    for sea in range(t.n_territories, t.n_regions):
        if units_[sea * 2 + 1 - side] <= units_[sea * 2 + side]:
            open_seas |= 1 << sea
    key = ("routes", side, diolkos, open_seas)
    cached: frozenset[int] | None = t.plans.get(key)
    if cached is not None:
        return cached
    frontier = [sea for sea in t.first_seas[side] if open_seas >> sea & 1]
    seen = set(frontier)
    found: set[int] = set()
    while frontier:
        sea = frontier.pop()
        found.update(t.route_markets[sea])
        nxt = list(t.route_sea_adj[sea])
        a, b = t.diolkos
        if diolkos and sea in (a, b):
            nxt.append(b if sea == a else a)
        for n in nxt:
            if n not in seen and open_seas >> n & 1:
                seen.add(n)
                frontier.append(n)
    result = frozenset(found)
    t.plans[key] = result
    return result


def land_route(t: Tables, s: PolisState, side: int, market: int) -> bool:
    """Owning Epidamnos reaches Illyria, owning Abdera Thraki, with no sea check (R-ACT-TRADE-10)."""
    return any(m == market and s.owner[p] == side for p, m in t.land_trade.items())
