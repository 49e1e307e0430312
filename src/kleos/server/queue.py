"""Decisions through Redis, on the RQ job queue: ``kleos worker --redis URL`` on any machine takes them.

The web process enqueues a :class:`~kleos.server.thinking.Decision` as an RQ job whose id is the
decision's key (game, seq, seat): web processes asking for the same decision share one job and one
search (``unique``: a second ask waits for the first's result). A job nobody started before the
decision's deadline is dropped (its ``ttl``). A worker killed in the middle of a search
(``kill -9``) leaves its job unanswered; the web process waits no longer than the deadline, then
its bot plays the fallback agent's choice, so the game goes on and nothing acknowledged is lost
(a decision counts only once its action is committed, by the web process).

Workers are RQ's :class:`~rq.SimpleWorker`: one decision at a time in the worker's own process (a
search is pure Python: one per interpreter; start one worker per core), at a lower CPU priority.
They register with a heartbeat; ``/readyz`` counts the registered workers of the queue.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

from redis import Redis
from rq import Queue, SimpleWorker
from rq.exceptions import DuplicateJobError
from rq.job import Job
from rq.results import Result
from starlette.concurrency import run_in_threadpool

from kleos.server.thinking import Decision, decide, lower_priority

log = logging.getLogger("kleos.server.queue")

QUEUE = "kleos-decisions"
JOB_TIMEOUT_SECONDS = 600  # longer than any decision's own deadline (a decision stops itself)
KEEP_RESULT_SECONDS = 60  # a shared decision's answer waits this long for its other askers
WORKER_TTL_SECONDS = 20  # a worker not heard from for this long is no longer counted as up


def queue_of(url: str) -> Queue:
    return Queue(QUEUE, connection=Redis.from_url(url))


class QueueThinkers:
    """Decisions run by RQ workers through the Redis at ``url``, and ``local_workers`` such workers
    started on this machine (``kleos serve --redis``: nothing else to start)."""

    def __init__(self, url: str, local_workers: int) -> None:
        self._queue = queue_of(url)
        self._lock = threading.Lock()
        self._waiting = 0
        self._closed = False
        self._local = start_local_workers(url, local_workers)

    def think(self, decision: Decision, wait: float) -> int | None:
        answer = self.work(decide, decision, decision.key, wait)
        return answer if isinstance(answer, int) else None

    def work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any:
        """``fn(arg)`` as the job ``key`` (Redis unreachable, a failed job: ``None``, and a bot plays
        the fallback)."""
        if self._closed:
            return None
        with self._lock:
            self._waiting += 1
        try:
            return self._work(fn, arg, key, wait)
        except Exception as exc:
            log.warning("job %s got no answer: %s", key, type(exc).__name__)
            return None
        finally:
            with self._lock:
                self._waiting -= 1

    def _work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any:
        seconds = max(1, int(wait))
        try:
            job = self._queue.enqueue(fn, arg, job_id=key, unique=True, ttl=seconds,
                                      job_timeout=max(JOB_TIMEOUT_SECONDS, seconds), result_ttl=KEEP_RESULT_SECONDS,
                                      failure_ttl=KEEP_RESULT_SECONDS)
        except DuplicateJobError:  # another web process asked first: wait for its answer
            job = Job.fetch(key, connection=self._queue.connection)
        result = job.latest_result(timeout=seconds)
        if result is None or result.type != Result.Type.SUCCESSFUL:
            return None
        return result.return_value

    def in_flight(self) -> int:
        with self._lock:
            return self._waiting

    async def ready(self) -> bool:
        """Some worker is registered on the queue (and has not missed its heartbeat)."""
        try:
            return bool(await run_in_threadpool(SimpleWorker.count, queue=self._queue))
        except Exception:
            return False

    def close(self) -> None:
        """Stop waiting, and end this process's own workers at once (a search counts only once its
        action is committed: the game resumes at the next start)."""
        self._closed = True
        for process in self._local:
            process.kill()
        for process in self._local:
            process.join(5.0)
        self._local.clear()


def serve_worker(url: str) -> None:
    """A worker process's life: take decisions from the queue until stopped (SIGTERM: after the
    decision it is making, which its deadline bounds)."""
    lower_priority()
    queue = queue_of(url)
    worker = SimpleWorker([queue], connection=queue.connection, worker_ttl=WORKER_TTL_SECONDS)
    worker.work(with_scheduler=False)


def start_local_workers(url: str, count: int) -> list[BaseProcess]:
    """``count`` workers on this machine, ended with the web process."""
    context = multiprocessing.get_context("spawn")
    processes: list[BaseProcess] = [context.Process(target=serve_worker, args=(url,), name=f"kleos-worker-{i}",
                                                    daemon=True) for i in range(max(0, count))]
    for process in processes:
        process.start()
    return processes
