"""The battle decks (P-DEF-26, P-HAND-5): a side's political cards left after dealing, drawn face up.

A draw is a chance event over the cards of the deck (their order is never stored, P-INFO-8). An
empty deck is rebuilt from the side's discard pile; with no card at all the draw counts 0 (P-AMB-9).
"""

from __future__ import annotations

from kleos.core.action import Action, built
from kleos.games.pericles.state import DECK, DISCARD, PericlesState, replaced
from kleos.games.pericles.tables import SIDES, Tables

NONE = "none"


def outcomes(t: Tables, s: PericlesState) -> list[tuple[Action, float]]:
    """Side ``s.actor``'s top card: any card of its deck (or of its discard pile, reshuffled) alike."""
    side = s.actor
    for where in (DECK, DISCARD):
        cards = [c for c in t.side_cards[side] if s.card_loc[c] == where]
        if cards:
            return [(built("draw", (SIDES[side], t.card_ids[c])), 1 / len(cards)) for c in cards]
    return [(built("draw", (SIDES[side], NONE)), 1.0)]


def apply(t: Tables, s: PericlesState, action: Action) -> None:
    """Turn the card up and discard it; its value is kept in ``draw[side]``."""
    side = SIDES.index(str(action.args[0]))
    if action.args[1] == NONE:
        s.draw = replaced(s.draw, side, 0)
        return
    card = t.card_index[str(action.args[1])]
    if s.card_loc[card] == DISCARD:  # P-AMB-9: the discard pile becomes the new battle deck
        for c in t.side_cards[side]:
            if s.card_loc[c] == DISCARD:
                s.card_loc[c] = DECK
    s.card_loc[card] = DISCARD
    s.draw = replaced(s.draw, side, t.card_value[card])
