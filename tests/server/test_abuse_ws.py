"""Malformed WebSocket frames get a typed error, and a socket that must close says why in its
close code (RFC 6455 1003 for a binary frame, 4000 + the HTTP status otherwise)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import new_game
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    state: dict[str, Any] = ws.receive_json()
    assert state["type"] == "state"
    return state


def closed_with(ws: WebSocketTestSession) -> tuple[dict[str, Any], int]:
    """The error frame the server sent, then the close code it closed with."""
    error: dict[str, Any] = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    return error, closed.value.code


def test_a_binary_frame_after_the_hello_is_refused_with_1003(client: TestClient) -> None:
    """It used to drop the socket with 1006 and no word."""
    created = new_game(client, opponent="person", seed=4)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        hello(ws, created["token"])
        ws.send_bytes(b"\x00\x01binary")
        error, code = closed_with(ws)
    assert error["type"] == "error" and error["error"] == "binary_frame" and error["status"] == 400
    assert code == 1003


def test_a_binary_hello_is_refused_with_1003(client: TestClient) -> None:
    created = new_game(client, opponent="person", seed=4)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_bytes(json.dumps({"type": "hello", "token": None}).encode())
        error, code = closed_with(ws)
    assert error["error"] == "binary_frame" and code == 1003


@pytest.mark.parametrize(("frame", "words"), [
    ("not json", "hello"),
    ('{"type": "action"}', "type"),
    ('{"type": "hello", "token": 5}', "token"),
    ('["hello"]', "hello"),
])
def test_a_bad_hello_says_what_is_wrong_and_closes_4400(client: TestClient, frame: str, words: str) -> None:
    created = new_game(client, opponent="person", seed=4)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_text(frame)
        error, code = closed_with(ws)
    assert error["error"] == "bad_hello" and words in error["message"] and code == 4400


@pytest.mark.parametrize("frame", [
    "{not json",
    "[1, 2]",
    '"action"',
    '{"type": "shout"}',
    '{"type": "action", "seq": "3", "action": "pass"}',
    '{"type": "action", "seq": 3.5, "action": "pass"}',
    '{"type": "action", "seq": 3}',
    '{"type": "ping", "id": [1]}',
    '{"type": "ping", "extra": true}',
])
def test_bad_text_frames_after_the_hello_get_typed_errors(client: TestClient, frame: str) -> None:
    """Each is answered ``invalid_message`` and the socket stays usable."""
    created = new_game(client, opponent="person", seed=4)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        hello(ws, created["token"])
        ws.send_text(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"] == "invalid_message" and error["status"] == 400
        ws.send_text(json.dumps({"type": "ping", "id": 7}))
        assert ws.receive_json() == {"type": "pong", "id": 7}


def test_an_unknown_token_closes_4403(client: TestClient) -> None:
    created = new_game(client, opponent="person", seed=4)
    with client.websocket_connect(f"/api/games/{created['game_id']}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "x" * 40}))
        error, code = closed_with(ws)
    assert error["error"] == "not_your_game" and code == 4403
