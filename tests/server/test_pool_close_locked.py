"""The pool works on, and the web process stops, even when a worker died while writing to the start
reports' queue.

A worker killed (by the OS, an operator, or the pool's own terminate at shutdown) in the middle of
its start report leaves the queue's write lock taken for ever. The other workers' reports then
waited for ever before their jobs, and the pool's close, which wrote an end marker through that
lock, hung the server's shutdown with it. Here the test holds the lock, as the dead writer would."""

from __future__ import annotations

import threading
from typing import Any

from kleos.server.pool import LocalThinkers

STOP_SECONDS = 30.0  # a generous bound: a close that works takes well under a second here
JOB_SECONDS = 60.0  # the same for a job the worker is free to make


def close_is_stuck(thinkers: LocalThinkers, lock: Any) -> bool:
    """Whether ``thinkers.close()`` is still running after :data:`STOP_SECONDS` while ``lock`` (taken
    by the test, as a dead writer leaves it) is held. The lock is released afterwards, so that a stuck
    close ends and the test process is not left with a stuck thread."""
    closer = threading.Thread(target=thinkers.close, daemon=True)
    closer.start()
    closer.join(STOP_SECONDS)
    stuck = closer.is_alive()
    lock.release()
    closer.join(STOP_SECONDS)
    return stuck


def test_close_ends_while_the_report_queue_is_locked_by_a_dead_writer() -> None:
    thinkers = LocalThinkers(1)
    thinkers.warm_up()
    assert thinkers.work(abs, -3, "kleos-test-before", 60.0) == 3
    lock = thinkers._started._wlock  # the queue's write lock, as a writer killed mid-report leaves it
    assert lock.acquire(timeout=5.0)
    assert thinkers.work(abs, -5, "kleos-test-locked", JOB_SECONDS) == 5  # the report waits, not the job
    assert not close_is_stuck(thinkers, lock), "close() waited on the queue's lock"
    assert not any(worker.is_alive() for worker in thinkers.worker_processes())


def test_close_ends_while_the_result_queue_is_locked_by_a_dead_worker() -> None:
    """The pool's own result queue has the same hazard: a worker terminated while writing its answer
    leaves that queue's write lock taken, and the standard library's ``Pool.terminate`` then waits
    for ever on its task thread, which writes an end marker through that lock. A CI run hung there
    (5 December 2026). close() still returns, with the workers ended."""
    thinkers = LocalThinkers(1)
    thinkers.warm_up()
    assert thinkers.work(abs, -3, "kleos-test-before", 60.0) == 3
    lock = thinkers._pool._outqueue._wlock  # type: ignore[attr-defined]  # as a worker killed mid-answer leaves it
    assert lock.acquire(timeout=5.0)
    assert not close_is_stuck(thinkers, lock), "close() waited on the result queue's lock"
    assert not any(worker.is_alive() for worker in thinkers.worker_processes())
