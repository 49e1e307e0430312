"""Building on a main-god turn (C-BUILD-1..4, 9, 10; C-COMP-10/14)."""

from __future__ import annotations

from cyc_helpers import build_on, play, put, rule_of, war_turn

from kleos.games.cyclades.rules.common import PORT, TEMPLE, buildings_of, buildings_on
from kleos.games.cyclades.tables import ARES, ATHENA, POSEIDON, ZEUS


def test_each_god_builds_its_own_type() -> None:
    """C-BUILD-1, C-GODS-10: Poseidon Ports, Ares Fortresses, Zeus Temples, Athena Universities; the type
    cannot be named otherwise."""
    for god in (POSEIDON, ARES, ZEUS, ATHENA):
        g, s = war_turn(5, god)
        put(g, s, 0, I2=1)
        play(g, s, "build I2")
        assert buildings_on(g.tables, s, 1, god) == 1
        assert rule_of(g, s, "build I2 temple") == "C-BUILD-1"


def test_two_gold_each_several_on_one_island() -> None:
    """C-BUILD-2, C-ACTION-4: 2 GP a building, several per turn on the same island, refused without 2 GP."""
    g, s = war_turn(5, ZEUS, gold=5)
    put(g, s, 0, I2=1)
    play(g, s, "build I2", "build I2")
    assert s.gold[0] == 1 and buildings_on(g.tables, s, 1, TEMPLE) == 2
    assert rule_of(g, s, "build I2") == "C-BUILD-2"
    assert not [a for a in g.legal_actions(s) if a.verb == "build"]


def test_free_slot_of_own_island() -> None:
    """C-BUILD-3: only on an island the player owns, only while it has a free slot."""
    g, s = war_turn(5, POSEIDON, gold=20)
    put(g, s, 0, I1=1)
    put(g, s, 1, I2=1)
    assert rule_of(g, s, "build I2") == "C-BUILD-3"
    play(g, s, "build I1", "build I1")  # I1 has 2 slots
    assert rule_of(g, s, "build I1") == "C-BUILD-3"
    assert not [a for a in g.legal_actions(s) if a.verb == "build"]


def test_metropolis_covers_slots() -> None:
    """C-BUILD-3, C-METRO-1, C-DATA-3: a Metropolis on a 4-slot island leaves 2 slots to build on."""
    g, s = war_turn(5, ARES, gold=20)
    put(g, s, 0, I2=1)
    s.metropolis[1] = 1
    play(g, s, "build I2", "build I2")
    assert rule_of(g, s, "build I2") == "C-BUILD-3"


def test_buildings_go_with_the_island() -> None:
    """C-BUILD-4, C-TROOP-4: landing on a territory-marker island takes its buildings."""
    g, s = war_turn(5, ARES)
    t = g.tables
    sea = next(x for x in range(t.n_seas) if len(t.sea_islands[x]) >= 2)
    mine, theirs = t.sea_islands[sea][:2]
    s.owner[mine], s.troops[mine] = 0, 2
    s.owner[theirs], s.troops[theirs] = 1, 0
    s.owner[next(i for i in range(t.n_islands) if i not in (mine, theirs))] = 1  # not its last island
    s.fleet_owner[sea], s.fleets[sea] = 0, 1
    build_on(g, s, t.island_ids[theirs], "port")
    assert buildings_of(t, s, 1, PORT) == 1
    play(g, s, f"march {t.island_ids[mine]} 1 {t.island_ids[theirs]}")
    assert buildings_of(t, s, 0, PORT) == 1 and buildings_of(t, s, 1, PORT) == 0


def test_university_counts_toward_metropolis() -> None:
    """C-BUILD-9, C-BUILD-10, C-METRO-2: the University is the fourth type; building it makes the
    Metropolis at once, using up one building of each type."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1)
    build_on(g, s, "I2", "port", "fortress", "temple")
    play(g, s, "build I2")
    assert s.metropolis[1] == 1 and not any(s.buildings)


def test_building_supply() -> None:
    """C-COMP-10, C-COMP-14: with all 10 Ports on the board no more can be built."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, I2=1)
    filled = 0
    for slot in range(t.n_slots):
        if filled < 10 and slot not in range(t.slot_offset[1], t.slot_offset[1] + 4):
            s.buildings[slot], filled = PORT + 1, filled + 1
    assert rule_of(g, s, "build I2") == "C-COMP-14"
    assert not [a for a in g.legal_actions(s) if a.verb == "build"]


def test_turn_actions_in_words() -> None:
    """The kit tells the new turn actions in words (recruit, build, swap, summon, Metropolis prompts)."""
    from kleos.core.action import Action
    from kleos.games.cyclades.kit import action_words

    assert action_words(Action.parse("recruit S3")) == "recruit a fleet in S3"
    assert action_words(Action.parse("recruit I2")) == "recruit a troop on I2"
    assert action_words(Action.parse("recruit")) == "recruit a Priest or Philosopher"
    assert action_words(Action.parse("summon 3 1")) == "summon the creature of the 3 GP slot using 1 Temple"
    assert action_words(Action.parse("metropolis I4")) == "place the new Metropolis on I4"
