"""Observation vectors laid out in named blocks, for the games' research encodings.

A game's encoder lists :class:`Block` s (a name, a size, an upper bound and what the features mean);
:class:`BlockLayout` turns them into offsets, bounds and a ``float32`` vector filled by the game's own
function, and :func:`layout_markdown` prints the layout for the docs. The game decides what goes in
each block; this module only keeps the bookkeeping in one place.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
Fill = Callable[[MutableSequence[int]], None]


@dataclass(frozen=True)
class Block:
    """``size`` consecutive features named ``name``, each at most ``high``."""

    name: str
    size: int
    high: float
    doc: str


class BlockLayout:
    """Offsets and bounds of a sequence of blocks, and a vector built by a fill function."""

    blocks: tuple[Block, ...]
    size: int
    shape: tuple[int]
    high: Vector
    offsets: dict[str, slice]
    start: dict[str, int]

    def lay_out(self, blocks: Sequence[Block]) -> None:
        """Set :attr:`blocks`, :attr:`size`, :attr:`shape`, :attr:`high`, :attr:`offsets` and :attr:`start`."""
        self.blocks = tuple(blocks)
        self.size = sum(b.size for b in self.blocks)
        self.shape = (self.size,)
        self.high = np.concatenate([np.full(b.size, b.high, dtype=np.float32) for b in self.blocks])
        offsets, at = {}, 0
        for b in self.blocks:
            offsets[b.name] = slice(at, at + b.size)
            at += b.size
        self.offsets = offsets
        self.start = {name: sl.start for name, sl in offsets.items()}

    def vector(self, fill: Fill) -> Vector:
        """The vector ``fill`` writes into zeros of length :attr:`size`, clipped to ``[0, high]``."""
        buf = bytearray(self.size)  # fast path: every feature fits in a byte (it nearly always does)
        try:
            fill(buf)
            vec = np.frombuffer(buf, dtype=np.uint8).astype(np.float32)
        except ValueError:  # a feature below 0 or above 255: fill a list instead
            values = [0] * self.size
            fill(values)
            vec = np.array(values, dtype=np.float32)
            np.maximum(vec, 0, out=vec)
        if len(vec) != self.size:  # a list longer than its block would shift every later one
            raise AssertionError(f"observation has {len(vec)} features, layout says {self.size}")
        np.minimum(vec, self.high, out=vec)
        return vec

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The named blocks of a vector (views into it)."""
        return {name: vector[sl] for name, sl in self.offsets.items()}


def layout_markdown(layout: BlockLayout) -> str:
    """The layout as a Markdown table (offset, size, upper bound, meaning)."""
    rows = ["| block | offset | size | max | meaning |", "|---|---:|---:|---:|---|"]
    for b in layout.blocks:
        rows.append(f"| `{b.name}` | {layout.offsets[b.name].start} | {b.size} | {b.high:g} | {b.doc} |")
    rows.append(f"| total | | {layout.size} | | |")
    return "\n".join(rows)
