"""Bots through Redis and RQ: a web process that does not search (``--bot-workers 0``) and two
``kleos worker`` processes; decisions are shared between the workers, one is killed in the middle
of a search (``kill -9``), and every game still goes on to its end."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis import Redis
from rq import Queue, SimpleWorker
from server_helpers import Message, get_message, metric, new_game, post_action
from server_services import REPO, ServerProcess, free_port

from kleos.server.queue import QUEUE

HUGE = "ismcts:2000000000"  # searches until its deadline
SPARTA_OPENS = 64  # with this seed the bot (Sparta) acts first
DEADLINE_SECONDS = 4
QUICK_GAMES = 3
MAX_STEPS = 1500
POLL_ROUNDS = 600  # 0.1 s apart


@pytest.fixture
def queue_url(redis_url: str) -> str:
    """A Redis database of its own (the session's server is shared with other tests), emptied."""
    url = redis_url.rsplit("/", 1)[0] + "/5"
    Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def workers(queue_url: str, tmp_path: Path) -> Iterator[list[subprocess.Popen[bytes]]]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    with (tmp_path / "workers.log").open("ab") as log:
        started = [subprocess.Popen([sys.executable, "-m", "kleos", "worker", "--redis", queue_url,
                                     "--log-level", "warning"], stdout=log, stderr=log, env=env, cwd=str(REPO))
                   for _ in range(2)]
        try:
            yield started
        finally:
            for process in started:
                if process.poll() is None:
                    process.send_signal(signal.SIGKILL)
                process.wait(timeout=30)


def registered(url: str) -> list[Any]:
    return list(SimpleWorker.all(queue=Queue(QUEUE, connection=Redis.from_url(url))))


def wait_for(check: Any, what: str) -> Any:
    for _ in range(POLL_ROUNDS):
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never happened: {what}")


def play_some(http: httpx.Client, game: Message, rng: random.Random, steps: int) -> Message:
    """The person's random moves for up to ``steps`` turns (waiting for the bot between them)."""
    message = get_message(http, game["game_id"], game["token"])
    for _ in range(steps):
        message = wait_for_turn(http, game)
        if message["status"] == "finished":
            return message
        action = rng.choice(message["legal"])["action"]
        assert post_action(http, game["game_id"], game["token"], message["seq"], action).status_code in (200, 409)
    return message


def wait_for_turn(http: httpx.Client, game: Message) -> Message:
    turn: Message = wait_for(lambda: _turn_or_end(http, game), f"the bot of {game['game_id']} to move")
    return turn


def _turn_or_end(http: httpx.Client, game: Message) -> Message | None:
    message = get_message(http, game["game_id"], game["token"])
    return message if message["your_turn"] or message["status"] == "finished" else None


def kill_the_searching_worker(url: str, workers: list[subprocess.Popen[bytes]]) -> None:
    """``kill -9`` the worker that is searching (once one is)."""
    busy = wait_for(lambda: [w for w in registered(url) if w.get_state() == "busy"], "a worker to search")
    victim = next(p for p in workers if p.pid == busy[0].pid)
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=30)


def bot_moved(http: httpx.Client, game: Message, what: str) -> Message:
    """The game once its bot (seat 1) has moved."""
    moved: Message = wait_for(lambda: (m := _turn_or_end(http, game)) and any(e["seat"] == 1 for e in m["log"]) and m,
                              what)
    return moved


def test_two_workers_share_the_decisions_and_a_killed_one_stops_no_game(
        tmp_path: Path, queue_url: str, workers: list[subprocess.Popen[bytes]]) -> None:
    server = ServerProcess(free_port(), "--database", f"sqlite:///{tmp_path / 'kleos.db'}", "--redis", queue_url,
                           "--bot-workers", "0", "--allow-client-seed", "--bot-seconds", str(DEADLINE_SECONDS),
                           "--bot-max-budget", str(2**62), "--request-limit", "100000/second",
                           log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=30.0) as http:
            wait_for(lambda: http.get("/readyz").status_code == 200, "the workers to be ready")
            rng = random.Random(26)
            quick = [new_game(http, opponent="random", side="athens", seed=SPARTA_OPENS + i)
                     for i in range(QUICK_GAMES)]
            for game in quick:
                play_some(http, game, rng, 15)
            done = {w.pid: w.successful_job_count for w in registered(queue_url)}
            assert len(done) == 2 and all(count > 0 for count in done.values()), f"decisions per worker: {done}"

            slow = new_game(http, opponent=HUGE, side="athens", seed=SPARTA_OPENS)
            kill_the_searching_worker(queue_url, workers)
            assert bot_moved(http, slow, "the slow game's bot to play its fallback")["your_turn"]
            finals = [play_some(http, game, rng, MAX_STEPS) for game in quick]
            assert all(final["status"] == "finished" for final in finals)
            metrics = http.get("/metrics").text
    finally:
        server.stop()
    fallbacks = [line for line in metrics.splitlines() if line.startswith("kleos_bot_fallbacks_total")]
    assert fallbacks and float(fallbacks[0].split()[-1]) >= 1, metrics


RETRIED = "ismcts:4000"  # a search of some seconds: caught in the middle, and ending well before its deadline
RETRIED_DEADLINE_SECONDS = 120


def test_a_decision_whose_worker_is_killed_is_searched_again_by_the_other(
        tmp_path: Path, queue_url: str, workers: list[subprocess.Popen[bytes]]) -> None:
    """The worker searching for the bot is killed (``kill -9``) in the middle of the search: its
    job's key stops being renewed, the web process asks again as a new job, the other worker
    searches it, and the bot plays that search's choice (a retry, no fallback)."""
    server = ServerProcess(free_port(), "--database", f"sqlite:///{tmp_path / 'kleos.db'}", "--redis", queue_url,
                           "--bot-workers", "0", "--allow-client-seed", "--bot-seconds",
                           str(RETRIED_DEADLINE_SECONDS), "--bot-max-budget", "4000", log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=30.0) as http:
            wait_for(lambda: len(registered(queue_url)) == 2, "both workers to be registered")
            game = new_game(http, opponent=RETRIED, side="athens", seed=SPARTA_OPENS)
            kill_the_searching_worker(queue_url, workers)
            assert bot_moved(http, game, "the bot to play the retried search's choice")["your_turn"]
            exposition = http.get("/metrics").text
    finally:
        server.stop()
    assert metric(exposition, "kleos_bot_retries_total") == 1, exposition
    assert metric(exposition, "kleos_bot_fallbacks_total") == 0, exposition
