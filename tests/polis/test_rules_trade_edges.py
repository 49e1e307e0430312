"""Edges of trading (rules/trade.py, R-ACT-TRADE): each refusal names its rule and says what it
refuses, with the numbers and names it is about; a malformed action is refused, never a crash; and a
market reached only by land is traded with, by the check as by the generated menu.

Data (polis-data.md, the market slots): Persia's first slot takes a cargo of value 3 for wine ([2020]
for iron or wine) and gives wheat, its second a cargo of 4, its third a silver cargo of 5; Illyria's
first takes wood. Every market marker starts on space 0, where a cargo of 3 costs 3 goods."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_goods, set_polis, set_units
from kleos.games.polis.rules import trade
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, SILVER, SPARTA

USAGE = "usage: trade <market> <slot number> <good paid | silver>"
Setup = Callable[[PolisGame, PolisState], None]


def _nothing(game: PolisGame, s: PolisState) -> None:
    """The opening position as it is."""


def _athinae_lost(game: PolisGame, s: PolisState) -> None:
    set_polis(game, s, "Athinae", None)


def _no_merchant_in_port(game: PolisGame, s: PolisState) -> None:
    s.merchants_port[ATHENS], s.merchants_supply[ATHENS] = 0, s.merchants_supply[ATHENS] + 1


def _slot_taken(game: PolisGame, s: PolisState) -> None:
    s.slot_merchant[game.tables.market_slots[game.tables.market_index["Persia"]][0]] = SPARTA


def _persia_closed(game: PolisGame, s: PolisState) -> None:
    s.set_flag("market_closed:Persia", 1)


def _kyklades_held(game: PolisGame, s: PolisState) -> None:
    set_units(game, s, "Kyklades", sparta=3)


def _no_silver(game: PolisGame, s: PolisState) -> None:
    set_goods(s, "athens", silver=2)


def _no_wine(game: PolisGame, s: PolisState) -> None:
    set_goods(s, "athens", wine=2)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("text,setup,round,rule,message", [
    ("trade Persia", _nothing, 1, "R-ACT-TRADE-4", USAGE),
    ("trade Persia 1", _nothing, 1, "R-ACT-TRADE-4", USAGE),
    ("trade Persia one wine", _nothing, 1, "R-ACT-TRADE-4", USAGE),
    ("trade Persia 1 wine wine", _nothing, 1, "R-ACT-TRADE-4", USAGE),
    ("trade Persia 0 wine", _nothing, 1, "R-ACT-TRADE-4", USAGE),
    ("trade Persia 1 wine", _athinae_lost, 1, "R-ACT-TRADE-2", "you own none of your commercial poleis"),
    ("trade Persia 1 wine", _no_merchant_in_port, 1, "R-ACT-TRADE-3", "no merchant in your commercial port"),
    ("trade Persia 1 wine", _slot_taken, 1, "R-ACT-TRADE-20", "that slot is occupied this round"),
    ("trade Persia 2 wine", _nothing, 0, "R-ACT-TRADE-5", "cargoes of 4 are not available this round"),
    ("trade Persia 1 wine", _persia_closed, 1, "R-EVENT-4", "this round's event closed Persia"),
    ("trade Persia 1 wine", _kyklades_held, 1, "R-ACT-TRADE-7", "no free route to Persia"),
    ("trade Persia 1 silver", _no_silver, 1, "R-ACT-TRADE-13", "buying needs 3 silver"),
    ("trade Persia 3 silver", _nothing, 2, "R-ACT-TRADE-14", "a silver cargo must be bartered"),
    ("trade Persia 1 wine", _no_wine, 1, "R-ACT-TRADE-12", "needs 3 wine"),
])
def test_a_refused_trade_names_its_rule_and_what_it_is_about(
        edition: str, text: str, setup: Setup, round: int, rule: str, message: str) -> None:
    """R-ACT-TRADE-4: one market, one slot number in range and one good, nothing more; R-ACT-TRADE-2:
    Athinae owned; R-ACT-TRADE-3: a merchant in port; R-ACT-TRADE-20: a free slot; R-ACT-TRADE-5:
    cargoes of 4 from the second round; R-EVENT-4: a closed market; R-ACT-TRADE-7: a free route
    (Kyklades first for Athens); R-ACT-TRADE-13: a purchase costs its value in silver; R-ACT-TRADE-14:
    a silver cargo is bartered, never bought; R-ACT-TRADE-12: the price from the value table."""
    game, s = new(edition, round=round)
    setup(game, s)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


@pytest.mark.parametrize("edition,accepted", [("2012", "wine"), ("2020", "iron, wine")])
def test_a_good_the_slot_does_not_take_is_refused_with_the_goods_it_takes(edition: str, accepted: str) -> None:
    """R-ACT-TRADE-11: each slot names the goods it accepts ([2020] Persia's first takes two)."""
    game, s = new(edition)
    set_goods(s, "athens", wood=9)
    err = assert_illegal(game, s, "trade Persia 1 wood", "R-ACT-TRADE-11")
    assert err.message == f"that slot accepts {accepted}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_market_reached_only_by_land_is_traded_with(edition: str) -> None:
    """R-ACT-TRADE-10 beside R-ACT-TRADE-7: with Kyklades held by Sparta Athens has no sea route, but
    owning Epidamnos he trades with Illyria (and only Illyria) by land: the check accepts it (it is played), and the
    generated menu is exactly the candidates the check accepts."""
    game, s = new(edition)
    t = game.tables
    set_units(game, s, "Kyklades", sparta=3)
    set_polis(game, s, "Epidamnos", "athens", 1)
    set_goods(s, "athens", wood=9)
    checked = [str(a) for a in trade.candidates(t, s, ATHENS) if trade.check(t, s, ATHENS, a) is None]
    assert checked == [str(a) for a in trade.legal(t, s, ATHENS)] == ["trade Illyria 1 wood", "trade Illyria 2 iron"]
    assert "trade Illyria 1 wood" in legal(game, s)
    play(game, s, "trade Illyria 1 wood")
    assert s.slot_merchant[t.market_slots[t.market_index["Illyria"]][0]] == ATHENS


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_goods_a_trade_reads_are_the_good_paid(edition: str) -> None:
    """R-ACT-TRADE-12, R-ACT-TRADE-13: the check reads the good paid (silver for a purchase); a
    malformed action reads nothing and does not fail."""
    game, _ = new(edition)
    t = game.tables
    assert trade.reads(t, Action("trade", ("Persia", 1, "silver"))) == frozenset((SILVER,))
    assert trade.reads(t, Action("trade", ("Persia",))) == frozenset()
    assert trade.reads(t, Action("trade", ("Persia", 9, "wine"))) == frozenset()
