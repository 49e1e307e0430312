"""The encoding part of the Cyclades kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.cyclades.kit.CycladesKit.encoding_parts`, so that importing
the kit does not load numpy.
"""

from __future__ import annotations

from typing import Any

from kleos.core.kit.encoding import ActionListing, EncodingParts, ObservationSpec
from kleos.core.protocol import Game
from kleos.games.cyclades.encoding.catalogue import catalogue_for
from kleos.games.cyclades.encoding.observation import encoder_for, view_key
from kleos.games.cyclades.game import CycladesGame


def _cyclades(game: Game[Any, Any]) -> CycladesGame:
    if not isinstance(game, CycladesGame):
        raise TypeError(f"the Cyclades encoding was handed a {type(game).__name__}")
    return game


def _catalogue(game: Game[Any, Any]) -> ActionListing:
    return catalogue_for(_cyclades(game))


def _observation(game: Game[Any, Any]) -> ObservationSpec:
    encoder = encoder_for(_cyclades(game))
    return ObservationSpec(shape=encoder.shape, encode=encoder.encode, high=encoder.high, low=0.0, key=view_key)


def encoding_parts() -> EncodingParts:
    """The game's catalogue (:func:`~kleos.games.cyclades.encoding.catalogue.catalogue_for`) and its
    view vector (:class:`~kleos.games.cyclades.encoding.observation.ObservationEncoder`), with
    :func:`~kleos.games.cyclades.encoding.observation.view_key` as the exact text of a view."""
    return EncodingParts(catalogue=_catalogue, observation=_observation)
