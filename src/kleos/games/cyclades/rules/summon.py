"""Summoning creatures (C-SUMMON-1..6) with Temple discounts (C-BUILD-7/8); the effects are rules/effects.py.

``summon <price> <temples>`` (e.g. ``summon 3 1``) takes the creature in the track slot printed with
``price`` and uses ``temples`` Temple discounts on it: it costs the slot's price less one per Temple, at
least 1 GP (C-SUMMON-2, C-CREATURE-1, C-BUILD-8). Each Temple the player owns (a Metropolis counts as
one, C-METRO-8) gives its discount once per cycle, both turns of a 2-player seat together (C-BUILD-7,
C-TWO-8; ``state.temples_used``, reset in phase 1); using more than bring the price to 1 GP is not
offered, and using fewer is the player's choice. The slot stays empty for the rest of the cycle
(C-SUMMON-6, C-CREATURE-9). Any main god allows it, any number of times while gold and cards last
(C-SUMMON-1/5); an Apollo turn does not.

The card is paid for and taken off the track here; its effect then runs at once as a prompt of
rules/effects.py (:func:`kleos.games.cyclades.rules.effects.begin`), which discards the card when the
effect is over (C-SUMMON-3/4). A creature is summoned even when its effect could do nothing now.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import effects
from kleos.games.cyclades.rules.common import Violation, broken, temples_left
from kleos.games.cyclades.rules.zeus import track_slot
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables

VERBS: tuple[str, ...] = ("summon",)


def price(t: Tables, slot: int, used: int) -> int:
    """The slot's price less ``used`` Temple discounts, at least 1 GP (C-SUMMON-2, C-BUILD-8)."""
    return max(1, t.slot_costs[slot] - used)


def usable(t: Tables, slot: int, left: int) -> range:
    """How many of ``left`` Temple discounts may be used on the card in ``slot``: more than bring it
    to 1 GP would be wasted."""
    return range(min(left, t.slot_costs[slot] - 1) + 1)


def discounts(t: Tables, s: CycladesState, seat: int, slot: int) -> range:
    """How many Temples ``seat`` may use on the card in ``slot`` now."""
    return usable(t, slot, temples_left(t, s, seat))


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """Every creature on the track with every useful number of discounts ``seat`` can pay for; the
    Temples are counted once per menu, not once per card (they are the same for every card)."""
    if god == EMPTY or s.track.count(EMPTY) == len(s.track):
        return []
    left = temples_left(t, s, seat)
    gold = s.gold[seat]
    found: list[Action] = []
    for slot, card in enumerate(s.track):
        if card != EMPTY:
            cost = t.slot_costs[slot]  # used <= cost - 1 (usable), so the price is cost - used (price)
            found += _summons(cost)[max(0, cost - gold):min(left, cost - 1) + 1]
    return found


_SUMMONS: dict[int, tuple[Action, ...]] = {}


def _summons(cost: int) -> tuple[Action, ...]:
    """The summoning actions of a slot of price ``cost``, by Temples used: built once per price."""
    found = _SUMMONS.get(cost)
    if found is None:
        found = _SUMMONS[cost] = tuple(Action("summon", (cost, used)) for used in range(max(0, cost)))
    return found


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    if god == EMPTY:
        return broken("C-SUMMON-1", N_("Apollo players may not summon creatures"))
    args = action.args
    slot = track_slot(t, args[0]) if len(args) == 2 and isinstance(args[1], int) else None
    if slot is None:
        prices = ", ".join(map(str, t.slot_costs))
        return broken("C-SUMMON-2", N_("write 'summon <slot price> <Temples used>' with a price of {prices}"),
                      prices=prices)
    if s.track[slot] == EMPTY:
        return broken("C-SUMMON-6", N_("the {slot} GP slot holds no creature"), slot=args[0])
    used = int(args[1])
    if used not in discounts(t, s, seat, slot):
        return broken("C-BUILD-7", N_("you may use 0 to {most} Temples on this creature"),
                      most=discounts(t, s, seat, slot)[-1])
    if price(t, slot, used) > s.gold[seat]:
        return broken("C-ACTION-4", N_("this creature costs {cost} GP"), cost=price(t, slot, used))
    return None


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    slot = track_slot(t, action.args[0])
    assert slot is not None
    used = int(action.args[1])
    card = s.track[slot]
    s.gold[seat] -= price(t, slot, used)
    s.temples_used[seat] += used
    s.track[slot] = EMPTY  # C-SUMMON-6
    effects.begin(t, s, seat, card)  # C-SUMMON-3; the card is discarded when the effect ends (C-SUMMON-4)
