"""The research part of a kit: a fixed action catalogue and observation tensors.

Owned by the adapters' maintainers: :mod:`kleos.adapters` reads only this.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EncodingParts:
    """Placeholder until the adapters are made generic (see :mod:`kleos.adapters`)."""

    name: str = ""
