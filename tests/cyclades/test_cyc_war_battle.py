"""Battles and retreats (C-BATTLE-1..16, C-AMB-17/18/19, C-METRO-8, C-DATA-7) on built positions.

Rounds are driven with explicit chance outcomes ``dice <attacker face> <defender face>``.
"""

from __future__ import annotations

import pytest
from cyc_helpers import build_on, game, put, rule_of, war_turn

from compiled_build import SPIES_ON_RULES
from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle, metro
from kleos.games.cyclades.rules.common import Told
from kleos.games.cyclades.state import CH_BATTLE, CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON
from step_cap import StepCap


def _do(g: CycladesGame, s: CycladesState, *texts: str) -> None:
    """Apply actions; ``dice a d`` goes to chance, the rest to the seat that acts."""
    for text in texts:
        action = Action.parse(text)
        g.apply_in_place(s, action, CHANCE if action.verb == "dice" else None)


def _land(defender_troops: int = 1, attack: int = 2) -> tuple[CycladesGame, CycladesState]:
    """Seat 0 (Ares) lands ``attack`` troops from I1 on I2, held by seat 1 (which also owns I7)."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=attack + 1, S6=1)
    put(g, s, 1, I2=defender_troops, I7=1)
    _do(g, s, f"march I1 {attack} I2")
    return g, s


def _island(g: CycladesGame, name: str) -> int:
    return g.tables.island_index[name]


def _sea(g: CycladesGame, name: str) -> int:
    return g.tables.sea_index[name]



def told_text(told: Told | None) -> str | None:
    """The English words of a description (``None`` for none)."""
    return None if told is None else told.text

def test_dice_outcomes_are_pairs_of_faces() -> None:
    """C-BATTLE-2, C-COMP-2, C-DATA-7: a round is one chance event over (attacker, defender) face pairs of
    two identical dice; the faces are the die_faces option (default 0,1,1,2,2,3)."""
    g, s = _land()
    out = dict(g.chance_outcomes(s))
    assert len(out) == 16 and abs(sum(out.values()) - 1) < 1e-9
    assert out[Action("dice", (3, 3))] == pytest.approx(1 / 36)
    assert out[Action("dice", (1, 2))] == pytest.approx(4 / 36)
    other = game(3, die_faces="0-0-1-1-2-3")
    assert battle.die_faces(other.tables) == [0, 0, 1, 1, 2, 3]
    assert dict(other.chance_outcomes(s))[Action("dice", (0, 0))] == pytest.approx(4 / 36)


def test_lower_total_loses_one_unit_to_reserve() -> None:
    """C-BATTLE-2, C-BATTLE-5, C-BATTLE-6: die plus units; the lower total loses one unit, which leaves the
    board (back to the reserve)."""
    g, s = _land(defender_troops=3, attack=2)
    _do(g, s, "dice 0 0")  # 2 against 3: the attacker loses one
    assert s.battle_attack == 1 and s.troops[_island(g, "I2")] == 3
    s.battle_stage, s.chance = battle.ROLL, CH_BATTLE
    _do(g, s, "dice 3 0")  # 4 against 3: the defender loses one
    assert s.battle_attack == 1 and s.troops[_island(g, "I2")] == 2


def test_tie_costs_both_sides_a_unit() -> None:
    """C-BATTLE-5: on a tie each side loses one unit."""
    g, s = _land(defender_troops=2, attack=2)
    _do(g, s, "dice 1 1")
    assert s.battle_attack == 1 and s.troops[_island(g, "I2")] == 1


def test_fortress_and_metropolis_defend_an_island() -> None:
    """C-BATTLE-3, C-BUILD-6, C-METRO-8: the land defender adds 1 per Fortress, a Metropolis counting as
    one; the attacker gets nothing from its own buildings."""
    g, s = _land(defender_troops=2, attack=2)
    build_on(g, s, "I2", "fortress")
    build_on(g, s, "I1", "fortress")
    _do(g, s, "dice 1 0")  # 3 against 2 + 0 + 1: tie
    assert s.battle_attack == 1 and s.troops[_island(g, "I2")] == 1
    g, s = _land(defender_troops=2, attack=2)
    s.metropolis[_island(g, "I2")] = 1
    _do(g, s, "dice 1 0")
    assert s.battle_attack == 1 and s.troops[_island(g, "I2")] == 1
    assert battle.fortress_bonus(g.tables, s, _island(g, "I2")) == 1


def _naval(defender_fleets: int = 2, attack: int = 2) -> tuple[CycladesGame, CycladesState]:
    """Seat 0 (Poseidon) sails ``attack`` fleets from S5 into S6, held by seat 1."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=attack, I3=1)
    put(g, s, 1, S6=defender_fleets, I1=1, I2=0, I7=1)
    _do(g, s, f"sail S5 {attack} S6")
    return g, s


def test_ports_next_to_the_sea_defend_it() -> None:
    """C-BATTLE-4, C-BATTLE-14, C-BUILD-5, C-METRO-8: the naval defender adds 1 per Port on each island it
    owns next to the space (S6 touches I1, I2, I3), a Metropolis counting as a Port; the attacker's own
    Port on I3 counts for nothing."""
    g, s = _naval()
    assert s.chance == CH_BATTLE and s.battle_naval == 1 and s.battle_attacker == 0
    build_on(g, s, "I1", "port")
    s.metropolis[_island(g, "I2")] = 1
    build_on(g, s, "I3", "port", "port")
    assert battle.port_bonus(g.tables, s, 1, _sea(g, "S6")) == 2
    _do(g, s, "dice 3 1")  # 5 against 2 + 1 + 2: tie
    assert s.battle_attack == 1 and s.fleets[_sea(g, "S6")] == 1


def test_defender_decides_first_then_attacker_then_a_new_round() -> None:
    """C-BATTLE-7, C-ACTION-8: after a round with units on both sides the defender (off turn) chooses to
    retreat or stay, then the attacker, then the next round is rolled."""
    g, s = _naval(defender_fleets=3, attack=3)
    _do(g, s, "dice 0 0")
    assert g.actors(s) == (1,) and s.chance is None
    legal = {str(a) for a in g.legal_actions(s)}
    assert legal == {"stay", "retreat S3", "retreat S5", "retreat S8"}
    _do(g, s, "stay")
    assert g.actors(s) == (0,)
    assert {str(a) for a in g.legal_actions(s)} == {"stay", "retreat S3", "retreat S5", "retreat S8"}
    _do(g, s, "stay")
    assert g.actors(s) == (CHANCE,) and s.chance == CH_BATTLE


def test_a_side_that_cannot_retreat_is_not_asked() -> None:
    """C-BATTLE-7, C-BATTLE-9: a land defender with no fleet chain to another own island cannot retreat,
    so the attacker is asked straight away; when neither can, the next round follows at once."""
    g, s = _land(defender_troops=3, attack=2)
    _do(g, s, "dice 0 0")
    assert g.actors(s) == (0,) and {str(a) for a in g.legal_actions(s)} == {"stay", "retreat I1"}
    g, s = _land(defender_troops=3, attack=2)
    s.fleets[_sea(g, "S6")], s.fleet_owner[_sea(g, "S6")] = 0, -1
    _do(g, s, "dice 0 0")
    assert s.chance == CH_BATTLE


def test_land_retreat_follows_a_chain_of_own_fleets() -> None:
    """C-BATTLE-9, C-BATTLE-8, C-AMB-17, C-BATTLE-11: the defender retreats all its troops to its own
    island I4 over its fleet in S9; an island not its own is refused; the attacker then holds I2."""
    g, s = _land(defender_troops=3, attack=3)
    put(g, s, 1, S9=1, I4=1)
    _do(g, s, "dice 1 1")
    assert g.actors(s) == (1,)
    assert {str(a) for a in g.legal_actions(s)} == {"stay", "retreat I4"}
    assert rule_of(g, s, "retreat I3") == "C-BATTLE-9"
    _do(g, s, "retreat I4")
    i2, i4 = _island(g, "I2"), _island(g, "I4")
    assert s.troops[i4] == 3 and s.owner[i2] == 0 and s.troops[i2] == 2
    assert s.battle_place == -1 and s.chance is None and g.actors(s) == (0,)


def test_attacker_may_retreat_where_it_came_from() -> None:
    """C-BATTLE-9, C-AMB-19, C-BATTLE-11: the attacker may fall back to the island it came from; the
    defender keeps the island."""
    g, s = _land(defender_troops=3, attack=2)
    _do(g, s, "dice 1 0", "retreat I1")
    i1, i2 = _island(g, "I1"), _island(g, "I2")
    assert s.troops[i1] == 2 and s.owner[i2] == 1 and s.troops[i2] == 2 and s.battle_place == -1


def test_naval_retreat_to_an_empty_or_own_neighbour() -> None:
    """C-BATTLE-10: fleets retreat to a neighbouring sea that is empty or the retreater's own, never to a
    third player's; all of them go (C-BATTLE-8)."""
    g, s = _naval(defender_fleets=3, attack=3)
    put(g, s, 2, S3=1)
    put(g, s, 1, S8=1)
    _do(g, s, "dice 0 0")
    assert {str(a) for a in g.legal_actions(s)} == {"stay", "retreat S5", "retreat S8"}
    assert rule_of(g, s, "retreat S3") == "C-BATTLE-10"
    _do(g, s, "retreat S8")
    s6, s8 = _sea(g, "S6"), _sea(g, "S8")
    assert s.fleets[s8] == 3 and s.fleet_owner[s6] == 0 and s.fleets[s6] == 2


@SPIES_ON_RULES
def test_winner_of_a_land_battle_takes_the_island_and_its_buildings(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-BATTLE-11, C-BATTLE-16, C-BUILD-4, C-METRO-6: the last side standing owns the island with its
    buildings, Metropolis and prosperity markers, and the Metropolis routes are checked for it at once."""
    calls: list[int] = []
    monkeypatch.setattr(metro, "check_routes", lambda t, s, seat: calls.append(seat))
    g, s = _land(defender_troops=1, attack=2)
    i2 = _island(g, "I2")
    build_on(g, s, "I2", "temple")
    s.metropolis[i2], s.markers[i2] = 1, 1
    _do(g, s, "dice 3 0")
    assert s.owner[i2] == 0 and s.troops[i2] == 2 and s.metropolis[i2] == 1 and s.markers[i2] == 1
    assert s.buildings[g.tables.slot_offset[i2]] == 3 and calls == [0]
    assert s.chance is None and s.battle_place == -1


def test_both_sides_wiped_out_on_land() -> None:
    """C-BATTLE-12: when both lose their last troops in the same round, the defender keeps the island under
    a territory marker."""
    g, s = _land(defender_troops=1, attack=1)
    _do(g, s, "dice 2 2")
    i2 = _island(g, "I2")
    assert s.owner[i2] == 1 and s.troops[i2] == 0 and s.battle_place == -1 and s.chance is None


def test_both_sides_wiped_out_at_sea() -> None:
    """C-BATTLE-13, C-AMB-18: when both lose their last fleets in the same round, the space is left empty."""
    g, s = _naval(defender_fleets=1, attack=1)
    _do(g, s, "dice 0 0")
    s6 = _sea(g, "S6")
    assert s.fleets[s6] == 0 and s.fleet_owner[s6] == -1 and s.battle_place == -1


def test_winner_at_sea_controls_the_space() -> None:
    """C-BATTLE-11, C-BATTLE-1: the attacker's surviving fleets hold the space; a lost attack leaves the
    defender's fleets in place."""
    g, s = _naval(defender_fleets=1, attack=2)
    _do(g, s, "dice 0 0")
    s6 = _sea(g, "S6")
    assert s.fleets[s6] == 2 and s.fleet_owner[s6] == 0
    g, s = _naval(defender_fleets=2, attack=1)
    _do(g, s, "dice 0 0")
    assert s.fleets[s6] == 2 and s.fleet_owner[s6] == 1


def test_battle_prompt_refuses_the_wrong_seat_and_other_actions() -> None:
    """C-BATTLE-7, C-ACTION-8: while a retreat decision is open only its decider acts, with 'stay' or
    'retreat'; the turn's own actions wait."""
    g, s = _naval(defender_fleets=3, attack=3)
    _do(g, s, "dice 0 0")
    assert rule_of(g, s, "end") == "C-BATTLE-7"
    assert rule_of(g, s, "retreat S99") == "C-BATTLE-10"
    with pytest.raises(IllegalAction):
        g.legal_actions(s, 0)
    assert battle.legal(g.tables, s, 0) == []


def test_view_shows_the_battle() -> None:
    """C-INFO-2: a battle in progress is public: every seat's view holds its place, sides and units."""
    g, s = _land(defender_troops=2, attack=2)
    view = g.view(s, 2).state
    assert (view.battle_place, view.battle_attacker, view.battle_defender, view.battle_attack) == (
        _island(g, "I2"), 0, 1, 2)


def test_battle_in_words() -> None:
    """C-BATTLE-3, C-BATTLE-7: the public description names the place, sides, units and bonus, and who
    decides; no battle, no description."""
    g, s = _land(defender_troops=2, attack=2)
    build_on(g, s, "I2", "fortress")
    red, blue = g.seat_names[0], g.seat_names[1]
    assert told_text(battle.describe(g.tables, s)) == (
        f"Land battle in I2: {red} attacks with 2 troops, {blue} defends with 2 (+1); the dice are rolled next")
    _do(g, s, "dice 0 0")
    assert told_text(battle.describe(g.tables, s)) == (
        f"Land battle in I2: {red} attacks with 1 troops, {blue} defends with 2 (+1); {red} may retreat or stay")
    _do(g, s, "retreat I1")
    assert battle.describe(g.tables, s) is None


def test_retreat_prompt_lists_exactly_what_check_accepts() -> None:
    """C-BATTLE-7, C-BATTLE-9, C-BATTLE-10: for both prompts of a naval and a land battle, every candidate
    ('stay', 'retreat' to each place) is accepted by the check exactly when the legal list holds it."""
    for g, s in (_naval(defender_fleets=3, attack=3), _land(defender_troops=3, attack=3)):
        put(g, s, 1, S9=1, I4=1)
        _do(g, s, "dice 0 0")
        t = g.tables
        cap = StepCap("battle.pending(s)")
        while battle.pending(s) and cap():
            seat = g.actors(s)[0]
            legal = set(g.legal_actions(s))
            candidates = [Action("stay"), *(Action("retreat", (p,)) for p in (*t.sea_ids, *t.island_ids))]
            for a in candidates:
                assert (battle.check(t, s, seat, a) is None) == (a in legal), a
            _do(g, s, "stay")


def test_battles_survive_copies_and_json() -> None:
    """C-BATTLE-7: the battle fields round-trip through JSON and copies at every stage."""
    g, s = _naval(defender_fleets=3, attack=3)
    for text in ("dice 0 0", "stay"):
        assert g.state_from_json(g.state_to_json(s)) == s and s.copy() == s
        _do(g, s, text)
    assert g.parse_position(g.position_text(s)) == s
