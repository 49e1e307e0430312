"""Ares's special action (C-TROOP-1..8): move troops over a chain of own fleets.

NOT IMPLEMENTED YET: offers no action (skeleton of the main-god turn; see rules/actions.py).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.cyclades.rules.common import Violation
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import Tables

VERBS: tuple[str, ...] = ("march",)


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """The actions of this module that ``seat`` may take now on ``god``'s turn."""
    return []


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    return "C-TROOP-1", "not implemented yet"


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    raise AssertionError("not implemented yet")
