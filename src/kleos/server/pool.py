"""Where searches run: the embedded pool of worker processes that ``kleos serve`` starts by itself.

:class:`LocalThinkers` is the standard library's process pool (``multiprocessing``, started with
``spawn``: a fresh interpreter, nothing inherited from the web process but what a
:class:`~kleos.server.thinking.Decision` carries). A dead worker is replaced by the pool; the
decision it was making gets no answer and its bot plays the fallback at its deadline.
:mod:`kleos.server.queue` offers the same interface over Redis, for workers on other machines.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.pool import Pool
from typing import Any, Protocol

from kleos.server.thinking import Decision, decide, portable_kits, prepare_worker

log = logging.getLogger("kleos.server.pool")

WARM_UP_SECONDS = 60.0


class Thinkers(Protocol):
    """Runs decisions away from the web process. ``think`` blocks the calling thread (never the
    event loop) until the answer, or returns ``None`` after ``wait`` seconds or when closing.
    ``work`` does the same for other bot work (a post-game analysis): ``fn(arg)`` in a worker,
    ``fn`` a module-level function that bounds its own time, ``key`` naming the job."""

    def think(self, decision: Decision, wait: float) -> int | None: ...

    def work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any: ...

    def in_flight(self) -> int: ...

    async def ready(self) -> bool: ...

    def close(self) -> None: ...


def make_local_pool(processes: int) -> Any:
    """The pool of worker processes (tests may stand a thread pool in for it)."""
    return multiprocessing.get_context("spawn").Pool(processes, initializer=prepare_worker,
                                                     initargs=(portable_kits(),))


class _Answer:
    """One answer awaited: set by the pool's callback, or by :meth:`LocalThinkers.close`."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: Any = None

    def give(self, value: Any) -> None:
        self.value = value
        self.done.set()

    def fail(self, exc: BaseException) -> None:
        log.error("a search failed in its worker: %s: %s", type(exc).__name__, exc)
        self.done.set()


class LocalThinkers:
    """``processes`` worker processes on this machine."""

    def __init__(self, processes: int) -> None:
        self.processes = max(1, processes)
        self._pool: Pool = make_local_pool(self.processes)
        self._lock = threading.Lock()
        self._waiting: set[_Answer] = set()
        self._closed = False

    def warm_up(self, seconds: float = WARM_UP_SECONDS) -> None:
        """Wait until the workers have started (spawned interpreters take a moment to import
        everything): the server takes requests, and its first bots search, only then."""
        pending = [self._pool.apply_async(os.getpid) for _ in range(self.processes)]
        for result in pending:
            try:
                result.get(seconds)
            except multiprocessing.TimeoutError:
                log.warning("a worker process did not start within %.0f s", seconds)
                return

    def think(self, decision: Decision, wait: float) -> int | None:
        value = self.work(decide, decision, decision.key, wait)
        return value if isinstance(value, int) else None

    def work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any:
        answer = _Answer()
        with self._lock:
            if self._closed:
                return None
            self._waiting.add(answer)
            self._pool.apply_async(fn, (arg,), callback=answer.give, error_callback=answer.fail)
        try:
            answer.done.wait(max(0.0, wait))
            return answer.value
        finally:
            with self._lock:
                self._waiting.discard(answer)

    def in_flight(self) -> int:
        with self._lock:
            return len(self._waiting)

    def alive(self) -> int:
        """Worker processes alive now (the pool replaces one that died)."""
        workers: list[Any] = getattr(self._pool, "_pool", [])
        return sum(1 for worker in workers if worker.is_alive())

    def worker_processes(self) -> list[Any]:
        """The pool's processes (tests check that stopping ends them)."""
        return list(getattr(self._pool, "_pool", []))

    async def ready(self) -> bool:
        return not self._closed and self.alive() > 0

    def close(self) -> None:
        """Stop every search at once (the processes are terminated) and wake who waits for one."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            waiting = list(self._waiting)
        self._pool.terminate()
        for answer in waiting:
            answer.give(None)
        self._pool.join()
