"""Helpers shared by the rule tests of the political and military actions."""

from __future__ import annotations

import pytest

from kleos.core.errors import IllegalAction
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, turn_position
from kleos.games.polis.state import PolisState

EDITIONS = ("2012", "2020")
GAMES = {edition: PolisGame(edition) for edition in EDITIONS}


def new(edition: str, *, round: int = 1, active: str = "athens") -> tuple[PolisGame, PolisState]:
    game = GAMES[edition]
    return game, turn_position(game, round=round, active=active)


def legal(game: PolisGame, s: PolisState) -> list[str]:
    return [str(a) for a in game.legal_actions(s)]


def assert_illegal(game: PolisGame, s: PolisState, text: str, rule: str) -> None:
    """``text`` is refused for ``rule``, is not listed as legal, and changes nothing."""
    before = game.position_text(s)
    assert text not in legal(game, s)
    with pytest.raises(IllegalAction) as err:
        play(game, s, text)
    assert err.value.rule == rule, str(err.value)
    assert game.position_text(s) == before
