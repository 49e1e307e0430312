"""Poseidon's fleet moves (C-FLEET-1..5, C-AMB-12/13, C-BATTLE-15) on the 2-3-player board."""

from __future__ import annotations

from cyc_helpers import play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions
from kleos.games.cyclades.state import CH_BATTLE, CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON


def _sails(g: CycladesGame, s: CycladesState) -> set[str]:
    return {str(a) for a in g.legal_actions(s) if a.verb == "sail"}


def _next_steps(g: CycladesGame, s: CycladesState) -> set[str]:
    return {str(a) for a in g.legal_actions(s) if a.verb == "sail" and len(a.args) == 2}


def _at(g: CycladesGame, s: CycladesState, sea: str) -> tuple[int, int]:
    i = g.tables.sea_index[sea]
    return s.fleet_owner[i], s.fleets[i]


def test_rulebook_example_pick_up_move_drop_off() -> None:
    """C-FLEET-1, C-FLEET-2 (the rulebook's worked example): 3 fleets join the adjacent fleet, the 4 move
    on together, then 2 stay behind while 2 make a last step; one purchase, 1 GP, 3 steps at most."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=3, S6=1, I1=1)
    play(g, s, "sail S5 3 S6")
    assert _at(g, s, "S5") == (-1, 0) and _at(g, s, "S6") == (0, 4) and s.gold[0] == 9
    assert "sail 4 S8" in _next_steps(g, s) and "sail 5 S8" not in _next_steps(g, s)
    play(g, s, "sail 4 S8", "sail 2 S9")
    assert _at(g, s, "S6") == (-1, 0) and _at(g, s, "S8") == (0, 2) and _at(g, s, "S9") == (0, 2)
    assert s.gold[0] == 9 and not _next_steps(g, s)
    assert rule_of(g, s, "sail 1 S10") == "C-FLEET-1"


def test_a_move_starts_with_some_or_all_fleets_of_one_sea() -> None:
    """C-FLEET-1: every count from 1 to all of one sea's fleets, to each neighbouring sea, for 1 GP."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=2, I1=1)
    assert _sails(g, s) == {"sail S5 1 S6", "sail S5 2 S6", "sail S5 1 S7", "sail S5 2 S7"}
    assert rule_of(g, s, "sail S5 3 S6") == "C-FLEET-1"
    assert rule_of(g, s, "sail S5 1 S8") == "C-FLEET-1"
    play(g, s, "sail S5 1 S7")
    assert _at(g, s, "S5") == (0, 1) and _at(g, s, "S7") == (0, 1) and s.gold[0] == 9


def test_fleets_never_move_onto_islands() -> None:
    """C-FLEET-5: an island is never a step of a fleet move."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=2, I1=1)
    assert rule_of(g, s, "sail S5 1 I1") == "C-FLEET-5"
    assert not any(a.args[-1] in g.tables.island_index for a in g.legal_actions(s) if a.verb == "sail")


def test_entering_enemy_fleets_ends_the_move_in_a_naval_battle() -> None:
    """C-FLEET-3, C-BATTLE-15, C-AMB-13: the move stops where enemy fleets are, a naval battle starts with
    the mover attacking, and the group cannot go on afterwards even with steps left."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=3, I1=1)
    put(g, s, 1, S8=1, I7=1)
    play(g, s, "sail S5 3 S6")
    g.apply_in_place(s, Action.parse("sail 3 S8"))
    s8 = g.tables.sea_index["S8"]
    assert s.chance == CH_BATTLE and s.battle_naval == 1 and s.battle_place == s8
    assert (s.battle_attacker, s.battle_defender, s.battle_attack) == (0, 1, 3)
    assert _at(g, s, "S6") == (-1, 0) and _at(g, s, "S8") == (1, 1)
    g.apply_in_place(s, Action.parse("dice 3 0"), CHANCE)
    assert _at(g, s, "S8") == (0, 3) and s.voyage_sea == -1 and not _next_steps(g, s)


def test_moves_may_be_bought_again_and_fleets_move_twice() -> None:
    """C-FLEET-4, C-AMB-12, C-ACTION-4: a second move may be bought while gold lasts, moving the same
    fleets again; with no gold left none can be bought."""
    g, s = war_turn(3, POSEIDON, gold=2)
    put(g, s, 0, S5=1, I1=1)
    play(g, s, "sail S5 1 S6", "sail 1 S8", "sail 1 S9", "sail S9 1 S10")
    assert _at(g, s, "S10") == (0, 1) and s.gold[0] == 0
    assert _next_steps(g, s) == {"sail 1 S9", "sail 1 S14"}
    play(g, s, "sail 1 S14", "sail 1 S19")
    assert not _sails(g, s) and rule_of(g, s, "sail S19 1 S20") == "C-ACTION-4"


def test_any_other_decision_closes_the_move() -> None:
    """C-FLEET-1, C-FLEET-2: a move goes on only as the very next decision; after buying another move, the
    first group's free steps are gone."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=1, S20=1, I1=1)
    play(g, s, "sail S5 1 S6", "sail S20 1 S14")
    assert _next_steps(g, s) == {"sail 1 S10", "sail 1 S19", "sail 1 S20"}
    play(g, s, "sail S6 1 S3")
    assert "sail 1 S10" not in _next_steps(g, s)


def test_only_on_poseidon_turn() -> None:
    """C-ACTION-5: fleets move only on Poseidon's turn."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, S5=2, I1=1)
    assert not _sails(g, s)
    assert rule_of(g, s, "sail S5 1 S6") == "C-ACTION-5"
    assert rule_of(g, s, "sail 1 S6") == "C-ACTION-5"


def test_legal_lists_exactly_what_check_accepts() -> None:
    """C-FLEET-1, C-FLEET-2, C-FLEET-5: every candidate 'sail' (all places, counts 0..4), before and during
    a move, is accepted by the check exactly when the legal list holds it; texts round-trip."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=2, S13=1, I1=1)
    put(g, s, 1, S8=1, I7=1)
    t = g.tables
    places = [*t.sea_ids, *t.island_ids]
    for step in ("sail S5 2 S6", None):
        legal = set(g.legal_actions(s))
        for a in legal:
            assert Action.parse(str(a)) == a
        for to in places:
            for n in range(5):
                cont = Action("sail", (n, to))
                assert (actions.check(t, s, 0, cont) is None) == (cont in legal), cont
                for origin in t.sea_ids:
                    a = Action("sail", (origin, n, to))
                    assert (actions.check(t, s, 0, a) is None) == (a in legal), a
        if step:
            play(g, s, step)


def test_a_move_does_not_carry_into_a_later_turn() -> None:
    """C-FLEET-1: steps left when the turn ends are lost; on the player's next Poseidon turn only a new,
    paid move is offered from where the fleet stopped."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=1, I1=1)
    marker = s.bidder[POSEIDON]
    play(g, s, "sail S5 1 S6", "end")
    s.phase, s.chance, s.queue = "action", None, [marker]  # a later Poseidon turn of the same seat
    s.bidder[POSEIDON] = marker
    assert not _next_steps(g, s) and "sail S6 1 S8" in _sails(g, s)
    assert rule_of(g, s, "sail 1 S8") == "C-FLEET-1"


def test_fleets_of_a_player_down_to_one_island_may_be_attacked() -> None:
    """C-AMB-14, C-FLEET-3: the last-island protection covers landings only; fleets of a player with a
    single island may still be attacked at sea."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=2, I1=1)
    put(g, s, 1, S6=1, I2=1)
    assert "sail S5 2 S6" in _sails(g, s)
    g.apply_in_place(s, Action.parse("sail S5 2 S6"))
    assert s.battle_defender == 1 and s.battle_naval == 1
