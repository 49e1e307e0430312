"""Room for a Metropolis, stated directly (C-METRO-4, C-METRO-5): until now "exactly enough room" was
guarded only by the recorded golden games.

Rulebook, "Metrópolis": a gained Metropolis goes on an empty Metropolis space of an island its owner
holds; only when every space left is partly built on must the owner destroy buildings there. In the
engine's space model an island has room when ``metropolis_covers`` of its slots are free (2, or 1 on a
one-slot island): exactly that many free slots is room, one fewer is not.
"""

from __future__ import annotations

import pytest
from cyc_helpers import build_on, play, put, war_turn

from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import metro
from kleos.games.cyclades.rules.common import free_slots
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ATHENA


def _island(g: CycladesGame, name: str) -> int:
    return g.tables.island_index[name]


def _philosopher_metropolis(g: CycladesGame, s: CycladesState) -> None:
    """Seat 0 recruits its fourth Philosopher: a Metropolis to place (C-METRO-3)."""
    s.philosophers[0] = 3
    play(g, s, "recruit")


@pytest.mark.parametrize(("island", "buildings"), [("I9", ("port",)), ("I2", ("port", "temple")), ("I6", ())])
def test_exactly_enough_free_slots_is_room(island: str, buildings: tuple[str, ...]) -> None:
    """C-METRO-4: an island with exactly as many free slots as the Metropolis covers (3-slot I9 with one
    building, 4-slot I2 with two, 1-slot I6 empty) has room, and is chosen over a crowded one (I10, 4
    slots, 3 built: one free)."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, 0, I10=1, **{island: 1})
    build_on(g, s, "I10", "port", "fortress", "temple")
    build_on(g, s, island, *buildings)
    where = _island(g, island)
    assert len(free_slots(t, s, where)) == t.metropolis_covers[where]
    assert metro.places(t, s, 0) == [where]
    _philosopher_metropolis(g, s)
    assert s.metropolis[where] == 1 and s.metropolis[_island(g, "I10")] == 0
    assert sum(1 for slot in s.buildings if slot) == 3 + len(buildings)  # nothing destroyed


def test_one_slot_short_is_no_room() -> None:
    """C-METRO-5: with one free slot fewer than the Metropolis covers on every island (I9: 1 of 3 free,
    I10: 1 of 4), both are partly built on, both are offered and one building must go."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, 0, I9=1, I10=1)
    build_on(g, s, "I9", "port", "fortress")
    build_on(g, s, "I10", "port", "fortress", "temple")
    assert metro.places(t, s, 0) == [_island(g, "I9"), _island(g, "I10")]
    _philosopher_metropolis(g, s)
    play(g, s, "metropolis I9")
    assert s.metropolis[_island(g, "I9")] == 0 and s.metro_stage == metro.DESTROY
