"""The server reads a new game's JSON options with the one parser of the command lines (C-COMP-3):
a choice sent as a JSON number is that choice, stored as the choice; a refusal names the option and
lists its choices, as ``kleos play --option`` does."""

from __future__ import annotations

from fastapi.testclient import TestClient


def _create(client: TestClient, options: dict[str, object]) -> dict[str, object]:
    answer = client.post("/api/games", json={"game": "cyclades", "options": options,
                                             "seats": ["me", "random", "random"], "seed": 1})
    body: dict[str, object] = answer.json()
    return body


def test_a_bank_of_98_sent_as_a_number_is_the_choice_98(client: TestClient) -> None:
    created = _create(client, {"gold_supply": 98})
    assert "error" not in created, created
    stored = client.get(f"/api/games/{created['game_id']}", headers={"Authorization": f"Bearer {created['token']}"})
    assert stored.json()["options"]["gold_supply"] == "98"


def test_a_bank_of_99_is_refused_with_the_choices(client: TestClient) -> None:
    refused = _create(client, {"gold_supply": 99})
    assert refused["error"] == "bad_options" and refused["field"] == "gold_supply"
    assert "'99' is not one of unlimited, 98, 100" in str(refused["message"])
