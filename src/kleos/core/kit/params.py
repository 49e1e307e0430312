"""The type parameters a kit and its parts are generic over: a game's own game, state and view.

A game's kit names its own types (``GameKit[PolisGame, PolisState, PolisView]``), so that its parts
are handed that game's objects and need no run-time checks. Each parameter defaults to ``Any``: a
generic layer that holds kits of several games (the registry, the server, the terminal shell) writes
plain ``GameKit`` and sees the erased kit.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypeVar

from kleos.core.protocol import Game

G = TypeVar("G", bound=Game[Any, Any], default=Any)
"""The game (a :class:`~kleos.core.protocol.Game` subclass)."""
S = TypeVar("S", default=Any)
"""The game's full state."""
V = TypeVar("V", default=Any)
"""A seat's view of the state."""

__all__ = ["G", "S", "V"]
