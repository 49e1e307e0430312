"""The API fuzzed from its own OpenAPI schema with schemathesis: valid and invalid requests for
every operation, and no answer may be a 500 or a status code the schema does not document.

This is the short, seeded run of the test suite (a few examples per operation, derandomized); the
long run is in docs/web-api.md."""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from conftest import make_settings
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from kleos.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EXAMPLES = 8  # per operation: the whole run stays within seconds on two cores
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]

_schema_app = create_app(make_settings(Path(tempfile.gettempdir()) / "kleos-fuzz-schema"))
schema = schemathesis.openapi.from_dict(_schema_app.openapi())


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the whole run, with the default (strict) seed policy and bot limits, so
    that what is fuzzed is what an operator serves."""
    settings_ = make_settings(tmp_path_factory.mktemp("fuzz"), allow_client_seed=False)
    with TestClient(create_app(settings_), raise_server_exceptions=False) as client:
        yield client


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_the_api_honours_its_schema(case: Any, fuzz_client: TestClient) -> None:
    kwargs = case.as_transport_kwargs()
    kwargs.pop("url", None)
    response = fuzz_client.request(case.method, case.formatted_path, params=kwargs.get("params"),
                                   headers=kwargs.get("headers"), json=kwargs.get("json"),
                                   content=kwargs.get("data") if "json" not in kwargs else None)
    case.validate_response(response, checks=CHECKS)
