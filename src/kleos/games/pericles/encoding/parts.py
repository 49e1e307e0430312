"""The encoding part of the Pericles kit: what the research adapters number and observe.

Built on first use by :meth:`kleos.games.pericles.kit.PericlesKit.encoding_parts`, so that importing
the kit does not load numpy.
"""

from __future__ import annotations

from kleos.core.kit.encoding import EncodingParts, encoding_parts_for
from kleos.games.pericles.encoding.catalogue import catalogue_for
from kleos.games.pericles.encoding.observation import encoder_for, view_key
from kleos.games.pericles.game import PericlesGame


def encoding_parts() -> EncodingParts[PericlesGame]:
    """The game's catalogue and its view vector, with :func:`view_key` as the exact text of a view."""
    return encoding_parts_for(catalogue_for, encoder_for, view_key)
