"""Helpers of the resign, clock and chat tests: a server with Sealed Bids (the test game of
``tests/toygame``: any seat count, simultaneous secret bids, short), on SQLite or PostgreSQL, with a
time source the test moves by hand."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Message, auth, ctx_of
from server_services import create_database

from kleos.core import registry
from kleos.server.app import create_app
from kleos.server.config import Settings
from toygame.kit import KIT

START = 1_900_000_000.0  # the fake clock's first second


class FakeTime:
    """The server's time source in a test: it moves only when the test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Bids:
    """A game of Sealed Bids: its id and each person seat's token."""

    game_id: str
    tokens: dict[int, str]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """Settings on SQLite, or on a fresh PostgreSQL database (the session's test server)."""
    if request.param == "sqlite":
        return make_settings(tmp_path)
    url = create_database(request.getfixturevalue("postgres_url"), "kleos_endings")
    return make_settings(tmp_path, database_url=url)


def toy_server(settings: Settings) -> Iterator[tuple[TestClient, FakeTime]]:
    registry.register(KIT)
    try:
        with TestClient(create_app(settings)) as client:
            fake = FakeTime()
            ctx_of(client).store.now = fake
            yield client, fake
    finally:
        registry.unregister(KIT.name)


@pytest.fixture
def toy(settings: Settings) -> Iterator[tuple[TestClient, FakeTime]]:
    yield from toy_server(settings)


@pytest.fixture
def toy_any_db(db_settings: Settings) -> Iterator[tuple[TestClient, FakeTime]]:
    yield from toy_server(db_settings)


def bids(client: TestClient, players: int = 2, seats: list[str] | None = None, clock: dict[str, Any] | None = None,
         join: bool = True, seed: int = 11) -> Bids:
    """A game of Sealed Bids; every invited seat joined (``join``)."""
    body: dict[str, Any] = {"game": "bids", "options": {"players": players}, "seed": seed,
                            "seats": seats or ["me", *["person"] * (players - 1)]}
    if clock is not None:
        body["clock"] = clock
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    tokens = {created["seat"]: created["token"]}
    for invite in created["invites"] if join else ():
        joined = client.post("/api/join", json={"invite": invite["invite"]})
        assert joined.status_code == 200, joined.text
        tokens[joined.json()["seat"]] = joined.json()["token"]
    return Bids(created["game_id"], tokens)


def state(client: TestClient, game: Bids, seat: int | None) -> Message:
    response = client.get(f"/api/games/{game.game_id}", headers=auth(None if seat is None else game.tokens[seat]))
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def bid(client: TestClient, game: Bids, seat: int) -> Message:
    """``seat`` plays its first card (it must be one of the seats to act)."""
    message = state(client, game, seat)
    response = client.post(f"/api/games/{game.game_id}/actions", headers=auth(game.tokens[seat]),
                           json={"seq": message["seq"], "action": message["legal"][0]["action"]})
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data
