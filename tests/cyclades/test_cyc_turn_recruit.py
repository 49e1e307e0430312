"""Recruiting on a main-god turn (C-RECRUIT-1..10, C-COMP-12..14, C-ACTION-4/5, C-AMB-8/9)."""

from __future__ import annotations

from cyc_helpers import play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.tables import ARES, ATHENA, POSEIDON, ZEUS


def test_fleet_ladder_and_limit() -> None:
    """C-RECRUIT-1, C-DATA-9: fleets cost 0, 1, 2, 3 GP (total 6), and a 5th is refused."""
    g, s = war_turn(5, POSEIDON, gold=10)
    put(g, s, 0, I1=1)
    sea = g.tables.sea_ids[g.tables.island_seas[0][0]]
    for _ in range(4):
        play(g, s, f"recruit {sea}")
    assert s.gold[0] == 4 and s.fleets[g.tables.sea_index[sea]] == 4
    assert not [a for a in g.legal_actions(s) if a.verb == "recruit"]
    assert rule_of(g, s, f"recruit {sea}") == "C-RECRUIT-1"


def test_troop_ladder_and_limit() -> None:
    """C-RECRUIT-3: troops cost 0, 2, 3, 4 GP (total 9), at most 4 a turn."""
    g, s = war_turn(5, ARES, gold=9)
    put(g, s, 0, I1=1)
    for _ in range(4):
        play(g, s, "recruit I1")
    assert s.gold[0] == 0 and s.troops[0] == 5
    s.gold[0] = 10
    assert rule_of(g, s, "recruit I1") == "C-RECRUIT-3"


def test_ladder_counts_this_turn_only() -> None:
    """C-RECRUIT-7, C-AMB-8: interleaving a build does not reset the ladder; a new turn does."""
    g, s = war_turn(5, ARES, gold=20)
    put(g, s, 0, I1=1)
    play(g, s, "recruit I1", "build I1", "recruit I1")
    assert s.gold[0] == 20 - 2 - 2
    assert s.recruited == 2
    from kleos.games.cyclades.rules import actions

    s.queue.append(s.queue[0])
    actions._finish_turn(g.tables, s)
    assert s.recruited == 0


def test_priest_and_philosopher_two_per_turn() -> None:
    """C-RECRUIT-5, C-RECRUIT-6, C-RECRUIT-9: one free, one more for 4 GP, no third; they are not placed."""
    for god, field, rule in ((ZEUS, "priests", "C-RECRUIT-5"), (ATHENA, "philosophers", "C-RECRUIT-6")):
        g, s = war_turn(5, god, gold=10)
        put(g, s, 0, I1=1)
        assert Action("recruit") in g.legal_actions(s)
        assert rule_of(g, s, "recruit I1") == "C-RECRUIT-9"
        play(g, s, "recruit", "recruit")
        assert getattr(s, field)[0] == 2 and s.gold[0] == 6
        assert rule_of(g, s, "recruit") == rule


def test_recruit_needs_gold() -> None:
    """C-ACTION-4: the second troop costs 2 GP, refused with 1 GP."""
    g, s = war_turn(5, ARES, gold=1)
    put(g, s, 0, I1=1)
    play(g, s, "recruit I1")
    assert rule_of(g, s, "recruit I1") == "C-ACTION-4"
    assert not [a for a in g.legal_actions(s) if a.verb == "recruit"]


def test_fleet_placement() -> None:
    """C-RECRUIT-2, C-AMB-9: next to an own island, in a sea empty or holding only own fleets; none
    legal when every such sea is another player's."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, I1=1)
    near = t.island_seas[0]
    far = next(sea for sea in range(t.n_seas) if sea not in near)
    assert rule_of(g, s, f"recruit {t.sea_ids[far]}") == "C-RECRUIT-2"
    assert {str(a.args[0]) for a in g.legal_actions(s) if a.verb == "recruit"} == {t.sea_ids[x] for x in near}
    for sea in near:
        s.fleet_owner[sea], s.fleets[sea] = 1, 1
    assert rule_of(g, s, f"recruit {t.sea_ids[near[0]]}") == "C-RECRUIT-2"
    assert not [a for a in g.legal_actions(s) if a.verb == "recruit"]


def test_troop_on_own_island_only() -> None:
    """C-RECRUIT-4: a troop goes on an island the player owns (a territory marker is enough)."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I1=0)
    put(g, s, 1, I2=1)
    assert rule_of(g, s, "recruit I2") == "C-RECRUIT-4"
    assert [a for a in g.legal_actions(s) if a.verb == "recruit"] == [Action("recruit", ("I1",))]
    play(g, s, "recruit I1")
    assert s.troops[0] == 1


def test_eight_unit_limits() -> None:
    """C-RECRUIT-8, C-COMP-11, C-COMP-12, C-COMP-13: no 9th fleet or troop on the board."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I1=5, I2=3)
    assert rule_of(g, s, "recruit I1") == "C-RECRUIT-8"
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, I1=1)
    sea = t.island_seas[0][0]
    s.fleet_owner[sea], s.fleets[sea] = 0, 8
    assert rule_of(g, s, f"recruit {t.sea_ids[sea]}") == "C-RECRUIT-8"
    assert not [a for a in g.legal_actions(s) if a.verb == "recruit"]


def test_supply_of_priests() -> None:
    """C-COMP-7, C-COMP-8, C-COMP-14, C-AMB-28: with the seed's 18 Priests (17 Philosophers) all taken,
    none can be recruited; one fewer leaves one; the 'en' and 'unlimited' options change the supply."""
    g, s = war_turn(5, ZEUS)
    s.priests = [10, 7, 0, 0, 0]
    assert Action("recruit") in g.legal_actions(s)
    s.priests = [11, 7, 0, 0, 0]
    assert rule_of(g, s, "recruit") == "C-COMP-14"
    g, s = war_turn(5, ATHENA)
    s.philosophers = [0, 3, 3, 3, 8]
    assert rule_of(g, s, "recruit") == "C-COMP-14"
    assert Action("recruit") not in g.legal_actions(s)
    from cyc_helpers import game

    assert game(5, priest_philosopher_supply="unlimited").tables.priests == -1
    assert game(5, priest_philosopher_supply="en").tables.philosophers == 16


def test_free_unit_is_optional() -> None:
    """C-RECRUIT-7: the turn may end without taking the free unit."""
    g, s = war_turn(5, ZEUS)
    play(g, s, "end")
    assert s.priests[0] == 0


def test_only_the_turn_gods_unit() -> None:
    """C-ACTION-5, C-GODS-10: under Zeus a troop cannot be recruited (the unit is a Priest)."""
    g, s = war_turn(5, ZEUS)
    put(g, s, 0, I1=1)
    assert rule_of(g, s, "recruit I1") == "C-RECRUIT-9"
    assert [a for a in g.legal_actions(s) if a.verb == "recruit"] == [Action("recruit")]


def test_fourth_philosopher_makes_a_metropolis() -> None:
    """C-RECRUIT-10, C-METRO-3: the 4th Philosopher is discarded at once for a Metropolis."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1)
    s.philosophers[0] = 3
    play(g, s, "recruit")
    assert s.philosophers[0] == 0 and s.metropolis[0] == 1
