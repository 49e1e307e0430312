"""Shared helpers of the Cyclades tests: games per player count and positions driven to a phase."""

from __future__ import annotations

from typing import Any

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CycladesState


def game(players: int, **options: Any) -> CycladesGame:
    return CycladesGame({"players": players, **options})


def settle(g: CycladesGame, s: CycladesState) -> None:
    """Resolve pending chance events from the state's generator."""
    while g.is_chance(s):
        g.step_chance(s)


def at_offers(players: int, seed: int = 1, **options: Any) -> tuple[CycladesGame, CycladesState]:
    """A game at the first offering of cycle 1."""
    g = game(players, **options)
    s = g.new_state(seed)
    settle(g, s)
    return g, s


def play(g: CycladesGame, s: CycladesState, *texts: str) -> None:
    """Apply actions by the seat to act, resolving chance between them."""
    for text in texts:
        settle(g, s)
        g.apply_in_place(s, Action.parse(text))
    settle(g, s)


def rule_of(g: CycladesGame, s: CycladesState, text: str) -> str:
    """The rule ID an illegal action is refused with (the state must not change)."""
    before = g.position_text(s)
    try:
        g.apply_in_place(s, Action.parse(text))
    except IllegalAction as exc:
        assert g.position_text(s) == before
        return exc.rule
    raise AssertionError(f"{text!r} was accepted")


def finish_cycle(g: CycladesGame, s: CycladesState) -> None:
    """Everybody goes to Apollo, then every turn ends (main-god turns can only end for now)."""
    cycle = s.cycle
    while s.cycle == cycle and not g.is_terminal(s):
        if g.is_chance(s):
            g.step_chance(s)
            continue
        legal = g.legal_actions(s)
        choice = next((a for a in legal if a.verb in ("apollo", "end")), legal[0])
        g.apply_in_place(s, choice)
