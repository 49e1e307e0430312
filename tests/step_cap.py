"""A step budget for test loops: a broken rule that stops a game from moving on fails the test with a
message naming the loop, instead of spinning until someone kills the run."""

from __future__ import annotations

import pytest

DEFAULT_STEPS = 10_000
WHOLE_GAME_STEPS = 100_000  # a loop that plays a whole game, chance steps included, through any adapter


class StepCap:
    """Counts a loop's iterations; ``while condition and cap():`` fails the test past ``limit``."""

    def __init__(self, what: str, limit: int = DEFAULT_STEPS) -> None:
        self.what = what
        self.limit = limit
        self.steps = 0

    def __call__(self) -> bool:
        self.steps += 1
        if self.steps > self.limit:
            pytest.fail(f"loop `while {self.what}` still running after {self.limit} steps", pytrace=False)
        return True
