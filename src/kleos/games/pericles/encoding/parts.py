"""The encoding part of the Pericles kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.pericles.kit.PericlesKit.encoding_parts`, so that importing
the kit does not load numpy.
"""

from __future__ import annotations

from typing import Any

from kleos.core.kit.encoding import ActionListing, EncodingParts, ObservationSpec
from kleos.core.protocol import Game
from kleos.games.pericles.encoding.catalogue import catalogue_for
from kleos.games.pericles.encoding.observation import encoder_for, view_key
from kleos.games.pericles.game import PericlesGame


def _pericles(game: Game[Any, Any]) -> PericlesGame:
    if not isinstance(game, PericlesGame):
        raise TypeError(f"the Pericles encoding was handed a {type(game).__name__}")
    return game


def _catalogue(game: Game[Any, Any]) -> ActionListing:
    return catalogue_for(_pericles(game))


def _observation(game: Game[Any, Any]) -> ObservationSpec:
    encoder = encoder_for(_pericles(game))
    return ObservationSpec(shape=encoder.shape, encode=encoder.encode, high=encoder.high, low=0.0, key=view_key)


def encoding_parts() -> EncodingParts:
    """The game's catalogue and its view vector, with :func:`view_key` as the exact text of a view."""
    return EncodingParts(catalogue=_catalogue, observation=_observation)
