"""The lobby of open games: a signed-in player opens a game to everyone, it is listed while a seat
is free, and a second account takes that seat; invite-only games stay out of the list. The main
path runs on SQLite and PostgreSQL."""

# The fixture any_client comes from account_helpers, so test arguments name imports on purpose.
# ruff: noqa: F811

from __future__ import annotations

from account_helpers import any_client, any_db, my_games, new_device, sign_in, sign_up  # noqa: F401
from fastapi.testclient import TestClient
from server_helpers import get_message, new_game


def open_list(client: TestClient) -> list[dict[str, object]]:
    response = client.get("/api/lobby/open")
    assert response.status_code == 200, response.text
    games: list[dict[str, object]] = response.json()["games"]
    return games


def test_an_open_game_is_joined_by_a_second_account(any_client: TestClient) -> None:
    client = any_client
    sign_up(client, "Alice")
    created = new_game(client, game="polis", seed=7, opponent="person", open=True)
    invite_only = new_game(client, game="polis", seed=7, opponent="person")
    listed = open_list(new_device(client))  # anyone may look, signed in or not
    assert [g["game_id"] for g in listed] == [created["game_id"]]
    entry = listed[0]
    assert entry["host"] == "Alice" and entry["title"] == "Polis"
    assert entry["free_seats"] == [1 - created["seat"]]
    assert entry["join"] == f"/api/lobby/open/{created['game_id']}/join"

    sign_up(client, "Bob")
    joined = client.post(str(entry["join"]))
    assert joined.status_code == 200, joined.text
    assert joined.json()["game_id"] == created["game_id"] and joined.json()["seat"] == 1 - created["seat"]
    assert get_message(client, created["game_id"], joined.json()["token"])["seat"] == joined.json()["seat"]
    assert open_list(client) == []  # no free seat any more

    bob = my_games(client)
    assert [g["game_id"] for g in bob] == [created["game_id"]]
    assert {p["seat"]: p["name"] for p in bob[0]["players"]} == {created["seat"]: "Alice",
                                                                 joined.json()["seat"]: "Bob"}
    sign_in(new_device(client), "Alice")
    alice = {g["game_id"]: g for g in my_games(client)}
    assert set(alice) == {created["game_id"], invite_only["game_id"]}
    assert alice[created["game_id"]]["opponent"]["name"] == "Bob"


def test_joining_needs_a_session_a_free_seat_and_an_open_game(client: TestClient) -> None:
    sign_up(client, "Alice")
    created = new_game(client, game="polis", seed=7, opponent="person", open=True)
    private = new_game(client, game="polis", seed=7, opponent="person")
    join = f"/api/lobby/open/{created['game_id']}/join"
    own = client.post(join)
    assert own.status_code == 409 and own.json()["error"] == "already_seated"
    guest = new_device(client).post(join)
    assert guest.status_code == 401 and guest.json()["error"] == "not_signed_in"
    sign_up(client, "Bob")
    closed = client.post(f"/api/lobby/open/{private['game_id']}/join")
    assert closed.status_code == 404
    assert client.post(join).status_code == 200
    sign_up(new_device(client), "Carol")
    full = client.post(join)
    assert full.status_code == 409 and full.json()["error"] == "no_free_seat"


def test_only_a_signed_in_player_opens_a_game(client: TestClient) -> None:
    refused = client.post("/api/games", json={"game": "polis", "opponent": "person", "open": True})
    assert refused.status_code == 401 and refused.json()["field"] == "open"
    assert open_list(client) == []


def test_a_game_against_bots_only_is_never_listed(client: TestClient) -> None:
    sign_up(client, "Alice")
    new_game(client, game="polis", seed=7, opponent="random", open=True)
    assert open_list(client) == []
