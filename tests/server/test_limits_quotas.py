"""Quotas an operator can set (issue 16, hole 7): games and imports per client per hour, requests
on every endpoint, WebSockets per game and per client, shared through Redis between processes.
Over a limit the answer is 429 with ``Retry-After`` and a JSON error naming the limit."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import make_settings
from server_helpers import auth, new_game

from kleos.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def limited(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    overrides: dict[str, Any] = getattr(request, "param", {})
    with TestClient(create_app(make_settings(tmp_path, **overrides))) as client:
        yield client


def assert_refused(response: httpx.Response, limit: str) -> None:
    assert response.status_code == 429, response.text
    assert int(response.headers["Retry-After"]) >= 1
    body = response.json()
    assert body["error"] == "rate_limited"
    assert body["limit"] == limit


@pytest.mark.parametrize("limited", [{"games_per_hour": 3}], indirect=True)
def test_games_per_client_per_hour(limited: TestClient) -> None:
    for _ in range(3):
        assert limited.post("/api/games", json={"opponent": "person"}).status_code == 201
    assert_refused(limited.post("/api/games", json={"opponent": "person"}), "games")


@pytest.mark.parametrize("limited", [{"imports_per_hour": 2}], indirect=True)
def test_imports_per_client_per_hour(limited: TestClient) -> None:
    game = new_game(limited, opponent="person")["game"]
    body = {"record": {"game": game, "options": {}, "seed": 5, "actions": []}, "opponent": "person"}
    for _ in range(2):
        assert limited.post("/api/import", json=body).status_code != 429
    assert_refused(limited.post("/api/import", json=body), "imports")


@pytest.mark.parametrize("limited", [{"request_limit": "5/minute"}], indirect=True)
def test_requests_on_every_endpoint_per_client(limited: TestClient) -> None:
    """Any endpoint counts, per address: a token (made up here: 401 under the limit) buys no
    fresh quota (issue 27)."""
    codes = [limited.get("/api/health").status_code for _ in range(3)]
    codes += [limited.get("/api/catalog").status_code for _ in range(2)]
    assert codes == [200] * 5
    assert_refused(limited.get("/api/catalog"), "requests")
    assert_refused(limited.get("/api/health"), "requests")
    assert_refused(limited.get("/api/health", headers=auth("some-seat-token")), "requests")


@pytest.mark.parametrize("limited", [{"sockets_per_game": 2}], indirect=True)
def test_websockets_per_game(limited: TestClient) -> None:
    game_id = new_game(limited, opponent="person")["game_id"]
    url = f"/api/games/{game_id}/ws"
    with limited.websocket_connect(url) as first, limited.websocket_connect(url) as second:
        for ws in (first, second):
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["type"] == "state"
        with limited.websocket_connect(url) as third:
            third.send_json({"type": "hello", "token": None})
            refused = third.receive_json()
            assert (refused["type"], refused["status"], refused["limit"]) == ("error", 429, "sockets_per_game")


@pytest.mark.parametrize("limited", [{"sockets_per_client": 2}], indirect=True)
def test_websockets_per_client(limited: TestClient) -> None:
    seated = [new_game(limited, opponent="person") for _ in range(3)]
    urls = [(f"/api/games/{s['game_id']}/ws", s["token"]) for s in seated]
    with limited.websocket_connect(urls[0][0]) as first, limited.websocket_connect(urls[1][0]) as second:
        for ws, (_, token) in zip((first, second), urls, strict=False):
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["type"] == "state"
        with limited.websocket_connect(urls[2][0]) as third:
            third.send_json({"type": "hello", "token": urls[2][1]})  # another seat token: another client
            message = third.receive_json()
            assert message["type"] == "state"  # each token is its own client
    with limited.websocket_connect(urls[0][0]) as a, limited.websocket_connect(urls[0][0]) as b:
        for ws in (a, b):
            ws.send_json({"type": "hello", "token": urls[0][1]})
            assert ws.receive_json()["type"] == "state"
        with limited.websocket_connect(urls[0][0]) as c:
            c.send_json({"type": "hello", "token": urls[0][1]})
            refused = c.receive_json()
            assert (refused["status"], refused["limit"]) == (429, "sockets_per_client")


def test_quotas_shared_between_processes_through_redis(tmp_path: Path, redis_url: str) -> None:
    """Two servers with one Redis count one client together (a database of its own in Redis)."""
    url = redis_url.rsplit("/", 1)[0] + "/9"
    import redis

    redis.Redis.from_url(url).flushdb()
    first = make_settings(tmp_path / "a", redis_url=url, games_per_hour=3)
    second = make_settings(tmp_path / "b", redis_url=url, games_per_hour=3)
    with TestClient(create_app(first)) as a, TestClient(create_app(second)) as b:
        assert a.post("/api/games", json={"opponent": "person"}).status_code == 201
        assert b.post("/api/games", json={"opponent": "person"}).status_code == 201
        assert a.post("/api/games", json={"opponent": "person"}).status_code == 201
        assert_refused(b.post("/api/games", json={"opponent": "person"}), "games")


@pytest.mark.parametrize("limited", [{"rate_capacity": 3.0, "rate_per_second": 0.01}], indirect=True)
def test_actions_per_seat_token(limited: TestClient) -> None:
    """Actions count per seat token whatever their fate (here stale ones, refused with 409)."""
    seated = new_game(limited, opponent="person")
    path = f"/api/games/{seated['game_id']}/actions"
    codes = [limited.post(path, headers=auth(seated["token"]), json={"seq": 999, "action": "pass"}).status_code
             for _ in range(3)]
    assert 429 not in codes
    assert_refused(limited.post(path, headers=auth(seated["token"]), json={"seq": 999, "action": "pass"}), "actions")


@pytest.mark.parametrize("limited", [{"request_limit": "4/minute"}], indirect=True)
def test_websocket_pings_and_syncs_count_as_requests(limited: TestClient) -> None:
    """The handshake is one request; each ``ping`` or ``sync`` frame another."""
    seated = new_game(limited, opponent="person")  # request 1
    with limited.websocket_connect(f"/api/games/{seated['game_id']}/ws") as ws:  # request 2
        ws.send_json({"type": "hello", "token": seated["token"]})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "ping", "id": 1})  # the token's requests: 1
        assert ws.receive_json()["type"] == "pong"
        for ref in range(2, 5):
            ws.send_json({"type": "ping", "id": ref})
            assert ws.receive_json()["type"] == "pong"
        ws.send_json({"type": "sync", "id": 5})
        refused = ws.receive_json()
        assert (refused["type"], refused["status"], refused["limit"]) == ("error", 429, "requests")
