"""The encoding part of the Cyclades kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.cyclades.kit.CycladesKit.encoding_parts`, so that importing
the kit does not load numpy.
"""

from __future__ import annotations

from kleos.core.kit.encoding import EncodingParts, encoding_parts_for
from kleos.games.cyclades.encoding.catalogue import catalogue_for
from kleos.games.cyclades.encoding.observation import encoder_for, view_key
from kleos.games.cyclades.game import CycladesGame


def encoding_parts() -> EncodingParts[CycladesGame]:
    """The game's catalogue (:func:`~kleos.games.cyclades.encoding.catalogue.catalogue_for`) and its
    view vector (:class:`~kleos.games.cyclades.encoding.observation.ObservationEncoder`), with
    :func:`~kleos.games.cyclades.encoding.observation.view_key` as the exact text of a view."""
    return encoding_parts_for(catalogue_for, encoder_for, view_key)
