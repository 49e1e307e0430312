"""Edges of the creature track (C-CREATURE, rules/creatures.py): an empty deck and discard pile, and the
chances of a draw from a deck holding some cards twice."""

from __future__ import annotations

from cyc_helpers import at_offers

from kleos.games.cyclades.rules import creatures
from kleos.games.cyclades.tables import EMPTY


def test_with_deck_and_discard_empty_the_slot_stays_empty() -> None:
    """C-CREATURE-5 ("If both are empty, the slot stays empty (ruling)"): no draw is asked, and nothing
    is refilled."""
    g, s = at_offers(3)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.discard = []
    s.track = [EMPTY] * len(s.track)
    assert not creatures.needs_draw(t, s)
    assert sum(s.deck) == 0 and s.discard == []


def test_an_empty_deck_is_refilled_from_the_discards() -> None:
    """C-CREATURE-5 ("the discard pile is shuffled to form a new deck"): one copy of each discard, so a
    card discarded twice is twice as likely to be drawn."""
    g, s = at_offers(3)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.discard = [0, 0, 1]
    s.track = [EMPTY] * len(s.track)
    assert creatures.needs_draw(t, s)
    assert s.deck[:2] == [2, 1] and sum(s.deck) == 3 and s.discard == []
    chances = {a.args[0]: p for a, p in creatures.outcomes(t, s)}
    assert chances == {t.creature_keys[0]: 2 / 3, t.creature_keys[1]: 1 / 3}


def test_a_single_card_left_is_drawn() -> None:
    """C-CREATURE-4 ("every empty slot is filled from the top of the deck"): one card left is enough for
    a draw, and it is certain."""
    g, s = at_offers(3)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.deck[4] = 1
    s.discard = []
    s.track = [EMPTY] * len(s.track)
    assert creatures.needs_draw(t, s)
    assert [(a.args, p) for a, p in creatures.outcomes(t, s)] == [((t.creature_keys[4],), 1.0)]
