"""Metropolises (C-METRO-1..10): the economic, intellectual and conquest routes and their prompts.

:func:`check_routes` runs after anything that can give a player a fourth building type or a fourth
Philosopher (building, recruiting, a conquest, a creature), on or off that player's turn (C-METRO-10,
C-AMB-22). The intellectual route (4 Philosophers, C-METRO-3) is checked before the economic one (one of
each building type, C-METRO-2); a Metropolis never stands in for a type (C-METRO-9, C-AMB-21). Conquest
(C-METRO-6) needs nothing here: ``state.metropolis`` is per island, so it changes hands with the island.

Gaining one can ask its owner, each its own step (the prompt comes before the turn's actions):

* ``discard <island> <type>`` (CHOOSE_BUILDINGS_TO_DISCARD): which building of a type to give up when
  that type stands on several islands (C-AMB-20); a type on one island only is discarded from it at once;
* ``metropolis <island>`` (PLACE_METROPOLIS, C-METRO-4): an owned island without a Metropolis and with
  room for its space; only when no such island is left, one whose space is partly built on (C-METRO-5);
* ``destroy <type>`` (CHOOSE_BUILDINGS_TO_DESTROY, C-METRO-5): which building to destroy there, one at a
  time, until the space is clear.

A prompt with one possible answer is answered by the engine. With every owned island already holding a
Metropolis (or none owned) the new one is lost and the discards are not returned (C-METRO-7, C-AMB-23).
Supplies: no Metropolis is gained once the 10 tiles are all on the board (C-COMP-14); discarded
buildings and Philosophers go back to their supplies.

Space model (reconstruction, see rules/build.py): a Metropolis takes ``metropolis_covers`` of its
island's slots (the data sheet: 1 on a 1-slot island, 2 otherwise); an island "has room" when that many
of its slots are free, and the buildings kept there move to the slots outside the Metropolis.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules.common import (
    ALL_KINDS,
    BUILDING_KINDS,
    Violation,
    broken,
    building_kinds,
    buildings_on,
    free_slots,
    island_slots,
    islands_of,
    seat_word,
)
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables

PHILOSOPHERS_NEEDED = 4  # C-METRO-3
NONE, DISCARD, PLACE, DESTROY = range(4)  # ``metro_stage``
VERB_OF = {DISCARD: "discard", PLACE: "metropolis", DESTROY: "destroy"}


def pending(s: CycladesState) -> bool:
    """True while a Metropolis waits for its owner's choice (before the turn's own actions)."""
    return s.metro_seat != EMPTY


def actor(t: Tables, s: CycladesState) -> int:
    """The seat gaining the Metropolis, maybe not the player whose turn it is (C-AMB-22)."""
    return s.metro_seat


# ----- the routes ---------------------------------------------------------------------------------
def check_routes(t: Tables, s: CycladesState, seat: int) -> None:
    """Run the economic and intellectual checks for ``seat`` now, after any change of what it owns
    (C-METRO-2/3/10, C-BATTLE-16); a Metropolis gained this way may open a prompt. While another
    Metropolis is being placed, the check waits: every seat is checked again when that one is done."""
    if s.metro_seat == EMPTY:
        _scan(t, s, seat)


def _scan(t: Tables, s: CycladesState, first: int) -> None:
    """Start the first route found, seats in order from ``first``."""
    if sum(s.metropolis) >= t.metropolis_supply:
        return  # C-COMP-14
    for k in range(t.players):
        if _start(t, s, (first + k) % t.players):
            return


def _start(t: Tables, s: CycladesState, seat: int) -> bool:
    if s.philosophers[seat] >= PHILOSOPHERS_NEEDED:  # C-METRO-3
        s.philosophers[seat] -= PHILOSOPHERS_NEEDED
        _begin_place(t, s, seat)
        return True
    if building_kinds(t, s, seat) & ALL_KINDS == ALL_KINDS:  # C-METRO-2
        todo = 0
        for kind in range(BUILDING_KINDS):
            where = _islands_with(t, s, seat, kind)
            if len(where) == 1:
                _remove(t, s, where[0], kind)
            else:
                todo |= 1 << kind
        s.metro_seat = seat
        if todo:
            s.metro_stage, s.metro_todo = DISCARD, todo
        else:
            _begin_place(t, s, seat)
        return True
    return False


def _islands_with(t: Tables, s: CycladesState, seat: int, kind: int) -> list[int]:
    return [i for i in islands_of(s, seat) if buildings_on(t, s, i, kind)]


def _remove(t: Tables, s: CycladesState, island: int, kind: int) -> None:
    """One building of ``kind`` leaves ``island`` for the supply."""
    for slot in island_slots(t, island):
        if s.buildings[slot] == kind + 1:
            s.buildings[slot] = 0
            return
    raise AssertionError("no such building")


# ----- placing ------------------------------------------------------------------------------------
def places(t: Tables, s: CycladesState, seat: int) -> list[int]:
    """Where ``seat``'s new Metropolis may go: islands with room first (C-METRO-4), else any owned island
    without a Metropolis, clearing its space (C-METRO-5); empty when it is lost (C-METRO-7)."""
    bare = [i for i in islands_of(s, seat) if not s.metropolis[i]]
    roomy = [i for i in bare if len(free_slots(t, s, i)) >= t.metropolis_covers[i]]
    return roomy or bare


def _begin_place(t: Tables, s: CycladesState, seat: int) -> None:
    s.metro_seat, s.metro_stage, s.metro_todo = seat, PLACE, 0
    where = places(t, s, seat)
    if not where:
        _done(t, s)  # C-METRO-7
    elif len(where) == 1:
        _place(t, s, where[0])


def _place(t: Tables, s: CycladesState, island: int) -> None:
    s.metro_island = island
    s.metro_stage = DESTROY
    _clear_forced(t, s)


def _need(t: Tables, s: CycladesState, island: int) -> int:
    return t.metropolis_covers[island] - len(free_slots(t, s, island))


def _kinds_on(t: Tables, s: CycladesState, island: int) -> list[int]:
    return [kind for kind in range(BUILDING_KINDS) if buildings_on(t, s, island, kind)]


def _clear_forced(t: Tables, s: CycladesState) -> None:
    """Destroy what must go without a choice (all the island's buildings, or one type only), and put the
    Metropolis down once its space is clear."""
    island = s.metro_island
    while _need(t, s, island) > 0:
        kinds = _kinds_on(t, s, island)
        built = len(island_slots(t, island)) - len(free_slots(t, s, island))
        if len(kinds) > 1 and built > _need(t, s, island):
            return  # a real choice: CHOOSE_BUILDINGS_TO_DESTROY
        _remove(t, s, island, kinds[0])
    _put(t, s, island)


def _put(t: Tables, s: CycladesState, island: int) -> None:
    """The tile takes the island's first slots; the buildings kept move to the others."""
    slots = island_slots(t, island)
    kept = [s.buildings[slot] for slot in slots if s.buildings[slot]]
    for slot in slots:
        s.buildings[slot] = 0
    s.metropolis[island] = 1
    for n, b in enumerate(kept):
        s.buildings[slots[t.metropolis_covers[island] + n]] = b
    _done(t, s)


def _done(t: Tables, s: CycladesState) -> None:
    """The Metropolis is placed or lost; look again (duplicates may complete another set)."""
    seat = s.metro_seat
    s.metro_seat, s.metro_stage, s.metro_todo, s.metro_island = EMPTY, NONE, 0, EMPTY
    _scan(t, s, seat)


# ----- the prompts --------------------------------------------------------------------------------
def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if seat != s.metro_seat:
        return []
    names = t.building_names
    if s.metro_stage == DISCARD:
        return [Action("discard", (t.island_ids[i], names[kind])) for kind in range(BUILDING_KINDS)
                if s.metro_todo >> kind & 1 for i in _islands_with(t, s, seat, kind)]
    if s.metro_stage == PLACE:
        return [Action("metropolis", (t.island_ids[i],)) for i in places(t, s, seat)]
    return [Action("destroy", (names[kind],)) for kind in _kinds_on(t, s, s.metro_island)]


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    if seat != s.metro_seat:
        return broken("C-ACTION-8", N_("{player} is placing a Metropolis first"), player=seat_word(t, s.metro_seat))
    verb = VERB_OF[s.metro_stage]
    if action.verb != verb:
        return _expected(t, s)
    if s.metro_stage == DISCARD:
        return _check_discard(t, s, seat, action)
    if s.metro_stage == PLACE:
        island = t.island_index.get(str(action.args[0])) if len(action.args) == 1 else None
        if island is None or island not in places(t, s, seat):
            where = " ".join(t.island_ids[i] for i in places(t, s, seat))
            rule = "C-METRO-5" if island is not None and s.owner[island] == seat and not s.metropolis[island] \
                else "C-METRO-4"
            return broken(rule, N_("the Metropolis goes on one of: {where}"), where=where)
        return None
    kind = _kind(t, action.args[0]) if len(action.args) == 1 else None
    if kind is None or not buildings_on(t, s, s.metro_island, kind):
        have = " ".join(t.building_names[k] for k in _kinds_on(t, s, s.metro_island))
        return broken("C-METRO-5", N_("destroy one of the buildings on {island}: {have}"),
                      island=t.island_ids[s.metro_island], have=have)
    return None


def _expected(t: Tables, s: CycladesState) -> Violation:
    if s.metro_stage == DISCARD:
        return broken("C-METRO-2", N_("choose the building to discard for your Metropolis: 'discard <island> <type>'"))
    if s.metro_stage == PLACE:
        return broken("C-METRO-4", N_("place your new Metropolis first: 'metropolis <island>'"))
    return broken("C-METRO-5", N_("choose a building to destroy to make room: 'destroy <type>'"))


def _kind(t: Tables, name: object) -> int | None:
    return t.building_names.index(str(name)) if str(name) in t.building_names else None


def _check_discard(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    if len(action.args) != 2:
        return _expected(t, s)
    island, kind = t.island_index.get(str(action.args[0])), _kind(t, action.args[1])
    if kind is None or not s.metro_todo >> kind & 1:
        return broken("C-METRO-2",
                      N_("no choice is open for {building}: the Metropolis takes one building of each type"),
                      building=action.args[1])
    if island is None or island not in _islands_with(t, s, seat, kind):
        return broken("C-METRO-2", N_("you have no {building} on {island}"),
                      building=action.args[1], island=action.args[0])
    return None


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if s.metro_stage == DISCARD:
        kind = t.building_names.index(str(action.args[1]))
        _remove(t, s, t.island_index[str(action.args[0])], kind)
        s.metro_todo &= ~(1 << kind)
        if not s.metro_todo:
            _begin_place(t, s, seat)
    elif s.metro_stage == PLACE:
        _place(t, s, t.island_index[str(action.args[0])])
    else:
        _remove(t, s, s.metro_island, t.building_names.index(str(action.args[0])))
        _clear_forced(t, s)
