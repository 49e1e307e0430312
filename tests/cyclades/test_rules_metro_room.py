"""Room for a Metropolis, stated directly (C-METRO-4, C-METRO-5): until now "exactly enough room" was
guarded only by the recorded golden games.

Rulebook, "Metrópolis": a gained Metropolis goes on an empty Metropolis space of an island its owner
holds; only when every space left is partly built on must the owner destroy buildings there. In the
engine's space model an island has room when ``metropolis_covers`` of its slots are free (2, or 1 on a
one-slot island): exactly that many free slots is room, one fewer is not.
"""

from __future__ import annotations

import pytest
from cyc_helpers import build_on, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import metro
from kleos.games.cyclades.rules.common import free_slots, island_slots
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


def _slots(g: CycladesGame, s: CycladesState, island: str) -> list[int]:
    return [s.buildings[slot] for slot in island_slots(g.tables, _island(g, island))]


def test_kept_buildings_move_outside_the_metropolis() -> None:
    """C-METRO-4: the Metropolis covers the island's first two slots on a 4-slot island; the two
    buildings kept move to the two slots after it, in their order."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1)
    build_on(g, s, "I2", "port", "fortress")
    _philosopher_metropolis(g, s)
    assert s.metropolis[_island(g, "I2")] == 1
    assert _slots(g, s, "I2") == [0, 0, 1, 2]


def test_two_building_types_on_a_crowded_island_ask_which_to_destroy() -> None:
    """C-METRO-5: on 3-slot I9 holding a Port and a Fortress (one slot short) the owner chooses which
    of the two types to destroy."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I9=1)
    build_on(g, s, "I9", "port", "fortress")
    _philosopher_metropolis(g, s)
    assert [str(a) for a in g.legal_actions(s)] == ["destroy port", "destroy fortress"]


def test_every_building_must_go_without_a_question() -> None:
    """C-METRO-5: on 2-slot I1 holding a Port and a Fortress both must go: no choice is asked."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1)
    build_on(g, s, "I1", "port", "fortress")
    _philosopher_metropolis(g, s)
    assert s.metropolis[_island(g, "I1")] == 1 and _slots(g, s, "I1") == [0, 0]


@pytest.mark.parametrize(("first", "expected"), [(0, 1), (1, 1), (2, 2), (3, 1)])
def test_routes_are_checked_in_seat_order_from_the_first(first: int, expected: int) -> None:
    """C-METRO-10, C-AMB-22: when a change completes routes for several seats, they are resolved one at a
    time in seat order from the seat checked first; the other waits until that Metropolis is placed."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 1, I2=1, I9=1)
    put(g, s, 2, I10=1, I12=1)
    s.philosophers = [0, 4, 4, 0, 0]
    metro.check_routes(g.tables, s, first)
    assert s.metro_seat == expected and s.philosophers[3 - expected] == 4
    assert g.actors(s) == (expected,)


def test_economic_route_waits_for_its_owner_before_the_next_seat() -> None:
    """C-METRO-2, C-AMB-20, C-METRO-10: seat 1 completes the economic route with Ports and Fortresses on
    two islands each: both choices are offered to it, and seat 2's route waits."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 1, I2=1, I9=1)
    put(g, s, 2, I10=1, I12=1)
    build_on(g, s, "I2", "port", "fortress", "temple", "university")
    build_on(g, s, "I9", "port", "fortress")
    s.philosophers = [0, 0, 4, 0, 0]
    metro.check_routes(g.tables, s, 0)
    assert s.metro_seat == 1 and s.philosophers[2] == 4
    assert {(str(a.args[1])) for a in g.legal_actions(s, 1)} == {"port", "fortress"}


def test_refusals_during_placement_name_their_rules() -> None:
    """C-ACTION-8, C-METRO-4, C-METRO-5: while seat 1 places a Metropolis, another seat's action is refused
    under C-ACTION-8 (asked of the rules directly: the game already refuses a seat that is not to act);
    a placement without an island under C-METRO-4; a destroy of an unknown type under C-METRO-5."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1)
    put(g, s, 1, I2=1, I9=1)
    s.philosophers[1] = 4
    metro.check_routes(g.tables, s, 1)
    violation = metro.check(g.tables, s, 0, Action("end"))
    assert violation is not None and violation[0] == "C-ACTION-8"
    assert rule_of(g, s, "metropolis") == "C-METRO-4"
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I9=1)
    build_on(g, s, "I9", "port", "fortress")
    _philosopher_metropolis(g, s)
    assert rule_of(g, s, "destroy castle") == "C-METRO-5"


def test_wrong_answers_to_each_prompt_name_its_rule() -> None:
    """C-METRO-2, C-METRO-5: an answer of the wrong kind or shape names the prompt's rule: a discard
    without a building type, or of a type the island lacks, is refused under C-METRO-2; any other action
    while a building must be destroyed under C-METRO-5."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress", "temple", "university")
    build_on(g, s, "I9", "port")
    metro.check_routes(g.tables, s, 0)
    assert [str(a) for a in g.legal_actions(s)] == ["discard I2 port", "discard I9 port"]
    assert rule_of(g, s, "discard I2") == "C-METRO-2"
    assert rule_of(g, s, "discard I10 port") == "C-METRO-2"
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I9=1)
    build_on(g, s, "I9", "port", "fortress")
    _philosopher_metropolis(g, s)
    assert rule_of(g, s, "end") == "C-METRO-5"
    assert rule_of(g, s, "destroy") == "C-METRO-5"
    assert rule_of(g, s, "destroy port port") == "C-METRO-5"
