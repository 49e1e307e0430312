"""Shared helpers of the Pericles tests: games per scenario, positions driven to a step, bare boards."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kleos.core import registry
from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import N_PIECES, PIECES

AF, DF, EK, AK = range(4)


@pytest.fixture
def registered() -> Iterator[None]:
    """Installs the Pericles kit (not an entry point yet) for a test that needs the registry."""
    registry.register(KIT)
    try:
        yield
    finally:
        registry.unregister(KIT.name)


def game(scenario: str = "14_2", **options: Any) -> PericlesGame:
    return PericlesGame({"scenario": scenario, **options})


def settle(g: PericlesGame, s: PericlesState) -> None:
    """Resolve pending chance events from the state's generator."""
    while g.is_chance(s):
        g.step_chance(s)


def play(g: PericlesGame, s: PericlesState, *texts: str, seat: int | None = None) -> None:
    """Apply actions (by ``seat``, else the single seat to act), resolving chance between them."""
    for text in texts:
        settle(g, s)
        g.apply_in_place(s, Action.parse(text), seat)
    settle(g, s)


def rule_of(g: PericlesGame, s: PericlesState, text: str, seat: int | None = None) -> str:
    """The rule ID an illegal action is refused with (the state must not change)."""
    before = g.position_text(s)
    try:
        g.apply_in_place(s, Action.parse(text), seat)
    except IllegalAction as exc:
        assert g.position_text(s) == before
        return exc.rule
    raise AssertionError(f"{text!r} was accepted")


def first_legal(g: PericlesGame, s: PericlesState) -> None:
    """One step: chance from the generator, else the first legal action of the first actor."""
    if g.is_chance(s):
        g.step_chance(s)
        return
    seat = g.actors(s)[0]
    g.apply_in_place(s, g.legal_actions(s, seat)[0], seat)


def run_until(g: PericlesGame, s: PericlesState, done: Callable[[PericlesState], bool], limit: int = 5000) -> None:
    """Play first legal actions until ``done`` holds (the position is then at a decision or chance)."""
    for _ in range(limit):
        if done(s) or g.is_terminal(s):
            return
        first_legal(g, s)
    raise AssertionError("run_until: limit reached")


def at_step(step: str, scenario: str = "14_2", seed: int = 1, **options: Any) -> tuple[PericlesGame, PericlesState]:
    """A new game played (first legal actions) to the first decision of ``step``."""
    g = game(scenario, **options)
    s = g.new_state(seed)
    run_until(g, s, lambda st: st.step == step and st.chance is None)
    return g, s


def put(g: PericlesGame, s: PericlesState, theater: str, **pieces: int) -> None:
    """Set piece counts in a theater by key: ``put(g, s, "Boeotia", Sl=2, Ab=1)`` (S300 as S300)."""
    th = g.tables.theater_index[theater]
    for name, n in pieces.items():
        s.pieces[th * N_PIECES + PIECES.index(name)] = n


def clear_board(s: PericlesState) -> None:
    s.pieces = [0] * len(s.pieces)
    s.treason = [0] * len(s.treason)
