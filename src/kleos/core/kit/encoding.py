"""The research part of a kit: a fixed action catalogue and a fixed-shape observation per game.

Research frameworks (PettingZoo, OpenSpiel) number the actions ``0 … n-1`` with ``n`` known before
play starts, and want every observation to have one shape. A game gives both here, for a game
built with given options; :mod:`kleos.adapters` turns them into spaces, masks, tensors and numpy
arrays, so this module stays free of numpy. A game whose kit has no encoding part has no research
encoding: the adapters refuse it, naming the game.

Owned by the adapters' maintainers: :mod:`kleos.adapters` reads only this.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from kleos.core.action import Action
from kleos.core.kit.params import G


@dataclass(frozen=True, eq=False)
class ActionListing:
    """Every action that can ever be legal in one game (its options fixed), in a fixed order.

    ``actions`` are the seats' actions and ``chance`` the chance outcomes, numbered apart (as
    OpenSpiel keeps chance outcomes apart from the players' actions); each list holds an action
    once. The order is the contract: the same game options give the same numbers. ``name`` says
    what the listing is of in messages (an edition, a seat count); ``sections`` names ranges of
    ``actions`` for documentation and reports.
    """

    name: str
    actions: tuple[Action, ...]
    chance: tuple[Action, ...]
    sections: Mapping[str, range] = field(default_factory=dict)


Bound = float | Iterable[float]
"""One bound for every feature, or one per feature (in the order of :attr:`ObservationSpec.encode`)."""


@dataclass(frozen=True)
class ObservationSpec:
    """A fixed-shape numeric observation of a seat's view (the view only: never the state).

    ``encode(view)`` gives the ``size`` features in row-major order of ``shape``, each within
    ``[low, high]``; a feature never depends on what the view hides, so an observation cannot
    leak a secret. ``key(view)`` is an exact text of a view (equal texts exactly for equal
    views), used as OpenSpiel's information state string; without it the adapters use the kit's
    view JSON.
    """

    shape: tuple[int, ...]
    encode: Callable[[Any], Iterable[float]]
    high: Bound = 1.0
    low: Bound = 0.0
    key: Callable[[Any], str] | None = None

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclass(frozen=True)
class EncodingParts(Generic[G]):
    """What a game gives the research adapters, each for a game built with given options.

    ``catalogue(game)``: the :class:`ActionListing` of every action and chance outcome the game can
    ever offer; ``observation(game)``: its :class:`ObservationSpec`. The adapters build each once
    per game and keep it, so both may take their time.
    """

    catalogue: Callable[[G], ActionListing]
    observation: Callable[[G], ObservationSpec]


class ViewEncoder(Protocol):
    """A game's view vector: its shape, the encoding of one view and the features' upper bounds."""

    @property
    def shape(self) -> tuple[int, ...]: ...

    @property
    def high(self) -> Bound: ...

    def encode(self, view: Any) -> Iterable[float]: ...


def encoding_parts_for(catalogue: Callable[[G], ActionListing], encoder: Callable[[G], ViewEncoder],
                       key: Callable[[Any], str]) -> EncodingParts[G]:
    """The encoding part of a game: its catalogue, its view vector (features
    from 0 up to the encoder's bounds) and ``key`` as the exact text of a view."""

    def observation(game: G) -> ObservationSpec:
        built = encoder(game)
        return ObservationSpec(shape=built.shape, encode=built.encode, high=built.high, low=0.0, key=key)

    return EncodingParts(catalogue=catalogue, observation=observation)


__all__ = ["ActionListing", "Bound", "EncodingParts", "ObservationSpec", "ViewEncoder", "encoding_parts_for"]


K = TypeVar("K")
V = TypeVar("V")


class IdentityCache(Generic[K, V]):
    """What was built once per object (a game, its tables), found by identity: an encoding's parts are
    costly to build and asked for at every step, while games and tables are neither hashable by value
    nor meant to be kept alive by a cache key alone (the entry holds the object, so its id stays its own)."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[K, V]] = {}

    def get(self, key: K, build: Callable[[K], V]) -> V:
        """The value built for ``key``, building it with ``build`` the first time."""
        hit = self._entries.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        value = build(key)
        self._entries[id(key)] = (key, value)
        return value


class HasTables(Protocol):
    """A game that keeps its rules tables (what its catalogue is built from) as ``tables``."""

    @property
    def tables(self) -> Any: ...


H = TypeVar("H", bound=HasTables)


def per_tables(game_type: type[H], build: Callable[[K], V]) -> Callable[[H | K], V]:
    """``build`` of a game's tables, built once per tables object (games of the same options share
    them) and found by identity: called with a game of ``game_type`` (its tables) or the tables."""
    cache: IdentityCache[Any, V] = IdentityCache()

    def get(source: H | K) -> V:
        return cache.get(source.tables if isinstance(source, game_type) else source, build)

    return get

