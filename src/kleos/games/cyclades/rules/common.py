"""Small queries the rule modules share: ownership, income, metropolis counts."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from kleos.core.action import Action, Arg
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables


class Violation(NamedTuple):
    """A rule an action breaks: its ID, an English template and the template's parameters. The
    rules stay language-free; each surface renders the template in its reader's language."""

    rule: str
    template: str
    params: Mapping[str, object] = MappingProxyType({})

    @property
    def message(self) -> str:
        """The English message (logs, tests)."""
        return self.template.format(**self.params)


def broken(rule: str, template: str, **params: object) -> Violation:
    """The violation of ``rule``, told by ``template`` (marked with :func:`N_`) filled with ``params``."""
    return Violation(rule, template, MappingProxyType(params))


# ----- actions the menus list at every step, built once ---------------------------------------------
# (building an :class:`Action` runs Python code; looking one up does not)
_NAMED: dict[tuple[str, Arg], Action] = {}
_COUNTED: dict[tuple[str, tuple[Arg, ...], tuple[Arg, ...]], tuple[Action, ...]] = {}


def named(verb: str, name: Arg) -> Action:
    """``verb name`` (an island, a sea, a card, a price), built once."""
    found = _NAMED.get((verb, name))
    if found is None:
        found = _NAMED[verb, name] = Action(verb, (name,))
    return found


def counted(verb: str, before: tuple[Arg, ...], after: tuple[Arg, ...], most: int) -> tuple[Action, ...]:
    """``verb *before n *after`` for ``n`` from 1 to ``most``, in that order, built once."""
    found = _COUNTED.get((verb, before, after))
    if found is None or len(found) < most:
        found = _COUNTED[verb, before, after] = tuple(Action(verb, (*before, n, *after)) for n in range(1, most + 1))
    return found[:most]


class Told(NamedTuple):
    """Words about the public state for people, language-free like a :class:`Violation`: an English
    template and its parameters, which may be :class:`Told` themselves (a creature's name, a list of
    parts) so that a surface translates each piece."""

    template: str
    params: Mapping[str, object] = MappingProxyType({})

    @property
    def text(self) -> str:
        """The English words (logs, tests)."""
        return self.template.format(**{name: _english(value) for name, value in self.params.items()})

    def __str__(self) -> str:
        """The English words, so that a template filled with Told pieces reads in English by default."""
        return self.text


def told(template: str, **params: object) -> Told:
    """Words ``template`` (marked with :func:`N_`) filled with ``params``."""
    return Told(template, MappingProxyType(params))


def seat_word(t: Tables, seat: int) -> Told:
    """A player named by its colour, which stays the seat's English identifier in the rules' words
    and which each surface translates when it shows them (never a colour in English to a Spanish reader)."""
    return told(t.seat_names[seat])


def creature_word(t: Tables, card: int) -> Told:
    """A creature named by its card's name, which each surface translates (the key is notation)."""
    return told(t.data.creatures.creatures[card].name_en)


def _english(value: object) -> object:
    if isinstance(value, Told):
        return value.text
    if isinstance(value, tuple) and all(isinstance(part, Told) for part in value):
        return ", ".join(part.text for part in value)
    return value


def islands_of(s: CycladesState, seat: int) -> list[int]:
    """Islands ``seat`` owns: troops there, or its territory marker (the owner without troops)."""
    return [i for i, o in enumerate(s.owner) if o == seat]


def prosperity(t: Tables, s: CycladesState, island: int) -> int:
    """An island's prosperity: its printed symbols and Apollo's markers on it (C-INCOME-1)."""
    return t.island_prosperity[island] + s.markers[island]


def trade_holder(s: CycladesState, sea: int) -> int:
    """The seat whose fleet is in ``sea`` (its trade value is that seat's income, C-INCOME-1), or EMPTY."""
    return s.fleet_owner[sea] if s.fleets[sea] > 0 else EMPTY


def income(t: Tables, s: CycladesState, seat: int) -> int:
    """Prosperity ``seat`` controls (C-INCOME-1..4): printed and marker symbols of its islands, trade
    values of seas where it has a fleet."""
    total = 0
    for i, o in enumerate(s.owner):
        if o == seat:
            total += prosperity(t, s, i)
    for sea in range(len(s.fleet_owner)):
        if trade_holder(s, sea) == seat:
            total += t.sea_trade[sea]
    return total


def metropolises(s: CycladesState, seat: int) -> int:
    return sum(m for i, m in enumerate(s.metropolis) if s.owner[i] == seat)


def net_cost(amount: int, priests: int) -> int:
    """What a main-god offering costs: the bid less one per Priest, at least 1 (C-OFFER-13, C-TWO-7)."""
    return max(1, amount - priests)


# ----- buildings (C-BUILD, C-METRO-8) --------------------------------------------------------------
PORT, FORTRESS, TEMPLE, UNIVERSITY = range(4)  # building index = the god who builds it (C-BUILD-1)
BUILDING_KINDS = 4


def island_slots(t: Tables, island: int) -> range:
    """The indices of ``island``'s building slots in ``state.buildings``."""
    start = t.slot_offset[island]
    return range(start, start + t.island_slots[island])


def free_slots(t: Tables, s: CycladesState, island: int) -> list[int]:
    """Empty slots of ``island`` outside its Metropolis (which covers the first slots, C-DATA-3)."""
    covered = t.metropolis_covers[island] if s.metropolis[island] else 0
    return [slot for n, slot in enumerate(island_slots(t, island)) if n >= covered and s.buildings[slot] == 0]


def buildings_on(t: Tables, s: CycladesState, island: int, kind: int) -> int:
    """Buildings of ``kind`` on ``island``, the Metropolis tile not included."""
    return sum(1 for slot in island_slots(t, island) if s.buildings[slot] == kind + 1)


def buildings_of(t: Tables, s: CycladesState, seat: int, kind: int) -> int:
    """Buildings of ``kind`` on the islands ``seat`` owns (C-BUILD-4: they go with the island)."""
    return sum(buildings_on(t, s, i, kind) for i, o in enumerate(s.owner) if o == seat)


def building_kinds(t: Tables, s: CycladesState, seat: int) -> int:
    """The kinds of building on the islands ``seat`` owns, as bits (``1 << kind``): the four of them
    (:data:`ALL_KINDS`) looked for in one pass over its islands, as the route check does after every
    change (C-METRO-2)."""
    found = 0
    for island, o in enumerate(s.owner):
        if o == seat:
            for slot in island_slots(t, island):
                b = s.buildings[slot]
                if b:
                    found |= 1 << (b - 1)
    return found


ALL_KINDS = (1 << BUILDING_KINDS) - 1


def in_play(s: CycladesState, kind: int) -> int:
    """Buildings of ``kind`` on the board, to compare with the supply (C-COMP-10/14)."""
    return sum(1 for b in s.buildings if b == kind + 1)


def fortresses(t: Tables, s: CycladesState, island: int) -> int:
    """The land-defence bonus of ``island``: its Fortresses, a Metropolis counting as one (C-BUILD-6,
    C-METRO-8)."""
    return buildings_on(t, s, island, FORTRESS) + s.metropolis[island]


def ports_next_to(t: Tables, s: CycladesState, sea: int, seat: int) -> int:
    """The naval-defence bonus of ``seat`` in ``sea``: Ports on its islands next to the sea, a Metropolis
    counting as one (C-BUILD-5, C-BATTLE-14, C-METRO-8)."""
    return sum(buildings_on(t, s, i, PORT) + s.metropolis[i] for i in t.sea_islands[sea] if s.owner[i] == seat)


def temples(t: Tables, s: CycladesState, seat: int) -> int:
    """Temples ``seat`` owns, each Metropolis counting as one (C-BUILD-7, C-METRO-8): one pass over its
    islands, as every summoning menu asks."""
    temple = TEMPLE + 1
    n = 0
    for island, o in enumerate(s.owner):
        if o == seat:
            n += s.metropolis[island]
            for slot in island_slots(t, island):
                if s.buildings[slot] == temple:
                    n += 1
    return n


def temples_left(t: Tables, s: CycladesState, seat: int) -> int:
    """Temple discounts ``seat`` may still use this cycle (once per Temple per cycle, C-BUILD-7, C-TWO-8)."""
    return max(0, temples(t, s, seat) - s.temples_used[seat])


def units(s: CycladesState, seat: int) -> tuple[int, int]:
    """``seat``'s fleets and troops on the board (C-COMP-12/13)."""
    return fleets_of(s, seat), troops_of(s, seat)


def fleets_of(s: CycladesState, seat: int) -> int:
    return sum(n for sea, n in enumerate(s.fleets) if s.fleet_owner[sea] == seat)


def troops_of(s: CycladesState, seat: int) -> int:
    return sum(n for i, n in enumerate(s.troops) if s.owner[i] == seat)
