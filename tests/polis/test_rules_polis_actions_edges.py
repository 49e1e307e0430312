"""Edge cases of choosing the next action (rules/actions.py): the words of every refusal, the post-pass
good's own refusals, the free [2020] ransom and the [2012] ransom that ends a turn.

A legal action is applied from the generated menu and :func:`actions.check_choice` only explains a
refusal, so each refusal is held to its rule and its exact words, and the checker is asked directly
for what it must accept.
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new, put_proxenos

from kleos.core.action import Action
from kleos.games.polis.positions import goods_of, play, set_goods, set_prestige
from kleos.games.polis.rules import actions
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, SPARTA

ATHENS_MERCHANT = ("merchants Athinae", "pay wood", "done")  # one complete action at the start of round 1
VERBS = "galleys, hoplites, march, merchants, project, proxenos, ransom, sail, siege, stasis, trade, tribute"
TOLL_GOODS = {"2012": "iron|wood|wine|oil|silver|wheat", "2020": "iron|wood|wine|silver|wheat"}
RANSOM_RULE = {"2012": "R-ACT-RANSOM-1", "2020": "R-ACT-RANSOM-2"}


def _only_silver(s: PolisState, side: str, silver: int) -> None:
    """``side`` holds ``silver`` silver and no other good."""
    set_goods(s, side, iron=0, wood=0, wine=0, oil=0, wheat=0, silver=silver)


# ----- the words of the choice's refusals ----------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_choice_refusals_say_what_is_wrong(edition: str) -> None:
    """R-TURN-4: 'pass' takes no arguments; R-TURN-2: an unknown verb is named with the list of actions;
    R-TURN-3: the second action of a turn names the type already taken."""
    game, s = new(edition, active="athens")
    assert assert_illegal(game, s, "pass now", "R-TURN-4").message == "usage: pass"
    refusal = assert_illegal(game, s, "plunder Athinae", "R-TURN-2")
    assert refusal.message == f"unknown action 'plunder'; actions: {VERBS}, pass"
    play(game, s, *ATHENS_MERCHANT)
    refusal = assert_illegal(game, s, "merchants Athinae", "R-TURN-3")
    assert refusal.message == "the two actions of a turn must differ ('merchants' already taken)"


@pytest.mark.parametrize("edition", EDITIONS)
def test_military_action_without_prestige(edition: str) -> None:
    """R-ACT-GEN-3: without the prestige a military action costs it is refused, with its cost; R-ACT-TRIBUTE-2:
    a tribute in one's own capital's territory costs none and stays possible at 0 prestige."""
    game, s = new(edition, active="athens")
    set_prestige(s, "athens", 0)
    refusal = assert_illegal(game, s, "tribute Boiotia", "R-ACT-GEN-3")
    assert refusal.message == "a military action costs 1 prestige"
    assert actions.check_choice(game.tables, s, ATHENS, Action("tribute", ("Attika",))) is None
    assert "tribute Attika" in legal(game, s)
    play(game, s, "tribute Attika")
    assert s.prestige[ATHENS] == 0 and s.pending is not None


@pytest.mark.parametrize("edition", EDITIONS)
def test_unpayable_post_pass_good_is_named(edition: str) -> None:
    """R-TURN-7: with no good left to pay before the action, the action is refused in those words."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass")
    _only_silver(s, "athens", 0)
    refusal = assert_illegal(game, s, "tribute Attika", "R-TURN-7")
    assert refusal.message == "after the opponent's pass each action costs 1 extra good you cannot pay"


# ----- the post-pass good (toll) ----------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_toll_step_refusals(edition: str) -> None:
    """R-TURN-7: while the post-pass good is due, anything but 'toll <good>' is refused with the goods of
    the edition; R-GEN-9: a good one lacks cannot pay it; R-TURN-4 and R-ACT-RANSOM-1/2: neither a pass
    nor a ransom may interrupt the chosen action."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass", "merchants Athinae")
    assert s.pending == ("toll", "merchants Athinae")
    for text in ("pay wood", "toll", "toll wine wine", "toll gold"):
        refusal = assert_illegal(game, s, text, "R-TURN-7")
        assert refusal.message == f"pay 1 good first: toll <{TOLL_GOODS[edition]}>", text
    refusal = assert_illegal(game, s, "toll silver", "R-GEN-9")
    assert refusal.message == "you have no silver to pay"
    refusal = assert_illegal(game, s, "pass", "R-TURN-4")
    assert refusal.message == "finish the chosen action first; pass only where you would choose an action"
    put_proxenos(game, s, ATHENS, None)
    set_goods(s, "athens", silver=5)
    refusal = assert_illegal(game, s, "ransom", RANSOM_RULE[edition])
    assert refusal.message == "finish the chosen action first; ransom only before or between actions"
    play(game, s, "toll wine", "pay wood", "done")
    assert goods_of(s, "athens")["wine"] == 3 and s.pending is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_toll_that_would_spoil_the_action_names_both(edition: str) -> None:
    """R-ACT-GEN-5, R-TURN-7: a good whose payment would leave the chosen action impossible is refused,
    naming the good and the action."""
    game, s = new(edition, active="athens")
    play(game, s, "pass")
    _only_silver(s, "sparta", 0)
    set_goods(s, "sparta", iron=1, wine=1)
    play(game, s, "hoplites Sparti")
    refusal = assert_illegal(game, s, "toll iron", "R-ACT-GEN-5")
    assert refusal.message == "after paying 1 iron you could not carry out 'hoplites Sparti'"
    toll = actions.STEPS["toll"]
    assert toll.check(game.tables, s, SPARTA, Action("toll", ("wine",))) is None


# ----- ransom: free in [2020], an action in [2012] ---------------------------------------------------------
def test_free_ransom_owes_no_post_pass_good_2020() -> None:
    """R-ACT-RANSOM-2, R-TURN-14 [2020]: a ransom is no action, so after the opponent's pass it owes no
    extra good: 2 silver and nothing else are enough, and the player chooses again afterwards."""
    game, s = new("2020", active="sparta")
    play(game, s, "pass")
    put_proxenos(game, s, ATHENS, None)
    _only_silver(s, "athens", 2)
    assert "ransom" in legal(game, s)
    assert actions.check_choice(game.tables, s, ATHENS, Action("ransom")) is None
    play(game, s, "ransom")
    assert s.pending is None and goods_of(s, "athens")["silver"] == 0
    assert s.proxenos[ATHENS] == game.tables.capital[ATHENS]
    assert game.actors(s) == (ATHENS,) and legal(game, s) == ["pass"]


def test_ransom_owes_the_post_pass_good_2012() -> None:
    """R-ACT-RANSOM-1, R-TURN-7 [2012]: a ransom is an action: after the opponent's pass it owes 1 good
    besides its 2 silver, so 2 silver alone are refused, 3 are enough."""
    game, s = new("2012", active="sparta")
    play(game, s, "pass")
    put_proxenos(game, s, ATHENS, None)
    _only_silver(s, "athens", 2)
    refusal = assert_illegal(game, s, "ransom", "R-TURN-7")
    assert refusal.message == "after the opponent's pass each action costs 1 extra good you cannot pay"
    set_goods(s, "athens", silver=3)
    assert "ransom" in legal(game, s)
    assert actions.check_choice(game.tables, s, ATHENS, Action("ransom")) is None
    play(game, s, "ransom", "toll silver")
    assert s.pending is None and goods_of(s, "athens")["silver"] == 0
    assert s.proxenos[ATHENS] == game.tables.capital[ATHENS]


@pytest.mark.parametrize("edition", EDITIONS)
def test_ransom_after_one_action(edition: str) -> None:
    """R-ACT-RANSOM-1 [2012]: a ransom as the second action ends the turn at once (R-TURN-3), the action
    being complete when it is chosen; R-ACT-RANSOM-2 [2020]: it takes no action slot, and the turn goes on."""
    game, s = new(edition, active="athens")
    put_proxenos(game, s, ATHENS, None)
    set_goods(s, "athens", silver=2)
    play(game, s, *ATHENS_MERCHANT, "ransom")
    assert s.proxenos[ATHENS] == game.tables.capital[ATHENS]
    if edition == "2012":
        assert game.actors(s) == (SPARTA,) and s.turn_actions == ()
    else:
        assert game.actors(s) == (ATHENS,) and s.turn_actions == ("merchants",)
