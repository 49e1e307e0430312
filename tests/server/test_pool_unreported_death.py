"""A worker process that dies after taking a job but before saying it started: the wait for that job
still ends with WorkerLost (so the decision is asked again) instead of lasting until its deadline."""

from __future__ import annotations

import os

import pytest

from kleos.server.pool import LocalThinkers
from kleos.server.thinking import WorkerLost

DEADLINE = 120.0  # the wait's own limit: the old code waited this long and then answered None


def test_a_job_whose_worker_died_before_reporting_its_start_is_lost_not_awaited(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # No start report ever reaches the web process, as when a worker dies between taking a job
    # from the queue and saying so; the job itself ends its worker (os._exit).
    monkeypatch.setattr(LocalThinkers, "_listen", lambda self: None)
    thinkers = LocalThinkers(1)
    try:
        thinkers.warm_up()
        with pytest.raises(WorkerLost):
            thinkers.work(os._exit, 3, "kleos-test-unreported", DEADLINE)
        assert thinkers.in_flight() == 0
    finally:
        thinkers.close()


def test_a_queued_job_beside_a_living_busy_worker_is_awaited(monkeypatch: pytest.MonkeyPatch) -> None:
    """No death, no loss: a job answered normally is not taken for lost (the check above can only fire
    after a worker died)."""
    monkeypatch.setattr(LocalThinkers, "_listen", lambda self: None)
    thinkers = LocalThinkers(1)
    try:
        thinkers.warm_up()
        assert thinkers.work(abs, -7, "kleos-test-alive", DEADLINE) == 7
    finally:
        thinkers.close()
