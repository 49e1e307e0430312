"""Decisions through Redis, on the RQ job queue: ``kleos worker --redis URL`` on any machine takes them.

The web process enqueues a :class:`~kleos.server.thinking.Decision` as an RQ job whose id is the
decision's key (game, seq, seat): web processes asking for the same decision share one job and one
search (``unique``: a second ask waits for the first's result). A job nobody started before the
decision's deadline is dropped (its ``ttl``). A job, while it runs, keeps a key of its own alive in
Redis (renewed every :data:`ALIVE_EVERY_SECONDS`, gone :data:`ALIVE_SECONDS` after the last
renewal). A worker killed in the middle of a search (``kill -9``) stops renewing it: the web
process, which has seen the key, finds the job still started and the key gone, and its wait ends
with :class:`~kleos.server.thinking.WorkerLost`, so the decision is asked again, as a new job,
while its deadline allows (also when it died before the key's first renewal, or between taking the
job from the queue and marking it started: the job then reads as started, or as queued but out of
the queue, with no key, for :data:`ALIVE_SECONDS`); past the deadline the bot plays the fallback
agent's choice, so the
game goes on and nothing acknowledged is lost (a decision counts only once its action is
committed, by the web process).

Workers are RQ's :class:`~rq.SimpleWorker`: one decision at a time in the worker's own process (a
search is pure Python: one per interpreter; start one worker per core), at a lower CPU priority.
They register with a heartbeat; ``/readyz`` counts the registered workers of the queue.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

from redis import Redis
from rq import Queue, SimpleWorker, get_current_job
from rq.exceptions import DuplicateJobError
from rq.job import Job, JobStatus
from rq.results import Result
from starlette.concurrency import run_in_threadpool

from kleos.server.thinking import Decision, WorkerLost, decide, lower_priority

log = logging.getLogger("kleos.server.queue")

QUEUE = "kleos-decisions"
JOB_TIMEOUT_SECONDS = 600  # longer than any decision's own deadline (a decision stops itself)
KEEP_RESULT_SECONDS = 60  # a shared decision's answer waits this long for its other askers
WORKER_TTL_SECONDS = 20  # a worker not heard from for this long is no longer counted as up
ALIVE_SECONDS = 3  # a running job's key lives this long after its last renewal
ALIVE_EVERY_SECONDS = 0.5  # how often a running job renews it (well inside ALIVE_SECONDS)
POLL_SECONDS = 1  # how long the web process blocks for an answer between two looks at the key


def alive_key(job_id: str) -> str:
    return f"kleos-alive:{job_id}"


def beating(fn: Callable[[Any], Any], arg: Any) -> Any:
    """``fn(arg)`` in a worker, keeping the job's key alive while it runs (a thread renews it)."""
    job = get_current_job()
    if job is None:
        return fn(arg)
    key, connection = alive_key(job.id), job.connection
    done = threading.Event()

    def renew() -> None:
        while not done.wait(ALIVE_EVERY_SECONDS):
            connection.set(key, 1, px=ALIVE_SECONDS * 1000)

    connection.set(key, 1, px=ALIVE_SECONDS * 1000)
    thread = threading.Thread(target=renew, name="kleos-job-alive", daemon=True)
    thread.start()
    try:
        return fn(arg)
    finally:
        done.set()


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
        the fallback; its worker lost: :class:`~kleos.server.thinking.WorkerLost`)."""
        if self._closed:
            return None
        with self._lock:
            self._waiting += 1
        try:
            return self._work(fn, arg, key, wait)
        except WorkerLost:
            raise
        except Exception as exc:
            log.warning("job %s got no answer: %s", key, type(exc).__name__)
            return None
        finally:
            with self._lock:
                self._waiting -= 1

    def _work(self, fn: Callable[[Any], Any], arg: Any, key: str, wait: float) -> Any:
        seconds = max(1, int(wait))
        try:
            job = self._queue.enqueue(beating, fn, arg, job_id=key, unique=True, ttl=seconds,
                                      job_timeout=max(JOB_TIMEOUT_SECONDS, seconds), result_ttl=KEEP_RESULT_SECONDS,
                                      failure_ttl=KEEP_RESULT_SECONDS)
        except DuplicateJobError:  # another web process asked first: wait for its answer
            job = Job.fetch(key, connection=self._queue.connection)
        result = self._answer(job, time.monotonic() + seconds)
        if result is None or result.type != Result.Type.SUCCESSFUL:
            return None
        return result.return_value

    def _answer(self, job: Job, end: float) -> Result | None:
        """The job's result by ``end`` (``None``: none), blocking :data:`POLL_SECONDS` at a time and
        looking between whether its worker is still alive. Lost (:class:`WorkerLost`): started and
        its key gone after it was seen, or orphaned for :data:`ALIVE_SECONDS` without the key ever
        seen (its worker died before the first renewal, or between taking the job from the queue
        and marking it started)."""
        seen_alive = False
        orphaned_since: float | None = None
        while not self._closed:
            left = end - time.monotonic()
            if left <= 0:
                return None
            result = job.latest_result(timeout=max(1, min(POLL_SECONDS, int(left))))
            if result is not None:
                return result
            if self._queue.connection.exists(alive_key(job.id)):
                seen_alive, orphaned_since = True, None
                continue
            if not self._orphaned(job):
                orphaned_since = None
                continue
            if seen_alive:
                raise WorkerLost(job.id)
            orphaned_since = orphaned_since if orphaned_since is not None else time.monotonic()
            if time.monotonic() - orphaned_since >= ALIVE_SECONDS:
                raise WorkerLost(job.id)
        return None

    def _orphaned(self, job: Job) -> bool:
        """No worker holds the job although it has no result: it reads as started with no key alive
        (the caller checked the key), or as queued but is no longer in the queue."""
        status = job.get_status(refresh=True)
        if status == JobStatus.STARTED:
            return True
        return status == JobStatus.QUEUED and job.id not in self._queue.get_job_ids()

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
