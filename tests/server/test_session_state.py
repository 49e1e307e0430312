"""``GET /api/session`` (issue 24, finding 14): who is signed in on this device, answered without an
error for a guest, so that a guest's lobby shows no 401 in the browser console; ``GET /api/me``
still answers 401 to a guest."""

from __future__ import annotations

from account_helpers import new_device, sign_up
from fastapi.testclient import TestClient


def test_a_guest_gets_no_account_and_no_error(client: TestClient) -> None:
    answer = client.get("/api/session")
    assert answer.status_code == 200 and answer.json() == {"account": None}
    assert client.get("/api/me").status_code == 401


def test_a_signed_in_player_gets_the_account(client: TestClient) -> None:
    created = sign_up(client, "Alice")
    assert client.get("/api/session").json()["account"] == created["account"]
    assert new_device(client).get("/api/session").json() == {"account": None}
