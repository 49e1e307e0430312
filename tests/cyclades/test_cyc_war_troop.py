"""Ares's troop moves (C-TROOP-1..8, C-AMB-10/11/14) on positions built on the 2-3-player board."""

from __future__ import annotations

import pytest
from cyc_helpers import build_on, play, put, rule_of, war_turn

from compiled_build import SPIES_ON_RULES
from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions, metro, troop
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import CH_BATTLE, CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON


def _marches(g: CycladesGame, s: CycladesState) -> set[str]:
    return {str(a) for a in g.legal_actions(s) if a.verb == "march"}


def _dests(g: CycladesGame, s: CycladesState, origin: str) -> set[str]:
    return {str(a.args[2]) for a in g.legal_actions(s) if a.verb == "march" and a.args[0] == origin}


def test_march_over_a_chain_of_own_fleets() -> None:
    """C-TROOP-1, C-TROOP-2, C-AMB-10: troops go from an own island to islands next to a chain of the
    mover's fleets (S6 touches I1, I2, I3; S8 touches I2, I3); another player's fleet in S9 does not
    extend the chain to I4; any count from 1 to all; 1 GP per use."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, S6=1, S8=1)
    put(g, s, 1, S9=2, I7=1)
    assert _dests(g, s, "I1") == {"I2", "I3"}
    assert {a.args[1] for a in g.legal_actions(s) if a.verb == "march"} == {1, 2, 3}
    assert rule_of(g, s, "march I1 1 I4") == "C-TROOP-2"
    assert rule_of(g, s, "march I1 4 I2") == "C-TROOP-1"
    assert rule_of(g, s, "march I1 0 I2") == "C-TROOP-1"
    assert rule_of(g, s, "march I7 1 I2") == "C-TROOP-1"
    play(g, s, "march I1 2 I3")
    assert s.troops[g.tables.island_index["I3"]] == 2 and s.owner[g.tables.island_index["I3"]] == 0
    assert s.gold[0] == 9


def test_the_chain_needs_every_sea_in_between() -> None:
    """C-TROOP-2: a gap in the chain (S8 empty between S6 and S9) cuts off the islands beyond it."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=1, S6=1, S9=1)
    assert _dests(g, s, "I1") == {"I2", "I3"}
    put(g, s, 0, S8=1)
    assert _dests(g, s, "I1") == {"I2", "I3", "I4"}


def test_emptied_origin_keeps_a_territory_marker() -> None:
    """C-TROOP-5, C-TROOP-6: moving every troop away leaves the island owned (a territory marker), with
    its income; it never becomes neutral again."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, S6=1)
    before = income(g.tables, s, 0)
    play(g, s, "march I1 2 I2")
    i1 = g.tables.island_index["I1"]
    assert s.owner[i1] == 0 and s.troops[i1] == 0
    assert income(g.tables, s, 0) == before + g.tables.island_prosperity[g.tables.island_index["I2"]]


@SPIES_ON_RULES
def test_landing_on_an_empty_island_takes_it_with_its_buildings(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-TROOP-4, C-METRO-10: an island held by a territory marker is taken without a battle, Fortress
    and all; its buildings and prosperity markers pass to the mover, and the Metropolis routes are
    checked for the mover at once."""
    calls: list[int] = []
    monkeypatch.setattr(metro, "check_routes", lambda t, s, seat: calls.append(seat))
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I2=0, I7=1)
    build_on(g, s, "I2", "fortress")
    i2 = g.tables.island_index["I2"]
    s.markers[i2] = 1
    play(g, s, "march I1 1 I2")
    assert s.chance is None and s.battle_place == -1
    assert s.owner[i2] == 0 and s.troops[i2] == 1 and s.markers[i2] == 1
    assert s.buildings[g.tables.slot_offset[i2]] == 2 and calls == [0]


def test_reinforcing_an_own_island() -> None:
    """C-AMB-11: troops may move to another island of the mover's own; they join the troops there."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, I2=1, S6=1)
    play(g, s, "march I1 2 I2")
    assert s.troops[g.tables.island_index["I2"]] == 3 and s.chance is None


def test_landing_on_enemy_troops_starts_a_battle() -> None:
    """C-TROOP-3, C-BATTLE-1: landing where another player has troops starts a land battle at once, the
    mover attacking with the troops it landed; the defender's troops stay on the island."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, S6=1)
    put(g, s, 1, I2=1, I7=1)
    g.apply_in_place(s, Action.parse("march I1 2 I2"))
    i2 = g.tables.island_index["I2"]
    assert s.chance == CH_BATTLE and s.battle_place == i2 and s.battle_naval == 0
    assert (s.battle_attacker, s.battle_defender, s.battle_attack) == (0, 1, 2)
    assert s.troops[i2] == 1 and s.owner[i2] == 1
    assert s.troops[g.tables.island_index["I1"]] == 1


def test_any_number_of_uses_while_gold_lasts() -> None:
    """C-TROOP-8, C-ACTION-4: the move may be bought again and again (1 GP each) until the gold runs out."""
    g, s = war_turn(3, ARES, gold=3)
    put(g, s, 0, I1=4, S6=1)
    play(g, s, "march I1 1 I2", "march I2 1 I3", "march I1 1 I3")
    assert s.gold[0] == 0 and not _marches(g, s)
    assert rule_of(g, s, "march I1 1 I2") == "C-ACTION-4"


def test_only_on_ares_turn() -> None:
    """C-ACTION-5: troops move only on Ares's turn."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, I1=2, S6=1)
    assert not _marches(g, s)
    assert rule_of(g, s, "march I1 1 I2") == "C-ACTION-5"


def test_last_island_is_protected() -> None:
    """C-TROOP-7, C-AMB-14: no landing on another player's only island, troops or only a territory marker,
    while the mover has fewer than (2 - 1) Metropolises; a second island lifts the protection."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I2=1)
    assert "I2" not in _dests(g, s, "I1")
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    put(g, s, 1, I2=0)
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    put(g, s, 1, I7=1)
    assert "I2" in _dests(g, s, "I1")


def test_last_island_with_a_metropolis_may_be_attacked_for_the_win() -> None:
    """C-TROOP-7, C-AMB-14 (the rulebook's example): a mover holding one Metropolis may attack a last
    island that has one, since taking it would give the 2 needed to win; not without its own."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I2=1)
    s.metropolis[g.tables.island_index["I2"]] = 1
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    put(g, s, 0, I3=1)
    s.metropolis[g.tables.island_index["I3"]] = 1
    assert "I2" in _dests(g, s, "I1")


def test_last_island_whose_buildings_complete_the_set() -> None:
    """C-AMB-14: the last island may also be attacked when its buildings would complete the mover's four
    types (an economic Metropolis), given one Metropolis already; a missing type keeps it protected."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=2, S6=1, I3=1, I5=0)
    s.metropolis[g.tables.island_index["I5"]] = 1
    put(g, s, 1, I2=1)
    build_on(g, s, "I3", "port", "fortress")
    build_on(g, s, "I2", "university")
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    build_on(g, s, "I1", "temple")
    assert "I2" in _dests(g, s, "I1")


def test_two_player_game_needs_three_metropolises() -> None:
    """C-TROOP-7, C-TWO-9: with 2 players the exception needs 2 Metropolises already held."""
    g, s = war_turn(2, ARES)
    put(g, s, 0, I1=2, S6=1, I5=0)
    put(g, s, 1, I2=1)
    s.metropolis[g.tables.island_index["I2"]] = 1
    s.metropolis[g.tables.island_index["I1"]] = 1
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    s.metropolis[g.tables.island_index["I5"]] = 1
    assert "I2" in _dests(g, s, "I1")


def test_legal_lists_exactly_what_check_accepts() -> None:
    """C-TROOP-1, C-TROOP-2, C-TROOP-7: every candidate 'march' (all islands, counts 0..5) is accepted by
    the check exactly when the legal list holds it, and the text round-trips."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, S6=1, S8=1, I4=1)
    put(g, s, 1, I2=1, I7=2, S13=1)
    put(g, s, 2, I3=0)
    t = g.tables
    legal = set(g.legal_actions(s))
    for a in legal:
        assert Action.parse(str(a)) == a
    for origin in t.island_ids:
        for dest in t.island_ids:
            for n in range(6):
                a = Action("march", (origin, n, dest))
                assert (actions.check(t, s, 0, a) is None) == (a in legal), a
    assert troop.last_island_violation(t, s, 0, t.island_index["I3"]) is not None
