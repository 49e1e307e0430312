"""Small queries the rule modules share: ownership, income, metropolis counts."""

from __future__ import annotations

from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import Tables

Violation = tuple[str, str]  # (rule ID, message)


def islands_of(s: CycladesState, seat: int) -> list[int]:
    """Islands ``seat`` owns: troops there, or its territory marker (the owner without troops)."""
    return [i for i, o in enumerate(s.owner) if o == seat]


def income(t: Tables, s: CycladesState, seat: int) -> int:
    """Prosperity ``seat`` controls (C-INCOME-1..4): printed and marker symbols of its islands, trade
    values of seas where it has a fleet."""
    total = 0
    for i, o in enumerate(s.owner):
        if o == seat:
            total += t.island_prosperity[i] + s.markers[i]
    for sea, o in enumerate(s.fleet_owner):
        if o == seat and s.fleets[sea] > 0:
            total += t.sea_trade[sea]
    return total


def metropolises(s: CycladesState, seat: int) -> int:
    return sum(m for i, m in enumerate(s.metropolis) if s.owner[i] == seat)


def net_cost(amount: int, priests: int) -> int:
    """What a main-god offering costs: the bid less one per Priest, at least 1 (C-OFFER-13, C-TWO-7)."""
    return max(1, amount - priests)
