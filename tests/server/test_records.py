"""Replays of finished games step by step, export and import of action logs, and rematches."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from server_helpers import auth, get_message, play, post_action, two_players

from kleos.core.record import GameRecord, Replay
from kleos.games.polis.game import PolisGame


def finished_game(client: TestClient, seed: int) -> tuple[str, dict[int, str]]:
    table = two_players(client, seed=seed)
    for _ in play(client, table, random.Random(seed)):
        pass
    return table.game_id, table.tokens


def test_replay_step_by_step_shows_public_views(client: TestClient) -> None:
    game_id, _ = finished_game(client, 51)
    full = client.get(f"/api/games/{game_id}/replay").json()
    n = full["steps"]
    assert full["step"] == n and full["outcome"] is not None and len(full["log"]) == n
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    assert [str(a) for _, a in record.actions] == [e["action"] for e in full["log"]]
    game = PolisGame.from_options(record.options)
    states = [game.copy(s) for _, _, s in Replay(game, record).states()]
    for k in (0, 1, n // 2, n):
        page = client.get(f"/api/games/{game_id}/replay", params={"step": k}).json()
        assert page["step"] == k and page["view"]["seat"] is None
        if k:
            assert page["action"]["step"] == k
            expected = game.state_to_json(game.view(states[k - 1], None).state)
            assert page["view"]["state"]["round"] == expected["round"]
            assert page["view"]["state"]["units"] == expected["units"]
    assert client.get(f"/api/games/{game_id}/replay", params={"step": n + 1}).status_code == 400


def test_unfinished_games_have_no_replay_or_record(client: TestClient) -> None:
    table = two_players(client, seed=52)
    assert client.get(f"/api/games/{table.game_id}/replay").json()["error"] == "not_finished"
    assert client.get(f"/api/games/{table.game_id}/record").status_code == 409


def test_export_then_import_rebuilds_the_game(client: TestClient) -> None:
    game_id, _ = finished_game(client, 53)
    record = client.get(f"/api/games/{game_id}/record").json()
    imported = client.post("/api/import", json={"record": record})
    assert imported.status_code == 201
    new_id = imported.json()["game_id"]
    assert client.get(f"/api/games/{new_id}/record").json() == record
    original = client.get(f"/api/games/{game_id}/replay").json()
    copy = client.get(f"/api/games/{new_id}/replay").json()
    assert copy["log"] == original["log"] and copy["view"] == original["view"] and copy["imported"]


def test_import_of_a_partial_record_can_be_played_on(client: TestClient) -> None:
    game_id, _ = finished_game(client, 54)
    record = client.get(f"/api/games/{game_id}/record").json()
    record["actions"] = record["actions"][:10]
    imported = client.post("/api/import", json={"record": record, "side": "athens", "opponent": "random"}).json()
    message = get_message(client, imported["game_id"], imported["token"])
    assert message["status"] == "active" and message["steps"] >= 10
    assert [e["action"] for e in message["log"][:10]] == [a for _, a in record["actions"]]


def test_import_rejects_bad_records(client: TestClient) -> None:
    game_id, _ = finished_game(client, 55)
    record = client.get(f"/api/games/{game_id}/record").json()
    broken = dict(record, actions=[*record["actions"][:5], [record["actions"][5][0], "march Atlantis"]])
    illegal = client.post("/api/import", json={"record": broken})
    assert illegal.status_code == 422 and illegal.json()["step"] == 6 and illegal.json()["rule"]
    malformed = dict(record, actions=[[0, "march !!"]])
    assert client.post("/api/import", json={"record": malformed}).json()["error"] == "malformed"
    assert client.post("/api/import", json={"record": {"game": "polis"}}).json()["error"] == "bad_record"
    assert client.post("/api/import", json={"record": dict(record, game="chess")}).status_code == 400
    with_path = dict(record, options={"edition": "2020", "data_dir": "/etc"})
    assert client.post("/api/import", json={"record": with_path}).json()["error"] == "bad_options"


def test_rematch_swaps_sides_and_invites_the_other_player(client: TestClient) -> None:
    game_id, tokens = finished_game(client, 56)
    table_seat = 0
    rematch = client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[table_seat])).json()
    assert rematch["seat"] == 1 and rematch["invite"]
    offer = get_message(client, game_id, tokens[1])["rematch"]
    assert offer == {"game_id": rematch["game_id"], "invite": rematch["invite"]}
    assert "invite" not in get_message(client, game_id, tokens[0])["rematch"]
    accepted = client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[1])).json()
    assert accepted["game_id"] == rematch["game_id"] and accepted["seat"] == 0
    new = get_message(client, rematch["game_id"], accepted["token"])
    assert new["rematch_of"] == game_id and all(p["joined"] for p in new["players"])
    assert client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[1])).status_code == 409
    unfinished = two_players(client, seed=57)
    refused = client.post(f"/api/games/{unfinished.game_id}/rematch", headers=auth(unfinished.tokens[0]))
    assert refused.status_code == 409
    assert post_action(client, game_id, tokens[0], new["seq"], "pass").status_code in (409, 422)
