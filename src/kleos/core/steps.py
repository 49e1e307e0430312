"""A step cap for the loops that play a game on until it ends: no game of Kleos comes near it, so
passing it means a broken rule keeps the game from moving on, and the loop fails with a message."""

from __future__ import annotations

from kleos.core.errors import RunawayLoop

RUNAWAY_STEPS = 1_000_000


def count_step(steps: int, limit: int, what: str) -> int:
    """``steps + 1``, or :class:`RunawayLoop` naming ``what`` once that passes ``limit``."""
    if steps >= limit:
        raise RunawayLoop(what, limit)
    return steps + 1
