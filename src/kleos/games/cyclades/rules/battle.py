"""Battles (C-BATTLE-1..16): rounds with dice as chance events, retreats (defender first).

NOT IMPLEMENTED YET: never pending (skeleton; see rules/actions.py).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.cyclades.rules.common import Violation
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import Tables


def pending(s: CycladesState) -> bool:
    """True while this module waits for a decision (it then comes before the turn's own actions)."""
    return False


def actor(t: Tables, s: CycladesState) -> int:
    """The seat that decides the pending prompt (it may not be the player whose turn it is)."""
    raise AssertionError("nothing pending")


def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    return []


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    return "C-BATTLE-7", "not implemented yet"


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    raise AssertionError("nothing pending")


def outcomes(t: Tables, s: CycladesState) -> list[tuple[Action, float]]:
    """The chance outcomes of the pending die roll (state.chance == CH_BATTLE)."""
    raise AssertionError("no battle")


def apply_roll(t: Tables, s: CycladesState, action: Action) -> None:
    raise AssertionError("no battle")
