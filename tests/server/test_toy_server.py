"""The server knows no game: Sealed Bids (the test game of ``tests/toygame``) with three seats — one
person over HTTP, one invited person over WebSocket, one bot — played to the end, with every
message each seat and a spectator received checked for leaks: no seat sees another's hand or
unrevealed bid, in state messages, logs, WebSocket pushes or replays (there are none before the
end), and the log shows other seats' secret bids and deals as hidden."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Message, auth, ctx_of, get_message, keys_in, post_action, text_of, toy_server

from kleos.server import games as server_games
from kleos.server.config import Settings

SEED = 7_654_321_987_654_321_012
MAX_MOVES = 400


@pytest.fixture
def toy_client(settings: Settings) -> Iterator[TestClient]:
    with toy_server(settings) as client:
        yield client


def create_three(client: TestClient, seats: list[str], seed: int = SEED) -> Message:
    response = client.post("/api/games", json={"game": "bids", "options": {"players": 3},
                                               "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    created: Message = response.json()
    return created


def http_player(client: TestClient, game_id: str, token: str, seed: int, got: list[Message],
                errors: list[str]) -> None:
    """Seat of a person who polls over HTTP and bids at random when it is to act."""
    rng = random.Random(seed)
    try:
        for _ in range(MAX_MOVES * 20):
            message = get_message(client, game_id, token)
            got.append(message)
            if message["status"] == "finished":
                return
            if not message["your_turn"]:
                time.sleep(0.005)
                continue
            response = post_action(client, game_id, token, message["seq"], rng.choice(message["legal"])["action"])
            assert response.status_code in (200, 409), response.text  # 409: another seat's bid came first
            if response.status_code == 200:
                got.append(response.json())
        errors.append("the HTTP player's game did not end")
    except Exception as exc:  # reported by the test's thread
        errors.append(f"HTTP player: {type(exc).__name__}: {exc}")


def ws_player(client: TestClient, game_id: str, token: str | None, seed: int, got: list[Message],
              errors: list[str]) -> None:
    """A seat (or a spectator, ``token=None``) that learns of every change from WebSocket pushes and
    acts over the same socket."""
    rng = random.Random(seed)
    try:
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            for _ in range(MAX_MOVES * 20):
                message = ws.receive_json()
                if message["type"] == "error":
                    assert message["status"] == 409, message
                    ws.send_json({"type": "sync"})
                    continue
                if message["type"] != "state":
                    continue
                got.append(message)
                if message["status"] == "finished":
                    return
                if message["your_turn"]:
                    ws.send_json({"type": "action", "seq": message["seq"],
                                  "action": rng.choice(message["legal"])["action"]})
            errors.append("the WebSocket's game did not end")
    except Exception as exc:
        errors.append(f"WebSocket {token is not None}: {type(exc).__name__}: {exc}")


def check_no_leak(client: TestClient, game_id: str, seat: int | None, message: Message) -> None:
    """``message`` for ``seat`` shows no other seat's hand or unplayed bid, no generator or seed, and
    hides every log line the seat may not read."""
    assert message["seat"] == seat and message["game"] == "bids"
    assert "rng" not in set(keys_in(message)) and str(SEED) not in text_of(message)
    state = message["view"]["state"]
    for other in range(3):
        if other != seat:
            assert state["hands"][other] == [], f"seat {seat} sees the hand of {other}"
            assert state["played"][other] is None, f"seat {seat} sees the bid of {other}"
    if not message["your_turn"]:
        assert message["legal"] == []
    truth = {entry.seq: entry for entry in ctx_of(client).store.current(game_id).log}
    for entry in message["log"]:
        true = truth[entry["seq"]]
        if true.readers is None or seat in true.readers:
            assert entry["action"] == true.action and not entry["hidden"]
        else:
            assert entry["hidden"] and entry["action"] != true.action
            assert true.action not in entry["text"] and "hidden" in entry["text"]


def test_three_seats_person_invited_person_and_bot_play_to_the_end(toy_client: TestClient) -> None:
    client = toy_client
    created = create_three(client, ["me", "person", "random"])
    assert created["game"] == "bids" and created["seat"] == 0 and created["side"] == "Player 1"
    assert [(i["seat"], i["side"]) for i in created["invites"]] == [(1, "Player 2")]
    assert created["invite"] == created["invites"][0]["invite"] and created["invite_url"].endswith(created["invite"])
    assert client.get(f"/api/games/{created['game_id']}/replay").json()["error"] == "not_finished"
    joined = client.post("/api/join", json={"invite": created["invite"]}).json()
    assert joined["seat"] == 1 and joined["side"] == "Player 2" and joined["game"] == "bids"
    game_id = created["game_id"]

    received: dict[int | None, list[Message]] = {0: [], 1: [], None: []}
    errors: list[str] = []
    threads = [threading.Thread(target=ws_player, args=(client, game_id, None, 0, received[None], errors), daemon=True),
               threading.Thread(target=ws_player, args=(client, game_id, joined["token"], 1, received[1], errors),
                                daemon=True),
               threading.Thread(target=http_player, args=(client, game_id, created["token"], 2, received[0], errors),
                                daemon=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads)

    final = get_message(client, game_id, None)
    assert final["status"] == "finished" and final["outcome"] is not None and final["outcome_text"]
    assert final["seat_names"] == ["Player 1", "Player 2", "Player 3"]
    assert final["players"][2] == {"seat": 2, "side": "Player 3", "kind": "bot", "agent": "random", "joined": True}
    assert {e["seat"] for e in final["log"]} == {-1, 0, 1, 2}, "every seat bid"
    everything = [(seat, m) for seat, messages in received.items() for m in messages]
    assert all(received.values()) and len(everything) > 15
    assert any(len(m["to_act"]) >= 2 for _, m in everything), "several seats were to act at once"
    for seat, message in everything:
        check_no_leak(client, game_id, seat, message)
    bids = [e for e in final["log"] if e["seat"] >= 0]
    hidden = [e for e in bids if e["hidden"]]
    # a bid made while others are still to choose stays hidden; the last of a round is revealed with it
    assert len(bids) == 9 and len(hidden) == 6
    assert all(e["action"] == f"Player {e['seat'] + 1}: a secret step (hidden)" for e in hidden)
    own = get_message(client, game_id, created["token"])
    assert all(not e["hidden"] and e["action"].startswith("play ") for e in own["log"] if e["seat"] == 0)
    assert any(e["hidden"] and e["text"].endswith("seen by Player 2") for e in own["log"] if e["seat"] == -1)

    replay = client.get(f"/api/games/{game_id}/replay", params={"step": 3}).json()
    assert replay["type"] == "replay" and replay["seat_names"] == final["seat_names"]
    check_no_leak(client, game_id, None, {**replay, "seat": None, "your_turn": False, "legal": []})
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["game"] == "bids" and record["options"] == {"players": 3}

    mine = client.post("/api/my-games", json={"tokens": [created["token"], joined["token"]]}).json()["games"]
    assert [(g["game"], g["title"], g["seat"]) for g in mine] == [("bids", "Sealed Bids", seat) for seat in (0, 1)]
    assert all(len(g["players"]) == 3 and "opponent" not in g for g in mine)


def test_several_bots_bid_at_once(toy_client: TestClient) -> None:
    """Two bots and a person bid in the same rounds; the bots each get their move."""
    client = toy_client
    created = create_three(client, ["random", "me", "ismcts:easy"], seed=11)
    assert created["seat"] == 1 and created["invites"] == [] and created["invite"] is None
    got: list[Message] = []
    errors: list[str] = []
    http_player(client, created["game_id"], created["token"], 3, got, errors)
    assert not errors, errors
    final = got[-1]
    assert final["status"] == "finished"
    assert [sum(1 for e in final["log"] if e["seat"] == seat) for seat in range(3)] == [3, 3, 3]


def test_rematch_moves_every_player_one_seat_on(toy_client: TestClient) -> None:
    client = toy_client
    created = create_three(client, ["me", "person", "random"], seed=12)
    joined = client.post("/api/join", json={"invite": created["invite"]}).json()
    tokens = {0: created["token"], 1: joined["token"]}
    rng = random.Random(12)
    for _ in range(MAX_MOVES):
        messages = {seat: get_message(client, created["game_id"], token) for seat, token in tokens.items()}
        if messages[0]["status"] == "finished":
            break
        for seat, message in messages.items():
            if message["your_turn"]:
                post_action(client, created["game_id"], tokens[seat], message["seq"],
                            rng.choice(message["legal"])["action"])
        time.sleep(0.002)
    rematch = client.post(f"/api/games/{created['game_id']}/rematch", headers=auth(tokens[1])).json()
    assert rematch["seat"] == 2 and [i["seat"] for i in rematch["invites"]] == [1]
    offer = get_message(client, created["game_id"], tokens[0])["rematch"]
    assert offer == {"game_id": rematch["game_id"], "invite": rematch["invite"]}
    players = get_message(client, rematch["game_id"], rematch["token"])["players"]
    assert [(p["kind"], p["agent"]) for p in players] == [("bot", "random"), ("person", None), ("person", None)]
    accepted = client.post(f"/api/games/{created['game_id']}/rematch", headers=auth(tokens[0])).json()
    assert accepted["seat"] == 1 and accepted["game_id"] == rematch["game_id"]


def test_catalog_lists_every_game_and_its_seats(toy_client: TestClient) -> None:
    games = {g["name"]: g for g in toy_client.get("/api/catalog").json()["games"]}
    bids = games["bids"]
    assert bids["title"] == "Sealed Bids" and (bids["min_seats"], bids["max_seats"]) == (2, 5)
    assert bids["seat_names"] == ["Player 1", "Player 2", "Player 3"] and bids["board_module"] is None
    assert bids["options"] == [{"name": "players", "label": "Players", "help": "the number of seats, 2 to 5",
                                "default": 3, "choices": [], "meanings": {}, "advanced": False, "source": "",
                                "local_only": False}]
    assert bids["opponents"][:2] == ["person", "random"] and bids["default_opponent"] == "random"
    assert bids["agents_about"] == "" and "not the official Phormio bot" in games["pericles"]["agents_about"]
    polis = games["polis"]
    assert polis["seat_names"] == ["Athens", "Sparta"] and polis["board_module"].startswith("/games/polis/")
    assert "data_dir" not in {o["name"] for o in polis["options"]}
    assert toy_client.get("/api/catalog/bids/tables").status_code == 404
    assert toy_client.get("/api/catalog/chess/tables").status_code == 404
    tables = toy_client.get("/api/catalog/polis/tables", params={"options": '{"edition": "2012"}'}).json()
    assert tables["edition"] == "2012" and "Athinae" in tables["polis_ids"]
    bad = toy_client.get("/api/catalog/polis/tables", params={"options": '{"edition": "1999"}'})
    assert bad.status_code == 400 and bad.json()["field"] == "edition"


def test_options_are_checked_by_the_kit_and_name_the_field(toy_client: TestClient) -> None:
    def create(**body: Any) -> Any:
        return toy_client.post("/api/games", json=body)

    too_many = create(game="bids", options={"players": 9})
    assert too_many.status_code == 400 and too_many.json()["error"] == "bad_options"
    assert too_many.json()["field"] == "players"
    local = create(game="polis", options={"data_dir": "/etc"})
    assert local.status_code == 400 and local.json()["field"] == "data_dir"
    assert create(game="chess").json()["error"] == "unknown_game"
    assert create(game="bids", seats=["me", "person"]).json()["error"] == "bad_seats"  # 3 seats by default
    assert create(game="bids", seats=["me", "me", "random"]).json()["error"] == "bad_seats"
    assert create(game="bids", seat=1, seats=["me", "person", "random"]).json()["error"] == "bad_seats"
    assert create(game="bids", seats=["me", "person", "heuristic"]).json()["error"] == "bad_opponent"
    four = create(game="bids", options={"players": 4}, seats=["random", "random", "me", "person"])
    assert four.status_code == 201 and four.json()["seat"] == 2
    seats = {create(game="bids", seat="random", seats=["me", "random", "random"]).json()["seat"] for _ in range(20)}
    assert seats == {0, 1, 2}


def test_requests_without_a_game_use_the_default_game(toy_client: TestClient, settings: Settings,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert toy_client.post("/api/games", json={}).json()["game"] == "polis"  # the game that claims unnamed games
    monkeypatch.setattr(server_games, "claiming_kit", lambda: None)
    refused = toy_client.post("/api/games", json={})
    assert refused.status_code == 400 and refused.json()["error"] == "game_required"
    ctx_of(toy_client).settings = replace(settings, default_game="bids")
    created = toy_client.post("/api/games", json={"opponent": "random"})
    assert created.status_code == 201 and created.json()["game"] == "bids"
    assert toy_client.get("/api/opponents").json()["sides"] == ["player 1", "player 2", "player 3", "random"]


def test_a_secret_choice_shared_with_others_is_never_taken_back(toy_client: TestClient) -> None:
    """Three people bid at once: the first bid may be taken back while the others have not chosen;
    once another seat has chosen in the same decision, a later bid stays (it may have revealed theirs)."""
    client = toy_client
    created = create_three(client, ["me", "person", "person"], seed=13)
    game_id = created["game_id"]
    tokens = {0: created["token"]}
    for invite in created["invites"]:
        tokens[invite["seat"]] = client.post("/api/join", json={"invite": invite["invite"]}).json()["token"]

    def bid(seat: int) -> Message:
        message = get_message(client, game_id, tokens[seat])
        assert message["your_turn"], message["to_act"]
        answer = post_action(client, game_id, tokens[seat], message["seq"], message["legal"][0]["action"])
        assert answer.status_code == 200, answer.text
        body: Message = answer.json()
        return body

    def undo(seat: int, seq: int) -> Any:
        return client.post(f"/api/games/{game_id}/undo", json={"seq": seq}, headers=auth(tokens[seat]))

    first = bid(0)
    taken_back = undo(0, first["seq"])
    assert taken_back.status_code == 200, taken_back.text
    bid(0)
    second = bid(1)
    refused = undo(1, second["seq"])
    assert refused.status_code == 422 and "at the same time" in refused.json()["message"]
