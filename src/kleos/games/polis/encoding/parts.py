"""The encoding part of the Polis kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.polis.kit.PolisKit.encoding_parts`, so that importing the
kit does not load numpy.
"""

from __future__ import annotations

from typing import Any

from kleos.core.kit.encoding import ActionListing, EncodingParts, ObservationSpec
from kleos.core.protocol import Game
from kleos.games.polis.encoding.catalogue import catalogue_for
from kleos.games.polis.encoding.observation import encoder_for, view_key
from kleos.games.polis.game import PolisGame


def _polis(game: Game[Any, Any]) -> PolisGame:
    if not isinstance(game, PolisGame):
        raise TypeError(f"the Polis encoding was handed a {type(game).__name__}")
    return game


def _catalogue(game: Game[Any, Any]) -> ActionListing:
    return catalogue_for(_polis(game))


def _observation(game: Game[Any, Any]) -> ObservationSpec:
    encoder = encoder_for(_polis(game))
    return ObservationSpec(shape=encoder.shape, encode=encoder.encode, high=encoder.high, low=0.0, key=view_key)


def encoding_parts() -> EncodingParts:
    """The edition's catalogue (:func:`~kleos.games.polis.encoding.catalogue.catalogue_for`) and its
    view vector (:class:`~kleos.games.polis.encoding.observation.ObservationEncoder`), with
    :func:`~kleos.games.polis.encoding.observation.view_key` as the exact text of a view."""
    return EncodingParts(catalogue=_catalogue, observation=_observation)
