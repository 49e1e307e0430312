"""Fixtures of the server tests: an app on SQLite in a temporary directory, and real PostgreSQL and
Redis servers started for the session (see ``server_services``)."""

from __future__ import annotations

import shutil
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from server_services import postgres_server, redis_server

from kleos.server.app import create_app
from kleos.server.config import Settings

with warnings.catch_warnings():  # starlette's TestClient asks for httpx2, which we do not need
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    base = Settings(database_url=f"sqlite:///{tmp_path / 'kleos.db'}", allow_client_seed=True,
                    rate_capacity=10_000.0, rate_per_second=10_000.0, hello_timeout=5.0,
                    # tests drive the API far faster than people: the quotas are tested on their own
                    request_limit="100000/second", games_per_hour=100_000, imports_per_hour=100_000)
    return replace(base, **overrides)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def service_dir() -> Iterator[Path]:
    """A directory under /tmp that the ``postgres`` user can reach (pytest's own is private)."""
    path = Path(tempfile.mkdtemp(prefix="kleos-services-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url(service_dir: Path) -> Iterator[str]:
    with postgres_server(service_dir / "pg") as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(service_dir: Path) -> Iterator[str]:
    with redis_server(service_dir / "redis") as url:
        yield url
