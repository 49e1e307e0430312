"""A game's research encoding, found through its kit: the catalogue and the observation arrays.

:func:`encoding_for` asks the game's kit (``registry.kit(game.name)``) for its encoding part and
builds, once per game, the :class:`~kleos.adapters.actions.ActionCatalogue` and the
:class:`~kleos.adapters.observation.VectorEncoder` that both adapters use. A game without an
encoding part raises :class:`NoEncoding`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kleos.adapters.actions import ActionCatalogue
from kleos.adapters.observation import VectorEncoder, json_key
from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit import GameKit
from kleos.core.protocol import Game


class NoEncoding(KleosError):
    """A game whose kit brings no research encoding (``encoding_parts()`` is ``None``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"game '{name}' has no research encoding: its kit gives no encoding part "
                         "(GameKit.encoding_parts), so it has no fixed action catalogue or observation")
        self.name = name


@dataclass(frozen=True, eq=False)
class Encoding:
    """The kit, the numbered actions and the observation arrays of one game."""

    kit: GameKit
    game: Game[Any, Any]
    catalogue: ActionCatalogue
    observation: VectorEncoder

    def describe(self, view: Any, seat: int | None) -> str:
        """The readable text of a view (the kit's)."""
        return self.kit.describe_view(self.game, view, seat)


_CACHE: dict[int, Encoding] = {}


def encoding_for(game: Game[Any, Any]) -> Encoding:
    """The (cached) encoding of ``game``; :class:`NoEncoding` if its kit has none."""
    hit = _CACHE.get(id(game))
    if hit is not None and hit.game is game:
        return hit
    kit = registry.kit(game.name)
    parts = kit.encoding_parts()
    if parts is None:
        raise NoEncoding(kit.name)
    catalogue = ActionCatalogue.of(parts.catalogue(game))
    observation = VectorEncoder(parts.observation(game), json_key(lambda view: kit.view_json(game, view)))
    encoding = Encoding(kit, game, catalogue, observation)
    if len(_CACHE) > 64:  # games are few; a long session building many still stays small
        _CACHE.clear()
    _CACHE[id(game)] = encoding
    return encoding


def terminal_rewards(winner: int | None, seats: int) -> list[float]:
    """Zero-sum rewards at the end: +1 for the winner, ``-1/(seats-1)`` for each other seat
    (+1 / -1 with two seats); 0 for everybody when nobody wins (a draw, a shared victory)."""
    if winner is None or seats < 2:
        return [0.0] * seats
    loss = -1.0 / (seats - 1)
    return [1.0 if seat == winner else loss for seat in range(seats)]


def make_game(name: str, options: Mapping[str, Any]) -> Game[Any, Any]:
    """Game ``name`` built by its kit with ``options`` (:class:`~kleos.core.kit.OptionsError` names a
    bad option; :class:`~kleos.core.registry.UnknownGame` lists the installed games)."""
    game: Game[Any, Any] = registry.kit(name).make_game(options)
    return game
