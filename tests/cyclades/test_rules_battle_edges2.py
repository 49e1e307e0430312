"""Edges of battles (rules/battle.py; C-BATTLE-4/7/9/10/11, C-AMB-26): whether a battle is under way, the
battle fields once it ends, a naval battle told in words, the prompt's refusals in rule and words (each
half of the well-formed retreat, the place named), the stage after each answer, a naval retreat into an
empty sea, whose Ports defend a sea, and a capture that takes a player's last island.

Rulebook (seed 002, "EXPLICACIÓN DE LA BATALLA"): "Si ambos combatientes todavía tienen Tropas / Flotas,
el defensor puede decidir retirarse (...). Si no lo hace (o si no puede), el atacante puede también
retirarse." — "Estos pasos se repiten hasta que sólo queda un jugador en la zona de combate. Ese jugador
toma el control de la isla o el espacio de mar en el que se produjo la batalla." — "Retirada durante una
batalla marítima: (...) debe mover sus Flotas a un espacio adyacente vacío o a uno que él controle." """

from __future__ import annotations

from cyc_helpers import build_on, put
from test_cyc_war_battle import _do, _island, _land, _naval, _sea, told_text

from kleos.core.action import Action
from kleos.games.cyclades.rules import battle
from kleos.games.cyclades.tables import EMPTY, NOBODY


def _refusal(text: str, seat: int, naval: bool = True) -> tuple[str, str] | None:
    """The rule and English words the open retreat prompt refuses ``text`` from ``seat`` with (None:
    accepted): after a first round of 3 against 3 that leaves both sides units, the defender (seat 1) asked."""
    g, s = _naval(defender_fleets=3, attack=3) if naval else _land(defender_troops=3, attack=3)
    _do(g, s, "dice 0 0")
    refused = battle.check(g.tables, s, seat, Action.parse(text))
    return None if refused is None else (refused.rule, refused.message)


def test_a_battle_is_under_way_from_the_move_to_its_end() -> None:
    """C-BATTLE-1, C-BATTLE-11 ("The battle ends when only one side has units left"): under way once the
    move enters the defended place, over when one side is gone."""
    g, s = _land(defender_troops=1, attack=2)
    assert battle.in_battle(s)
    _do(g, s, "dice 3 0")
    assert not battle.in_battle(s)


def test_a_finished_battle_leaves_no_field_behind() -> None:
    """C-BATTLE-11: when a naval battle ends, its fields are cleared — no place, no sides, no attacking
    units, not naval, the stage back to the dice (the saved game and the observation read them)."""
    g, s = _naval(defender_fleets=1, attack=2)
    _do(g, s, "dice 3 0")
    assert (s.battle_place, s.battle_attacker, s.battle_defender) == (EMPTY, EMPTY, EMPTY)
    assert (s.battle_naval, s.battle_attack, s.battle_stage) == (0, 0, battle.ROLL)


def test_a_naval_battle_in_words() -> None:
    """C-BATTLE-4, C-BATTLE-7: a naval battle is told as one, with fleets and the Port bonus."""
    g, s = _naval(defender_fleets=2, attack=3)
    red, blue = g.seat_names[0], g.seat_names[1]
    assert told_text(battle.describe(g.tables, s)) == (
        f"Naval battle in S6: {red} attacks with 3 fleets, {blue} defends with 2 (+0); the dice are rolled next")


def test_the_wrong_seat_is_refused_under_the_prompt_rule() -> None:
    """C-BATTLE-7, C-ACTION-8 ("the defender may retreat. If the defender stays or cannot retreat, the
    attacker may retreat"): while the defender decides, the attacker and a third seat are refused, with
    the rule and its words; the defender's 'stay' is accepted."""
    wrong = ("C-BATTLE-7", "the other side of the battle decides now")
    assert _refusal("stay", 0) == wrong
    assert _refusal("stay", 2) == wrong
    assert _refusal("stay", 1) is None


def test_a_retreat_needs_its_verb_and_one_place() -> None:
    """C-BATTLE-7: a battle asks 'retreat <place>' or 'stay'; another verb with one place, and a retreat
    with two places where the first is allowed, are each refused with the usage, at sea and on land;
    the well-formed retreat is accepted."""
    usage = ("C-BATTLE-7", "a battle asks 'retreat <place>' or 'stay'")
    assert _refusal("sail S5", 1) == usage
    assert _refusal("retreat S5 S8", 1) == usage
    assert _refusal("retreat S5", 1) is None
    g, s = _land(defender_troops=3, attack=3)
    put(g, s, 1, S9=1, I4=1)
    _do(g, s, "dice 0 0")
    assert battle.check(g.tables, s, 1, Action.parse("march I4")) == battle.check(
        g.tables, s, 1, Action.parse("retreat I4 I7"))
    refused = battle.check(g.tables, s, 1, Action.parse("march I4"))
    assert refused is not None and (refused.rule, refused.message) == usage
    assert battle.check(g.tables, s, 1, Action.parse("retreat I4")) is None


def test_a_naval_retreat_into_an_empty_sea_takes_it() -> None:
    """C-BATTLE-10, C-BATTLE-8 ("the fleets go to a neighbouring sea space that is empty or that the
    retreating player controls"): after a tie of 3 against 3, the defender's two fleets left retreat into
    S5, left empty by the attacker, and the retreating player controls it; the attacker holds S6."""
    g, s = _naval(defender_fleets=3, attack=3)
    _do(g, s, "dice 0 0", "retreat S5")
    s5, s6 = _sea(g, "S5"), _sea(g, "S6")
    assert (s.fleets[s5], s.fleet_owner[s5]) == (2, 1)
    assert (s.fleets[s6], s.fleet_owner[s6]) == (2, 0)


def test_a_capture_of_a_players_last_island_puts_it_out() -> None:
    """C-AMB-26 ("a player who loses their last island is out of the game and their possessions are
    removed"), C-BATTLE-11: the defender's only island taken, its fleets, gold and turns left this cycle go."""
    g, s = _land(defender_troops=1, attack=2)
    t = g.tables
    i7 = _island(g, "I7")
    s.owner[i7], s.troops[i7] = EMPTY, 0
    put(g, s, 1, S9=2)
    second = t.markers_per_player  # seat 1's first marker, to play after seat 0's turn
    s.queue = [s.queue[0], second]
    _do(g, s, "dice 3 0")
    assert s.owner[_island(g, "I2")] == 0
    assert s.fleets[_sea(g, "S9")] == 0 and s.gold[1] == 0
    assert second not in s.queue


def test_only_the_defenders_ports_defend_a_sea() -> None:
    """C-BATTLE-4, C-BUILD-5 ("the defender adds +1 for each Port on islands it owns next to the battle
    space"): a Port on the defender's island next to S6 counts, one on the attacker's island or on an
    island nobody owns next to it does not."""
    g, s = _naval()
    t, s6 = g.tables, _sea(g, "S6")
    build_on(g, s, "I1", "port")
    assert battle.port_bonus(t, s, 1, s6) == 1
    g, s = _naval()
    build_on(g, s, "I3", "port")
    s.owner[_island(g, "I2")] = NOBODY
    build_on(g, s, "I2", "port")
    assert battle.port_bonus(t, s, 1, s6) == 0


def test_the_stage_follows_each_answer_of_the_prompt() -> None:
    """C-BATTLE-7 ("If the defender stays or cannot retreat, the attacker may retreat. If neither
    retreats, another round is fought"): after the defender stays, the attacker's prompt is the open
    stage; after the attacker stays too, the stage is the dice again, told as such, and no prompt is open;
    the same at once when neither side can retreat."""
    g, s = _naval(defender_fleets=3, attack=3)
    _do(g, s, "dice 0 0", "stay")
    assert s.battle_stage == battle.ATTACKER
    _do(g, s, "stay")
    assert s.battle_stage == battle.ROLL and not battle.pending(s)
    assert (told_text(battle.describe(g.tables, s)) or "").endswith("; the dice are rolled next")
    g, s = _land(defender_troops=3, attack=3)  # the defender cannot retreat: the attacker is asked at once
    _do(g, s, "dice 0 0")
    assert s.battle_stage == battle.ATTACKER
    _do(g, s, "stay")
    assert s.battle_stage == battle.ROLL and not battle.pending(s)
    g, s = _land(defender_troops=3, attack=3)  # neither can retreat: the next round at once
    s.fleets[_sea(g, "S6")], s.fleet_owner[_sea(g, "S6")] = 0, NOBODY
    _do(g, s, "dice 0 0")
    assert s.battle_stage == battle.ROLL and not battle.pending(s)
    assert (told_text(battle.describe(g.tables, s)) or "").endswith("; the dice are rolled next")


def test_a_retreat_not_allowed_names_the_place() -> None:
    """C-BATTLE-9, C-BATTLE-10: a retreat to a place that does not qualify, or that is not on the board,
    is refused under the rule of its kind of battle, naming the place; an allowed one is accepted."""
    third = ("C-BATTLE-10", "S3 is not a neighbouring sea that is empty or yours")
    g, s = _naval(defender_fleets=3, attack=3)
    put(g, s, 2, S3=1)
    _do(g, s, "dice 0 0")
    refused = battle.check(g.tables, s, 1, Action.parse("retreat S3"))
    assert refused is not None and (refused.rule, refused.message) == third
    assert _refusal("retreat S99", 1) == ("C-BATTLE-10", "S99 is not a neighbouring sea that is empty or yours")
    assert _refusal("retreat S8", 1) is None
    g, s = _land(defender_troops=3, attack=3)
    _do(g, s, "dice 0 0")  # the defender cannot retreat: the attacker decides
    for place in ("I7", "I99"):
        refused = battle.check(g.tables, s, 0, Action("retreat", (place,)))
        assert refused is not None
        assert (refused.rule, refused.message) == (
            "C-BATTLE-9", f"{place} is not an island of yours linked by a chain of your fleets")
    assert battle.check(g.tables, s, 0, Action.parse("retreat I1")) is None
