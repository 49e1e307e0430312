"""Helpers shared by the Polis rule tests: positions, look-ups, and the checks that an action is refused.

The position builders themselves live in :mod:`kleos.games.polis.positions`; these add what the tests
repeat on top of them.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from kleos.core.errors import IllegalAction
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_goods, set_prestige, set_units, side_index, turn_position
from kleos.games.polis.rules.end_of_round import requirement
from kleos.games.polis.state import CH_EVENT, OVER, PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA
from step_cap import StepCap

EDITIONS = ("2012", "2020")
GAMES = {edition: PolisGame(edition) for edition in EDITIONS}


# ----- positions ---------------------------------------------------------------------------------
def new(edition: str, *, round: int = 1, active: str = "athens") -> tuple[PolisGame, PolisState]:
    game = GAMES[edition]
    return game, turn_position(game, round=round, active=active)


def at_event(game: PolisGame, round: int = 0, seed: int = 0) -> PolisState:
    """The starting set-up at round ``round``'s event chance node (projects already drawn)."""
    s = game.new_state(seed)
    s.round = round
    cap = StepCap("s.chance != CH_EVENT")
    while s.chance != CH_EVENT and cap():
        game.step_chance(s)
    return s


def board(game: PolisGame, layout: dict[str, tuple[int, int]] | None = None, *, round: int = 1,
          active: str = "athens", prestige: int | None = None, goods: Mapping[str, int] | None = None,
          **placed: tuple[int, int]) -> PolisState:
    """A turn position whose only units are ``region=(athens, sparta)``; with ``prestige`` and ``goods``,
    each side has that much prestige and those goods (goods not named keep their starting amount)."""
    s = turn_position(game, round=round, active=active)
    for region in game.tables.region_ids:
        set_units(game, s, region, athens=0, sparta=0)
    for region, (athens, sparta) in {**(layout or {}), **placed}.items():
        set_units(game, s, region, athens=athens, sparta=sparta)
    for side in ("athens", "sparta"):
        if prestige is not None:
            set_prestige(s, side, prestige)
        if goods is not None:
            set_goods(s, side, **goods)
    return s


def put_proxenos(game: PolisGame, s: PolisState, side: int, polis: str | None) -> None:
    """Stand ``side``'s proxenos in ``polis`` (``None``: off the board)."""
    s.proxenos[side] = NO_ONE if polis is None else game.tables.polis_index[polis]


def feed_exactly(s: PolisState) -> None:
    """Each side holds exactly the wheat its population needs at the end of the round (R-EOR-9)."""
    for side in (ATHENS, SPARTA):
        set_goods(s, side, wheat=requirement(s, side))


# ----- look-ups ----------------------------------------------------------------------------------
def over(s: PolisState) -> tuple[str, int | None]:
    """The reason and winner of a finished game (``None``: no winner)."""
    assert s.phase == OVER and s.outcome is not None
    return s.outcome.reason, s.outcome.winner


def polis(game: PolisGame, name: str) -> int:
    return game.tables.polis_index[name]


def pop(game: PolisGame, s: PolisState, polis: str) -> int:
    """Population cubes on ``polis``."""
    return s.pop[game.tables.polis_index[polis]]


def tile(game: PolisGame, name: str) -> int:
    return game.tables.project_index[name]


def units(game: PolisGame, s: PolisState, region: str, side: int | str) -> int:
    """Hoplites or galleys of ``side`` in ``region``."""
    return s.units[game.tables.region_index[region] * 2 + side_index(side)]


def legal(game: PolisGame, s: PolisState) -> list[str]:
    """The legal actions in notation, in the engine's order."""
    return [str(a) for a in game.legal_actions(s)]


def legal_set(game: PolisGame, s: PolisState) -> set[str]:
    """The legal actions in notation, as a set (order ignored)."""
    return {str(a) for a in game.legal_actions(s)}


# ----- refused actions ---------------------------------------------------------------------------
def assert_illegal(game: PolisGame, s: PolisState, text: str, rule: str, *, listed: bool = True) -> IllegalAction:
    """``text`` is refused for ``rule`` and leaves ``game.position_text`` exactly as it was; with ``listed``
    (the default), it is also checked not to be among the legal actions first."""
    before = game.position_text(s)
    if listed:
        assert text not in legal(game, s)
    with pytest.raises(IllegalAction) as err:
        play(game, s, text)
    assert err.value.rule == rule, str(err.value)
    assert game.position_text(s) == before
    return err.value


def rejects(game: PolisGame, s: PolisState, text: str, rule: str) -> None:
    """``text`` is illegal here, names ``rule`` and leaves the whole state equal to a copy taken before
    (not only its position text); whether it is listed as legal is not checked."""
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        play(game, s, text)
    assert err.value.rule == rule, err.value
    assert s == before
