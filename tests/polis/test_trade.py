"""Trade (R-ACT-TRADE) and worked examples EX-13 and EX-14.

``trade <market> <slot number> <good paid | silver>``; the market die rolls that follow are chance
events ``roll n`` ([2012] barter 1 die, purchase 2 dice; [2020] barter 2 dice, purchase 1 die per
accepted good).
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, GOOD_INDEX, NO_ONE
from step_cap import StepCap

ROLLS = [(Action("roll", (n,)), 0.25) for n in (1, 2, 3, 4)]


def slot(game: PolisGame, market: str, number: int) -> int:
    t = game.tables
    return t.market_slots[t.market_index[market]][number - 1]


def pos(s: PolisState, good: str) -> int:
    return s.market_pos[GOOD_INDEX[good]]


def set_pos(s: PolisState, good: str, space: int) -> None:
    s.market_pos[GOOD_INDEX[good]] = space


def finish(game: PolisGame, s: PolisState) -> None:
    """Roll the pending market dice as 1s."""
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        play(game, s, "roll 1")


# ----- preconditions ------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_no_prestige_cost(edition: str) -> None:
    """R-ACT-TRADE-1: trade is political and costs no prestige; it is possible at 0 prestige."""
    game, s = new(edition)
    set_prestige(s, "athens", 0)
    play(game, s, "trade Persia 1 wine")
    finish(game, s)
    assert s.prestige[ATHENS] == 0 and s.slot_merchant[slot(game, "Persia", 1)] == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_needs_own_commercial_polis(edition: str) -> None:
    """R-ACT-TRADE-2, R-ACT-TRADE-24: Sparta owning neither Pylos nor Gythion cannot trade, not even
    by the land route of Epidamnos (Illyria)."""
    game, s = new(edition, active="sparta")
    assert "trade Illyria 1 wood" in legal(game, s)
    set_polis(game, s, "Pylos", None)
    set_polis(game, s, "Gythion", None)
    set_polis(game, s, "Epidamnos", "sparta", 1)
    assert not any(a.startswith("trade") for a in legal(game, s))
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-2")
    set_polis(game, s, "Gythion", "sparta", 1)
    assert "trade Illyria 1 wood" in legal(game, s)


@pytest.mark.parametrize("edition", EDITIONS)
def test_needs_merchant_in_port(edition: str) -> None:
    """R-ACT-TRADE-3: a merchant must be in the player's commercial port."""
    game, s = new(edition)
    s.merchants_port[ATHENS], s.merchants_supply[ATHENS] = 0, s.merchants_supply[ATHENS] + 1
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-3")


@pytest.mark.parametrize("edition", EDITIONS)
def test_names_a_market_and_slot(edition: str) -> None:
    """R-ACT-TRADE-4: the action names one external market and one of its slots."""
    game, s = new(edition)
    assert_illegal(game, s, "trade Persia 4 wine", "R-ACT-TRADE-4")
    assert_illegal(game, s, "trade Sparti 1 wine", "R-ACT-TRADE-4")
    assert_illegal(game, s, "trade Persia wine", "R-ACT-TRADE-4")


@pytest.mark.parametrize("edition", EDITIONS)
def test_slot_availability_by_round(edition: str) -> None:
    """R-ACT-TRADE-5: slots of cargo value 3 from round 1, 4 from round 2, 5 from round 3 on ([2012]
    also in round 4)."""
    game, s = new(edition, round=0)
    good2 = "oil" if edition == "2012" else "wine"
    set_goods(s, "athens", oil=9, wine=9)
    assert "trade Persia 1 wine" in legal(game, s)
    assert_illegal(game, s, f"trade Persia 2 {good2}", "R-ACT-TRADE-5")
    assert_illegal(game, s, "trade Persia 3 wine", "R-ACT-TRADE-5")
    game, s = new(edition, round=1)
    set_goods(s, "athens", oil=9, wine=9)
    assert f"trade Persia 2 {good2}" in legal(game, s)
    assert_illegal(game, s, "trade Persia 3 wine", "R-ACT-TRADE-5")
    for later in range(2, len(game.tables.round_values)):
        game, s = new(edition, round=later)
        set_goods(s, "athens", wine=9)
        assert "trade Persia 3 wine" in legal(game, s)


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_merchant_moves_to_the_slot(edition: str) -> None:
    """R-ACT-TRADE-6, R-ACT-TRADE-21: exactly one merchant goes from the port straight to the chosen
    slot, whatever the number in port."""
    game, s = new(edition)
    s.merchants_port[ATHENS], s.merchants_supply[ATHENS] = 3, s.merchants_supply[ATHENS] - 2
    supply = s.merchants_supply[ATHENS]
    play(game, s, "trade Persia 1 wine")
    assert s.merchants_port[ATHENS] == 2 and s.merchants_supply[ATHENS] == supply
    assert s.slot_merchant[slot(game, "Persia", 1)] == ATHENS
    assert [m for m in s.slot_merchant if m != NO_ONE] == [ATHENS]


# ----- routes -------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_route_blocked_by_controlled_sea(edition: str) -> None:
    """R-ACT-TRADE-7, A-18: no sea of the route may be controlled by the opponent: Sparta controlling
    Noties sporades cuts Athens off Persia and Aegyptos, not off Thraki (via Thrakiko pelagos)."""
    game, s = new(edition)
    set_units(game, s, "NotiesSporades", sparta=2)
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-7")
    assert not any(a.startswith(("trade Persia", "trade Aegyptos")) for a in legal(game, s))
    assert "trade Thraki 1 iron" in legal(game, s)
    set_units(game, s, "NotiesSporades", sparta=1)  # 1 against 1: nobody controls it
    assert "trade Persia 1 wine" in legal(game, s)


@pytest.mark.parametrize("edition", EDITIONS)
def test_first_seas(edition: str) -> None:
    """R-ACT-TRADE-8: Athens' merchants always enter Kyklades first; if Sparta controls it Athens
    cannot trade by sea at all. Sparta enters Ionion or Myrtoon pelagos, as he chooses; only when
    Athens controls both is Sparta cut off."""
    game, s = new(edition)
    set_units(game, s, "Kyklades", sparta=3)
    assert not any(a.startswith("trade") for a in legal(game, s))
    assert_illegal(game, s, "trade Thraki 1 iron", "R-ACT-TRADE-7")
    game, s = new(edition, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_units(game, s, "IonionPelagos", athens=2)
    assert "trade Persia 1 wine" in legal(game, s)  # through Myrtoon pelagos
    set_units(game, s, "IonionPelagos", athens=0)
    set_units(game, s, "MyrtoonPelagos", athens=3)
    assert "trade Illyria 1 wood" in legal(game, s)  # through Ionion pelagos
    set_units(game, s, "IonionPelagos", athens=2)
    assert not any(a.startswith("trade") for a in legal(game, s))
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7")


@pytest.mark.parametrize("edition", EDITIONS)
def test_diolkos_route(edition: str) -> None:
    """R-ACT-TRADE-9, R-MAP-24: Athens reaches Illyria (behind Ionion pelagos) only through the diolkos,
    i.e. only while he owns Korinthos."""
    game, s = new(edition)
    set_units(game, s, "IonionPelagos", sparta=0)
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7")
    set_polis(game, s, "Korinthos", "athens", 4)
    assert "trade Illyria 1 wood" in legal(game, s)
    set_units(game, s, "IonionPelagos", sparta=1)
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7")


@pytest.mark.parametrize("edition", EDITIONS)
def test_land_routes(edition: str) -> None:
    """R-ACT-TRADE-10: owning Epidamnos reaches Illyria, owning Abdera reaches Thraki, with no sea
    check; a merchant in port is still needed (R-ACT-TRADE-3)."""
    game, s = new(edition)
    set_units(game, s, "Kyklades", sparta=3)  # Athens is cut off by sea
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7")
    set_polis(game, s, "Epidamnos", "athens", 1)
    assert "trade Illyria 1 wood" in legal(game, s)
    assert not any(a.startswith(("trade Thraki", "trade Persia")) for a in legal(game, s))
    set_polis(game, s, "Abdera", "athens", 1)
    assert "trade Thraki 1 iron" in legal(game, s)
    s.merchants_port[ATHENS], s.merchants_supply[ATHENS] = 0, s.merchants_supply[ATHENS] + 1
    assert_illegal(game, s, "trade Thraki 1 iron", "R-ACT-TRADE-3")


@pytest.mark.parametrize("edition", EDITIONS)
def test_opponents_commercial_poleis_give_nothing(edition: str) -> None:
    """R-ACT-TRADE-23: Athens owning Pylos and Gythion still trades only from his own port (Kyklades
    first): with Kyklades controlled by Sparta he cannot reach Illyria by Sparta's port."""
    game, s = new(edition)
    set_polis(game, s, "Pylos", "athens", 2)
    set_polis(game, s, "Gythion", "athens", 1)
    set_units(game, s, "IonionPelagos", sparta=0)
    set_units(game, s, "Kyklades", sparta=3)
    assert not any(a.startswith("trade") for a in legal(game, s))
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7")


# ----- payment and gain ---------------------------------------------------------------------------
def test_one_good_per_slot_2012() -> None:
    """R-ACT-TRADE-11 [2012]: each slot accepts exactly one good (Persia's first slot: wine)."""
    game, s = new("2012")
    set_goods(s, "athens", silver=3)
    assert_illegal(game, s, "trade Persia 1 iron", "R-ACT-TRADE-11")
    assert [a for a in legal(game, s) if a.startswith("trade Persia 1")] == ["trade Persia 1 wine",
                                                                          "trade Persia 1 silver"]


def test_trader_picks_among_accepted_goods_2020() -> None:
    """R-ACT-TRADE-11 [2020]: a slot may accept several goods and the trader picks one (Persia's first
    slot: iron or wine); a good it does not accept is refused."""
    game, s = new("2020")
    assert {"trade Persia 1 iron", "trade Persia 1 wine"} <= set(legal(game, s))
    assert_illegal(game, s, "trade Persia 1 wood", "R-ACT-TRADE-11")
    play(game, s, "trade Persia 1 iron")
    finish(game, s)
    assert goods_of(s, "athens")["iron"] == 4 - 3 and goods_of(s, "athens")["wine"] == 4


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("space", "cargo", "due"), [(0, 3, 3), (1, 3, 4), (7, 3, 5), (0, 5, 5), (4, 5, 7),
                                                     (10, 5, 13)])
def test_barter_price_from_the_value_table(edition: str, space: int, cargo: int, due: int) -> None:
    """R-ACT-TRADE-12, R-ACT-TRADE-15: the good paid is read from the value table at the good's marker
    space and the cargo's row; the trader receives the cargo."""
    game, s = new(edition, round=2)
    set_pos(s, "wine", space)
    set_goods(s, "athens", wine=20, wheat=0, silver=0)
    market, number = ("Persia", 1) if cargo == 3 else ("Persia", 3)
    play(game, s, f"trade {market} {number} wine")
    reward = "wheat" if cargo == 3 else "silver"
    assert goods_of(s, "athens")["wine"] == 20 - due
    assert goods_of(s, "athens")[reward] == cargo


@pytest.mark.parametrize("edition", EDITIONS)
def test_buy_wheat_with_silver(edition: str) -> None:
    """R-ACT-TRADE-13: a wheat cargo may be bought with as much silver as its size, whatever the
    market value of the accepted good; the accepted good is not paid."""
    game, s = new(edition, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_pos(s, "wine", 10)
    set_goods(s, "sparta", silver=4, wine=0, wheat=0)
    play(game, s, "trade Persia 1 silver")
    assert goods_of(s, "sparta")["silver"] == 1 and goods_of(s, "sparta")["wheat"] == 3
    game, s = new(edition, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_goods(s, "sparta", silver=2)
    assert_illegal(game, s, "trade Persia 1 silver", "R-ACT-TRADE-13")


@pytest.mark.parametrize("edition", EDITIONS)
def test_silver_cargo_must_be_bartered(edition: str) -> None:
    """R-ACT-TRADE-14: a silver cargo cannot be bought with silver."""
    game, s = new(edition, round=2, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_goods(s, "sparta", silver=9)
    assert_illegal(game, s, "trade Persia 3 silver", "R-ACT-TRADE-14")


@pytest.mark.parametrize("edition", EDITIONS)
def test_cannot_trade_without_the_goods(edition: str) -> None:
    """R-ACT-TRADE-22, R-GEN-9: trade is impossible if the trader cannot pay; a slot is never occupied
    without trading."""
    game, s = new(edition)
    set_goods(s, "athens", wine=2)
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-12")
    assert s.slot_merchant[slot(game, "Persia", 1)] == NO_ONE


# ----- market dice --------------------------------------------------------------------------------
def test_barter_die_2012() -> None:
    """R-ACT-TRADE-16 [2012]: after a barter one d4 is rolled and the paid good's marker moves right by
    it, stopping at the last space."""
    game, s = new("2012")
    set_pos(s, "wine", 2)
    play(game, s, "trade Persia 1 wine")
    assert game.chance_outcomes(s) == ROLLS
    play(game, s, "roll 3")
    assert not game.is_chance(s) and pos(s, "wine") == 5
    last = game.tables.track_len - 1
    game, s = new("2012")
    set_pos(s, "wine", last - 1)
    set_goods(s, "athens", wine=9)
    play(game, s, "trade Persia 1 wine", "roll 4")
    assert pos(s, "wine") == last


def test_barter_dice_2020() -> None:
    """R-ACT-TRADE-17 [2020]: after a barter two d4 are rolled and the paid good moves right by the
    lower one, stopping at the last space."""
    game, s = new("2020")
    set_pos(s, "wine", 1)
    play(game, s, "trade Persia 1 wine", "roll 4")
    assert game.is_chance(s)
    play(game, s, "roll 2")
    assert not game.is_chance(s) and pos(s, "wine") == 3
    last = game.tables.track_len - 1
    game, s = new("2020")
    set_pos(s, "iron", last - 2)
    set_goods(s, "athens", iron=9)
    play(game, s, "trade Persia 1 iron", "roll 3", "roll 4")
    assert pos(s, "iron") == last and pos(s, "wine") == 0


def test_purchase_dice_2012() -> None:
    """R-ACT-TRADE-18 [2012]: after buying wheat with silver two d4 are rolled and the slot's good moves
    left by the higher one, stopping at the first space."""
    game, s = new("2012", active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_pos(s, "wine", 6)
    play(game, s, "trade Persia 1 silver", "roll 1")
    assert game.is_chance(s)
    play(game, s, "roll 3")
    assert not game.is_chance(s) and pos(s, "wine") == 3
    game, s = new("2012", active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_pos(s, "wine", 2)
    play(game, s, "trade Persia 1 silver", "roll 4", "roll 1")
    assert pos(s, "wine") == 0


def test_purchase_dice_2020() -> None:
    """R-ACT-TRADE-19 [2020]: after buying wheat with silver one d4 is rolled for each good the slot
    accepts (Persia's first slot: iron and wine), each moving left by its own roll, not below 0."""
    game, s = new("2020", active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_pos(s, "iron", 5)
    set_pos(s, "wine", 2)
    play(game, s, "trade Persia 1 silver", "roll 2")
    assert game.is_chance(s)
    play(game, s, "roll 4")
    assert not game.is_chance(s)
    assert (pos(s, "iron"), pos(s, "wine")) == (3, 0)
    game, s = new("2020", round=1, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    set_pos(s, "wine", 4)
    play(game, s, "trade Persia 2 silver", "roll 3")  # the second slot accepts wine only: one die
    assert not game.is_chance(s) and pos(s, "wine") == 1


# ----- after the trade ----------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_slot_stays_occupied(edition: str) -> None:
    """R-ACT-TRADE-20: the merchant stays on the slot for the rest of the round: neither player can use
    that slot again, and the merchant is not back in port."""
    game, s = new(edition)
    s.merchants_port[ATHENS], s.merchants_supply[ATHENS] = 2, s.merchants_supply[ATHENS] - 1
    play(game, s, "trade Persia 1 wine")
    finish(game, s)
    play(game, s, "pass")
    set_units(game, s, "NotiesSporades", athens=0)
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-20")
    play(game, s, "pass")
    assert s.slot_merchant[slot(game, "Persia", 1)] == ATHENS and s.merchants_port[ATHENS] == 1


def test_goods_cap_2020() -> None:
    """R-ACT-TRADE-25, R-GEN-11 [2020]: a cargo above the board maximum (20) is partly lost."""
    game, s = new("2020")
    set_goods(s, "athens", wheat=19)
    play(game, s, "trade Persia 1 wine")
    assert goods_of(s, "athens")["wheat"] == 20


def test_no_goods_cap_2012() -> None:
    """R-GEN-12 [2012]: a cargo is received in full whatever the stock."""
    game, s = new("2012")
    set_goods(s, "athens", wheat=19)
    play(game, s, "trade Persia 1 wine")
    assert goods_of(s, "athens")["wheat"] == 22


@pytest.mark.parametrize("edition", EDITIONS)
def test_any_free_slot_in_any_order(edition: str) -> None:
    """R-ACT-TRADE-26: any free, available slot may be chosen; Persia's value-5 slot first."""
    game, s = new(edition, round=2)
    set_goods(s, "athens", wine=9)
    play(game, s, "trade Persia 3 wine")
    finish(game, s)
    assert s.slot_merchant[slot(game, "Persia", 3)] == ATHENS
    assert s.slot_merchant[slot(game, "Persia", 1)] == NO_ONE


@pytest.mark.parametrize("edition", EDITIONS)
def test_trade_after_the_opponents_pass(edition: str) -> None:
    """R-TURN-7, R-ACT-GEN-5: after the opponent's pass the extra good comes first; a toll that would
    leave too little of the bartered good is refused."""
    game, s = new(edition, active="sparta")
    play(game, s, "pass")
    set_goods(s, "athens", wine=3, iron=1)
    play(game, s, "trade Persia 1 wine")
    assert "toll wine" not in legal(game, s)
    with pytest.raises(IllegalAction) as err:
        play(game, s, "toll wine")
    assert err.value.rule == "R-ACT-GEN-5"
    play(game, s, "toll iron")
    finish(game, s)
    assert goods_of(s, "athens")["wine"] == 0 and goods_of(s, "athens")["iron"] == 0


# ----- worked examples ----------------------------------------------------------------------------
def test_ex13_persia_2020() -> None:
    """EX-13 [2020]: in Épsilon Athens trades at Persia's middle slot (wine for 4 wheat), Kyklades and
    Noties sporades not controlled by Sparta. At wine's space 4 wheat cost 5 wine; he pays 5 wine,
    gets 4 wheat, rolls 4 and 3 and moves wine 3 spaces right. Buying would cost 4 silver."""
    game, s = new("2020", round=1)
    set_pos(s, "wine", 1)
    set_goods(s, "athens", wine=5, wheat=0, silver=4)
    bought = game.copy(s)
    play(game, s, "trade Persia 2 wine")
    assert goods_of(s, "athens")["wine"] == 0 and goods_of(s, "athens")["wheat"] == 4
    play(game, s, "roll 4", "roll 3")
    assert pos(s, "wine") == 4 and s.phase == "turn" and s.pending is None
    play(game, bought, "trade Persia 2 silver")
    assert goods_of(bought, "athens")["silver"] == 0 and goods_of(bought, "athens")["wine"] == 5
    assert goods_of(bought, "athens")["wheat"] == 4


def test_ex13_omega_prices_2020() -> None:
    """EX-13 [2020], Omega: with the markers as in the book's picture (iron leftmost, wood and wine
    further right), Persia's 5-silver cargo costs 5 iron, 6 wood or 7 wine."""
    game, s = new("2020", round=2)
    set_pos(s, "iron", 0)
    set_pos(s, "wood", 1)
    set_pos(s, "wine", 3)
    set_goods(s, "athens", iron=9, wood=9, wine=9, silver=0)
    for good, due in (("iron", 5), ("wood", 6), ("wine", 7)):
        trial = game.copy(s)
        play(game, trial, f"trade Persia 3 {good}")
        assert goods_of(trial, "athens")[good] == 9 - due
        assert goods_of(trial, "athens")["silver"] == 5


def test_ex14_persia_2012() -> None:
    """EX-14 [2012]: in round 2 Athens trades oil for Persia's 4 wheat: at oil's space it costs 5 oil;
    he rolls 2 and oil moves 2 spaces right. Buying instead costs 4 silver, then 2 rolls and oil moves
    left by the higher one."""
    game, s = new("2012", round=1)
    set_pos(s, "oil", 1)
    set_goods(s, "athens", oil=5, wheat=0, silver=4)
    bought = game.copy(s)
    play(game, s, "trade Persia 2 oil")
    assert goods_of(s, "athens")["oil"] == 0 and goods_of(s, "athens")["wheat"] == 4
    play(game, s, "roll 2")
    assert not game.is_chance(s) and pos(s, "oil") == 3
    set_pos(bought, "oil", 5)
    play(game, bought, "trade Persia 2 silver", "roll 1", "roll 3")
    assert goods_of(bought, "athens")["silver"] == 0 and goods_of(bought, "athens")["wheat"] == 4
    assert goods_of(bought, "athens")["oil"] == 5 and pos(bought, "oil") == 2
