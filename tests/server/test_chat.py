"""Table chat (issue 17): seated players say lines of 1 to 300 characters (stripped), a few per
minute; they read them over HTTP and get them pushed over the WebSocket; a player may mute a seat,
whose lines then never reach them (and only them)."""

# The fixtures come from endings_helpers, so the test functions' arguments name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from typing import Any

import pytest
from endings_helpers import Bids, FakeTime, bids, db_settings, toy, toy_any_db  # noqa: F401 (fixtures)
from fastapi.testclient import TestClient
from server_helpers import auth

from kleos.server.chat import MAX_CHARS

Toy = tuple[TestClient, FakeTime]


def say(client: TestClient, game: Bids, seat: int, text: str) -> Any:
    """Post a line; the caller checks the answer (refusals are tested too)."""
    return client.post(f"/api/games/{game.game_id}/chat", headers=auth(game.tokens[seat]), json={"text": text})


def read(client: TestClient, game: Bids, seat: int) -> list[str]:
    response = client.get(f"/api/games/{game.game_id}/chat", headers=auth(game.tokens[seat]))
    assert response.status_code == 200, response.text
    return [line["text"] for line in response.json()["lines"]]


def mute(client: TestClient, game: Bids, seat: int, other: int, on: bool = True) -> Any:
    return client.post(f"/api/games/{game.game_id}/mute", headers=auth(game.tokens[seat]),
                       json={"seat": other, "mute": on})


def test_seated_players_talk(toy_any_db: Toy) -> None:
    client, _ = toy_any_db
    game = bids(client)
    said = say(client, game, 0, "  good luck!  ")
    assert said.status_code == 201, said.text
    line = said.json()["line"]
    assert line["text"] == "good luck!" and line["seat"] == 0 and line["side"] == "Player 1"
    assert say(client, game, 1, "you too").status_code == 201
    assert read(client, game, 0) == read(client, game, 1) == ["good luck!", "you too"]


@pytest.mark.parametrize("text", ["", "   ", "\n\t", "x" * (MAX_CHARS + 1)])
def test_a_line_is_one_to_300_characters(toy: Toy, text: str) -> None:
    client, _ = toy
    game = bids(client)
    refused = say(client, game, 0, text)
    assert refused.status_code == 422 and refused.json()["error"] == "bad_chat"
    assert say(client, game, 0, " " + "y" * MAX_CHARS + " ").status_code == 201
    assert read(client, game, 1) == ["y" * MAX_CHARS]


def test_only_seated_players_chat(toy: Toy) -> None:
    client, _ = toy
    client.cookies.clear()
    game = bids(client)
    assert client.get(f"/api/games/{game.game_id}/chat").status_code == 401
    assert client.post(f"/api/games/{game.game_id}/chat", json={"text": "hi"}).status_code == 401
    other = bids(client)
    stranger = client.post(f"/api/games/{game.game_id}/chat", headers=auth(other.tokens[0]), json={"text": "hi"})
    assert stranger.status_code == 403


def test_chat_is_rate_limited(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    answers = [say(client, game, 0, f"line {i}").status_code for i in range(9)]
    assert answers[:8] == [201] * 8 and answers[8] == 429
    assert say(client, game, 1, "the same address").status_code == 429  # chat counts per address too
    elsewhere = TestClient(client.app, client=("198.51.100.2", 4000))  # not entered: the app runs already
    assert say(elsewhere, game, 1, "my own quota").status_code == 201


def test_a_mute_hides_a_seat_from_the_muter_only(toy: Toy) -> None:
    client, _ = toy
    game = bids(client, players=3)
    assert say(client, game, 0, "before").status_code == 201
    muted = mute(client, game, 1, 0)
    assert muted.status_code == 200 and muted.json()["muted"] == [0]
    assert say(client, game, 0, "after").status_code == 201
    assert say(client, game, 2, "third").status_code == 201
    assert read(client, game, 1) == ["third"]
    assert read(client, game, 2) == ["before", "after", "third"]
    assert read(client, game, 0) == ["before", "after", "third"]
    assert mute(client, game, 1, 0, on=False).json()["muted"] == []
    assert read(client, game, 1) == ["before", "after", "third"]
    assert mute(client, game, 1, 1).status_code == 422
    assert mute(client, game, 1, 7).status_code == 422


def test_lines_are_pushed_over_the_websocket_unless_muted(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    with client.websocket_connect(f"/api/games/{game.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": game.tokens[1]})
        assert ws.receive_json()["type"] == "state"
        say(client, game, 0, "hello over there")
        pushed = ws.receive_json()
        assert pushed["type"] == "chat" and pushed["line"]["text"] == "hello over there"
        mute(client, game, 1, 0)
        say(client, game, 0, "not for you")
        say(client, game, 1, "my own line")
        pushed = ws.receive_json()
        assert pushed["type"] == "chat" and pushed["line"]["text"] == "my own line"


def test_spectators_get_no_chat_pushes(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    with client.websocket_connect(f"/api/games/{game.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        say(client, game, 0, "private")
        client.post(f"/api/games/{game.game_id}/resign", headers=auth(game.tokens[0]))
        pushed = ws.receive_json()
        assert pushed["type"] == "state"  # the next message is the end, not the line
