"""Metropolises: the routes, their prompts and the building queries (C-METRO-1..10, C-AMB-20..23)."""

from __future__ import annotations

from cyc_helpers import build_on, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import metro
from kleos.games.cyclades.rules.common import (
    FORTRESS,
    PORT,
    buildings_of,
    fortresses,
    metropolises,
    ports_next_to,
    temples,
)
from kleos.games.cyclades.tables import ARES, ATHENA, ZEUS


def test_economic_route_with_a_choice_of_discard() -> None:
    """C-METRO-2, C-AMB-20: with Ports on two islands the owner chooses which one to discard; the other
    types go at once."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress", "temple")
    build_on(g, s, "I9", "port")
    play(g, s, "build I2")
    assert g.actors(s) == (0,)
    assert g.legal_actions(s) == [Action("discard", ("I2", "port")), Action("discard", ("I9", "port"))]
    assert rule_of(g, s, "discard I2 fortress") == "C-METRO-2"
    assert rule_of(g, s, "end") == "C-METRO-2"
    play(g, s, "discard I9 port")
    assert buildings_of(t, s, 0, PORT) == 1 and buildings_of(t, s, 0, FORTRESS) == 0
    # I9 (3 slots, now empty) and I2 (4 slots, 1 Port left) both have room: the owner chooses
    assert {a.args[0] for a in g.legal_actions(s)} == {"I2", "I9"}
    play(g, s, "metropolis I2")
    assert s.metropolis[1] == 1 and metropolises(s, 0) == 1
    assert g.legal_actions(s)[0] == Action("end")


def test_intellectual_route() -> None:
    """C-METRO-3: four Philosophers are discarded for a Metropolis on an own island."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1)
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.philosophers[0] == 0 and s.metropolis[1] == 1


def test_place_on_own_island_with_room() -> None:
    """C-METRO-4, C-METRO-5: the Metropolis goes on an own island; a crowded one is refused while another
    island has room."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1, I2=1)
    put(g, s, 1, I3=1)
    build_on(g, s, "I1", "port", "port")
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert g.legal_actions(s) == [Action("metropolis", ("I2",))] or s.metropolis[1] == 1
    assert s.metropolis[1] == 1  # I2 was the only island with room: placed by the engine
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1, I2=1, I9=1)
    put(g, s, 1, I3=1)
    build_on(g, s, "I1", "port", "port")
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert rule_of(g, s, "metropolis I3") == "C-METRO-4"
    assert rule_of(g, s, "metropolis I1") == "C-METRO-5"
    play(g, s, "metropolis I9")
    assert s.metropolis[8] == 1


def test_destroy_to_make_room() -> None:
    """C-METRO-5: with every space partly built on, the owner picks the island and which buildings to
    destroy; the buildings kept stay on the island."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress", "temple")  # 1 free slot of 4
    build_on(g, s, "I9", "port", "port", "port")  # 0 free of 3
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert {a.args[0] for a in g.legal_actions(s)} == {"I2", "I9"}
    play(g, s, "metropolis I2")
    assert g.legal_actions(s) == [Action("destroy", (k,)) for k in ("port", "fortress", "temple")]
    assert rule_of(g, s, "destroy university") == "C-METRO-5"
    play(g, s, "destroy fortress")
    assert s.metropolis[1] == 1
    assert sorted(b for b in s.buildings[t.slot_offset[1]:t.slot_offset[1] + 4]) == [0, 0, 1, 3]


def test_destroy_without_choice_is_automatic() -> None:
    """C-METRO-5: on a 3-slot island full of Ports, two Ports go without a question."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, 0, I9=1)
    build_on(g, s, "I9", "port", "port", "port")
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.metropolis[8] == 1 and buildings_of(t, s, 0, PORT) == 1


def test_conquest_takes_the_metropolis() -> None:
    """C-METRO-6, C-TROOP-4: landing on a territory-marker island with a Metropolis takes it."""
    g, s = war_turn(5, ARES)
    t = g.tables
    sea = next(x for x in range(t.n_seas) if len(t.sea_islands[x]) >= 2)
    mine, theirs = t.sea_islands[sea][:2]
    s.owner[mine], s.troops[mine] = 0, 2
    s.owner[theirs], s.troops[theirs], s.metropolis[theirs] = 1, 0, 1
    s.owner[next(i for i in range(t.n_islands) if i not in (mine, theirs))] = 1
    s.fleet_owner[sea], s.fleets[sea] = 0, 1
    play(g, s, f"march {t.island_ids[mine]} 1 {t.island_ids[theirs]}")
    assert metropolises(s, 0) == 1 and metropolises(s, 1) == 0


def test_no_room_loses_the_metropolis() -> None:
    """C-METRO-7, C-AMB-23: a player whose only island has a Metropolis loses the new one and the four
    Philosophers."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1)
    s.metropolis[1] = 1
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.philosophers[0] == 0 and metropolises(s, 0) == 1
    assert not metro.pending(s)


def test_metropolis_acts_as_buildings() -> None:
    """C-METRO-8, C-BUILD-5..7: a Metropolis counts as a Fortress, a Port and a Temple."""
    g, s = war_turn(5, ZEUS)
    t = g.tables
    put(g, s, 0, I2=1)
    s.metropolis[1] = 1
    build_on(g, s, "I2", "temple")  # slot 1 lies under the Metropolis in the data layout: test counts only
    assert fortresses(t, s, 1) == 1
    sea = t.island_seas[1][0]
    assert ports_next_to(t, s, sea, 0) == 1 and ports_next_to(t, s, sea, 1) == 0
    assert temples(t, s, 0) == 2


def test_metropolis_is_not_a_building_type() -> None:
    """C-METRO-9, C-AMB-21: a Metropolis plus Port, Fortress and Temple is not a fourth type."""
    g, s = war_turn(5, ZEUS)
    put(g, s, 0, I2=1)
    s.metropolis[1] = 1
    build_on(g, s, "I2", "port", "fortress")  # on the two slots under the tile: counts only
    s.buildings[g.tables.slot_offset[1]:g.tables.slot_offset[1] + 2] = [0, 0]
    s.buildings[g.tables.slot_offset[1] + 2] = 1
    s.buildings[g.tables.slot_offset[1] + 3] = 2
    play(g, s, "recruit")
    assert not metro.pending(s)
    s2 = s.copy()
    assert s2 == s
    put(g, s, 0, I9=1)
    play(g, s, "build I9")
    assert metropolises(s, 0) == 1 and s.buildings[g.tables.slot_offset[8]] == 3


def test_off_turn_route_asks_its_owner_first() -> None:
    """C-METRO-10, C-AMB-22, C-ACTION-8: a route completed for another seat during this turn (as after a
    battle) is resolved at once, its owner deciding before the turn goes on."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I1=1)
    put(g, s, 1, I2=1, I9=1)
    s.philosophers[1] = 4
    metro.check_routes(g.tables, s, 1)
    assert g.actors(s) == (1,)
    assert rule_of(g, s, "recruit I1") == "C-METRO-4"
    assert {a.verb for a in g.legal_actions(s)} == {"metropolis"}
    play(g, s, "metropolis I9")
    assert g.actors(s) == (0,) and s.metropolis[8] == 1


def test_one_metropolis_per_island_and_supply() -> None:
    """C-METRO-1, C-COMP-10, C-COMP-14: an island holds one Metropolis; with the 10 tiles on the board
    no route fires."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1, I9=1)
    s.metropolis[1] = 1
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.metropolis[8] == 1 and s.metropolis[1] == 1  # I2 already had one: it went on I9
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1)
    s.metropolis = [0, 0] + [1] * 10 + [0] * (g.tables.n_islands - 12)
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.philosophers[0] == 4 and s.metropolis[1] == 0


def test_view_text_tells_the_pending_metropolis() -> None:
    """C-METRO-4, C-INFO-2: the view's text says who is placing a Metropolis."""
    from kleos.games.cyclades.kit import KIT

    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1, I9=1)
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert "Blue is gaining a Metropolis" in KIT.describe_view(g, g.view(s, 1), 1)
