"""A game's observation as numpy arrays: the numeric side of an :class:`ObservationSpec`.

A game describes its observation in :class:`~kleos.core.kit.encoding.ObservationSpec` (a shape,
bounds and ``encode(view)`` giving plain numbers); :class:`VectorEncoder` gives the frameworks
``float32`` arrays of that shape and the bounds as arrays. The observation is built from a seat's
view only, never from the state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from kleos.core.kit.encoding import Bound, ObservationSpec

Vector = npt.NDArray[np.float32]
_FLOAT32 = np.dtype(np.float32)


def _bound(value: Bound, shape: tuple[int, ...], what: str) -> Vector:
    if isinstance(value, int | float):
        return np.full(shape, value, dtype=np.float32)
    array = np.asarray(list(value) if not isinstance(value, np.ndarray) else value, dtype=np.float32)
    if array.size != int(np.prod(shape)):
        raise ValueError(f"the observation's {what} bound has {array.size} values for shape {shape}")
    return array.reshape(shape).copy()


class VectorEncoder:
    """``encode(view)``: the ``float32`` array of a view; ``low``/``high``: the bounds as arrays;
    ``key(view)``: an exact text of the view (the game's, or ``fallback_key``)."""

    def __init__(self, spec: ObservationSpec, fallback_key: Callable[[Any], str]) -> None:
        self.spec = spec
        self.shape = tuple(spec.shape)
        self.size = spec.size
        self.low = _bound(spec.low, self.shape, "low")
        self.high = _bound(spec.high, self.shape, "high")
        if (self.low > self.high).any():
            raise ValueError("the observation's low bound exceeds its high bound")
        self._encode = spec.encode
        self.key: Callable[[Any], str] = spec.key if spec.key is not None else fallback_key

    def encode(self, view: Any) -> Vector:
        """The observation of ``view`` (``float32``, shape :attr:`shape`)."""
        values = self._encode(view)
        if type(values) is np.ndarray and values.dtype == _FLOAT32 and values.shape == self.shape:
            return values  # the game gave the array itself (the common, fast case)
        if isinstance(values, np.ndarray | list | tuple):
            vector = np.asarray(values, dtype=np.float32)
        else:
            vector = np.fromiter(values, dtype=np.float32)
        if vector.shape != self.shape:
            if vector.size != self.size:
                raise ValueError(f"the observation has {vector.size} features, its shape {self.shape} "
                                 f"says {self.size}")
            vector = vector.reshape(self.shape)
        return vector


def json_key(to_json: Callable[[Any], Any]) -> Callable[[Any], str]:
    """An exact text of a view from its JSON (keys sorted): the default information state text."""

    def key(view: Any) -> str:
        return json.dumps(to_json(view), sort_keys=True, separators=(",", ":"))

    return key


__all__ = ["ObservationSpec", "Vector", "VectorEncoder", "json_key"]
