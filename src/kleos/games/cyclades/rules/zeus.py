"""Zeus's special action (C-ZEUS-1/2): swap a creature of the track for the top of the deck.

``swap <price>`` (e.g. ``swap 3``) names the track slot by its printed price. The card there goes face
up on the discard pile, and the slot is refilled at the same price by the next chance event, a draw
from the cards left in the deck (the deck has no order, C-INFO-3). An empty deck is first refilled from
the discard pile (C-CREATURE-5), which then holds the card just swapped away, so it may come back. The
swap costs 1 GP (C-DATA-9) and may be bought any number of times while gold lasts (C-ZEUS-2).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules.common import Violation, broken, named
from kleos.games.cyclades.state import CH_SWAP, CycladesState
from kleos.games.cyclades.tables import EMPTY, ZEUS, Tables

VERBS: tuple[str, ...] = ("swap",)


def track_slot(t: Tables, price: object) -> int | None:
    """The track slot printed with ``price`` (4, 3 or 2 GP, C-CREATURE-1), or None."""
    return t.slot_costs.index(price) if isinstance(price, int) and price in t.slot_costs else None


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    if god != ZEUS or s.gold[seat] < t.special_cost[ZEUS]:
        return []
    return [named("swap", t.slot_costs[slot]) for slot, card in enumerate(s.track) if card != EMPTY]


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    if god != ZEUS:
        return broken("C-ACTION-5", N_("creatures are swapped only on Zeus's turn"))
    slot = track_slot(t, action.args[0]) if len(action.args) == 1 else None
    if slot is None:
        prices = ", ".join(map(str, t.slot_costs))
        return broken("C-ZEUS-1", N_("write 'swap <slot price>' with a price of {prices}"), prices=prices)
    if s.gold[seat] < t.special_cost[ZEUS]:
        return broken("C-ACTION-4", N_("a swap costs {cost} GP"), cost=t.special_cost[ZEUS])
    if s.track[slot] == EMPTY:
        return broken("C-ZEUS-1", N_("the {slot} GP slot holds no creature"), slot=action.args[0])
    return None


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    slot = track_slot(t, action.args[0])
    assert slot is not None
    s.gold[seat] -= t.special_cost[ZEUS]
    s.discard.append(s.track[slot])
    s.track[slot] = EMPTY
    if sum(s.deck) == 0:  # C-CREATURE-5
        for card in s.discard:
            s.deck[card] += 1
        s.discard = []
    s.swap_slot = slot
    s.chance = CH_SWAP


def apply_draw(t: Tables, s: CycladesState, action: Action) -> None:
    """The chance event: the drawn card fills the swapped slot (C-ZEUS-1)."""
    card = t.creature_index[str(action.args[0])]
    s.deck[card] -= 1
    s.track[s.swap_slot] = card
    s.swap_slot = EMPTY
    s.chance = None
