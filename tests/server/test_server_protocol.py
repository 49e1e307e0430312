"""Sequence numbers, rate limits and the WebSocket protocol (live updates, resync)."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import get_message, post_action, random_choice, two_players

from kleos.server.app import create_app


def test_stale_and_duplicate_actions_are_rejected_with_the_current_seq(client: TestClient) -> None:
    table = two_players(client, seed=31)
    message = get_message(client, table.game_id, table.tokens[0])
    seat = message["to_act"][0]
    mine = get_message(client, table.game_id, table.tokens[seat])
    action = random_choice(mine, random.Random(1))
    first = post_action(client, table.game_id, table.tokens[seat], mine["seq"], action)
    assert first.status_code == 200
    new_seq = first.json()["ack"]["seq"]
    assert new_seq > mine["seq"] and first.json()["seq"] >= new_seq
    duplicate = post_action(client, table.game_id, table.tokens[seat], mine["seq"], action)
    assert duplicate.status_code == 409
    assert duplicate.json() == {"error": "stale", "seq": new_seq, "message": duplicate.json()["message"]}
    future = post_action(client, table.game_id, table.tokens[seat], new_seq + 5, action)
    assert future.status_code == 409 and future.json()["seq"] == new_seq
    log = get_message(client, table.game_id, None)["log"]
    assert sum(1 for e in log if e["seat"] == seat) == 1  # applied once


def test_rate_limit_per_token(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, rate_capacity=3.0, rate_per_second=0.01)
    with TestClient(create_app(settings)) as client:
        table = two_players(client, seed=32)
        seq = get_message(client, table.game_id, table.tokens[0])["seq"]
        codes = [post_action(client, table.game_id, table.tokens[0], seq + 100, "pass").status_code for _ in range(5)]
        assert codes == [409, 409, 409, 429, 429]
        limited = post_action(client, table.game_id, table.tokens[0], seq, "pass")
        assert limited.status_code == 429 and limited.json()["error"] == "rate_limited"
        assert int(limited.headers["Retry-After"]) >= 1
        # the other seat has its own bucket
        assert post_action(client, table.game_id, table.tokens[1], seq + 100, "pass").status_code == 409


def test_websocket_live_updates_and_resync(client: TestClient) -> None:
    table = two_players(client, seed=33)
    url = f"/api/games/{table.game_id}/ws"
    with client.websocket_connect(url) as ws0, client.websocket_connect(url) as ws1, \
            client.websocket_connect(url) as watcher:
        ws0.send_json({"type": "hello", "token": table.tokens[0]})
        ws1.send_json({"type": "hello", "token": table.tokens[1]})
        watcher.send_json({"type": "hello", "token": None})
        states = {0: ws0.receive_json(), 1: ws1.receive_json(), None: watcher.receive_json()}
        assert [states[k]["seat"] for k in (0, 1, None)] == [0, 1, None]
        seat = states[0]["to_act"][0]
        socket = ws0 if seat == 0 else ws1
        action = random_choice(states[seat], random.Random(2))
        socket.send_json({"type": "action", "seq": states[seat]["seq"], "action": action, "id": "a1"})
        ack = socket.receive_json()
        assert ack["type"] == "ack" and ack["id"] == "a1" and ack["seq"] > states[seat]["seq"]
        for ws, who in ((ws0, 0), (ws1, 1), (watcher, None)):
            update = ws.receive_json()
            assert update["type"] == "state" and update["seq"] == ack["seq"] and update["seat"] == who
            assert update["log"][-1]["seq"] <= ack["seq"]
        socket.send_json({"type": "action", "seq": states[seat]["seq"], "action": action, "id": "a2"})
        error = socket.receive_json()
        assert error["type"] == "error" and error["status"] == 409 and error["seq"] == ack["seq"]
        assert error["id"] == "a2"
        watcher.send_json({"type": "action", "seq": ack["seq"], "action": "pass"})
        assert watcher.receive_json()["status"] == 401  # spectators cannot act
        socket.send_json({"type": "sync"})
        assert socket.receive_json()["seq"] == ack["seq"]
        socket.send_json({"type": "ping", "id": 7})
        assert socket.receive_json() == {"type": "pong", "id": 7}
        socket.send_text("{not json")
        assert socket.receive_json()["error"] == "invalid_message"
    # a reconnecting client resyncs from the current view
    with client.websocket_connect(url) as again:
        again.send_json({"type": "hello", "token": table.tokens[seat]})
        assert again.receive_json()["seq"] == ack["seq"]


def test_websocket_rejects_bad_hello(client: TestClient) -> None:
    table = two_players(client, seed=34)
    url = f"/api/games/{table.game_id}/ws"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": "z" * 43})
        error = ws.receive_json()
        assert error["status"] == 403 and error["error"] == "not_your_game"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "action", "seq": 1})
        assert ws.receive_json()["error"] == "bad_hello"
    with client.websocket_connect("/api/games/nothing/ws") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["status"] == 404
