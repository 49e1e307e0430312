"""Hostile request bodies: rule switches that would make an unplayable game, and wrong JSON types
that used to be coerced. Each is refused with 400 and names the field; nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, ctx_of, new_game

from kleos.core.kit import GameKit, OptionsError
from kleos.server import games


def game_count(client: TestClient) -> int:
    """How many games the server has stored (through the store's database)."""
    from sqlalchemy import func, select

    from kleos.server.db import GameRow

    with ctx_of(client).store.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


@pytest.mark.parametrize("switch", ["rounds", "projects_per_round", "goods"])
def test_empty_rule_lists_are_refused_naming_the_field(client: TestClient, switch: str) -> None:
    """Emptying a list of the edition (rounds, projects per round, goods) is a 400 naming the
    option and the switch, never a 500 nor a stored game whose every GET fails."""
    before = game_count(client)
    response = client.post("/api/games", json={"rules": {switch: []}, "opponent": "random"})
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == "bad_options" and body["field"] == "rules" and switch in body["message"]
    assert game_count(client) == before
    assert client.get("/api/health").status_code == 200  # the connection is still usable


def test_rounds_and_projects_per_round_must_match(client: TestClient) -> None:
    response = client.post("/api/games", json={"rules": {"projects_per_round": [3, 4]}, "opponent": "random"})
    assert response.status_code == 400 and "projects_per_round" in response.json()["message"]


class BrokenKitError(Exception):
    """What a buggy kit raises while opening a game."""


def test_any_exception_of_a_kit_is_a_400_not_a_500(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server builds the game, its opening and every seat's first message before storing it:
    whatever the kit raises there becomes 400 ``bad_options`` naming the option changed."""
    kit = games.kit_of("polis")
    real = kit.describe_view

    def broken(game: Any, view: Any, seat: int | None) -> str:
        if getattr(game, "rules", None):
            raise BrokenKitError("cannot describe")
        return real(game, view, seat)

    monkeypatch.setattr(type(kit), "describe_view", lambda self, g, v, s: broken(g, v, s))
    before = game_count(client)
    response = client.post("/api/games", json={"rules": {"siege_disc_scope": "polis"}, "opponent": "random"})
    assert response.status_code == 400, response.text
    assert response.json() == {"error": "bad_options", "field": "rules",
                               "message": "rules: these options do not make a playable game (BrokenKitError)"}
    assert game_count(client) == before


def test_options_error_of_a_kit_names_its_field(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: GameKit, options: Any) -> Any:
        raise OptionsError("rules.pace", "too fast")

    monkeypatch.setattr(type(games.kit_of("polis")), "make_game", refuse)
    response = client.post("/api/games", json={"opponent": "random"})
    assert response.status_code == 400 and response.json()["field"] == "rules.pace"


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/games", {"options": [["edition", "2020"]], "opponent": "random"}, "options"),
    ("/api/games", {"seed": 7.9, "opponent": "random"}, "seed"),
    ("/api/games", {"seed": "7", "opponent": "random"}, "seed"),
    ("/api/games", {"seat": "0", "opponent": "random"}, "seat"),
    ("/api/games", {"seat": True, "opponent": "random"}, "seat"),
    ("/api/games", {"opponent": 5}, "opponent"),
    ("/api/join", {"invite": 12345678901}, "invite"),
    ("/api/my-games", {"tokens": "abc"}, "tokens"),
])
def test_wrong_types_are_refused_not_coerced(client: TestClient, path: str, body: dict[str, Any], field: str) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "invalid_request" and field in response.json()["message"]


def test_an_action_with_a_string_seq_is_refused(client: TestClient) -> None:
    """``{"seq": "10"}`` used to be read as 10 and the action applied."""
    created = new_game(client, opponent="person", seed=3)
    message = client.get(f"/api/games/{created['game_id']}", headers=auth(created["token"])).json()
    legal = message["legal"][0]["action"] if message["legal"] else "pass"
    response = client.post(f"/api/games/{created['game_id']}/actions", headers=auth(created["token"]),
                           json={"seq": str(message["seq"]), "action": legal})
    assert response.status_code == 400 and "seq" in response.json()["message"]
    assert client.get(f"/api/games/{created['game_id']}").json()["seq"] == message["seq"]
    undo = client.post(f"/api/games/{created['game_id']}/undo", headers=auth(created["token"]),
                       json={"seq": float(message["seq"])})
    assert undo.status_code == 400


@pytest.mark.parametrize(("record", "field"), [
    ({"game": "polis", "options": {"edition": "2020"}, "seed": 7.9, "actions": []}, "record.seed"),
    ({"game": "polis", "options": {"edition": "2020"}, "seed": "7", "actions": []}, "record.seed"),
    ({"game": "polis", "options": [["edition", "2020"]], "seed": 7, "actions": []}, "record.options"),
    ({"game": "polis", "options": {}, "seed": 7, "actions": [["0", "pass"]]}, "record.actions.0.0"),
    ({"game": "polis", "options": {}, "seed": 7, "actions": [], "extra": 1}, "record.extra"),
])
def test_import_records_are_strict(client: TestClient, record: dict[str, Any], field: str) -> None:
    """A seed of 7.9 used to become 7 and options given as pairs were taken as an object."""
    response = client.post("/api/import", json={"record": record, "opponent": "random"})
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_record" and response.json()["field"] == field
