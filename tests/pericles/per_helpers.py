"""Shared helpers of the Pericles tests: games per scenario, positions driven to a step, bare boards."""

from __future__ import annotations

import random
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
from step_cap import StepCap

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
    cap = StepCap("g.is_chance(s)")
    while g.is_chance(s) and cap():
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


def bare(scenario: str = "14_2") -> tuple[PericlesGame, PericlesState]:
    """An empty board at War: no pieces, no treason, battle decks empty (a draw counts 0, P-AMB-9),
    every Strategos in its supply, Honor 10 each, the State Ship used."""
    g = game(scenario)
    s = g.new_state(1)
    clear_board(s)
    s.chance = None
    s.card_loc = [14] * len(s.card_loc)  # OUT: no card in any deck or discard pile
    s.stock, s.council, s.set_aside = [0] * 4, [0, 0], [0, 0]
    s.supply = [26, 26]
    s.honor = [10] * 4
    s.state_ship = 0
    s.war = 1
    return g, s


def give(s: PericlesState, f: int, n: int) -> None:
    """``n`` Strategos from the supply to faction ``f``'s stock."""
    s.stock[f] += n
    s.supply[f // 2] -= n


def deck_card(g: PericlesGame, s: PericlesState, side: int, value: int) -> None:
    """Leave exactly one card of ``value`` in ``side``'s battle deck."""
    t = g.tables
    card = next(c for c in t.side_cards[side] if t.card_value[c] == value)
    s.card_loc[card] = 0


def military_issue(g: PericlesGame, s: PericlesState, owner: int, where: str) -> None:
    """Give ``owner`` one Military marker, placed in ``where`` and revealed, in a Theater phase."""
    from kleos.games.pericles.rules import flow
    from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS

    s.phase, s.order, s.cursor = "theater", [AF, EK, DF, AK], 0
    s.held = [0] * len(s.held)
    s.held[(owner * 4 + owner) * len(MARKER_KINDS) + MARKER_KINDS.index("MIL")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, f"place {FACTIONS[owner]} MIL {where}", f"reveal {where}")
    if where != "Sicily":  # a Spartan Rumor left in Sicily keeps the phase going after the issue
        s.queue.append(0 * 1000 + AK * 100 + AK * 10 + MARKER_KINDS.index("RUM"))


def commit_all(g: PericlesGame, s: PericlesState, af: int, df: int, ek: int, ak: int) -> None:
    """The four secret commitments of an Expedition Assembly (P-EXPED-2)."""
    for seat, n in enumerate((af, df, ek, ak)):
        play(g, s, f"secret {n}", seat=seat)


Told = Callable[[PericlesGame, PericlesState, int, Action, PericlesState], None]
"""(game, state before, seat, action, state after): what a step looked like, for a caller that tells it."""


def played(scenario: str, seed: int, until: str, limit: int = 3000,
           told: Told | None = None) -> tuple[PericlesGame, PericlesState]:
    """A seeded random game run until a decision at step ``until`` (chance resolved on the way);
    ``told`` hears every decision taken on the way."""
    g = game(scenario)
    state, rng = g.new_state(seed), random.Random(seed)
    for _step in range(limit):
        if g.is_chance(state):
            g.step_chance(state)
            continue
        if state.step == until or not g.actors(state):
            break
        seat = g.actors(state)[0]
        legal = g.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        before = state.copy() if told is not None else state
        g.apply_in_place(state, action, seat, validate=False)
        if told is not None:
            told(g, before, seat, action, state)
    assert state.step == until, f"no {until} step within {limit} decisions"
    return g, state
