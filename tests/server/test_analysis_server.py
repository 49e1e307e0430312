"""The server analyses finished games as bot work and stores the result with the game: the scripted
toy game of ``tests/scripted_blunders.py`` is imported, its analysis asked for, run by the worker
pool (threads stand in for the processes) in jobs of a few steps, and returned whole with the
blunder marked; a running game is
refused, and a second request does not start the analysis again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import ctx_of, toy_server

from kleos.core.record import GameRecord
from kleos.server import analyses, pool
from kleos.server.config import Settings
from scripted_blunders import TOY_BLUNDER, lowest_card_game

WAIT_SECONDS = 60.0


@pytest.fixture
def toy_client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    from multiprocessing.pool import ThreadPool

    monkeypatch.setattr(pool, "make_local_pool", lambda processes, started: ThreadPool(processes))
    with toy_server(settings) as client:
        yield client


def imported(client: TestClient, record: GameRecord) -> str:
    response = client.post("/api/import", json={"record": record.to_json(), "seats": ["me", "person"]})
    assert response.status_code == 201, response.text
    game_id: str = response.json()["game_id"]
    return game_id


def analysis_of(client: TestClient, game_id: str) -> dict[str, Any]:
    end = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < end:
        found: dict[str, Any] = client.get(f"/api/games/{game_id}/analysis").json()
        if found["status"] in ("done", "failed"):
            return found
        time.sleep(0.05)
    raise AssertionError("the analysis did not end")


def test_a_finished_game_is_analysed_in_the_workers_and_stored(toy_client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analyses, "CHUNK_STEPS", 5)  # the 17 steps in 4 jobs, joined in order
    record = lowest_card_game()
    game_id = imported(toy_client, record)
    assert toy_client.get(f"/api/games/{game_id}/analysis").json() == {"status": "none"}
    asked = toy_client.post(f"/api/games/{game_id}/analysis")
    assert asked.status_code == 202 and asked.json()["status"] == "queued"
    found = analysis_of(toy_client, game_id)
    assert found["status"] == "done"
    analysis = found["analysis"]
    assert analysis["full_information"] is False
    assert [s["index"] for s in analysis["steps"]] == list(range(len(record.actions)))
    assert analysis["steps"][TOY_BLUNDER]["mark"] == "blunder"
    assert any(t["index"] == TOY_BLUNDER for t in analysis["turning_points"])
    again = toy_client.post(f"/api/games/{game_id}/analysis")
    assert again.json()["status"] == "done"  # stored: not started again
    with ctx_of(toy_client).db.read() as s:
        row = s.get(analyses.AnalysisRow, game_id)
        assert row is not None and row.status == "done" and row.result is not None


def test_a_running_game_is_not_analysed(toy_client: TestClient) -> None:
    record = lowest_card_game()
    game_id = imported(toy_client, GameRecord(record.game, record.options, record.seed, record.actions[:8]))
    assert toy_client.post(f"/api/games/{game_id}/analysis").status_code == 409
    assert toy_client.get(f"/api/games/{game_id}/analysis").status_code == 409
