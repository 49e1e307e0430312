"""Building (C-BUILD-1..10): the god's own building type on free slots of owned islands.

One building per decision: ``build <island>`` puts the turn god's building type (Port, Fortress, Temple
or University, C-BUILD-1) on a free slot of an island the player owns, for 2 GP (C-BUILD-2). The slot
itself is not chosen: the data sheet numbers slots only by convention (its "Slot numbering" row is
reconstructed), the Metropolis space covering the first ones, so a building takes the first free slot
outside a Metropolis and the choice that matters, which buildings make way for a Metropolis, is asked
when one is placed (C-METRO-5, rules/metro.py).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import metro
from kleos.games.cyclades.rules.common import Violation, broken, free_slots, in_play, islands_of, named
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables

VERBS: tuple[str, ...] = ("build",)

# Per god (Poseidon, Ares, Zeus, Athena), so each language names the building with its own article.
USAGE = (N_("write 'build <island>': under Poseidon you build a port"),
         N_("write 'build <island>': under Ares you build a fortress"),
         N_("write 'build <island>': under Zeus you build a temple"),
         N_("write 'build <island>': under Athena you build a university"))
NONE_LEFT = (N_("no port is left in the supply"), N_("no fortress is left in the supply"),
             N_("no temple is left in the supply"), N_("no university is left in the supply"))

def _supply_left(t: Tables, s: CycladesState, god: int) -> bool:
    return in_play(s, god) < t.building_supply[god]  # C-COMP-10/14


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """An island ``seat`` owns with a free slot, while it has the gold and the supply has the type."""
    if god == EMPTY or s.gold[seat] < t.building_cost[god] or not _supply_left(t, s, god):
        return []
    return [named("build", t.island_ids[i]) for i in islands_of(s, seat) if free_slots(t, s, i)]


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    if god == EMPTY:
        return broken("C-APOLLO-5", N_("an Apollo turn allows no building"))
    if len(action.args) != 1:
        return broken("C-BUILD-1", USAGE[god])
    island = t.island_index.get(str(action.args[0]))
    if island is None:
        return broken("C-BUILD-3", N_("{island} is not an island of this board"), island=action.args[0])
    if s.gold[seat] < t.building_cost[god]:
        return broken("C-BUILD-2", N_("a building costs {cost} GP"), cost=t.building_cost[god])
    if not _supply_left(t, s, god):
        return broken("C-COMP-14", NONE_LEFT[god])
    if s.owner[island] != seat:
        return broken("C-BUILD-3", N_("{island} is not your island"), island=action.args[0])
    if not free_slots(t, s, island):
        return broken("C-BUILD-3", N_("{island} has no free building slot"), island=action.args[0])
    return None


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    island = t.island_index[str(action.args[0])]
    s.gold[seat] -= t.building_cost[god]
    s.buildings[free_slots(t, s, island)[0]] = god + 1
    metro.check_routes(t, s, seat)  # the fourth type (C-BUILD-10, C-METRO-2)
