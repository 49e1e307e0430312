"""Edges of battles (rules/battle.py, R-BATTLE): each refused decision names its rule and says what it
refuses in every phase of a battle (choosing the next, the retreat window, attack, defence); one
prestige is enough to retreat and with nobody able to the cards are dealt at once; the defender may
put the deck's first card second; a combat round records its losses and is counted; and a battle won
leaves the check's last battle to begin by itself.

Positions: the set-up at Sparta's turn of the second round; Sparta ends the turn with two one-unit
create actions away from Boiotia (land) and Thrakiko pelagos (sea), where the battles are. Sparta
attacks first on land (R-BATTLE-14). Land halves in deck order: Phalanx/Othismos (2),
Phalanx/Proothisi (1), Ippiko/Proothisi, Ippiko/Antistasi, Toxotis/Voli, Toxotis/Proothisi, …"""

from __future__ import annotations

from collections.abc import Sequence

from rules_helpers import assert_illegal

from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import BATTLES, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA
from step_cap import StepCap

GAME = PolisGame("2020")
LAND, SEA = "Boiotia", "ThrakikoPelagos"
PH2, PH1, IPP = "Phalanx/Othismos", "Phalanx/Proothisi", "Ippiko/Proothisi"
TOXV, TOXP, PELT, SALP, MERC = "Toxotis/Voli", "Toxotis/Proothisi", "Peltastes/Voli", "Salpinx", "Mercenaries"


def _sparta_ends_turn(units: dict[str, tuple[int, int]], prestige: tuple[int, int] | None = None) -> PolisState:
    s = pos.turn_position(GAME, round=1, active="sparta")
    for region, (athens, sparta) in units.items():
        pos.set_units(GAME, s, region, athens, sparta)
    if prestige is not None:
        pos.set_prestige(s, ATHENS, prestige[0])
        pos.set_prestige(s, SPARTA, prestige[1])
    pos.play(GAME, s, "hoplites Sparti", "pay iron", "galleys Pylos", "pay wood IonionPelagos")
    assert s.phase == BATTLES
    return s


def _fight_and_deal(s: PolisState, athens: Sequence[str], sparta: Sequence[str]) -> None:
    """Both fight on; the attacker's cards are drawn first, then the defender's."""
    cap = StepCap("s.battle is not None and s.battle.phase == 'retreat'")
    while s.battle is not None and s.battle.phase == "retreat" and cap():
        pos.play(GAME, s, "fight")
    assert s.battle is not None
    first, second = (sparta, athens) if s.battle.attacker == SPARTA else (athens, sparta)
    pos.play(GAME, s, *(f"card {code}" for code in (*first, *second)))


def _land_battle(athens: Sequence[str], sparta: Sequence[str]) -> PolisState:
    s = _sparta_ends_turn({LAND: (len(athens), len(sparta))})
    _fight_and_deal(s, athens, sparta)
    return s


def test_a_battle_to_choose_is_named_before_anything_else() -> None:
    """R-BATTLE-6: with two battles the chooser names one before any battle decision."""
    s = _sparta_ends_turn({LAND: (4, 4), SEA: (4, 4)})
    err = assert_illegal(GAME, s, "fight", "R-BATTLE-6")
    assert err.message == "choose the next battle: battle <region>"


def test_the_retreat_window_takes_retreat_or_fight_only() -> None:
    """R-BATTLE-31: before the cards are drawn each player declares a retreat or fights, nothing else."""
    s = _sparta_ends_turn({LAND: (4, 4)})
    err = assert_illegal(GAME, s, f"attack {PH2} {TOXP}", "R-BATTLE-31")
    assert err.message == "declare 'retreat' or 'fight' now"


def test_refused_attacks_name_their_rule_and_what_they_are_about() -> None:
    """R-BATTLE-31: no retreat (nor a fight declared) once cards are drawn; R-BATTLE-16: the attacker
    lays two cards of his own hand, named in deck order."""
    s = _land_battle(athens=[PH1, PH1, TOXV, IPP], sparta=[PH2, TOXP, PELT, PELT])
    for text in ("retreat", "fight"):
        err = assert_illegal(GAME, s, text, "R-BATTLE-31")
        assert err.message == "a retreat is declared only before cards are drawn"
    err = assert_illegal(GAME, s, f"defend {PH1} {PH1}", "R-BATTLE-16")
    assert err.message == "lay two cards: attack <card> <card>"
    err = assert_illegal(GAME, s, f"attack {TOXP} {PH2}", "R-BATTLE-16")
    assert err.message == f"name the two cards the other way round: attack {PH2} {TOXP}"
    for text in (f"attack {PH2} {SALP}", f"attack {PH2}"):
        err = assert_illegal(GAME, s, text, "R-BATTLE-16")
        assert err.message == "lay two cards from your own hand"


def test_refused_defences_name_their_rule_and_what_they_are_about() -> None:
    """R-BATTLE-17: the defender answers with two cards of his own hand, the first facing the
    attacker's first card."""
    s = _land_battle(athens=[PH1, PH1, TOXV, IPP], sparta=[PH2, TOXP, PELT, PELT])
    pos.play(GAME, s, f"attack {PH2} {TOXP}")
    err = assert_illegal(GAME, s, f"attack {PH1} {TOXV}", "R-BATTLE-17")
    assert err.message == "answer with two cards: defend <card> <card>"
    err = assert_illegal(GAME, s, f"defend {PH1} {PH2}", "R-BATTLE-17")
    assert err.message == "answer with two cards from your own hand, the first facing the attacker's first card"


def test_one_prestige_is_enough_to_retreat() -> None:
    """R-BATTLE-32: Athens at 1 prestige is asked and may retreat, paying it to Sparta."""
    s = _sparta_ends_turn({LAND: (4, 4)}, prestige=(1, 3))
    pos.play(GAME, s, "fight")
    assert GAME.actors(s) == (ATHENS,)
    pos.play(GAME, s, "retreat")
    assert s.prestige == [0, 4] and s.battle is None


def test_with_nobody_able_to_retreat_the_cards_are_dealt_at_once() -> None:
    """R-BATTLE-32, R-BATTLE-13: both at 0 prestige, nobody is asked: the deal begins, 4 cards each."""
    s = _sparta_ends_turn({LAND: (4, 4)}, prestige=(0, 0))
    assert s.battle is not None and s.battle.phase == "deal" and GAME.is_chance(s)
    assert s.battle.deal == [4, 4]


def test_the_defender_may_put_the_decks_first_card_second() -> None:
    """R-BATTLE-17: against two different cards each order of the defender's two is offered, the
    first card of the deck (Phalanx/Othismos) second as well as first."""
    s = _land_battle(athens=[PH2, TOXV, IPP, IPP], sparta=[PH1, TOXP, PELT, PELT])
    pos.play(GAME, s, f"attack {PH1} {TOXP}")
    legal = {str(a) for a in GAME.legal_actions(s)}
    assert {f"defend {PH2} {TOXV}", f"defend {TOXV} {PH2}", f"defend {IPP} {PH2}"} <= legal


def test_a_combat_round_records_its_losses_and_is_counted() -> None:
    """R-BATTLE-20, R-BATTLE-28 … R-BATTLE-30: crossed pairs cost Athens two hoplites; the round is
    recorded (2 lost, nothing on the table) and counted; the next, Athens attacking, loses nothing and
    is counted too."""
    s = _land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    pos.play(GAME, s, f"attack {PH2} {TOXV}", f"defend {TOXV} {PH1}")
    b = s.battle
    assert b is not None and (b.losses, b.played, b.rounds) == (2, (), 1)
    _fight_and_deal(s, athens=[], sparta=[IPP, MERC])  # Sparta back to 4 cards, Athens keeps his 2
    pos.play(GAME, s, f"attack {IPP} {IPP}", f"defend {IPP} {MERC}")  # both matched: no loss
    assert s.battle is not None and (s.battle.losses, s.battle.rounds) == (0, 2)


def test_the_last_battle_of_a_check_begins_by_itself_after_one_is_won() -> None:
    """R-BATTLE-6, R-BATTLE-26: Boiotia chosen first and won (Athens down to 1 hoplite), the battle at
    sea begins by itself, Athens attacking first there."""
    s = _sparta_ends_turn({LAND: (3, 5), SEA: (4, 4)})
    pos.play(GAME, s, f"battle {LAND}")
    _fight_and_deal(s, athens=[IPP, IPP, PELT], sparta=[PH2, TOXP, PH1, PH1, PH1])
    pos.play(GAME, s, f"attack {PH2} {TOXP}", f"defend {IPP} {IPP}")
    assert s.units[GAME.tables.region_index[LAND] * 2 + ATHENS] == 1
    b = s.battle
    assert b is not None and GAME.tables.region_ids[b.region] == SEA and b.attacker == ATHENS
    assert b.phase == "retreat" and s.battle_queue == []


def test_the_last_battle_of_a_check_begins_by_itself_after_the_deck_runs_out() -> None:
    """R-BATTLE-27, R-BATTLE-6: with one card left in the deck (a position late in a long battle) a
    round without losses cannot be followed by both draws: Boiotia's battle ends, units in place, and
    the battle at sea begins by itself."""
    s = _sparta_ends_turn({LAND: (4, 4), SEA: (4, 4)})
    pos.play(GAME, s, f"battle {LAND}")
    _fight_and_deal(s, athens=[PH1, PH1, TOXV, IPP], sparta=[PH2, PH2, PELT, PELT])
    b = s.battle
    assert b is not None
    b.deck = [1 if i == 0 else 0 for i in range(len(b.deck))]
    pos.play(GAME, s, f"attack {PH2} {PH2}", f"defend {PH1} {PH1}")  # matched twice: no loss
    assert s.units[GAME.tables.region_index[LAND] * 2:][:2] == [4, 4]
    b = s.battle
    assert b is not None and GAME.tables.region_ids[b.region] == SEA and b.phase == "retreat"
