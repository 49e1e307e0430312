"""Bot work through Redis whose worker died at the worst moment: after taking the job from the queue
but before marking it started, or after marking it started but before the job's first sign of life.
The web process's wait ends with WorkerLost (the decision is asked again) within a few seconds,
not at its deadline. No worker runs here: the test plays the dead worker's part on the job."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from redis import Redis
from rq.job import Job, JobStatus
from rq.results import Result

from kleos.server.queue import QueueThinkers, queue_of
from kleos.server.thinking import WorkerLost

DEADLINE = 120.0  # the wait's own limit: the old code waited this long and then answered None
POLLS = 600  # 0.05 s apart: at most half a minute for the job to be queued


@pytest.fixture
def orphan_url(redis_url: str) -> str:
    url = redis_url.rsplit("/", 1)[0] + "/6"
    Redis.from_url(url).flushdb()
    return url


def wait_outcome(url: str, key: str, orphan: Callable[[Job], None]) -> Any:
    """Ask for ``abs(-1)`` as job ``key`` with no worker, do ``orphan`` to the queued job, and give
    what the wait ended with (its answer, or the exception it raised)."""
    thinkers = QueueThinkers(url, 0)
    ended: list[Any] = []

    def ask() -> None:
        try:
            ended.append(thinkers.work(abs, -1, key, DEADLINE))
        except WorkerLost as exc:
            ended.append(exc)

    asker = threading.Thread(target=ask, daemon=True)
    asker.start()
    queue = queue_of(url)
    for _ in range(POLLS):
        if key in queue.get_job_ids():
            break
        threading.Event().wait(0.05)
    else:
        raise AssertionError("the job was never queued")
    orphan(Job.fetch(key, connection=queue.connection))
    asker.join(DEADLINE + 30)
    thinkers.close()
    assert ended, "the wait never ended"
    return ended[0]


def test_a_job_taken_from_the_queue_but_never_started_is_lost(orphan_url: str) -> None:
    def taken(job: Job) -> None:
        queue_of(orphan_url).remove(job.id)  # the worker popped it and died before marking it started

    assert isinstance(wait_outcome(orphan_url, "kleos-test-taken", taken), WorkerLost)


def test_a_started_job_that_never_showed_life_is_lost(orphan_url: str) -> None:
    def started(job: Job) -> None:
        queue_of(orphan_url).remove(job.id)
        job.set_status(JobStatus.STARTED)  # marked started, killed before its first renewal

    assert isinstance(wait_outcome(orphan_url, "kleos-test-started", started), WorkerLost)


def test_a_job_still_waiting_in_the_queue_is_not_lost(orphan_url: str) -> None:
    """The check can tell: a job merely queued (no worker yet) is waited for, and answered once a
    worker makes it (here the test makes it, as a worker would)."""
    def answered(job: Job) -> None:
        threading.Event().wait(4)  # longer than the grace of a lost job
        job.set_status(JobStatus.FINISHED)
        queue_of(orphan_url).remove(job.id)
        Result.create(job, Result.Type.SUCCESSFUL, ttl=60, return_value=1)

    assert wait_outcome(orphan_url, "kleos-test-waiting", answered) == 1
