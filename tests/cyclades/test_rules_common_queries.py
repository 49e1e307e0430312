"""The shared queries of the Cyclades rules (rules/common.py) that the rules compare with the supply
and the caps (C-COMP-10, C-COMP-12/13, C-COMP-14), asked on a bare board at their boundaries."""

from __future__ import annotations

from cyc_helpers import put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules.common import in_play, units
from kleos.games.cyclades.tables import POSEIDON

PORT = 0


def test_a_player_s_units_are_its_fleets_and_troops_on_the_board() -> None:
    """C-COMP-12 ("A player may never have more than 8 fleets on the board"), C-COMP-13 (the same for
    troops): the count the caps are held to is of the player's own fleets and troops, wherever they are,
    and no other player's."""
    g, s = war_turn(5, POSEIDON)
    put(g, s, 0, S1=2, S3=1, I1=3, I4=0)
    put(g, s, 1, S9=4, I2=1)
    assert units(s, 0) == (3, 3)
    assert units(s, 1) == (4, 1)
    assert units(s, 2) == (0, 0)


def test_the_last_building_of_a_type_may_be_built_and_then_none() -> None:
    """C-COMP-10 (10 Ports), C-COMP-14 ("When the supply of a building type ... is empty, no more can be
    gained"): with 9 Ports on the board one Port is counted 9 and Blue may build the tenth under
    Poseidon; with 10 out, the supply is empty and the build is refused under C-COMP-14."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, I1=1)
    i1 = t.island_index["I1"]
    own = range(t.slot_offset[i1], t.slot_offset[i1] + t.island_slots[i1])
    free = [slot for slot in range(t.n_slots) if slot not in own]
    for slot in free[:9]:
        s.buildings[slot] = PORT + 1
    assert in_play(s, PORT) == 9 and t.building_supply[PORT] == 10
    assert Action.parse("build I1") in g.legal_actions(s)
    s.buildings[free[9]] = PORT + 1
    assert in_play(s, PORT) == 10
    assert Action.parse("build I1") not in g.legal_actions(s)
    assert rule_of(g, s, "build I1") == "C-COMP-14"
