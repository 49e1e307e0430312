"""Where searches run: the embedded pool of worker processes that ``kleos serve`` starts by itself.

:class:`LocalThinkers` is the standard library's process pool (``multiprocessing``, started with
``spawn``: a fresh interpreter, nothing inherited from the web process but what a
:class:`~kleos.server.thinking.Decision` carries). A dead worker is replaced by the pool. Each
worker says which job it starts (a queue read by a thread of the web process), so a wait whose
worker has died ends at once with :class:`~kleos.server.thinking.WorkerLost` and the caller asks
again, on the pool's other or new workers, while its deadline allows. A worker can also die after
taking a job but before saying so: a job not started while a worker alive at its submission has
died and another worker stands idle is taken as lost too (after :data:`UNSTARTED_GRACE_SECONDS`,
the time a start report takes to arrive), since an idle worker would have taken it from the queue.
:mod:`kleos.server.queue` offers the same interface over Redis, for workers on other machines.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable
from multiprocessing.pool import Pool
from typing import Any, Protocol

from kleos.server.thinking import Decision, WorkerLost, decide, portable_kits, prepare_worker, tracked

log = logging.getLogger("kleos.server.pool")

WARM_UP_SECONDS = 60.0
CHECK_SECONDS = 0.25  # how often a wait looks whether the worker making its job is still alive
UNSTARTED_GRACE_SECONDS = 1.0  # a job unstarted this long beside an idle worker, after a death, is lost
LISTEN_SECONDS = 0.05  # how often the start reports' listener looks for a report, or for the pool's end
TERMINATE_SECONDS = 5.0  # how long close() lets the standard library's terminate take before it kills


class Thinkers(Protocol):
    """Runs decisions away from the web process. ``think`` blocks the calling thread (never the
    event loop) until the answer, or returns ``None`` after ``wait`` seconds or when closing.
    ``work`` does the same for other bot work (a post-game analysis): ``fn(arg)`` in a worker,
    ``fn`` a module-level function that bounds its own time, ``key`` naming the job. Both raise
    :class:`~kleos.server.thinking.WorkerLost` when the worker making the job died: the caller
    may ask again (with a new key) while its time allows."""

    def think(self, decision: Decision, wait: float) -> int | None: ...

    def work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any: ...

    def in_flight(self) -> int: ...

    async def ready(self) -> bool: ...

    def close(self) -> None: ...


def make_local_pool(processes: int, started: Any) -> Any:
    """The pool of worker processes, each telling ``started`` the jobs it starts (tests may stand a
    thread pool in for it)."""
    return multiprocessing.get_context("spawn").Pool(processes, initializer=prepare_worker,
                                                     initargs=(portable_kits(), started))


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
        # A queue with a writer thread in each worker: a report never blocks a worker's job, even
        # if another worker died in the middle of its own report and left the queue locked.
        self._started: Any = multiprocessing.get_context("spawn").Queue()
        self._pool: Pool = make_local_pool(self.processes, self._started)
        self._lock = threading.Lock()
        self._waiting: dict[str, _Answer] = {}
        self._runners: dict[str, int] = {}  # job token: the process id of the worker making it
        self._numbers = itertools.count()
        self._closed = False
        self._stopping = threading.Event()
        self._listener = threading.Thread(target=self._listen, name="kleos-pool-started", daemon=True)
        self._listener.start()

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
        token = f"{key}#{next(self._numbers)}"
        born = self._alive_pids()
        suspect_since: float | None = None
        with self._lock:
            if self._closed:
                return None
            self._waiting[token] = answer
            self._pool.apply_async(tracked, (token, fn, arg), callback=answer.give, error_callback=answer.fail)
        try:
            end = time.monotonic() + max(0.0, wait)
            while not answer.done.wait(min(CHECK_SECONDS, max(0.0, end - time.monotonic()))):
                if time.monotonic() >= end:
                    break
                if self._lost(token):
                    raise WorkerLost(key)
                if not self._taken_by_the_dead(token, born):
                    suspect_since = None
                elif suspect_since is None:
                    suspect_since = time.monotonic()
                elif time.monotonic() - suspect_since >= UNSTARTED_GRACE_SECONDS:
                    raise WorkerLost(key)
            return answer.value
        finally:
            with self._lock:
                self._waiting.pop(token, None)
                self._runners.pop(token, None)

    def runners(self) -> dict[str, int]:
        """The jobs being made, by token (``key#n``), and the process id of the worker making each."""
        with self._lock:
            return dict(self._runners)

    def _lost(self, token: str) -> bool:
        """The worker that started job ``token`` has died (a job not started yet is not lost)."""
        with self._lock:
            pid = self._runners.get(token)
        return pid is not None and pid not in self._alive_pids()

    def _taken_by_the_dead(self, token: str, born: set[int]) -> bool:
        """Job ``token`` may have died with its worker before it said it started: not started, a
        worker alive at its submission is gone, and some worker is idle (it would have taken the job
        from the queue). A job that was only waiting is asked again too: its first run then answers
        nobody, a cost paid only after a worker died."""
        with self._lock:
            if token in self._runners:
                return False
            busy = len(self._runners)
        alive = self._alive_pids()
        return bool(born - alive) and len(alive) > busy

    def _alive_pids(self) -> set[int]:
        """The process ids of the live workers (none for a thread pool standing in, in tests)."""
        return {pid for worker in self.worker_processes()
                if worker.is_alive() and (pid := getattr(worker, "pid", None)) is not None}

    def _listen(self) -> None:
        """Note which worker starts each job still awaited, until :meth:`close`. Nothing is written
        to the queue to stop it: a worker killed while writing a report may hold the queue's lock
        for ever, and the web process must still stop."""
        while not self._stopping.is_set():
            try:
                token, pid = self._started.get(timeout=LISTEN_SECONDS)
            except queue.Empty:
                continue
            with self._lock:
                if token in self._waiting:
                    self._runners[token] = pid

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
        """Stop every search at once (the processes are terminated) and wake who waits for one.

        ``Pool.terminate`` runs in a thread of its own and is waited for at most
        :data:`TERMINATE_SECONDS`: a worker terminated while writing its answer leaves the result
        queue's write lock taken, and the standard library's terminate then waits for ever on its task
        thread, which writes an end marker through that lock. The workers are then killed here and
        the web process stops all the same (the stuck thread is a daemon)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            waiting = list(self._waiting.values())
        stopper = threading.Thread(target=self._pool.terminate, name="kleos-pool-terminate", daemon=True)
        stopper.start()
        stopper.join(TERMINATE_SECONDS)
        for answer in waiting:
            answer.give(None)
        if stopper.is_alive():
            log.warning("the worker pool did not stop within %.0f s (a worker ended while writing an answer "
                        "holds the result queue's lock): its processes are killed", TERMINATE_SECONDS)
            for worker in self.worker_processes():
                if worker.is_alive() and hasattr(worker, "kill"):  # a thread pool standing in has no kill
                    worker.kill()
                    worker.join(TERMINATE_SECONDS)
        else:
            self._pool.join()
        self._stopping.set()
        self._listener.join(5.0)
        self._started.close()
        self._started.cancel_join_thread()
