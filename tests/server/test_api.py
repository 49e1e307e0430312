"""The lobby and play API over HTTP, against SQLite in a temporary directory."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import auth, get_message, new_game, play, post_action, two_players

from kleos.server.app import create_app


def test_create_join_and_my_games(client: TestClient) -> None:
    created = new_game(client, edition="2020", side="sparta", opponent="person")
    assert created["seat"] == 1 and created["side"] == "Sparta"
    assert len(created["token"]) >= 40 and created["invite"]
    assert created["invite_url"].endswith(f"/play/{created['game_id']}#invite={created['invite']}")
    joined = client.post("/api/join", json={"invite": created["invite"]}).json()
    assert joined["seat"] == 0 and joined["game_id"] == created["game_id"]
    again = client.post("/api/join", json={"invite": created["invite"]})
    assert again.status_code == 404 and again.json()["error"] == "bad_invite"

    mine = client.post("/api/my-games", json={"tokens": [created["token"], joined["token"], "x" * 43]}).json()
    games = {g["seat"]: g for g in mine["games"]}
    assert set(games) == {0, 1}
    to_act = games[0]["to_act"]
    assert to_act in (0, 1)
    assert games[to_act]["your_turn"] and not games[1 - to_act]["your_turn"]
    assert games[0]["opponent"] == {"seat": 1, "side": "Sparta", "kind": "person", "agent": None, "joined": True}


def test_seat_message_has_view_legal_actions_and_log(client: TestClient) -> None:
    table = two_players(client, seed=11)
    first = get_message(client, table.game_id, table.tokens[0])
    seat = first["to_act"][0]
    mine = get_message(client, table.game_id, table.tokens[seat])
    assert mine["your_turn"] and mine["legal"]
    assert all(item["action"] and item["text"] for item in mine["legal"])
    assert mine["view"]["seat"] == seat and "rng" not in mine["view"]["state"]
    assert mine["log"] and all(entry["seat"] == -1 for entry in mine["log"])  # the opening draws
    assert [e["step"] for e in mine["log"]] == list(range(1, len(mine["log"]) + 1))
    assert mine["description"].startswith("== Polis")
    other = get_message(client, table.game_id, table.tokens[1 - seat])
    assert not other["your_turn"] and other["legal"] == []
    spectator = get_message(client, table.game_id, None)
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"]["seat"] is None


def test_actions_errors_are_clear(client: TestClient) -> None:
    """Malformed notation 400, illegal action 422 with its rule ID, wrong or missing token 401/403."""
    table = two_players(client, seed=12)
    message = get_message(client, table.game_id, table.tokens[0])
    seat = message["to_act"][0]
    token = table.tokens[seat]
    seq = message["seq"]

    malformed = post_action(client, table.game_id, token, seq, "march !!")
    assert malformed.status_code == 400 and malformed.json()["error"] == "malformed"
    illegal = post_action(client, table.game_id, token, seq, "hoplites Nowhere")
    assert illegal.status_code == 422
    assert illegal.json()["error"] == "illegal" and illegal.json()["rule"] and illegal.json()["message"]
    not_yours = post_action(client, table.game_id, table.tokens[1 - seat], seq, "pass")
    assert not_yours.status_code == 422 and not_yours.json()["rule"] == "PROTOCOL"
    assert post_action(client, table.game_id, None, seq, "pass").status_code == 401
    assert post_action(client, table.game_id, "y" * 43, seq, "pass").status_code == 401  # unknown token
    bad_header = client.post(f"/api/games/{table.game_id}/actions", json={"seq": seq, "action": "pass"},
                             headers={"Authorization": "Basic abc"})
    assert bad_header.status_code == 401
    assert post_action(client, "nope", token, seq, "pass").status_code == 404
    bad_body = client.post(f"/api/games/{table.game_id}/actions", json={"seq": "x", "action": 3}, headers=auth(token))
    assert bad_body.status_code == 400 and bad_body.json()["error"] == "invalid_request"
    extra = client.post(f"/api/games/{table.game_id}/actions", json={"seq": seq, "action": "pass", "as": 1},
                        headers=auth(token))
    assert extra.status_code == 400
    assert get_message(client, table.game_id, token)["seq"] == seq  # nothing changed


def test_create_validates_its_input(client: TestClient) -> None:
    assert client.post("/api/games", json={"edition": "1999"}).status_code == 400
    bad_opponent = client.post("/api/games", json={"opponent": "ismcts:impossible"})
    assert bad_opponent.status_code == 400 and bad_opponent.json()["error"] == "bad_opponent"
    assert client.post("/api/games", json={"side": "thebes"}).status_code == 400
    assert client.post("/api/games", json={"rules": {"no_such_switch": True}}).status_code == 400
    assert client.get("/api/games/unknown").status_code == 404
    assert client.get("/api/opponents").json()["opponents"][:2] == ["person", "random"]
    edition = client.get("/api/editions/2012").json()
    assert "Athinae" in edition["polis_ids"] and edition["regions"]
    assert client.get("/api/editions/1999").status_code == 404


def test_client_seed_needs_the_server_switch(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, allow_client_seed=False))) as client:
        refused = client.post("/api/games", json={"seed": 3})
        assert refused.status_code == 400 and refused.json()["error"] == "seed_not_allowed"
        assert client.post("/api/games", json={}).status_code == 201


def test_same_seed_same_game(client: TestClient) -> None:
    """Seeded games replay exactly: two games from one seed, played alike, end alike."""
    outcomes = []
    for _ in range(2):
        table = two_players(client, seed=21)
        last = [m for _, m in play(client, table, random.Random(5))][-1]
        outcomes.append((last["outcome"], [e["action"] for e in last["log"]]))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] is not None


def test_sides_by_agreement_or_at_random(client: TestClient) -> None:
    """R-GEN-2, R-GEN-3: players take a side by agreement (the creator names it) or at random."""
    assert new_game(client, side="athens", opponent="person")["seat"] == 0
    assert new_game(client, side="sparta", opponent="person")["seat"] == 1
    seats = {new_game(client, side="random", opponent="person")["seat"] for _ in range(16)}
    assert seats == {0, 1}


def test_incremental_log_since_a_seq(client: TestClient) -> None:
    """GET ?since=<seq> sends only the log steps the client lacks, from log_start on."""
    table = two_players(client, seed=13)
    full = get_message(client, table.game_id, table.tokens[0])
    assert "log_start" not in full
    seat = full["to_act"][0]
    mine = get_message(client, table.game_id, table.tokens[seat])
    action = next(item["action"] for item in mine["legal"] if item["action"] != "pass")
    done = post_action(client, table.game_id, table.tokens[seat], mine["seq"], action)
    assert done.status_code == 200, done.text
    response = client.get(f"/api/games/{table.game_id}?since={full['seq']}", headers=auth(table.tokens[0]))
    part = response.json()
    after = get_message(client, table.game_id, table.tokens[0])
    start = part["log_start"]
    assert start == len(full["log"]) + 1
    assert full["log"] + part["log"] == after["log"]
    assert [e["step"] for e in part["log"]] == list(range(start, start + len(part["log"])))


def test_create_in_the_form_for_every_game(client: TestClient) -> None:
    """``game``, ``options`` and one entry per seat; the answer names the game and every invite."""
    created = new_game(client, game="polis", options={"edition": "2012"}, seats=["person", "me"], seed=5)
    assert (created["game"], created["seat"], created["side"]) == ("polis", 1, "Sparta")
    assert [(i["seat"], i["side"]) for i in created["invites"]] == [(0, "Athens")]
    assert created["invites"][0]["invite"] == created["invite"]
    message = get_message(client, created["game_id"], created["token"])
    assert message["game"] == "polis" and message["seat_names"] == ["Athens", "Sparta"]
    assert message["options"] == {"edition": "2012", "scenario": "none"} and message["outcome_text"] is None
    assert [p["joined"] for p in message["players"]] == [False, True]
