"""Creatures at sea (rules/effects.py, rules/figures.py; C-SUMMON-3/4, C-DATA-6): sylph, kraken,
polyphemus, and their lasting blocks on fleet moves, retreats and recruiting."""

from __future__ import annotations

from cyc_helpers import assert_invariants, begin_effect, game, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle, effects, figures
from kleos.games.cyclades.tables import ARES, POSEIDON


def _sea(g: CycladesGame, name: str) -> int:
    return g.tables.sea_index[name]


def test_sylph_free_steps_of_any_groups() -> None:
    """C-FLEET-2, C-DATA-6 (sylph, sylph_move=steps_10, param sylph_steps=10, reconstructed): free
    one-space steps of any own groups, on any god's turn, until 10 steps or 'done'."""
    g, s = war_turn(5, ARES, gold=0)
    put(g, s, 0, S12=2, S1=1)
    begin_effect(g, s, "sylph")
    assert s.effect_left == 10 and Action("done") in g.legal_actions(s)
    play(g, s, "sail S12 1 S13", "sail S1 1 S2", "sail S13 1 S14")
    assert s.effect_left == 7 and s.gold[0] == 0
    assert s.fleets[_sea(g, "S14")] == 1 and s.fleets[_sea(g, "S12")] == 1 and s.fleets[_sea(g, "S2")] == 1
    assert rule_of(g, s, "sail S14 2 S15") == "C-SUMMON-3"
    for _ in range(7):
        play(g, s, "sail S14 1 S15" if s.fleets[_sea(g, "S14")] else "sail S15 1 S14")
    assert not effects.pending(s) and s.discard == [g.tables.creature_index["sylph"]]


def test_sylph_battle_ends_that_group() -> None:
    """C-FLEET-3, C-BATTLE-15, C-DATA-6 (sylph): entering another player's fleets starts a battle that
    comes first; the effect goes on after it, but the group that fought moves no more."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, S12=1, S1=1)
    put(g, s, 1, S13=1)
    begin_effect(g, s, "sylph")
    g.apply_in_place(s, Action.parse("sail S12 1 S13"))
    assert s.battle_place == _sea(g, "S13") and effects.pending(s)
    g.apply_in_place(s, Action.parse("dice 3 0"), CHANCE)
    assert s.fleet_owner[_sea(g, "S13")] == 0 and effects.pending(s)
    assert not any(str(a).startswith("sail S13") for a in g.legal_actions(s))
    assert any(str(a).startswith("sail S1 ") for a in g.legal_actions(s))


def test_sylph_one_poseidon_move_option() -> None:
    """C-FLEET-1/2, C-DATA-6 (sylph, sylph_move=one_poseidon_move): one free move of one group, 3 steps,
    each later step from where the group is (picking up or dropping fleets there)."""
    g = game(5, sylph_move="one_poseidon_move")
    _, s = war_turn(5, ARES)
    put(g, s, 0, S12=2, S1=1, S14=1)
    begin_effect(g, s, "sylph")
    assert s.effect_left == 3
    play(g, s, "sail S12 2 S13")
    assert {str(a).split()[1] for a in g.legal_actions(s) if a.verb == "sail"} == {"S13"}
    assert rule_of(g, s, "sail S1 1 S2") == "C-SUMMON-3"
    play(g, s, "sail S13 2 S14", "sail S14 3 S15")
    assert not effects.pending(s) and s.fleets[_sea(g, "S15")] == 3


def test_kraken_sinks_and_moves_for_gold() -> None:
    """C-DATA-6 (kraken, param kraken_move_cost=1): the Kraken sinks every fleet where it is put, then
    moves one space a GP, sinking fleets again; 'done' stops it."""
    g, s = war_turn(5, ARES, gold=1)
    put(g, s, 0, S12=2)
    put(g, s, 1, S13=3, S19=1)
    begin_effect(g, s, "kraken")
    play(g, s, "target S12")
    assert s.fleets[_sea(g, "S12")] == 0 and effects.pending(s)
    assert {str(a) for a in g.legal_actions(s)} == {"done", "target S7", "target S11", "target S13", "target S19"}
    play(g, s, "target S13")
    assert s.fleets[_sea(g, "S13")] == 0 and s.gold[0] == 0
    assert [str(a) for a in g.legal_actions(s)] == ["done"]
    assert rule_of(g, s, "target S14") == "C-ACTION-4"
    play(g, s, "done")
    assert figures.where(g.tables, s, figures.KRAKEN) == _sea(g, "S13")
    assert_invariants(g, s)


def test_kraken_blocks_its_sea_and_stays() -> None:
    """C-SUMMON-4, C-FLEET-1, C-BATTLE-10, C-RECRUIT-2 (kraken, kraken_duration=stays): no fleet enters
    or is recruited into the Kraken's sea, and it stays there cycle after cycle."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, S12=1)
    begin_effect(g, s, "kraken")
    play(g, s, "target S13", "done")
    assert Action.parse("sail S12 1 S13") not in g.legal_actions(s)
    assert rule_of(g, s, "sail S12 1 S13") == "C-SUMMON-4"
    assert figures.sea_blocked(t, s, _sea(g, "S13")) and not figures.sea_blocked(t, s, _sea(g, "S12"))
    s.cycle += 3
    assert figures.where(t, s, figures.KRAKEN) == _sea(g, "S13")


def test_polyphemus_push_asks_the_owner() -> None:
    """C-SUMMON-4, C-ACTION-8, C-DATA-6 (polyphemus, polyphemus_push=push_one_or_destroy, reconstructed):
    a group next to Polyphemus's island with two ways out is pushed where its owner says, off turn; a sea
    next to the island is no way out."""
    g, s = war_turn(5, ARES)
    put(g, s, 1, S3=1)
    begin_effect(g, s, "polyphemus")
    play(g, s, "target I1")
    assert g.actors(s) == (1,) and {str(a) for a in g.legal_actions(s)} == {"push S2", "push S6"}
    assert rule_of(g, s, "push S7") == "C-SUMMON-4"
    play(g, s, "push S6")
    assert s.fleet_owner[_sea(g, "S6")] == 1 and s.fleets[_sea(g, "S3")] == 0
    assert not effects.pending(s) and g.actors(s) == (0,)


def test_polyphemus_push_one_way_or_destroyed_then_blocks() -> None:
    """C-SUMMON-4, C-FLEET-1, C-DATA-6 (polyphemus): a group with one way out goes there by itself, one
    with none is destroyed; afterwards no fleet may enter a sea next to the island."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 2, S6=1, S11=1)
    put(g, s, 3, S7=1)
    put(g, s, 0, S12=2)
    begin_effect(g, s, "polyphemus")
    play(g, s, "target I1")
    assert not effects.pending(s)
    assert s.fleets[_sea(g, "S7")] == 0 and s.fleets[_sea(g, "S12")] == 0
    assert (s.fleets[_sea(g, "S19")], s.fleet_owner[_sea(g, "S19")]) == (2, 0)
    assert rule_of(g, s, "sail S19 1 S12") == "C-SUMMON-4"
    assert all(figures.sea_blocked(t, s, sea) for sea in t.island_seas[t.island_index["I1"]])
    assert_invariants(g, s)


def test_polyphemus_block_only_option() -> None:
    """C-DATA-6 (polyphemus, polyphemus_push=block_only): the fleets already there stay."""
    g = game(5, polyphemus_push="block_only")
    _, s = war_turn(5, ARES)
    put(g, s, 3, S7=1)
    begin_effect(g, s, "polyphemus")
    play(g, s, "target I1")
    assert not effects.pending(s) and s.fleets[_sea(g, "S7")] == 1


def test_no_naval_retreat_into_a_blocked_sea() -> None:
    """C-BATTLE-10, C-SUMMON-4 (kraken, polyphemus): a fleet may not retreat into the Kraken's sea nor
    into a sea next to Polyphemus's island."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    begin_effect(g, s, "kraken")
    play(g, s, "target S13", "done")
    s.battle_place, s.battle_naval, s.battle_attacker, s.battle_defender = _sea(g, "S12"), 1, 1, 0
    assert sorted(t.sea_ids[x] for x in battle.retreats(t, s, 0)) == ["S11", "S19", "S7"]
    figures.place(t, s, figures.POLYPHEMUS, t.island_index["I3"], 0)
    assert sorted(t.sea_ids[x] for x in battle.retreats(t, s, 0)) == ["S7"]
