"""After a Redis outage no acknowledged move stays unseen (issue 16, hole 8).

Two ``kleos serve`` processes share PostgreSQL and a Redis server that this test stops and starts
again: a move acknowledged by one process while Redis is down reaches the WebSocket of a player
connected to the other process once Redis is back (the other process resyncs its clients).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import get_message, post_action, two_players
from server_services import ServerProcess, create_database, free_port, unavailable, wait_for_port
from websockets.sync.client import ClientConnection, connect

SEE_WITHIN = 60.0  # generous: the resync follows the reconnection at once


class RedisProcess:
    """A Redis server without persistence that can be stopped and started again on its port."""

    def __init__(self, base: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            unavailable("redis-server is not installed")
        self.binary = binary
        self.base = base
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(self.base)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for_port(self.port):
            unavailable("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_process(tmp_path: Path) -> Iterator[RedisProcess]:
    redis = RedisProcess(tmp_path)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


@contextlib.contextmanager
def two_servers(database: str, redis_url: str, logs: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    args = ("--database", database, "--redis", redis_url, "--allow-client-seed")
    first = ServerProcess(free_port(), *args, log=logs / "a.log")
    second = ServerProcess(free_port(), *args, log=logs / "b.log")
    try:
        first.wait_ready()
        second.wait_ready()
        yield first, second
    finally:
        first.stop()
        second.stop()


def wait_for_seq(ws: ClientConnection, seq: int) -> int:
    """The ``seq`` of the first state message at or after ``seq`` (-1: none within SEE_WITHIN)."""
    with contextlib.suppress(TimeoutError):
        for _ in range(1000):
            message = json.loads(ws.recv(timeout=SEE_WITHIN))
            if message.get("type") == "state" and message["seq"] >= seq:
                return int(message["seq"])
    return -1


def test_move_made_while_redis_is_down_reaches_the_other_process(
        tmp_path: Path, postgres_url: str, redis_process: RedisProcess) -> None:
    database = create_database(postgres_url, "kleos_limits_redis_outage")
    with two_servers(database, redis_process.url, tmp_path) as (first, second), \
            httpx.Client(base_url=first.url, timeout=20) as client:
        table = two_players(client, seed=91)
        message = get_message(client, table.game_id, table.tokens[0])
        actor = message["to_act"][0]
        watcher = 1 - actor
        ws_url = second.url.replace("http://", "ws://") + f"/api/games/{table.game_id}/ws"
        with connect(ws_url, open_timeout=20) as ws:
            ws.send(json.dumps({"type": "hello", "token": table.tokens[watcher]}))
            assert wait_for_seq(ws, message["seq"]) == message["seq"]
            redis_process.stop()
            mine = get_message(client, table.game_id, table.tokens[actor])
            acted = post_action(client, table.game_id, table.tokens[actor], mine["seq"], mine["legal"][0]["action"])
            assert acted.status_code == 200, acted.text
            new_seq = acted.json()["ack"]["seq"]
            redis_process.start()
            assert wait_for_seq(ws, new_seq) >= new_seq
