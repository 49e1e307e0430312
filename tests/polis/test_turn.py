"""Turns and passing (R-TURN), the general rules about goods, prestige, dice and hidden information
(R-GEN-1 … R-GEN-17) and the post-pass rules shared by every action.

Every test builds its position with :mod:`kleos.games.polis.positions` and plays in notation; each
docstring names the rules it checks. Illegal actions must raise :class:`IllegalAction` naming the
rule and leave ``game.position_text`` unchanged.
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, GAMES, assert_illegal, legal, new

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_prestige, set_units
from kleos.games.polis.rules import actions
from kleos.games.polis.state import BATTLES, END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import ATHENS, GOODS, N_GOODS, NO_ONE, SPARTA
from step_cap import StepCap

# One complete, always-legal action per side at the start of a round-2 (N = 4) position.
SPARTA_MERCHANT = ("merchants Pylos", "pay wood")  # Pylos 2 -> 1: ends by itself (last-cube rule)
ATHENS_MERCHANT = ("merchants Athinae", "pay wood", "done")
SPARTA_TRIBUTE = ("tribute Lakedaemon", "assign iron", "done")  # free in the capital's territory
ATHENS_TRIBUTE = ("tribute Attika", "assign wine", "done")


# ----- R-GEN: players, capitals, goods ------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_athens_and_sparta(edition: str) -> None:
    """R-GEN-1: exactly two seats, Athens (0) and Sparta (1); chance is not a player; only one of the
    two acts in a turn."""
    game, s = new(edition, active="sparta")
    assert game.seat_names == ("Athens", "Sparta")
    assert game.actors(s) == (SPARTA,)
    play(game, s, "pass")
    assert game.actors(s) == (ATHENS,)
    assert CHANCE not in (ATHENS, SPARTA)


@pytest.mark.parametrize("edition", EDITIONS)
def test_capitals(edition: str) -> None:
    """R-GEN-4: Athens' capital is Athinae, Sparta's is Sparti; both start owned by their side."""
    game, s = new(edition, active="sparta")
    t = game.tables
    assert (t.polis_ids[t.capital[ATHENS]], t.polis_ids[t.capital[SPARTA]]) == ("Athinae", "Sparti")
    assert s.owner[t.capital[ATHENS]] == ATHENS and s.owner[t.capital[SPARTA]] == SPARTA


def _names(game: PolisGame, goods: tuple[int, ...]) -> list[str]:
    return [GOODS[g] for g in goods]


def test_goods_2020() -> None:
    """R-GEN-5 [2020]: goods iron, wood, wine, silver, wheat; tradable iron, wood, wine. The post-pass
    good can be any of the five, and oil is no good at all (R-TURN-7)."""
    game, s = new("2020", active="sparta")
    assert _names(game, game.tables.goods) == ["iron", "wood", "wine", "silver", "wheat"]
    assert _names(game, game.tables.tradable) == ["iron", "wood", "wine"]
    set_goods(s, "athens", iron=1, wood=1, wine=1, silver=1, wheat=1)
    play(game, s, "pass", *ATHENS_MERCHANT[:1])
    assert legal(game, s) == ["toll iron", "toll wood", "toll wine", "toll silver", "toll wheat"]
    assert_illegal(game, s, "toll oil", "R-TURN-7")


def test_goods_2012() -> None:
    """R-GEN-6 [2012]: goods metal (iron), wood, wine, oil, silver, wheat; tradable metal, wood, wine,
    oil. Oil pays the post-pass good (R-TURN-7)."""
    game, s = new("2012", active="sparta")
    assert _names(game, game.tables.goods) == ["iron", "wood", "wine", "oil", "silver", "wheat"]
    assert _names(game, game.tables.tradable) == ["iron", "wood", "wine", "oil"]
    set_goods(s, "athens", iron=1, wood=1, wine=1, oil=1, silver=1, wheat=1)
    play(game, s, "pass", ATHENS_MERCHANT[0])
    assert "toll oil" in legal(game, s)
    play(game, s, "toll oil", "pay wood", "done")
    assert goods_of(s, "athens")["oil"] == 0


def _to_spoilage(game: PolisGame, s: PolisState) -> None:
    """Both pass; each player declines growth; stop before Phoros (spoilage is done by then)."""
    play(game, s, "pass", "pass")
    assert s.phase == END_OF_ROUND
    cap = StepCap("'done' in legal(game, s)")
    while "done" in legal(game, s) and cap():
        play(game, s, "done")
    assert any(a.startswith("phoros") for a in legal(game, s))


@pytest.mark.parametrize("edition", EDITIONS)
def test_perishable_goods_spoil_half_rounded_up(edition: str) -> None:
    """R-GEN-7: wine and wheat (and [2012] oil) are perishable, the others keep their amount.
    R-GEN-15 [2012] / R-GEN-16 [2020]: the spoilage rounding keeps half rounded up (5 -> 3, 7 -> 4) in
    both editions (the spoilage exception of A-1)."""
    game, s = new(edition, round=0, active="sparta")
    set_goods(s, "athens", iron=5, wood=7, wine=5, silver=3, wheat=8 + 7)  # feeding takes 8 wheat
    set_goods(s, "sparta", iron=5, wood=7, wine=7, silver=3, wheat=7 + 5)  # feeding takes 7 wheat
    if edition == "2012":
        set_goods(s, "athens", oil=7)
        set_goods(s, "sparta", oil=3)
    _to_spoilage(game, s)
    athens, sparta = goods_of(s, "athens"), goods_of(s, "sparta")
    assert (athens["iron"], athens["wood"], athens["silver"]) == (5, 7, 3)
    assert (athens["wine"], athens["wheat"]) == (3, 4)
    assert (sparta["wine"], sparta["wheat"]) == (4, 3)
    expected = ("wine", "oil", "wheat") if edition == "2012" else ("wine", "wheat")
    assert tuple(_names(game, game.tables.perishable)) == expected
    if edition == "2012":
        assert (athens["oil"], sparta["oil"]) == (4, 2)


# ----- R-GEN: prestige and goods never go negative --------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_prestige_never_below_zero(edition: str) -> None:
    """R-GEN-8: a military action at 1 prestige leaves 0; at 0 no prestige-costing action is offered
    or accepted (R-ACT-GEN-3), so prestige never drops below 0. R-GEN-10: prestige is spent on
    military actions."""
    game, s = new(edition, active="athens")
    set_prestige(s, "athens", 1)
    play(game, s, "march Boiotia", "from Attika", "done")
    assert s.prestige[ATHENS] == 0
    assert not any(a.startswith(("march", "sail", "siege")) for a in legal(game, s))
    assert "tribute Attika" in legal(game, s)  # free in the capital's territory
    assert_illegal(game, s, "sail Kyklades", "R-ACT-GEN-3")
    assert s.prestige[ATHENS] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_cannot_pay_a_good_one_does_not_have(edition: str) -> None:
    """R-GEN-9: the post-pass good must be one the player has; paying a good at 0 is refused and
    changes nothing."""
    game, s = new(edition, active="sparta")
    set_goods(s, "athens", iron=0, wine=0, wheat=2)
    play(game, s, "pass", ATHENS_MERCHANT[0])
    assert "toll iron" not in legal(game, s) and "toll wheat" in legal(game, s)
    assert_illegal(game, s, "toll iron", "R-GEN-9")
    assert_illegal(game, s, "toll wine", "R-GEN-9")


# ----- R-GEN: dice and hidden information ------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_die_is_a_fair_d4(edition: str) -> None:
    """R-GEN-13: a die roll is a chance event with outcomes 1-4 at probability 1/4 each, and the
    random source is the state's own seeded generator (replays are exact)."""
    game, s = new(edition, round=2, active="athens")
    set_units(game, s, "Boiotia", athens=4)
    play(game, s, "siege Thibae")
    assert game.is_chance(s)
    assert game.chance_outcomes(s) == [(Action("roll", (n,)), 0.25) for n in (1, 2, 3, 4)]
    twin = game.copy(s)
    assert game.step_chance(s) == game.step_chance(twin)
    assert game.position_text(s) == game.position_text(twin)


def test_two_rolls_are_independent() -> None:
    """R-GEN-14 [2020]: 'roll twice, use the lower' is two separate d4 chance events; the second is
    uniform whatever the first was."""
    game, s = new("2020", active="athens")
    play(game, s, "trade Persia 1 wine")
    assert game.chance_outcomes(s) == [(Action("roll", (n,)), 0.25) for n in (1, 2, 3, 4)]
    play(game, s, "roll 1")
    assert game.is_chance(s)
    assert game.chance_outcomes(s) == [(Action("roll", (n,)), 0.25) for n in (1, 2, 3, 4)]


def _battle_with_hands(edition: str) -> tuple[PolisGame, PolisState]:
    """A land battle in Boiotia (4 against 4, round 2) with both hands dealt."""
    game, s = new(edition, active="sparta")
    set_units(game, s, "Boiotia", athens=4, sparta=4)
    play(game, s, *SPARTA_MERCHANT, *SPARTA_TRIBUTE)
    assert s.phase == BATTLES
    play(game, s, "fight", "fight")
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        game.step_chance(s)
    assert s.battle is not None and sum(s.battle.hands[0]) == 4 and sum(s.battle.hands[1]) == 4
    return game, s


@pytest.mark.parametrize("edition", EDITIONS)
def test_view_hides_the_other_hand_and_the_generator(edition: str) -> None:
    """R-GEN-17: a seat's view shows its own battle hand, not the opponent's (only its size, the cards
    counted among the unseen ones) and never the generator; open information is unchanged."""
    game, s = _battle_with_hands(edition)
    b = s.battle
    assert b is not None
    hands = [h[:] for h in b.hands]
    for seat in (ATHENS, SPARTA):
        view = game.view(s, seat)
        vb = view.state.battle
        assert vb is not None
        assert vb.hands[seat] == b.hands[seat]
        assert vb.hands[1 - seat] == [0] * len(b.hands[1 - seat])
        assert view.hidden_hand_sizes[1 - seat] == 4 and view.hidden_hand_sizes[seat] == 0
        assert vb.deck == [d + h for d, h in zip(b.deck, b.hands[1 - seat], strict=True)]
        assert view.state.rng.state != s.rng.state
        assert (view.state.goods, view.state.prestige, view.state.owner) == (s.goods, s.prestige, s.owner)
    spectator = game.view(s, None)
    assert spectator.state.battle is not None and not any(map(any, spectator.state.battle.hands))
    assert b.hands == hands and s.battle is b  # the real state is untouched


@pytest.mark.parametrize("edition", EDITIONS)
def test_face_down_piles_are_not_stored(edition: str) -> None:
    """R-GEN-17: the event cards and face-down project tiles are drawn by chance events when revealed,
    so no order of them exists in the state to leak; they are unknown until the draw."""
    game = GAMES[edition]
    s = game.new_state(7)
    assert game.is_chance(s)
    outcomes = game.chance_outcomes(s)
    assert len(outcomes) == len(game.tables.projects)
    assert sorted(s.project_pile) == s.project_pile
    assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)


# ----- R-TURN ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_start_player_begins_and_turns_alternate(edition: str) -> None:
    """R-TURN-1: the start player acts first, then the players alternate turn by turn."""
    game, s = new(edition, active="sparta")
    assert game.actors(s) == (SPARTA,)
    play(game, s, *SPARTA_MERCHANT, *SPARTA_TRIBUTE)
    assert (s.phase, game.actors(s)) == (TURN, (ATHENS,))
    play(game, s, *ATHENS_MERCHANT, *ATHENS_TRIBUTE)
    assert game.actors(s) == (SPARTA,)
    play(game, s, "hoplites Sparti", "pay iron", "proxenos", "via Lakedaemon", "enter Gythion")
    assert game.actors(s) == (ATHENS,)
    play(game, s, "hoplites Athinae", "pay iron", "proxenos", "via Attika", "enter Chalkis")
    assert game.actors(s) == (SPARTA,)


def test_action_types_per_edition() -> None:
    """R-TURN-2: [2020] 11 action types, [2012] the same 11 plus ransom proxenos (in [2020] ransom
    exists but is not an action, R-TURN-14). An unknown verb is refused."""
    eleven = {"hoplites", "galleys", "merchants", "project", "march", "sail", "siege", "tribute", "trade",
              "proxenos", "stasis"}
    assert set(actions.KINDS) == eleven | {"ransom"}
    assert GAMES["2012"].tables.rules.ransom_is_action
    assert not GAMES["2020"].tables.rules.ransom_is_action
    for edition in EDITIONS:
        game, s = new(edition, active="sparta")
        assert_illegal(game, s, "plunder Athinae", "R-TURN-2")


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_different_actions_per_turn(edition: str) -> None:
    """R-TURN-3: a normal turn has two actions of different types; the same type twice is refused and
    the turn ends after the second action."""
    game, s = new(edition, active="athens")
    play(game, s, *ATHENS_MERCHANT)
    assert game.actors(s) == (ATHENS,)
    assert not any(a.startswith("merchants") for a in legal(game, s))
    assert_illegal(game, s, "merchants Athinae", "R-TURN-3")
    play(game, s, *ATHENS_TRIBUTE)
    assert game.actors(s) == (SPARTA,)
    assert s.turn_actions == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_pass_at_start_or_after_first_action(edition: str) -> None:
    """R-TURN-4: passing is possible at the start of the turn or after the first action, never in the
    middle of an action, and takes no arguments. R-TURN-10, A-40: a pass with no action taken makes
    that player the first passer."""
    game, s = new(edition, active="sparta")
    assert "pass" in legal(game, s)
    assert_illegal(game, s, "pass now", "R-TURN-4")
    play(game, s, "pass")
    assert s.passed == [False, True] and s.first_passer == SPARTA
    game, s = new(edition, active="athens")
    play(game, s, "tribute Attika", "assign wine")
    assert_illegal(game, s, "pass", "R-TURN-4")
    play(game, s, "done")
    assert "pass" in legal(game, s)
    play(game, s, "pass")
    assert s.passed == [True, False] and s.first_passer == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_passed_player_acts_no_more(edition: str) -> None:
    """R-TURN-5: passing ends the passer's turn and his round: the other player keeps the turn until
    he passes too, then the round goes on to the end-of-round steps."""
    game, s = new(edition, active="sparta")
    play(game, s, *SPARTA_MERCHANT, "pass")
    for _ in range(3):
        assert game.actors(s) == (ATHENS,)
        play(game, s, "hoplites Athinae", "toll wood", "pay iron")
        set_units(game, s, "Attika", athens=3)  # make room again
    play(game, s, "pass")
    assert s.phase == END_OF_ROUND and s.passed == [True, True]


@pytest.mark.parametrize("edition", EDITIONS)
def test_remaining_player_repeats_action_types(edition: str) -> None:
    """R-TURN-6: after the opponent's pass the remaining player takes any number of actions in a row,
    the same type several times included, with no battle check or change of turn between them."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass")
    set_goods(s, "athens", wood=10)
    for n in range(3):
        assert "merchants Athinae" in legal(game, s)
        play(game, s, "merchants Athinae", "toll wood", "pay wood", "done")
        assert s.merchants_port[ATHENS] == 2 + n
        assert (s.phase, game.actors(s)) == (TURN, (ATHENS,))


@pytest.mark.parametrize("edition", EDITIONS)
def test_post_pass_good_before_each_action(edition: str) -> None:
    """R-TURN-7: before each action after the opponent's pass the remaining player pays 1 good of his
    choice, on top of the action's own cost; the action waits until it is paid. R-TURN-8: this holds
    for the first two actions after the pass too."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass")
    set_goods(s, "athens", iron=4, wood=4, wine=4, wheat=4, silver=0)
    play(game, s, "merchants Athinae")
    assert s.pending is not None and all(a.startswith("toll ") for a in legal(game, s))
    assert_illegal(game, s, "pay wood", "R-TURN-7")
    assert_illegal(game, s, "pass", "R-TURN-4")
    play(game, s, "toll wine", "pay wood", "done")
    assert goods_of(s, "athens")["wine"] == 3 and goods_of(s, "athens")["wood"] == 3
    play(game, s, "tribute Attika", "toll wheat", "assign silver", "done")
    assert goods_of(s, "athens")["wheat"] == 3 and goods_of(s, "athens")["silver"] == 1
    play(game, s, "hoplites Athinae", "toll iron", "pay iron")
    assert goods_of(s, "athens")["iron"] == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_post_pass_good_before_the_pass(edition: str) -> None:
    """R-TURN-7: before the opponent has passed no extra good is due (the action starts at once)."""
    game, s = new(edition, active="athens")
    before = goods_of(s, "athens")
    play(game, s, "merchants Athinae")
    assert sorted(legal(game, s)) == ["pay silver", "pay wood"] or legal(game, s) == ["pay wood"]
    play(game, s, "pay wood", "done")
    assert goods_of(s, "athens") == {**before, "wood": before["wood"] - 1}


@pytest.mark.parametrize("edition", EDITIONS)
def test_post_pass_good_is_validated_first(edition: str) -> None:
    """R-ACT-GEN-5, A-31, R-TURN-7: the action is validated before the extra good is taken: a good
    whose payment would make the chosen action impossible is refused, and an action whose extra good
    cannot be paid at all is not offered."""
    game, s = new(edition, active="athens")
    play(game, s, "pass")
    set_goods(s, "sparta", iron=1, wood=0, wine=1, silver=0, wheat=0)
    if edition == "2012":
        set_goods(s, "sparta", oil=0)
    play(game, s, "hoplites Sparti")
    assert legal(game, s) == ["toll wine"]
    assert_illegal(game, s, "toll iron", "R-ACT-GEN-5")
    play(game, s, "toll wine", "pay iron")
    assert goods_of(s, "sparta")["iron"] == 0 and goods_of(s, "sparta")["wine"] == 0
    set_goods(s, "sparta", wood=1)
    assert "merchants Gythion" not in legal(game, s)  # Gythion has 1 cube: never possible
    assert_illegal(game, s, "merchants Pylos", "R-TURN-7")  # wood would pay the toll or the merchant


def test_end_of_round_marker_2020() -> None:
    """R-TURN-9 [2020]: the first passer hands the end-of-round marker to his opponent; it also
    records who passed first. R-TURN-10: the first passer stays recorded after the second pass."""
    game, s = new("2020", active="sparta")
    assert s.eor_marker == NO_ONE
    play(game, s, *SPARTA_MERCHANT, "pass")
    assert (s.eor_marker, s.first_passer) == (ATHENS, SPARTA)
    play(game, s, "pass")
    assert s.first_passer == SPARTA and s.last_passer == ATHENS


def test_no_end_of_round_marker_2012() -> None:
    """R-TURN-9 is [2020] only: the [2012] game has no marker; R-TURN-10: the first passer is still
    recorded for the end-of-round order."""
    game, s = new("2012", active="athens")
    play(game, s, "pass")
    assert (s.eor_marker, s.first_passer) == (NO_ONE, ATHENS)
    play(game, s, "pass")
    assert (s.first_passer, s.last_passer) == (ATHENS, SPARTA)


def test_post_pass_sequence_is_one_turn_2012() -> None:
    """R-TURN-11 [2012], R-ACT-GEN-8, A-36: after the opponent's pass the remaining player's actions
    are one turn: a create action may be repeated only in the polis first used for it."""
    game, s = new("2012", active="sparta")
    set_units(game, s, "Attika", athens=0)
    play(game, s, "pass", "hoplites Athinae", "toll wine", "pay iron", "done")
    assert_illegal(game, s, "hoplites Chios", "R-ACT-GEN-8")
    play(game, s, "hoplites Athinae", "toll wine", "pay iron", "done")
    assert s.units[game.tables.region_index["Attika"] * 2] == 2


def test_post_pass_create_in_other_polis_2020() -> None:
    """R-ACT-GEN-8 [2020], A-36: each repeated create action after the opponent's pass is a new action
    and may use another polis."""
    game, s = new("2020", active="sparta")
    set_units(game, s, "Attika", athens=0)
    play(game, s, "pass", "hoplites Athinae", "toll wine", "pay iron", "done")
    assert "hoplites Chios" in legal(game, s)
    play(game, s, "hoplites Chios", "toll wine", "pay iron")
    assert s.pop[game.tables.polis_index["Chios"]] == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_post_pass_siege_repeat(edition: str) -> None:
    """R-TURN-11 [2012], R-ACT-SIEGE-27, A-12: in the post-pass sequence (one turn) a polis can be
    besieged only once; [2020] has no such limit."""
    game, s = new(edition, round=2, active="sparta")
    set_units(game, s, "Boiotia", athens=5)
    set_prestige(s, "athens", 9)
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1")
    assert s.units[game.tables.region_index["Boiotia"] * 2] == 4
    if edition == "2012":
        assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-27")
    else:
        play(game, s, "siege Thibae", "toll wine", "roll 4")
        assert s.owner[game.tables.polis_index["Thibae"]] == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_must_pass_when_nothing_is_possible(edition: str) -> None:
    """R-TURN-12: a player who cannot take any action, here because he cannot pay the post-pass good,
    has only 'pass' left."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass")
    for good in game.tables.goods:
        s.goods[ATHENS * N_GOODS + good] = 0
    assert legal(game, s) == ["pass"]
    assert_illegal(game, s, "tribute Attika", "R-TURN-7")


@pytest.mark.parametrize("edition", EDITIONS)
def test_battle_check_at_end_of_turn(edition: str) -> None:
    """R-TURN-13, R-BATTLE-2: at the end of a normal turn a region with 8 units is fought over."""
    game, s = new(edition, active="sparta")
    set_units(game, s, "Boiotia", athens=4, sparta=4)
    play(game, s, *SPARTA_MERCHANT)
    assert s.phase == TURN
    play(game, s, *SPARTA_TRIBUTE)
    assert s.phase == BATTLES and s.battle is not None
    assert game.tables.region_ids[s.battle.region] == "Boiotia"
    play(game, s, "retreat")  # Sparta, the first attacker, retreats before the deal
    assert (s.phase, game.actors(s)) == (TURN, (ATHENS,))  # R-TURN-1: then the other player's turn


@pytest.mark.parametrize("edition", EDITIONS)
def test_battle_checks_around_the_pass(edition: str) -> None:
    """R-TURN-13 with R-BATTLE-3/4/5: [2020] the first passer's turn ends with a battle check, [2012]
    it does not; in both, the remaining player's actions trigger none; the final check follows the
    second pass."""
    game, s = new(edition, active="athens")
    set_units(game, s, "Attika", athens=4)
    set_units(game, s, "Boiotia", sparta=4)
    play(game, s, "pass")
    assert s.phase == TURN and game.actors(s) == (SPARTA,)  # no battle yet: only 4 units in Boiotia
    set_units(game, s, "Attika", athens=0)
    set_units(game, s, "Boiotia", athens=4)  # 8 units now, during Sparta's post-pass sequence
    play(game, s, *SPARTA_TRIBUTE[:1], "toll wine", *SPARTA_TRIBUTE[1:])
    assert s.phase == TURN and game.actors(s) == (SPARTA,)
    play(game, s, "pass")
    assert s.phase == BATTLES

    game, s = new(edition, active="sparta")
    set_units(game, s, "Boiotia", athens=4, sparta=4)
    play(game, s, "pass")
    if edition == "2020":
        assert s.phase == BATTLES  # R-BATTLE-5 [2020]
    else:
        assert s.phase == TURN and game.actors(s) == (ATHENS,)  # R-BATTLE-5 [2012]
