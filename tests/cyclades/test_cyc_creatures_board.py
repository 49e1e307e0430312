"""Creature effects on buildings, troops and lone fleets (rules/effects.py; C-SUMMON-3, C-DATA-6):
giant, harpy, cyclops, siren, pegasus."""

from __future__ import annotations

from cyc_helpers import assert_invariants, begin_effect, build_on, game, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import effects
from kleos.games.cyclades.rules.common import buildings_on
from kleos.games.cyclades.tables import ARES, POSEIDON


def test_giant_destroys_a_building_never_a_metropolis() -> None:
    """C-DATA-6 (giant): any building on any island goes back to the supply; a Metropolis is
    never a target."""
    g, s = war_turn(5, ARES)
    t = g.tables
    put(g, s, 1, I2=1)
    build_on(g, s, "I2", "temple", "port")
    s.metropolis[t.island_index["I9"]] = 1
    begin_effect(g, s, "giant")
    assert {str(a) for a in g.legal_actions(s)} == {"target I2 port", "target I2 temple"}
    assert rule_of(g, s, "target I9 fortress") == "C-SUMMON-3"
    play(g, s, "target I2 temple")
    i2 = t.island_index["I2"]
    assert buildings_on(t, s, i2, 2) == 0 and buildings_on(t, s, i2, 0) == 1
    assert s.metropolis[t.island_index["I9"]] == 1 and not effects.pending(s)


def test_harpy_removes_one_enemy_troop_island_kept() -> None:
    """C-TROOP-5, C-DATA-6 (harpy): one troop of another player goes back to its reserve; an island left
    without troops stays its owner's."""
    g, s = war_turn(5, ARES)
    t = g.tables
    put(g, s, 0, I1=2)
    put(g, s, 1, I2=1)
    put(g, s, 2, I3=0)
    begin_effect(g, s, "harpy")
    assert [str(a) for a in g.legal_actions(s)] == ["target I2"]
    assert rule_of(g, s, "target I1") == "C-SUMMON-3"
    play(g, s, "target I2")
    i2 = t.island_index["I2"]
    assert s.troops[i2] == 0 and s.owner[i2] == 1


def test_cyclops_changes_an_own_building() -> None:
    """C-METRO-2, C-DATA-6 (cyclops): one of the summoner's buildings becomes another type; a
    fourth type makes a Metropolis at once (C-METRO-10)."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress", "temple", "temple")
    put(g, s, 1, I3=1)
    build_on(g, s, "I3", "university")
    begin_effect(g, s, "cyclops")
    legal = {str(a) for a in g.legal_actions(s)}
    assert "target I2 temple university" in legal and not any("I3" in a for a in legal)
    assert rule_of(g, s, "target I2 temple temple") == "C-SUMMON-3"
    play(g, s, "target I2 temple university")
    assert not effects.pending(s) and s.metro_seat == 0  # C-METRO-2: the Metropolis prompt is open
    assert_invariants(g, s)


def test_siren_replaces_a_lone_fleet() -> None:
    """C-COMP-12, C-DATA-6 (siren, option siren_isolated=alone_in_space): a sea holding exactly one enemy
    fleet gets one of the summoner's instead; two fleets together are not a target."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 1, S12=1, S13=2)
    begin_effect(g, s, "siren")
    assert [str(a) for a in g.legal_actions(s)] == ["target S12"]
    assert rule_of(g, s, "target S13") == "C-SUMMON-3"
    play(g, s, "target S12")
    sea = t.sea_index["S12"]
    assert (s.fleets[sea], s.fleet_owner[sea]) == (1, 0) and not effects.pending(s)


def test_siren_isolated_option_and_full_reserve() -> None:
    """C-COMP-12, C-DATA-6 (siren, siren_isolated=alone_no_adjacent_own): a fleet with a fleet of its own
    colour next to it is not isolated; with all 8 of the summoner's fleets out, one moves from the board."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 1, S12=1, S13=1, S9=1)
    assert {str(a) for a in effects._siren_options(t, s, 0)} == {"target S9", "target S12", "target S13"}
    strict = game(5, siren_isolated="alone_no_adjacent_own").tables
    assert [str(a) for a in effects._siren_options(strict, s, 0)] == ["target S9"]
    put(g, s, 0, S1=4, S3=4)
    begin_effect(g, s, "siren")
    play(g, s, "target S9")
    assert effects.pending(s) and {str(a) for a in g.legal_actions(s)} == {"from S1", "from S3"}
    play(g, s, "from S3")
    assert s.fleets[t.sea_index["S3"]] == 3 and s.fleet_owner[t.sea_index["S9"]] == 0
    assert_invariants(g, s)


def test_pegasus_flies_without_fleets_and_lands() -> None:
    """C-TROOP-1..4, C-DATA-6 (pegasus): troops of an own island go to any other island without a chain
    of fleets; an empty island is taken, enemy troops mean a battle (C-TROOP-3)."""
    g, s = war_turn(5, ARES)
    t = g.tables
    put(g, s, 0, I1=3)
    put(g, s, 1, I12=1, I13=1)
    begin_effect(g, s, "pegasus")
    legal = {str(a) for a in g.legal_actions(s)}
    assert "target I1 2 I10" in legal and "target I1 3 I12" in legal and "target I1 4 I10" not in legal
    play(g, s, "target I1 2 I10")
    assert s.owner[t.island_index["I10"]] == 0 and s.troops[t.island_index["I10"]] == 2
    assert not effects.pending(s)
    begin_effect(g, s, "pegasus")
    g.apply_in_place(s, Action.parse("target I1 1 I12"))
    assert s.battle_place == t.island_index["I12"] and not effects.pending(s)


def test_pegasus_keeps_the_last_island_rule() -> None:
    """C-TROOP-7, C-AMB-14 (pegasus): no landing on another player's only island."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I1=3)
    put(g, s, 1, I12=1)
    begin_effect(g, s, "pegasus")
    assert not any("I12" in str(a) for a in g.legal_actions(s))
    assert rule_of(g, s, "target I1 1 I12") == "C-TROOP-7"
