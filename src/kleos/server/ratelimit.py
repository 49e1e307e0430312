"""A token bucket per seat token: bursts up to ``capacity`` actions, then ``per_second``.

Buckets live in the process (with several processes, each limits the traffic it receives).
"""

from __future__ import annotations

import threading
import time

MAX_BUCKETS = 100_000


class RateLimiter:
    def __init__(self, capacity: float, per_second: float) -> None:
        self.capacity = max(1.0, capacity)
        self.per_second = max(0.001, per_second)
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, time)
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float | None:
        """Spend one token of ``key``'s bucket: ``None`` if allowed, else seconds to wait."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.per_second)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) / self.per_second
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > MAX_BUCKETS:
                self._prune(now)
            return None

    def _prune(self, now: float) -> None:
        full_after = self.capacity / self.per_second
        for key in [k for k, (_, last) in self._buckets.items() if now - last > full_after]:
            del self._buckets[key]
