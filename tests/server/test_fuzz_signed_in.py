"""The API fuzzed from its OpenAPI schema while **signed in** (issue 27): the client holds an
account session (cookie) and a seat of a real game, and every ``game_id`` of a path is that game,
so that the operations that answered only 401 or 403 to a stranger (``/api/me…``, chat, mute,
resign, claim, joining an open game) run their bodies. No answer may be a 500 or a status code
the schema does not document. Seeded and short here; the long run is in docs/web-api.md."""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from account_helpers import PASSWORD
from conftest import make_settings
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance
from server_helpers import ctx_of

from kleos.server import accounts
from kleos.server.accounts import COOKIE
from kleos.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EXAMPLES = 6  # per operation: bounded, seconds on two cores
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]

_schema_app = create_app(make_settings(Path(tempfile.gettempdir()) / "kleos-fuzz-signed-in"))
schema = schemathesis.openapi.from_dict(_schema_app.openapi())


class SignedIn:
    """A signed-in client with a game where it holds a seat (opened to everyone); ``statuses``:
    the answers of each operation."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        answer = client.post("/api/accounts", json={"name": "Fuzzer", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.statuses: dict[str, list[int]] = {}
        created = client.post("/api/games", json={"opponent": "person", "open": True})
        assert created.status_code == 201, created.text
        self.game_id: str = created.json()["game_id"]

    def stay_signed_in(self) -> None:
        """Sign in again after a fuzzed sign-out, so that every case runs signed in (through the
        accounts module: the fuzzed sign-ins may have spent the address's sign-in quota)."""
        db = ctx_of(self.client).db
        if accounts.member_of(db, self.client.cookies.get(COOKIE)) is None:
            self.client.cookies.clear()
            self.client.cookies.set(COOKIE, accounts.sign_in(db, "Fuzzer", PASSWORD).token)


@pytest.fixture(scope="module")
def signed_in(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SignedIn]:
    settings_ = make_settings(tmp_path_factory.mktemp("fuzz-signed-in"), allow_client_seed=False)
    with TestClient(create_app(settings_), raise_server_exceptions=False) as client:
        yield SignedIn(client)


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_the_api_signed_in_honours_its_schema(case: Any, signed_in: SignedIn) -> None:
    signed_in.stay_signed_in()
    if case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = signed_in.game_id
    kwargs = case.as_transport_kwargs()
    response = signed_in.client.request(case.method, case.formatted_path, params=kwargs.get("params"),
                                        headers=kwargs.get("headers"), json=kwargs.get("json"),
                                        content=kwargs.get("data") if "json" not in kwargs else None)
    signed_in.statuses.setdefault(f"{case.method} {case.path}", []).append(response.status_code)
    case.validate_response(response, checks=CHECKS)


def test_the_signed_in_operations_ran_past_authentication(signed_in: SignedIn) -> None:
    """The operations a stranger only got 401/403 from answered something else at least once."""
    needing_a_session = [op for op in signed_in.statuses if "/me" in op or op.endswith(("/chat", "/mute"))]
    assert needing_a_session, sorted(signed_in.statuses)
    for op in needing_a_session:
        assert set(signed_in.statuses[op]) - {401, 403}, (op, signed_in.statuses[op])
