"""Battles (R-BATTLE-*) and the worked examples EX-17 … EX-19, rule by rule.

Each position is built with :mod:`kleos.games.polis.positions`: a turn of round index 1 (N = 4) or
2 (N = 5) with 8+ units in a region away from the starting pieces (Boiotia on land, Thrakiko
pelagos at sea). The active player ends his turn with two one-unit create actions elsewhere, and the
battle is driven in notation: ``fight`` / ``retreat``, chance ``card <code>``, ``attack a b``,
``defend x y``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from rules_helpers import rejects

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import battle
from kleos.games.polis.state import BATTLES, END_OF_ROUND, OVER, TURN, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, CardInfo
from step_cap import StepCap

G20 = PolisGame("2020")
G12 = PolisGame("2012")
GAMES = {"2020": G20, "2012": G12}

# Land halves (rulebook: Phalanx/Othismos 2, Phalanx/Proothisi 1, Toxotis with Voli and Proothisi 1,
# Ippiko, Mercenaries 0, Salpinx -1) and sea halves (Treeris/Kyklos 0, Treeris/Periplous,
# Anotera Treeris/Diekplous).
PH2, PH1, TOXV, TOXP = "Phalanx/Othismos", "Phalanx/Proothisi", "Toxotis/Voli", "Toxotis/Proothisi"
IPP, PELT, MERC, SALP = "Ippiko/Proothisi", "Peltastes/Voli", "Mercenaries", "Salpinx"
IPP0, PELT0 = "Ippiko/Antistasi", "Peltastes/Antistasi"
TRE0, TRE1, ANO = "Treeris/Kyklos", "Treeris/Periplous", "AnoteraTreeris/Diekplous"

LAND, SEA = "Boiotia", "ThrakikoPelagos"

# Two one-unit create actions per side, away from Boiotia and Thrakiko pelagos: a turn's two actions.
TURN_ACTIONS = {
    ATHENS: (("hoplites Athinae", "pay iron"), ("galleys Athinae", "pay wood Kyklades")),
    SPARTA: (("hoplites Sparti", "pay iron"), ("galleys Pylos", "pay wood IonionPelagos")),
}


# ----- helpers ---------------------------------------------------------------------------------
def position(game: PolisGame = G20, *, round: int = 1, active: str = "sparta",
             units: dict[str, tuple[int, int]] | None = None) -> PolisState:
    """The starting set-up at ``active``'s turn of round ``round``; ``units``: region -> (Athens, Sparta)."""
    s = pos.turn_position(game, round=round, active=active)
    for region, (athens, sparta) in (units or {}).items():
        pos.set_units(game, s, region, athens, sparta)
    return s


def one_action(game: PolisGame, s: PolisState, steps: Sequence[str]) -> None:
    pos.play(game, s, *steps)
    if s.pending is not None:
        pos.play(game, s, "done")


def first_action(game: PolisGame, s: PolisState) -> None:
    one_action(game, s, TURN_ACTIONS[s.active][0])


def end_turn(game: PolisGame, s: PolisState) -> None:
    """The active player takes his turn's two actions; the turn ends with its battle check."""
    side = s.active
    for steps in TURN_ACTIONS[side]:
        one_action(game, s, steps)


def fight_on(game: PolisGame, s: PolisState) -> None:
    """Everybody asked in the current retreat window fights."""
    cap = StepCap("s.battle is not None and s.battle.phase == 'retreat'")
    while s.battle is not None and s.battle.phase == "retreat" and cap():
        pos.play(game, s, "fight")


def deal(game: PolisGame, s: PolisState, athens: Sequence[str] = (), sparta: Sequence[str] = ()) -> None:
    """Resolve the pending card draws: exactly these cards to each side."""
    b = s.battle
    assert b is not None and b.phase == "deal"
    hands = {ATHENS: list(athens), SPARTA: list(sparta)}
    assert [len(hands[ATHENS]), len(hands[SPARTA])] == b.deal
    first = b.attacker if b.deal[b.attacker] else 1 - b.attacker
    for side in (first, 1 - first):
        for code in hands[side]:
            pos.play(game, s, f"card {code}")


def combat(game: PolisGame, s: PolisState, *pairs: tuple[str, str]) -> None:
    """One combat round: each pair is (attacker's card, the defender's card facing it)."""
    (a1, d1), (a2, d2) = pairs
    if Action("attack", (a1, a2)) not in game.legal_actions(s):
        (a1, d1), (a2, d2) = (a2, d2), (a1, d1)
    pos.play(game, s, f"attack {a1} {a2}", f"defend {d1} {d2}")


def hand(game: PolisGame, s: PolisState, side: int) -> dict[str, int]:
    assert s.battle is not None
    cards = game.tables.cards(s.battle.sea)
    return {c.code: n for c, n in zip(cards, s.battle.hands[side], strict=True) if n}


def units(game: PolisGame, s: PolisState, region: str) -> tuple[int, int]:
    r = game.tables.region_index[region]
    return s.units[r * 2], s.units[r * 2 + 1]


def land_battle(game: PolisGame = G20, *, athens: Sequence[str], sparta: Sequence[str], round: int = 1,
                units_: tuple[int, int] | None = None) -> PolisState:
    """Sparta ends a turn with a battle in Boiotia; both fight on; these hands are dealt."""
    s = position(game, round=round, units={LAND: units_ or (len(athens), len(sparta))})
    end_turn(game, s)
    fight_on(game, s)
    deal(game, s, athens, sparta)
    return s


def sea_battle(game: PolisGame = G20, *, athens: Sequence[str], sparta: Sequence[str], round: int = 1) -> PolisState:
    s = position(game, round=round, units={SEA: (len(athens), len(sparta))})
    end_turn(game, s)
    fight_on(game, s)
    deal(game, s, athens, sparta)
    return s


def card(game: PolisGame, code: str, sea: bool = False) -> CardInfo:
    return next(c for c in game.tables.cards(sea) if c.code == code)


# ----- 10.1 when battles happen ------------------------------------------------------------------
@pytest.mark.parametrize("region", [LAND, SEA])
def test_eight_units_together_make_a_battle(region: str) -> None:
    """R-BATTLE-1: 4 + 4 hoplites in a territory (galleys in a sea) are fought over; 4 + 3 are not."""
    s = position(units={region: (4, 4)})
    end_turn(G20, s)
    assert s.phase == BATTLES and s.battle is not None
    assert G20.tables.region_ids[s.battle.region] == region
    s = position(units={region: (4, 3)})
    end_turn(G20, s)
    assert s.phase == TURN and s.active == ATHENS and s.battle is None


def test_battle_check_at_the_end_of_the_turn_not_after_an_action() -> None:
    """R-BATTLE-2, R-TURN-13: no check after the first action; the check comes when the turn ends."""
    s = position(units={LAND: (4, 4)})
    first_action(G20, s)
    assert s.phase == TURN and s.active == SPARTA and s.battle is None
    end_turn_second = TURN_ACTIONS[SPARTA][1]
    one_action(G20, s, end_turn_second)
    assert s.phase == BATTLES and s.battle is not None


def _post_pass_eight_in_attika(game: PolisGame) -> PolisState:
    """Sparta (4 hoplites in Attika, 3 Athenians there) passes; Athens, remaining, creates a 4th."""
    s = position(game, units={"Attika": (3, 4)})
    pos.play(game, s, "pass")
    assert s.phase == TURN and s.active == ATHENS
    pos.play(game, s, "hoplites Athinae", "toll wood", "pay iron")
    assert units(game, s, "Attika") == (4, 4)
    return s


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_no_check_after_the_remaining_players_actions(edition: str) -> None:
    """R-BATTLE-3, R-BATTLE-4: after the opponent's pass, 8 units together wait for the final check
    that follows the second pass; the last passer (Athens) then orders the battles (R-BATTLE-6)."""
    game = GAMES[edition]
    s = _post_pass_eight_in_attika(game)
    assert s.phase == TURN and s.active == ATHENS and s.battle is None
    pos.play(game, s, "galleys Athinae", "toll wood", "pay wood Kyklades", "done")
    assert s.phase == TURN and s.active == ATHENS and s.battle is None
    pos.play(game, s, "pass")
    assert s.phase == BATTLES and s.battle is not None and s.after_battles == "end_of_round"
    assert s.battle_chooser == ATHENS
    assert game.tables.region_ids[s.battle.region] == "Attika"


def test_end_of_round_begins_after_the_final_battles() -> None:
    """R-BATTLE-4, R-EOR-1: the end of round starts only once the final check's battle is over."""
    s = _post_pass_eight_in_attika(G20)
    pos.play(G20, s, "pass")
    assert s.phase == BATTLES
    pos.play(G20, s, "retreat")  # Sparta, first attacker on land, retreats before the deal
    assert s.phase == END_OF_ROUND and s.battle is None


def test_2020_the_first_passers_turn_ends_with_a_check() -> None:
    """R-BATTLE-5 [2020]: the turn in which Sparta passes ends with a normal battle check."""
    s = position(G20, units={LAND: (4, 4)})
    pos.play(G20, s, "pass")
    assert s.phase == BATTLES and s.battle is not None and s.after_battles == "turn"
    pos.play(G20, s, "retreat")
    assert s.phase == TURN and s.active == ATHENS


def test_2012_the_first_passers_turn_ends_without_a_check() -> None:
    """R-BATTLE-5 [2012] (A-3): no check when the first player passes; the battle waits for the final
    check after the second pass."""
    s = position(G12, units={LAND: (4, 4)})
    first_action(G12, s)
    pos.play(G12, s, "pass")
    assert s.phase == TURN and s.active == ATHENS and s.battle is None
    pos.play(G12, s, "pass")
    assert s.phase == BATTLES and s.battle is not None and s.after_battles == "end_of_round"


def test_the_player_whose_turn_ends_orders_several_battles() -> None:
    """R-BATTLE-6: with battles in Boiotia and Thrakiko pelagos, Sparta (whose turn ends) picks the
    order; a region without a battle is refused; the other battle follows by itself."""
    s = position(units={LAND: (4, 4), SEA: (4, 4)})
    end_turn(G20, s)
    assert s.phase == BATTLES and s.battle is None
    assert G20.actors(s) == (SPARTA,)
    assert G20.legal_actions(s) == [Action("battle", (LAND,)), Action("battle", (SEA,))]
    rejects(G20, s, "battle Attika", "R-BATTLE-6")
    rejects(G20, s, "fight", "R-BATTLE-6")
    pos.play(G20, s, f"battle {SEA}")
    assert s.battle is not None and G20.tables.region_ids[s.battle.region] == SEA
    pos.play(G20, s, "retreat")  # Athens, first attacker at sea
    assert s.battle is not None and G20.tables.region_ids[s.battle.region] == LAND
    assert G20.actors(s) == (SPARTA,)


def test_the_last_passer_orders_the_final_battles() -> None:
    """R-BATTLE-6 (A-4): at the final check the player who passed last chooses the order."""
    s = position(G12, units={LAND: (4, 4), SEA: (4, 4)})
    pos.play(G12, s, "pass", "pass")  # [2012]: no check after Sparta's pass
    assert s.phase == BATTLES and s.battle is None and s.battle_chooser == ATHENS
    assert G12.actors(s) == (ATHENS,)


def test_a_region_is_fought_over_once_per_check() -> None:
    """R-BATTLE-7, R-BATTLE-35, R-BATTLE-34: a retreat ends the battle with 8 units still in Boiotia; no
    second battle in this check; the next turn's check finds it again."""
    s = position(units={LAND: (4, 4)})
    end_turn(G20, s)
    pos.play(G20, s, "retreat")
    assert units(G20, s, LAND) == (4, 4)
    assert s.phase == TURN and s.active == ATHENS and s.battle is None
    end_turn(G20, s)
    assert s.phase == BATTLES and s.battle is not None and G20.tables.region_ids[s.battle.region] == LAND


# ----- 10.2 battle cards ---------------------------------------------------------------------------
def test_every_battle_shuffles_all_24_cards() -> None:
    """R-BATTLE-8, R-BATTLE-36, R-SETUP-14: the deal draws from all 24 cards, each with the odds of its
    copies; after a battle in which cards were played, the next battle has all 24 again."""
    s = position(units={LAND: (4, 4)})
    end_turn(G20, s)
    fight_on(G20, s)
    cards = G20.tables.land_cards
    assert s.battle is not None and sum(s.battle.deck) == 24
    odds = {str(a.args[0]): p for a, p in G20.chance_outcomes(s)}
    assert odds == {c.code: c.copies / 24 for c in cards}
    deal(G20, s, athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    combat(G20, s, (PH2, PH1), (TOXV, TOXV))
    pos.play(G20, s, "retreat")  # Athens, next attacker, retreats: battle over
    assert s.phase == TURN and s.active == ATHENS
    end_turn(G20, s)
    fight_on(G20, s)
    assert s.battle is not None and s.battle.deck == [c.copies for c in cards]


def test_land_battles_use_land_halves_and_sea_battles_sea_halves() -> None:
    """R-BATTLE-9: the cards dealt in a land battle are land halves, at sea sea halves."""
    for region, cards in ((LAND, G20.tables.land_cards), (SEA, G20.tables.sea_cards)):
        s = position(units={region: (4, 4)})
        end_turn(G20, s)
        fight_on(G20, s)
        assert {str(a.args[0]) for a in G20.legal_actions(s)} == {c.code for c in cards}
    assert {PH2, PH1, TOXV, TOXP, IPP, MERC, SALP} <= {c.code for c in G20.tables.land_cards}
    assert {TRE0, TRE1, ANO, MERC, SALP} <= {c.code for c in G20.tables.sea_cards}


@pytest.mark.parametrize("sea", [False, True])
def test_card_values_specials_and_formations(sea: bool) -> None:
    """R-BATTLE-10, R-BATTLE-11, R-BATTLE-12: values 2/1/0/-1; one Mercenaries (0) and one Salpinx (-1)
    in either kind of battle; each formation with at most two manoeuvres; 24 cards."""
    cards = G20.tables.cards(sea)
    assert {c.value for c in cards} <= {2, 1, 0, -1}
    specials = {c.special: (c.copies, c.value) for c in cards if c.special}
    assert specials == {"mercenaries": (1, 0), "salpinx": (1, -1)}
    per_formation: dict[str, int] = {}
    for c in cards:
        per_formation[c.formation] = per_formation.get(c.formation, 0) + 1
    assert max(per_formation.values()) <= 2
    assert sum(c.copies for c in cards) == 24
    if not sea:
        assert (card(G20, PH2).value, card(G20, PH2).copies) == (2, 3)
        assert (card(G20, PH1).value, card(G20, PH1).copies) == (1, 5)
        assert card(G20, TOXP).value == 1
    else:
        assert card(G20, TRE0, sea=True).value == 0 and card(G20, TRE1, sea=True).value > 0


# ----- 10.3 hands and roles --------------------------------------------------------------------------
def test_hands_equal_units_in_the_region() -> None:
    """R-BATTLE-13: with 3 Athenian and 5 Spartan hoplites the deal is 3 and 5 cards."""
    s = position(round=2, units={LAND: (3, 5)})
    end_turn(G20, s)
    fight_on(G20, s)
    assert s.battle is not None and s.battle.deal == [3, 5]
    deal(G20, s, [PH1, PH1, IPP], [PH2, PH2, TOXV, TOXP, SALP])
    assert sum(s.battle.hands[ATHENS]) == 3 and sum(s.battle.hands[SPARTA]) == 5
    assert G20.actors(s) == (SPARTA,) and s.battle.phase == "attack"


@pytest.mark.parametrize(("region", "ender", "attacker"), [(LAND, "athens", SPARTA), (SEA, "sparta", ATHENS)])
def test_first_attacker_sparta_on_land_athens_at_sea(region: str, ender: str, attacker: int) -> None:
    """R-BATTLE-14: Sparta attacks first on land, Athens at sea, whoever's turn ended."""
    s = position(active=ender, units={region: (4, 4)})
    end_turn(G20, s)
    assert s.battle is not None and s.battle.attacker == attacker
    assert G20.actors(s) == (attacker,)  # R-BATTLE-31: the first attacker declares first
    fight_on(G20, s)
    cap = StepCap("G20.is_chance(s)")
    while G20.is_chance(s) and cap():
        G20.step_chance(s)
    assert G20.actors(s) == (attacker,) and s.battle.phase == "attack"


def test_roles_swap_after_every_combat_round() -> None:
    """R-BATTLE-15, R-BATTLE-30: after Sparta's attack and the draws, Athens attacks and Sparta defends."""
    s = land_battle(athens=[PH1, PH1, TOXV, IPP], sparta=[PH2, TOXP, PELT, PELT])
    combat(G20, s, (PH2, PH1), (TOXP, TOXV))
    assert s.battle is not None and s.battle.attacker == ATHENS
    fight_on(G20, s)
    deal(G20, s, athens=[PH1, PH1], sparta=[IPP, IPP])
    assert G20.actors(s) == (ATHENS,) and s.battle.phase == "attack"
    pos.play(G20, s, f"attack {PH1} {PH1}")
    assert G20.actors(s) == (SPARTA,) and s.battle.phase == "defend"


# ----- 10.4 a combat round ----------------------------------------------------------------------------
def test_the_attacker_lays_two_cards_from_his_hand() -> None:
    """R-BATTLE-16: the attacker chooses two of his own cards; others, one card, or the defender acting
    first are refused and change nothing."""
    s = land_battle(athens=[PH1, PH1, TOXV, IPP], sparta=[PH2, TOXP, PELT, PELT])
    legal = G20.legal_actions(s)
    assert Action("attack", (PH2, TOXP)) in legal and Action("attack", (PELT, PELT)) in legal
    assert all(a.verb == "attack" for a in legal)
    rejects(G20, s, f"attack {PH2} {SALP}", "R-BATTLE-16")
    rejects(G20, s, f"attack {PH2} {PH2}", "R-BATTLE-16")
    rejects(G20, s, f"attack {PH2}", "R-BATTLE-16")
    rejects(G20, s, f"defend {PH1} {PH1}", "R-BATTLE-16")
    rejects(G20, s, f"attack {TOXP} {PH2}", "R-BATTLE-16")  # the notation lists cards in deck order
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        G20.apply_in_place(s, Action.parse(f"defend {PH1} {PH1}"), ATHENS)
    assert err.value.rule == "PROTOCOL" and s == before


def test_the_defender_chooses_which_card_faces_which() -> None:
    """R-BATTLE-17: the defender plays two cards and decides which faces which: matched both ways
    round costs nothing, crossed costs two hoplites. Cards he does not hold are refused."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    pos.play(G20, s, f"attack {PH2} {TOXV}")
    legal = G20.legal_actions(s)
    assert Action("defend", (PH1, TOXV)) in legal and Action("defend", (TOXV, PH1)) in legal
    assert Action("defend", (IPP, IPP)) in legal and all(a.verb == "defend" for a in legal)
    rejects(G20, s, f"defend {PH1} {PH2}", "R-BATTLE-17")
    rejects(G20, s, f"defend {PH1}", "R-BATTLE-17")
    rejects(G20, s, f"attack {PH1} {TOXV}", "R-BATTLE-17")
    crossed = s.copy()
    pos.play(G20, s, f"defend {PH1} {TOXV}")
    assert units(G20, s, LAND) == (4, 4)
    pos.play(G20, crossed, f"defend {TOXV} {PH1}")
    assert units(G20, crossed, LAND) == (2, 4)


def test_two_alike_attack_cards_leave_one_way_to_answer() -> None:
    """R-BATTLE-17: against two alike cards the defender's order changes nothing, so each pair of his
    cards is offered once."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PELT, PELT, PH2, TOXV])
    pos.play(G20, s, f"attack {PELT} {PELT}")
    legal = G20.legal_actions(s)
    assert Action("defend", (PH1, TOXV)) in legal and Action("defend", (TOXV, PH1)) not in legal


ATT_DEF_RESULTS = [
    # (attacker, defender, defender loses a unit, attacker's prestige change)
    (PH2, PH1, False, 1),  # same formation: the positive difference (R-BATTLE-21)
    (PH1, PH2, False, 0),  # same formation, attacker lower: nothing
    (PH2, TOXV, True, 2),  # other formation: a loss and the card's value (R-BATTLE-20)
    (PH2, MERC, False, 2),  # defending Mercenaries match any normal card (R-BATTLE-19 b)
    (SALP, MERC, True, -1),  # ... but not Salpinx (R-BATTLE-19, R-BATTLE-22)
    (MERC, PH2, False, 0),  # attacking Mercenaries always match and never cause a loss (R-BATTLE-19 c)
    (MERC, SALP, False, 1),  # matched, 0 - (-1) = 1
    (SALP, PH1, True, -1),  # an attacking Salpinx always causes a loss and costs 1 (R-BATTLE-22)
    (PH1, SALP, True, 1),  # a defending Salpinx stops nothing and costs its player nothing
    (IPP, PH1, True, 1),  # same manoeuvre, other formation: not matched
]


@pytest.mark.parametrize(("att", "dfn", "loss", "gain"), ATT_DEF_RESULTS)
def test_pair_resolution(att: str, dfn: str, loss: bool, gain: int) -> None:
    """R-BATTLE-18, R-BATTLE-19, R-BATTLE-20, R-BATTLE-21, R-BATTLE-22 (A-7): each pair is settled from the
    two formations and manoeuvre values alone."""
    assert battle.pair_result(card(G20, att), card(G20, dfn)) == (loss, gain)


def test_pairs_match_on_the_half_of_the_battle_type() -> None:
    """R-BATTLE-9, R-BATTLE-19: at sea two Treeris cards match whatever their land halves."""
    tre0, tre1, ano = (card(G20, c, sea=True) for c in (TRE0, TRE1, ANO))
    assert battle.pair_result(tre1, tre0) == (False, tre1.value)
    assert battle.pair_result(tre0, ano) == (True, 0)


def test_an_unmatched_pair_costs_the_defender_a_unit_to_his_supply() -> None:
    """R-BATTLE-20, R-BATTLE-37: the defender's lost hoplite goes to his supply; the attacker gains the
    value of his card."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    supply = s.supply_cubes[ATHENS]
    combat(G20, s, (PH2, PH1), (TOXV, IPP))
    assert units(G20, s, LAND) == (3, 4)
    assert s.supply_cubes[ATHENS] == supply + 1
    assert s.prestige == [3, 3 + 1 + card(G20, TOXV).value]


def test_both_pairs_are_settled_together() -> None:
    """R-BATTLE-23: Salpinx (-1) and an unanswered Phalanx/Othismos (+2): two losses, +1 in all."""
    s = land_battle(athens=[IPP, IPP, TOXV, PH1], sparta=[PH2, SALP, PELT, PELT])
    combat(G20, s, (PH2, IPP), (SALP, IPP))
    assert units(G20, s, LAND) == (2, 4)
    assert s.prestige == [3, 4]


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_an_unpaid_salpinx_loses_the_game(edition: str) -> None:
    """R-BATTLE-24, R-BATTLE-34, R-END-1 (A-8): Sparta at 0 prestige attacks with Salpinx and a card that
    gains nothing: the game ends at once and Athens wins."""
    game = GAMES[edition]
    s = position(game, units={LAND: (4, 4)})
    pos.set_prestige(s, SPARTA, 0)
    end_turn(game, s)
    assert game.actors(s) == (ATHENS,)  # R-BATTLE-32: Sparta, at 0, has no retreat to declare
    pos.play(game, s, "fight")
    deal(game, s, athens=[PH1, PH1, IPP, IPP], sparta=[PH1, SALP, PELT, PELT])
    combat(game, s, (PH1, PH1), (SALP, IPP))
    assert s.phase == OVER and game.is_terminal(s)
    assert s.outcome is not None and s.outcome.winner == ATHENS


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_a_salpinx_paid_by_the_other_card_is_no_defeat(edition: str) -> None:
    """R-BATTLE-24 (A-8): only the net change counts: Salpinx (-1) with an unanswered Phalanx/Proothisi
    (+1) at 0 prestige leaves Sparta at 0, and the battle goes on."""
    game = GAMES[edition]
    s = position(game, units={LAND: (4, 4)})
    pos.set_prestige(s, SPARTA, 0)
    end_turn(game, s)
    pos.play(game, s, "fight")
    deal(game, s, athens=[IPP, IPP, IPP, TOXV], sparta=[PH1, SALP, PELT, PELT])
    combat(game, s, (PH1, IPP), (SALP, IPP))
    assert s.outcome is None and s.prestige[SPARTA] == 0
    assert units(game, s, LAND) == (2, 4)
    assert s.battle is not None and s.battle.phase == "retreat"


def test_played_cards_are_discarded_for_the_rest_of_the_battle() -> None:
    """R-BATTLE-25: the four cards played leave the hands and never come back into the deck."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, SALP, PELT, PELT])
    b = s.battle
    assert b is not None
    deck = sum(b.deck)
    combat(G20, s, (PH2, PH1), (SALP, TOXV))
    assert hand(G20, s, SPARTA) == {PELT: 2} and hand(G20, s, ATHENS) == {IPP: 2}
    assert sum(b.deck) == deck
    assert b.deck[[c.code for c in G20.tables.land_cards].index(SALP)] == 0
    fight_on(G20, s)
    assert SALP not in {str(a.args[0]) for a in G20.legal_actions(s)}


# ----- 10.5 after a combat round -------------------------------------------------------------------------
def test_the_battle_ends_when_the_defender_has_fewer_than_two_units() -> None:
    """R-BATTLE-26, R-BATTLE-34: Athens defends with 3 hoplites and loses 2: the battle ends at once, with
    no retreat window and no draws; Athens' turn follows."""
    s = land_battle(round=2, athens=[IPP, IPP, IPP], sparta=[PH2, PH1, PELT, PELT, TOXV])
    combat(G20, s, (PH2, IPP), (PH1, IPP))
    assert units(G20, s, LAND) == (1, 5)
    assert s.battle is None and s.phase == TURN and s.active == ATHENS


def test_the_battle_goes_on_with_two_units_left() -> None:
    """R-BATTLE-26: a defender left with exactly 2 units fights on."""
    s = land_battle(athens=[IPP, IPP, IPP0, IPP0], sparta=[PH2, PH1, PELT, PELT])
    combat(G20, s, (PH2, IPP), (PH1, IPP0))
    assert units(G20, s, LAND) == (2, 4)
    assert s.battle is not None and s.battle.phase == "retreat"


@pytest.mark.parametrize(("losses", "ends"), [(0, True), (1, False)])
def test_the_battle_ends_when_the_deck_cannot_supply_both_draws(losses: int, ends: bool) -> None:
    """R-BATTLE-27, R-BATTLE-34 (A-6): with 3 cards left (as after several combat rounds) the draws need
    2 + (2 - losses): 4 without a loss ends the battle, 3 after one loss does not."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    b = s.battle
    assert b is not None
    codes = [c.code for c in G20.tables.land_cards]
    b.deck = [0] * len(codes)
    b.deck[codes.index(PH1)] = 3
    combat(G20, s, (PH2, PH1), (TOXV, TOXV if losses == 0 else IPP))
    if ends:
        assert s.battle is None and s.phase == TURN and units(G20, s, LAND) == (4, 4)
    else:
        assert s.battle is not None and s.battle.phase == "retreat" and s.battle.deal == [1, 2]


def test_the_next_attacker_declares_retreat_first_and_a_retreat_ends_the_battle() -> None:
    """R-BATTLE-28, R-BATTLE-31, R-BATTLE-32: after Sparta's attack, Athens (next attacker) declares
    first, then Sparta; Sparta's retreat ends the battle before any card is drawn."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    combat(G20, s, (PH2, PH1), (TOXV, TOXV))
    assert s.prestige == [3, 4]
    assert s.battle is not None and s.battle.phase == "retreat" and G20.actors(s) == (ATHENS,)
    assert G20.legal_actions(s) == [Action("fight"), Action("retreat")]
    pos.play(G20, s, "fight")
    assert G20.actors(s) == (SPARTA,)
    pos.play(G20, s, "retreat")
    assert s.battle is None and s.phase == TURN and s.active == ATHENS
    assert s.prestige == [4, 3]
    assert units(G20, s, LAND) == (4, 4)


def test_draws_bring_hands_back_to_the_units() -> None:
    """R-BATTLE-29, R-BATTLE-33: the attacker draws 2, the defender 2 minus his losses, so each hand
    equals the units left."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    combat(G20, s, (PH2, PH1), (TOXV, IPP))
    fight_on(G20, s)
    assert s.battle is not None and s.battle.deal == [1, 2]
    deal(G20, s, athens=[PH1], sparta=[PELT0, PELT0])
    assert [sum(h) for h in s.battle.hands] == list(units(G20, s, LAND)) == [3, 4]


# ----- 10.6 retreat -----------------------------------------------------------------------------------
def test_retreat_before_the_first_combat_round() -> None:
    """R-BATTLE-31, R-BATTLE-32: the pre-battle window comes before the deal, first attacker first; a
    retreat costs 1 prestige to the opponent and leaves every unit in place."""
    s = position(units={LAND: (4, 4)})
    end_turn(G20, s)
    b = s.battle
    assert b is not None and b.phase == "retreat" and sum(map(sum, b.hands)) == 0
    assert G20.actors(s) == (SPARTA,)
    pos.play(G20, s, "fight")
    assert G20.actors(s) == (ATHENS,)
    pos.play(G20, s, "retreat")
    assert s.prestige == [2, 4] and units(G20, s, LAND) == (4, 4)
    assert s.battle is None and s.phase == TURN


def test_no_retreat_once_cards_are_drawn() -> None:
    """R-BATTLE-31: retreat is declared only before cards are drawn; during the play it is refused."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    rejects(G20, s, "retreat", "R-BATTLE-31")
    pos.play(G20, s, f"attack {PH2} {TOXV}")
    rejects(G20, s, "retreat", "R-BATTLE-31")


def test_a_player_without_prestige_cannot_retreat() -> None:
    """R-BATTLE-32: Athens at 0 prestige is not asked; after Sparta fights the cards are dealt."""
    s = position(units={LAND: (4, 4)})
    pos.set_prestige(s, ATHENS, 0)
    end_turn(G20, s)
    pos.play(G20, s, "fight")
    assert G20.is_chance(s)
    s2 = position(units={LAND: (4, 4)})
    pos.set_prestige(s2, SPARTA, 0)
    end_turn(G20, s2)
    assert G20.actors(s2) == (ATHENS,)
    before = s2.copy()
    with pytest.raises(IllegalAction):
        G20.apply_in_place(s2, Action("retreat"), SPARTA)
    assert s2 == before


# ----- 10.7 invariants and end ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_hands_equal_units_at_every_combat_round(seed: int) -> None:
    """R-BATTLE-33, R-BATTLE-34, R-BATTLE-36: through whole random battles (5 against 5, N = 5) every
    combat round starts with hands equal to units and at least 2 each, and the battle always ends."""
    rng = random.Random(seed)
    region = LAND if seed % 2 else SEA
    s = position(round=2, units={region: (5, 5)})
    pos.set_prestige(s, ATHENS, 20)
    pos.set_prestige(s, SPARTA, 20)
    end_turn(G20, s)
    rounds = 0
    cap = StepCap("s.phase == BATTLES")
    while s.phase == BATTLES and cap():
        b = s.battle
        assert b is not None
        if G20.is_chance(s):
            G20.step_chance(s)
            continue
        if b.phase == "retreat":
            pos.play(G20, s, "fight")
            continue
        if b.phase == "attack":
            rounds += 1
            assert [sum(h) for h in b.hands] == list(units(G20, s, region))
            assert min(units(G20, s, region)) >= 2
        G20.apply_in_place(s, rng.choice(G20.legal_actions(s)))
    assert s.phase == TURN and rounds >= 1
    end_turn(G20, s)
    if s.battle is not None:
        assert s.battle.deck == [c.copies for c in G20.tables.cards(region == SEA)]


def test_losses_return_to_supply_and_take_the_siege_discs_with_the_last_hoplite() -> None:
    """R-BATTLE-37 [2020] (R-ACT-SIEGE-28): Athens loses its last two hoplites in Boiotia; the cubes go to
    its supply and its siege disc at Thibae goes home."""
    s = position(round=2, units={LAND: (3, 5)})
    thibae = G20.tables.polis_index["Thibae"]
    s.siege_discs[thibae * 2 + ATHENS] = 1
    s.supply_discs[ATHENS] -= 1
    cubes, discs = s.supply_cubes[ATHENS], s.supply_discs[ATHENS]
    end_turn(G20, s)
    fight_on(G20, s)
    deal(G20, s, athens=[IPP, TOXV, PH1], sparta=[PH2, PH1, PELT, PELT, TOXP])
    combat(G20, s, (PH2, IPP), (PH1, PH1))  # Athens loses 1: 2 left
    assert units(G20, s, LAND) == (2, 5) and s.siege_discs[thibae * 2 + ATHENS] == 1
    fight_on(G20, s)
    deal(G20, s, athens=[IPP], sparta=[PELT0, PELT0])
    combat(G20, s, (IPP, PELT), (TOXV, PELT))  # Athens attacks: Sparta loses 2
    fight_on(G20, s)
    deal(G20, s, athens=[IPP0, IPP0], sparta=[])
    assert hand(G20, s, SPARTA) == {PELT0: 2, TOXP: 1}
    combat(G20, s, (PELT0, IPP0), (PELT0, IPP0))  # Sparta attacks: Athens loses both
    assert units(G20, s, LAND) == (0, 3) and s.battle is None
    assert s.supply_cubes[ATHENS] == cubes + 3
    assert s.siege_discs[thibae * 2 + ATHENS] == 0 and s.supply_discs[ATHENS] == discs + 1


def test_the_opponents_hand_is_hidden_until_played() -> None:
    """R-BATTLE-38, R-GEN-17: each seat sees only its own hand and the cards laid face up."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    view = G20.view(s, ATHENS)
    assert view.hidden_hand_sizes == (0, 4)
    assert view.state.battle is not None and sum(view.state.battle.hands[SPARTA]) == 0
    assert sum(view.state.battle.hands[ATHENS]) == 4
    pos.play(G20, s, f"attack {PH2} {TOXV}")
    view = G20.view(s, ATHENS)
    assert view.hidden_hand_sizes == (0, 2)
    played = view.state.battle.played if view.state.battle else ()
    assert [G20.tables.land_cards[i].code for i in played] == [PH2, TOXV]


# ----- worked examples ------------------------------------------------------------------------------------
def test_ex17_matched_land_pairs() -> None:
    """EX-17, R-BATTLE-21: Phalanx/Othismos and Toxotis/Voli against a Phalanx/Proothisi and a Toxotis:
    no losses; the attacker gains 2 - 1 = 1 for the Phalanx pair and nothing for the Toxotis pair."""
    s = land_battle(athens=[PH1, TOXV, IPP, IPP], sparta=[PH2, TOXV, PELT, PELT])
    combat(G20, s, (PH2, PH1), (TOXV, TOXV))
    assert units(G20, s, LAND) == (4, 4)
    assert s.prestige == [3, 4]


def test_ex18_sea_salpinx() -> None:
    """EX-18, R-BATTLE-14, R-BATTLE-22: at sea Athens attacks with Treeris/Kyklos (0) and Salpinx; Sparta
    answers Treeris and Anotera Treeris/Diekplous: no gain for the Treeris pair; the Salpinx sinks a
    Spartan galley and costs Athens 1 prestige."""
    s = sea_battle(athens=[TRE0, SALP, ANO, ANO], sparta=[TRE1, ANO, TRE0, TRE0])
    assert G20.actors(s) == (ATHENS,)
    combat(G20, s, (TRE0, TRE1), (SALP, ANO))
    assert units(G20, s, SEA) == (4, 3)
    assert s.prestige == [2, 3]


def test_ex19_mercenaries_and_an_unanswered_toxotis() -> None:
    """EX-19, R-BATTLE-19, R-BATTLE-23: Phalanx/Othismos and Toxotis/Proothisi against Mercenaries and
    an Ippiko: the Phalanx pair matches (+2), the Toxotis pair costs Athens a hoplite (+1); total +3."""
    s = land_battle(athens=[MERC, IPP, PH1, PH1], sparta=[PH2, TOXP, PELT, PELT])
    combat(G20, s, (PH2, MERC), (TOXP, IPP))
    assert units(G20, s, LAND) == (3, 4)
    assert s.prestige == [3, 6]


def test_actor_is_chance_while_dealing() -> None:
    """R-BATTLE-13, R-BATTLE-29: cards are dealt by chance events, never chosen by a player."""
    s = position(units={LAND: (4, 4)})
    end_turn(G20, s)
    fight_on(G20, s)
    assert G20.actors(s) == (CHANCE,)
