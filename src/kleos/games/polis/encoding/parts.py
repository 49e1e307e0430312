"""The encoding part of the Polis kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.polis.kit.PolisKit.encoding_parts`, so that importing the
kit does not load numpy.
"""

from __future__ import annotations

from kleos.core.kit.encoding import EncodingParts, encoding_parts_for
from kleos.games.polis.encoding.catalogue import catalogue_for
from kleos.games.polis.encoding.observation import encoder_for, view_key
from kleos.games.polis.game import PolisGame


def encoding_parts() -> EncodingParts[PolisGame]:
    """The edition's catalogue (:func:`~kleos.games.polis.encoding.catalogue.catalogue_for`) and its
    view vector (:class:`~kleos.games.polis.encoding.observation.ObservationEncoder`), with
    :func:`~kleos.games.polis.encoding.observation.view_key` as the exact text of a view."""
    return encoding_parts_for(catalogue_for, encoder_for, view_key)
