"""The island figures' lasting rules (rules/figures.py; C-SUMMON-4, C-DATA-6): Minotaur in battles,
Medusa pinning troops, Chiron forbidding landings, how long a figure lasts, two figures meeting."""

from __future__ import annotations

from cyc_helpers import begin_effect, game, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle, effects, figures
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA


def _do(g: CycladesGame, s: CycladesState, *texts: str) -> None:
    """Apply actions; ``dice a d`` goes to chance, the rest to the seat that acts."""
    for text in texts:
        action = Action.parse(text)
        g.apply_in_place(s, action, CHANCE if action.verb == "dice" else None)


def _figure(g: CycladesGame, s: CycladesState, key: str, island: str, seat: int = 0) -> None:
    begin_effect(g, s, key, seat)
    _do(g, s, f"target {island}")
    assert not effects.pending(s)


def _attack_i2(g: CycladesGame, s: CycladesState, red_troops: int) -> None:
    """Blue on I3 with 3 troops and a fleet in S10 (linking I3 and I2); Red holds I2 and I6."""
    put(g, s, 0, I3=3, S10=1)
    put(g, s, 1, I2=red_troops, I6=1)


def test_minotaur_defends_worth_two_lost_last() -> None:
    """C-BATTLE-2, C-BATTLE-5, C-DATA-6 (minotaur, minotaur_mode=unit_worth_2, param minotaur_value=2):
    the Minotaur adds 2 to the island owner's defence and is lost only after the last troop; then the
    figure leaves the board."""
    g, s = war_turn(5, ARES)
    t = g.tables
    _attack_i2(g, s, 1)
    _figure(g, s, "minotaur", "I2")
    _do(g, s, "march I3 2 I2")
    assert battle.defence_bonus(t, s) == 2
    _do(g, s, "dice 0 0")  # 2 against 1 + 2: the attacker loses one
    assert s.battle_attack == 1
    _do(g, s, "stay", "dice 3 0")  # 4 against 3: Red's troop goes, the Minotaur fights on
    assert s.troops[t.island_index["I2"]] == 0 and battle.in_battle(s)
    assert figures.where(t, s, figures.MINOTAUR) == t.island_index["I2"]
    _do(g, s, "stay", "dice 3 0")  # 4 against 2: the Minotaur is lost, Blue takes I2
    assert not battle.in_battle(s) and s.owner[t.island_index["I2"]] == 0
    assert figures.where(t, s, figures.MINOTAUR) == -1


def test_minotaur_defends_an_island_without_troops() -> None:
    """C-TROOP-3, C-DATA-6 (minotaur, unit_worth_2; reconstructed): a landing on another player's island
    held by a territory marker and the Minotaur is a battle, not a capture."""
    g, s = war_turn(5, ARES)
    t = g.tables
    _attack_i2(g, s, 0)
    _figure(g, s, "minotaur", "I2")
    _do(g, s, "march I3 1 I2")
    assert battle.in_battle(s) and s.owner[t.island_index["I2"]] == 1


def test_minotaur_bonus_option() -> None:
    """C-BATTLE-3, C-DATA-6 (minotaur, minotaur_mode=bonus_2): +2 for the defender while it has troops;
    no help on an island without troops."""
    g = game(5, minotaur_mode="bonus_2")
    _, s = war_turn(5, ARES)
    t = g.tables
    _attack_i2(g, s, 0)
    _figure(g, s, "minotaur", "I2")
    assert figures.minotaur_bonus(t, s, t.island_index["I2"]) == 0
    _do(g, s, "march I3 1 I2")
    assert not battle.in_battle(s) and s.owner[t.island_index["I2"]] == 0
    s.troops[t.island_index["I2"]] = 1
    assert figures.minotaur_bonus(t, s, t.island_index["I2"]) == 2


def test_medusa_pins_troops() -> None:
    """C-TROOP-1, C-BATTLE-9, C-SUMMON-4, C-DATA-6 (medusa): troops on Medusa's island cannot leave it:
    no Ares move, no Pegasus flight, no land retreat."""
    g, s = war_turn(5, ARES)
    t = g.tables
    _attack_i2(g, s, 2)
    _figure(g, s, "medusa", "I3", seat=1)
    put(g, s, 0, I11=1)
    assert not any(a.verb == "march" and a.args[0] == "I3" for a in g.legal_actions(s))
    assert rule_of(g, s, "march I3 1 I2") == "C-SUMMON-4"
    begin_effect(g, s, "pegasus")
    assert {a.args[0] for a in g.legal_actions(s)} == {"I11"}
    assert rule_of(g, s, "target I3 1 I10") == "C-SUMMON-4"
    _do(g, s, "target I11 1 I10")
    put(g, s, 0, S19=1, I4=1)  # S19 links Blue's I3 and I4
    s.battle_place, s.battle_naval, s.battle_attacker, s.battle_defender = t.island_index["I3"], 0, 1, 0
    assert battle.retreats(t, s, 0) == []
    s.figure_at[figures.MEDUSA] = -1
    assert battle.retreats(t, s, 0) == [t.island_index["I4"]]  # without Medusa Blue could retreat


def test_chiron_forbids_landings_and_shields() -> None:
    """C-TROOP-3, C-SUMMON-4, C-DATA-6 (chiron, chiron_protection=full): no troops land on Chiron's
    island, by Ares or Pegasus, and the Giant and Harpy cannot target it."""
    g, s = war_turn(5, ARES)
    _attack_i2(g, s, 1)
    s.buildings[g.tables.slot_offset[g.tables.island_index["I2"]]] = 1
    _figure(g, s, "chiron", "I2", seat=1)
    assert rule_of(g, s, "march I3 1 I2") == "C-SUMMON-4"
    begin_effect(g, s, "pegasus")
    assert not any(a.args[2] == "I2" for a in g.legal_actions(s))
    assert rule_of(g, s, "target I3 1 I2") == "C-SUMMON-4"
    _do(g, s, "target I3 1 I9")
    begin_effect(g, s, "harpy")
    assert rule_of(g, s, "target I2") == "C-SUMMON-4"
    _do(g, s, "target I6")
    begin_effect(g, s, "giant")
    assert not effects.pending(s)  # its only building is on Chiron's island: nothing to do


def test_chiron_minimal_option_lets_ares_land() -> None:
    """C-TROOP-3, C-DATA-6 (chiron, chiron_protection=pegasus_giant_harpy): Ares landings are allowed,
    a Pegasus flight is not."""
    g = game(5, chiron_protection="pegasus_giant_harpy")
    _, s = war_turn(5, ARES)
    _attack_i2(g, s, 1)
    _figure(g, s, "chiron", "I2", seat=1)
    assert Action.parse("march I3 1 I2") in g.legal_actions(s)
    begin_effect(g, s, "pegasus")
    assert rule_of(g, s, "target I3 1 I2") == "C-SUMMON-4"


def test_figure_lasts_until_the_summoners_next_turn() -> None:
    """C-SUMMON-4, C-DATA-6: a figure works until its summoner begins another action turn: through the
    other players' turns and the next offerings, not once the summoner acts again."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    _figure(g, s, "medusa", "I3")
    assert figures.pinned(t, s, t.island_index["I3"])
    s.cycle += 1
    s.queue, s.next_order = [], [-1] * t.n_markers
    assert figures.pinned(t, s, t.island_index["I3"])  # next cycle, before any turn
    s.phase, s.queue = "action", [2, 0]
    assert figures.pinned(t, s, t.island_index["I3"])  # Green acts first
    s.queue, s.next_order[-1] = [0], 2
    assert not figures.pinned(t, s, t.island_index["I3"])  # Blue's turn has begun
    figures.expire(t, s)
    assert s.figure_at[figures.MEDUSA] == -1


def test_figure_ends_at_second_marker_in_two_players() -> None:
    """C-TWO-3, C-SUMMON-4: with two markers a seat's next action turn may come in the same cycle."""
    g, s = war_turn(2, ATHENA)
    t = g.tables
    _figure(g, s, "chiron", "I2")
    s.queue, s.next_order[-1] = [2, 1], 0  # marker 0 (Blue) done, Red's marker 2 acts
    assert figures.where(t, s, figures.CHIRON) == t.island_index["I2"]
    s.queue, s.next_order[-2] = [1], 2  # Blue's second marker (1) begins
    assert figures.where(t, s, figures.CHIRON) == -1


def test_two_figures_on_one_island_destroy_each_other() -> None:
    """C-DATA-6: a figure put on an island where another figure stands: both leave the board."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    _figure(g, s, "minotaur", "I5")
    _figure(g, s, "chiron", "I6")
    _figure(g, s, "medusa", "I5")
    assert figures.where(t, s, figures.MINOTAUR) == figures.where(t, s, figures.MEDUSA) == -1
    assert figures.where(t, s, figures.CHIRON) == t.island_index["I6"]


def test_figures_in_words() -> None:
    """C-SUMMON-4, C-INFO-4: the figures on the board are public and told with their summoner."""
    g, s = war_turn(5, ATHENA)
    assert figures.describe(g.tables, s) is None
    _figure(g, s, "chiron", "I6", seat=2)
    shown = figures.describe(g.tables, s)
    assert shown is not None and shown.text == "Figures: Chiron on I6 (Green)"
    begin_effect(g, s, "kraken")
    resolving = effects.describe(g.tables, s)
    assert resolving is not None and resolving.text == "Blue's Kraken is being resolved; Blue answers: target <sea>"
