"""What operators see: Prometheus metrics per route template, liveness and readiness, JSON logs."""

from __future__ import annotations

import json
import logging
import sys

from fastapi.testclient import TestClient
from server_helpers import auth, ctx_of, get_message, two_players

from kleos.server.logs import JsonFormatter


def samples(text: str, name: str) -> dict[str, float]:
    """``{labels: value}`` of every sample of ``name`` in a Prometheus exposition."""
    found = {}
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            labels, value = line.rsplit(" ", 1)
            found[labels[len(name):]] = float(value)
    return found


def test_request_latency_is_kept_per_route_template_not_per_path(client: TestClient) -> None:
    """Two games read: one series for ``/api/games/{game_id}``, no game id in any label."""
    tables = [two_players(client, seed=s) for s in (5, 6)]
    for table in tables:
        get_message(client, table.game_id, table.tokens[0])
    client.get("/api/no/such/path")
    text = client.get("/metrics").text
    counts = samples(text, "kleos_http_request_duration_seconds_count")
    assert counts['{method="GET",route="/api/games/{game_id}",status="2xx"}'] == 2
    assert counts['{method="GET",route="unmatched",status="4xx"}'] == 1
    assert not any(table.game_id in text for table in tables)
    for gauge in ("kleos_bot_queue_depth", "kleos_bot_decisions_in_flight", "kleos_live_games",
                  "kleos_open_websockets"):
        assert samples(text, gauge) == {"": 0.0}, gauge


def test_a_websocket_counts_as_a_live_game_and_an_open_socket(client: TestClient) -> None:
    table = two_players(client, seed=7)
    with client.websocket_connect(f"/api/games/{table.game_id}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": table.tokens[0]}))
        ws.receive_json()
        text = client.get("/metrics").text
        assert samples(text, "kleos_open_websockets") == {"": 1.0}
        assert samples(text, "kleos_live_games") == {"": 1.0}
    assert client.get("/api/games/" + table.game_id, headers=auth(table.tokens[0])).status_code == 200


def test_liveness_and_readiness(client: TestClient) -> None:
    """Ready while the database answers and workers can take decisions; not ready (503, the failing
    check named) once the worker pool is gone, while still alive."""
    assert client.get("/healthz").json() == {"ok": True}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["checks"] == {"database": True, "workers": True}
    ctx_of(client).thinkers.close()
    gone = client.get("/readyz")
    assert gone.status_code == 503 and gone.json()["checks"] == {"database": True, "workers": False}
    assert client.get("/healthz").status_code == 200


def test_a_json_log_line_per_event() -> None:
    """Message, level, logger, the ``extra`` fields and the exception, in one line of JSON."""
    record = logging.LogRecord("kleos.server.bots", logging.WARNING, __file__, 1, "bot %s missed", ("x",), None)
    record.game_id = "g1"
    try:
        raise ValueError("boom")
    except ValueError:
        record.exc_info = sys.exc_info()
    line = JsonFormatter().format(record)
    assert "\n" not in line
    event = json.loads(line)
    assert event["message"] == "bot x missed" and event["level"] == "warning"
    assert event["logger"] == "kleos.server.bots" and event["game_id"] == "g1"
    assert "ValueError: boom" in event["exception"]
