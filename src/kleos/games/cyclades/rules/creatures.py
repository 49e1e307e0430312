"""Phase 1, the creature track (C-CREATURE-1..9).

The deck is a multiset (``state.deck`` counts per card); each card that enters the track is a chance
event over the cards left, so the deck's order exists nowhere (C-INFO-3).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.cyclades.rules.common import named
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables


def prepare(t: Tables, s: CycladesState) -> None:
    """Steps 1 and 2 of the update: discard an unused card in the cheapest slot (C-CREATURE-2), then
    slide the rest towards the cheap end, keeping their order (C-CREATURE-3). Only the slots in use this
    cycle take part (C-CREATURE-6/7): in cycle 2 a leftover first card moves from 4 GP to 3 GP."""
    last = len(s.track) - 1
    if s.track[last] != EMPTY:
        s.discard.append(s.track[last])
        s.track[last] = EMPTY
    active = t.active_slots(s.cycle)
    cards = [c for c in s.track[:active] if c != EMPTY]
    s.track[:active] = [EMPTY] * (active - len(cards)) + cards


def next_slot(t: Tables, s: CycladesState) -> int:
    """The slot the next drawn card goes to: the cheapest empty slot in use (C-CREATURE-4, C-AMB-7), or -1."""
    for slot in range(t.active_slots(s.cycle) - 1, -1, -1):
        if s.track[slot] == EMPTY:
            return slot
    return EMPTY


def needs_draw(t: Tables, s: CycladesState) -> bool:
    """Whether a card must be drawn now; refills an empty deck from the discard pile (C-CREATURE-5).

    With deck and discard pile both empty the slot stays empty (C-CREATURE-5, ruling)."""
    if next_slot(t, s) == EMPTY:
        return False
    if sum(s.deck) == 0:
        for card in s.discard:
            s.deck[card] += 1
        s.discard = []
    return sum(s.deck) > 0


def outcomes(t: Tables, s: CycladesState) -> list[tuple[Action, float]]:
    total = sum(s.deck)
    return [(named("creature", t.creature_keys[c]), n / total) for c, n in enumerate(s.deck) if n]


def apply_draw(t: Tables, s: CycladesState, action: Action) -> None:
    card = t.creature_index[str(action.args[0])]
    s.deck[card] -= 1
    s.track[next_slot(t, s)] = card
    s.chance = None
