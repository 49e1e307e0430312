"""The battle decks' draws at their edges (rules/battledeck.py): the chances of a draw over several
cards and over the discard pile, and a draw from no card at all (P-AMB-9), for each side.

Rulebook 12.4: "cada bando revela y descarta la carta superior de su Mazo de Batalla"; the order of the
deck is hidden (P-INFO-8), so each card left is drawn with the same chance.
"""

from __future__ import annotations

import pytest
from per_helpers import bare

from kleos.core.action import Action
from kleos.games.pericles.rules import battledeck
from kleos.games.pericles.state import DECK, DISCARD
from kleos.games.pericles.tables import ATHENS, SIDES, SPARTA


@pytest.mark.parametrize("side", [ATHENS, SPARTA])
@pytest.mark.parametrize("where", [DECK, DISCARD])
def test_each_card_left_is_drawn_with_the_same_chance(side: int, where: int) -> None:
    """P-INFO-8, P-AMB-9: three cards in the deck (or, the deck empty, in the discard pile that becomes
    the new deck): three outcomes of one chance in three, summing to 1."""
    g, s = bare()
    t = g.tables
    for card in t.side_cards[side][:3]:
        s.card_loc[card] = where
    s.actor = side
    outcomes = battledeck.outcomes(t, s)
    assert [a.args for a, _ in outcomes] == [(SIDES[side], t.card_ids[c]) for c in t.side_cards[side][:3]]
    assert all(a.verb == "draw" for a, _ in outcomes)
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize("side", [ATHENS, SPARTA])
def test_a_side_without_any_card_draws_none_for_certain(side: int) -> None:
    """P-AMB-9: "If there is still no card, the draw counts as 0": one outcome, certain, which sets the
    side's draw to 0."""
    g, s = bare()
    s.actor = side
    assert battledeck.outcomes(g.tables, s) == [(Action("draw", (SIDES[side], battledeck.NONE)), 1.0)]
    battledeck.apply(g.tables, s, Action("draw", (SIDES[side], battledeck.NONE)))
    assert s.draw[side] == 0 and s.draw[1 - side] == -1
