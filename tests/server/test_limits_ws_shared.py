"""WebSocket quotas shared through Redis: two server instances with one Redis (and one PostgreSQL
database) count a game's sockets and a client's sockets together; a socket of a process that died
stops counting when its lease runs out; without Redis each process counts its own."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import redis
from conftest import make_settings
from fastapi.testclient import TestClient
from server_services import create_database, free_port

from kleos.server.app import create_app
from kleos.server.errors import ApiError
from kleos.server.ratelimit import SOCKET_LEASE, SocketCounts, game_key

REDIS_DB = 10  # a database of its own in the shared Redis


@pytest.fixture
def shared_redis(redis_url: str) -> str:
    url = redis_url.rsplit("/", 1)[0] + f"/{REDIS_DB}"
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def two_apps(tmp_path: Path, postgres_url: str, shared_redis: str,
             request: pytest.FixtureRequest) -> Iterator[tuple[TestClient, TestClient]]:
    database = create_database(postgres_url, "kleos_" + request.node.name.lower()[:40])
    limits: dict[str, Any] = request.param
    with ExitStack() as stack:
        apps = [stack.enter_context(TestClient(create_app(make_settings(
            tmp_path / name, database_url=database, redis_url=shared_redis, **limits)))) for name in ("a", "b")]
        yield apps[0], apps[1]


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    message: dict[str, Any] = ws.receive_json()
    return message


def counted(url: str, game_id: str) -> int:
    store: Any = redis.Redis.from_url(url)  # redis-py types its answers for both clients
    return int(store.zcard(game_key(game_id)))


def wait_counted(url: str, game_id: str, expected: int) -> None:
    """A socket is uncounted by its server after the client has gone: wait for it (bounded)."""
    for _ in range(1000):
        if counted(url, game_id) == expected:
            return
        time.sleep(0.01)
    raise AssertionError(f"game {game_id}: {counted(url, game_id)} sockets counted, expected {expected}")


@pytest.mark.parametrize("two_apps", [{"sockets_per_game": 2}], indirect=True)
def test_websockets_per_game_counted_across_processes(two_apps: tuple[TestClient, TestClient],
                                                      shared_redis: str) -> None:
    a, b = two_apps
    game_id = a.post("/api/games", json={"opponent": "person"}).json()["game_id"]
    url = f"/api/games/{game_id}/ws"
    with a.websocket_connect(url) as first, b.websocket_connect(url) as second:
        assert hello(first, None)["type"] == "state"
        assert hello(second, None)["type"] == "state"
        for server in (a, b):  # one socket in each process: the game is full in both
            with server.websocket_connect(url) as third:
                refused = hello(third, None)
                assert (refused["type"], refused["status"], refused["limit"]) == ("error", 429, "sockets_per_game")
    wait_counted(shared_redis, game_id, 0)
    with b.websocket_connect(url) as again, a.websocket_connect(url) as more:
        assert hello(again, None)["type"] == "state"
        assert hello(more, None)["type"] == "state"


@pytest.mark.parametrize("two_apps", [{"sockets_per_client": 2}], indirect=True)
def test_websockets_per_client_counted_across_processes(two_apps: tuple[TestClient, TestClient]) -> None:
    a, b = two_apps
    created = a.post("/api/games", json={"opponent": "person"}).json()
    url, token = f"/api/games/{created['game_id']}/ws", created["token"]
    with a.websocket_connect(url) as first, b.websocket_connect(url) as second:
        assert hello(first, token)["type"] == "state"
        assert hello(second, token)["type"] == "state"
        with b.websocket_connect(url) as third:
            refused = hello(third, token)
            assert (refused["status"], refused["limit"]) == (429, "sockets_per_client")
        with a.websocket_connect(url) as spectator:  # another client (no token) is not refused
            assert hello(spectator, None)["type"] == "state"


def test_socket_of_a_dead_process_stops_counting(shared_redis: str) -> None:
    """Sockets whose lease has run out (their process died) are not counted; a live process
    renews the leases of its own."""
    store: Any = redis.Redis.from_url(shared_redis)
    now = float(store.time()[0])
    store.zadd(game_key("g1"), {"dead:1": now - 1, "alive:1": now + SOCKET_LEASE})

    async def scenario() -> tuple[float, float]:
        counts = SocketCounts(per_game=2, per_client=10, redis_url=shared_redis)
        ticket = await counts.open("ip:1", "g1")  # the dead one no longer counts
        with pytest.raises(ApiError) as refused:
            await counts.open("ip:2", "g1")
        assert refused.value.extra["limit"] == "sockets_per_game"
        assert ticket.member is not None
        store.zadd(game_key("g1"), {ticket.member: now + 1}, xx=True)  # about to run out
        await counts.renew()
        renewed = store.zscore(game_key("g1"), ticket.member)
        await counts.close(ticket)
        await counts.aclose()
        assert renewed is not None
        return float(renewed), float(store.time()[0])

    renewed, later = asyncio.run(scenario())
    assert renewed > later + SOCKET_LEASE / 2
    assert store.zrange(game_key("g1"), 0, -1) == [b"alive:1"]


def test_without_redis_reachable_sockets_are_counted_here() -> None:
    """A limiter outage does not stop play: the sockets are counted in this process instead."""

    async def scenario() -> None:
        counts = SocketCounts(per_game=1, per_client=10, redis_url=f"redis://127.0.0.1:{free_port()}/0")
        ticket = await counts.open("ip:1", "g")
        assert ticket.member is None
        with pytest.raises(ApiError):
            await counts.open("ip:2", "g")
        await counts.close(ticket)
        assert (await counts.open("ip:2", "g")).member is None
        await counts.aclose()

    asyncio.run(scenario())
