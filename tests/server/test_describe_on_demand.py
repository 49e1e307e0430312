"""The position in words (``description``) on a WebSocket only for the readers who show it.

Building it is the costliest part of a state message, and the browser shows it only on a board of
text or with "Everything as text" open; so a socket says ``"describe": false`` in its hello, or
turns it on and off with ``{"type": "describe", "on": …}``. Without a word in the hello a socket
gets it (the documented API), and HTTP reads always carry it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, random_choice, two_players

from kleos.core.kit import GameKit
from kleos.server import messages, reading
from kleos.server.messages import AnyGame


def test_a_socket_that_hides_the_words_gets_states_without_them_then_asks_for_them(client: TestClient) -> None:
    table = two_players(client, seed=9)
    seat = 0
    read = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[seat])).json()
    with client.websocket_connect(f"/api/games/{table.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": table.tokens[seat], "describe": False})
        first = ws.receive_json()
        assert first["type"] == "state" and "description" not in first
        assert first["view"] == read["view"] and first["legal"] == read["legal"]
        ws.send_json({"type": "describe", "on": True, "id": "d"})
        assert ws.receive_json() == {"type": "ack", "id": "d", "describe": True}
        again = ws.receive_json()
        assert again["seq"] == first["seq"] and again["description"] == read["description"]
        ws.send_json({"type": "describe", "on": False, "id": "e"})
        assert ws.receive_json() == {"type": "ack", "id": "e", "describe": False}
        actor = again["to_act"][0]
        mine = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[actor])).json()
        moved = client.post(f"/api/games/{table.game_id}/actions", headers=auth(table.tokens[actor]),
                            json={"seq": mine["seq"], "action": random_choice(mine, random.Random(1))})
        assert moved.status_code == 200, moved.text
        pushed = ws.receive_json()
        assert pushed["seq"] > again["seq"] and "description" not in pushed


def test_two_sockets_of_one_seat_each_get_what_they_asked_for(client: TestClient) -> None:
    """The message of a change is built per reader, words or not: one socket's choice never leaks
    into the other's, and the words are those of the HTTP read of the same step."""
    table = two_players(client, seed=4)
    url = f"/api/games/{table.game_id}/ws"
    with client.websocket_connect(url) as plain, client.websocket_connect(url) as worded:
        plain.send_json({"type": "hello", "token": table.tokens[1], "describe": False})
        worded.send_json({"type": "hello", "token": table.tokens[1]})
        assert "description" not in plain.receive_json()
        assert "description" in worded.receive_json()
        actor_message = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[0])).json()
        actor = actor_message["to_act"][0]
        mine = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[actor])).json()
        moved = client.post(f"/api/games/{table.game_id}/actions", headers=auth(table.tokens[actor]),
                            json={"seq": mine["seq"], "action": random_choice(mine, random.Random(2))})
        assert moved.status_code == 200, moved.text
        without, including = plain.receive_json(), worded.receive_json()
        assert without["seq"] == including["seq"] and "description" not in without
        now = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[1])).json()
        assert including["description"] == now["description"]


def test_a_describe_message_without_on_is_refused_and_changes_nothing(client: TestClient) -> None:
    table = two_players(client, seed=5)
    with client.websocket_connect(f"/api/games/{table.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": table.tokens[0], "describe": False})
        ws.receive_json()
        ws.send_json({"type": "describe", "id": "x"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["id"] == "x" and refused["status"] == 400
        ws.send_json({"type": "sync"})
        assert "description" not in ws.receive_json()


def test_the_words_are_built_only_for_readers_who_show_them(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat whose only socket hides the words: a change pushed to it builds no description for it
    (the actor's HTTP answer still carries its own)."""
    built: list[int | None] = []
    original = messages.seat_description

    def counting(kit: GameKit, game: AnyGame, state: Any, seat: int | None) -> str:
        built.append(seat)
        return original(kit, game, state, seat)

    monkeypatch.setattr(reading, "seat_description", counting)
    table = two_players(client, seed=6)
    start = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[0])).json()
    actor = start["to_act"][0]
    watcher = 1 - actor
    with client.websocket_connect(f"/api/games/{table.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": table.tokens[watcher], "since": 0, "describe": False})
        first = ws.receive_json()
        built.clear()
        mine = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[actor])).json()
        moved = client.post(f"/api/games/{table.game_id}/actions", headers=auth(table.tokens[actor]),
                            json={"seq": mine["seq"], "action": random_choice(mine, random.Random(3))})
        assert moved.status_code == 200, moved.text
        assert ws.receive_json()["seq"] > first["seq"]
    assert actor in built and watcher not in built
