"""The gold supply (C-COMP-3, C-AMB-28): unlimited by default, or a bank of 98 or 100 GP.

With option ``gold_supply`` set to a number, the bank holds that many GP less what the players hold
(payments go back to it, so no field is needed). A gain from the bank (income, Apollo, the Fates, a
Sphinx sale) is cut to what is left. Ruling of this engine for an empty bank at income: the players
are paid in turn-order track order, first marker first, until the bank runs out. Gold moved from one
player to another (the Griffon) does not touch the bank.
"""

from __future__ import annotations

from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables


def supply(t: Tables) -> int | None:
    """The bank's size in GP, or ``None`` when gold is unlimited (the default, C-AMB-28)."""
    return t.bank_size


def left(t: Tables, s: CycladesState) -> int | None:
    """GP still in the bank, or ``None`` when gold is unlimited."""
    size = supply(t)
    return None if size is None else max(0, size - sum(s.gold))


def gain(t: Tables, s: CycladesState, seat: int, amount: int) -> int:
    """Pay ``seat`` up to ``amount`` GP from the bank; the GP actually paid."""
    room = left(t, s)
    paid = amount if room is None else min(amount, room)
    s.gold[seat] += paid
    return paid


def payment_order(t: Tables, s: CycladesState) -> list[int]:
    """Seats in turn-order track order (each once), then any seat not on it, for gains made at once."""
    order: list[int] = []
    for marker in s.turn_order:
        seat = t.marker_owner[marker] if marker != EMPTY else EMPTY
        if seat != EMPTY and seat not in order:
            order.append(seat)
    return order + [seat for seat in range(t.players) if seat not in order]
