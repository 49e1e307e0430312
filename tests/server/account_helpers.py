"""Helpers of the account and lobby tests: sign-up, sign-in, a fresh "device" (cookie jar), and a
server on SQLite or PostgreSQL (fixtures imported by the test modules)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_services import create_database

from kleos.server.app import create_app
from kleos.server.config import Settings

PASSWORD = "correct horse battery"
Message = dict[str, Any]


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Message:
    """A new account; the client keeps its session cookie."""
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    data: Message = response.json()
    return data


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Message:
    response = client.post("/api/sessions", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def new_device(client: TestClient) -> TestClient:
    """The same server seen from a browser that holds no cookie (another device)."""
    client.cookies.clear()
    return client


def session(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def my_games(client: TestClient, headers: dict[str, str] | None = None) -> list[Message]:
    response = client.get("/api/me/games", headers=headers or {})
    assert response.status_code == 200, response.text
    games: list[Message] = response.json()["games"]
    return games


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """Settings on SQLite, or on a fresh PostgreSQL database (the session's test server)."""
    if request.param == "sqlite":
        return make_settings(tmp_path)
    url = create_database(request.getfixturevalue("postgres_url"), "kleos_accounts")
    return make_settings(tmp_path, database_url=url)


@pytest.fixture
def any_client(any_db: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(any_db)) as client:
        yield client
