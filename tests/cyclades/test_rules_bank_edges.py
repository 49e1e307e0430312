"""Edges of the limited gold bank (C-COMP-3, option ``gold_supply``): the order in which a short bank
pays incomes when the turn-order track has an empty space, as it does after an elimination."""

from __future__ import annotations

from cyc_helpers import at_offers

from kleos.games.cyclades.rules import bank
from kleos.games.cyclades.tables import EMPTY


def test_a_short_bank_pays_in_track_order_past_an_empty_space() -> None:
    """C-COMP-3 ("98 monedas de oro (MO)", ruling of this engine: a short bank pays in turn-order track
    order) with C-AMB-26: seat 1 is out, so its space on the track stayed empty (the next order is
    filled from the last space as turns end); seats 0 then 2 are paid first, seat 1, off the track,
    last, and the empty space pays nobody."""
    g, s = at_offers(3, gold_supply="98")
    t = g.tables
    s.turn_order = [EMPTY, 0, 2]  # markers: seat n holds marker n with 3 players
    assert bank.payment_order(t, s) == [0, 2, 1]
    s.gold = [0, 0, 96]
    paid = [bank.gain(t, s, seat, 2) for seat in bank.payment_order(t, s)]
    assert paid == [2, 0, 0] and s.gold == [2, 0, 96]

