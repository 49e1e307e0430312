"""A tiny seeded generator whose whole state is one integer.

The state of a game carries its generator, so copying a state (for search) is cheap and an
action log replays exactly. SplitMix64 is small, fast in pure Python and well distributed.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

_MASK = (1 << 64) - 1


@mypyc_attr(allow_interpreted_subclasses=True)  # tests poison it in an uncompiled subclass
@dataclass(slots=True)
class Rng:
    """SplitMix64. ``state`` is the complete generator state (an unsigned 64-bit integer)."""

    state: int

    @staticmethod
    def from_seed(seed: int) -> Rng:
        return Rng((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next_u64() % n  # bias < n / 2**64: negligible for game sizes

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def weighted(self, weights: list[float]) -> int:
        """An index drawn with probability proportional to ``weights``."""
        total = sum(weights)
        x = self.random() * total
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return len(weights) - 1

    def copy(self) -> Rng:
        return Rng(self.state)
