"""The import loophole: a record carries its seed, so an importer who chose it would know every
future die and the hidden cards of whoever they invite. Without the operator's leave
(``allow_client_seed``) an import may be played on against bots only."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import make_settings
from server_helpers import get_message

from kleos.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

RECORD: dict[str, Any] = {"game": "polis", "options": {"edition": "2020"}, "seed": 0, "actions": []}


@pytest.fixture
def strict_client(tmp_path: Path) -> Iterator[TestClient]:
    """A server with the default seed policy: the server alone chooses seeds."""
    with TestClient(create_app(make_settings(tmp_path, allow_client_seed=False))) as test_client:
        yield test_client


@pytest.mark.parametrize("seats", [{"side": "athens", "opponent": "person"}, {"side": "athens"},
                                   {"seats": ["me", "person"]}])
def test_an_import_cannot_invite_a_person(strict_client: TestClient, seats: dict[str, Any]) -> None:
    """The reproduction of the issue: a chosen seed imported with an invite was 201."""
    assert strict_client.post("/api/games", json={"seed": 0}).json()["error"] == "seed_not_allowed"
    response = strict_client.post("/api/import", json={"record": RECORD, **seats})
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "seed_not_allowed"
    assert response.json()["field"] == ("seats" if "seats" in seats else "opponent")


def test_an_import_may_be_played_on_against_a_bot(strict_client: TestClient) -> None:
    response = strict_client.post("/api/import", json={"record": RECORD, "side": "athens", "opponent": "random"})
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["invites"] == []
    message = get_message(strict_client, created["game_id"], created["token"])
    assert message["imported"] is True


def test_with_client_seeds_allowed_the_invitee_is_told(client: TestClient) -> None:
    """Where the operator allows chosen seeds (tests, tournaments with public seeds), the import
    may invite a person, and the invitee's game says it was imported."""
    created = client.post("/api/import", json={"record": RECORD, "side": "athens", "opponent": "person"}).json()
    joined = client.post("/api/join", json={"invite": created["invite"]}).json()
    assert get_message(client, joined["game_id"], joined["token"])["imported"] is True
