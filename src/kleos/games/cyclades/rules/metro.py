"""Metropolises (C-METRO-1..10): the economic, intellectual and conquest routes and their prompts.

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
    return "C-METRO-4", "not implemented yet"


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    raise AssertionError("nothing pending")


def check_routes(t: Tables, s: CycladesState, seat: int) -> None:
    """Run the economic and intellectual checks for ``seat`` now, after any change of what it owns
    (C-METRO-2/3/10, C-BATTLE-16); a Metropolis gained this way may open a prompt."""
