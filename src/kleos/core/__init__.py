"""The game-agnostic protocol every Kleos game implements.

The rules of a game are pure functions of a state and an action; everything else (UIs, AI, server,
storage, adapters) talks to a game only through :class:`~kleos.core.protocol.Game`.
"""

from kleos.core.action import Action, MalformedAction
from kleos.core.errors import DataError, IllegalAction, KleosError
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.core.rng import Rng

__all__ = [
    "CHANCE",
    "Action",
    "DataError",
    "Game",
    "IllegalAction",
    "KleosError",
    "MalformedAction",
    "Outcome",
    "Rng",
]
