"""Trade routes at their edges (R-ACT-TRADE-7 … R-ACT-TRADE-10, R-MAP-24): the diolkos walked from
Sparta's side, and a land route that reaches its own market and no other.

``test_trade.py`` states the routes from Athens' side; these add the other seat and the halves of the
rules that only a refusal shows.
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, GAMES, assert_illegal, board, legal

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_polis
from kleos.games.polis.state import PolisState

RICH = {"wine": 6, "wood": 6, "iron": 6, "oil": 6, "silver": 6, "wheat": 6}
FIRST_SLOT = {"Illyria": "trade Illyria 1 wood", "Thraki": "trade Thraki 1 iron"}  # both editions


def markets_open(game: PolisGame, s: PolisState) -> set[str]:
    """The markets named by the legal trade actions."""
    return {action.split()[1] for action in legal(game, s) if action.startswith("trade ")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_sparta_crosses_the_diolkos_from_ionion_pelagos(edition: str) -> None:
    """R-ACT-TRADE-9, R-MAP-24: "The owner of Korinthos may route his merchants through the diolkos",
    which links Kyklades and Ionion pelagos both ways. Sparta, shut out of Myrtoon pelagos, enters
    Ionion pelagos (R-ACT-TRADE-8) and reaches only Illyria; owning Korinthos, he goes on from Ionion
    pelagos into Kyklades and so to every market."""
    game = GAMES[edition]
    s = board(game, round=2, active="sparta", goods=RICH, MyrtoonPelagos=(3, 0))  # cargoes of 5 now
    assert markets_open(game, s) == {"Illyria"}
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-7")
    set_polis(game, s, "Korinthos", "sparta", 1)
    assert markets_open(game, s) == {"Illyria", "Persia", "Aegyptos", "EuxinosPontos", "Thraki"}
    play(game, s, "trade Persia 1 wine")


@pytest.mark.parametrize("edition", EDITIONS)
def test_athens_korinthos_does_not_open_the_diolkos_for_sparta(edition: str) -> None:
    """R-MAP-24: "A player who does not own Korinthos cannot" use the diolkos: with Korinthos Athens',
    Sparta shut out of Myrtoon pelagos still reaches only Illyria."""
    game = GAMES[edition]
    s = board(game, active="sparta", goods=RICH, MyrtoonPelagos=(3, 0))
    set_polis(game, s, "Korinthos", "athens", 1)
    assert markets_open(game, s) == {"Illyria"}
    assert_illegal(game, s, "trade Thraki 1 iron", "R-ACT-TRADE-7")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("side", "polis", "market", "other"), [
    ("athens", "Epidamnos", "Illyria", "Thraki"),
    ("athens", "Abdera", "Thraki", "Illyria"),
    ("sparta", "Epidamnos", "Illyria", "Thraki"),
    ("sparta", "Abdera", "Thraki", "Illyria"),
])
def test_a_land_route_reaches_its_own_market_only(edition: str, side: str, polis: str, market: str,
                                                  other: str) -> None:
    """R-ACT-TRADE-10: "a player who owns Epidamnos may trade at Illyria, and one who owns Abdera may
    trade at Thraki, without any sea check" — each land route leads to its one market: cut off by sea,
    a side owning one of the two poleis is refused the other market (R-ACT-TRADE-7) and accepted at
    its own."""
    game = GAMES[edition]
    cut_off = {"athens": {"Kyklades": (0, 3)}, "sparta": {"IonionPelagos": (3, 0), "MyrtoonPelagos": (3, 0)}}
    s = board(game, cut_off[side], active=side, goods=RICH)
    set_polis(game, s, polis, side, 1)
    assert markets_open(game, s) == {market}
    assert_illegal(game, s, FIRST_SLOT[other], "R-ACT-TRADE-7")
    play(game, s, FIRST_SLOT[market])
