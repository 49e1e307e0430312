"""The server analyses finished games as bot work and stores the result with the game: the scripted
toy game of ``tests/scripted_blunders.py`` is imported, its analysis asked for, run by the worker
pool (threads stand in for the processes) in jobs of a few steps, and returned whole with the
blunder marked; a running game is
refused, and a second request does not start the analysis again, neither in the same application
nor in another one on the same database (an analysis is claimed in the database)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from multiprocessing.pool import ThreadPool
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import ctx_of, toy_server
from server_services import create_database

from kleos.core.record import GameRecord
from kleos.server import analyses, pool
from kleos.server.app import create_app
from kleos.server.config import Settings
from scripted_blunders import TOY_BLUNDER, lowest_card_game

WAIT_SECONDS = 60.0


@pytest.fixture
def toy_client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
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


def test_an_analysis_is_stored_without_words_and_read_in_the_reader_s_language(toy_client: TestClient) -> None:
    """The stored analysis holds notation and numbers; its words and turning points are told in
    each reader's language when read (the blunder's mark in Spanish, then in German)."""
    record = lowest_card_game()
    game_id = imported(toy_client, record)
    assert toy_client.post(f"/api/games/{game_id}/analysis").status_code == 202
    english = analysis_of(toy_client, game_id)["analysis"]
    with ctx_of(toy_client).db.read() as s:
        row = s.get(analyses.AnalysisRow, game_id)
        assert row is not None and row.result is not None
        stored = json.loads(row.result)
    assert "turning_points" not in stored and stored["outcome"] == ""
    assert all(step["words"] == "" and not step.get("preferred_words") for step in stored["steps"])
    blunder = english["steps"][TOY_BLUNDER]
    assert blunder["words"] and blunder["preferred_words"]
    for language, mark in (("es", "error grave"), ("de", "grober Fehler"), ("en", "a blunder")):
        read = toy_client.get(f"/api/games/{game_id}/analysis", headers={"Accept-Language": language}).json()
        point = next(t for t in read["analysis"]["turning_points"] if t["index"] == TOY_BLUNDER)
        assert mark in point["text"], (language, point["text"])
        assert read["analysis"]["steps"][TOY_BLUNDER]["words"] == blunder["words"]  # the toy game's own words


def test_a_running_game_is_not_analysed(toy_client: TestClient) -> None:
    record = lowest_card_game()
    game_id = imported(toy_client, GameRecord(record.game, record.options, record.seed, record.actions[:8]))
    assert toy_client.post(f"/api/games/{game_id}/analysis").status_code == 409
    assert toy_client.get(f"/api/games/{game_id}/analysis").status_code == 409


@contextmanager
def two_web_processes(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, TestClient]]:
    """Two applications on one database (as two web processes would be), each with its own worker
    pool (threads stand in for the processes) and its own analyses."""
    from kleos.core import registry
    from toygame.kit import KIT

    monkeypatch.setattr(pool, "make_local_pool", lambda processes, started: ThreadPool(processes))
    registry.register(KIT)
    try:
        with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
            yield first, second
    finally:
        registry.unregister(KIT.name)


def counting_jobs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys of the analysis jobs handed to the workers, of both applications."""
    keys: list[str] = []
    real = analyses.run_job

    def counted(job: analyses.AnalysisJob) -> dict[str, Any] | None:
        keys.append(job.key)
        return real(job)

    monkeypatch.setattr(analyses, "run_job", counted)
    return keys


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_settings(request: pytest.FixtureRequest, settings: Settings) -> Settings:
    if request.param == "sqlite":
        return settings
    url = create_database(request.getfixturevalue("postgres_url"), "kleos_analysis_claims")
    return replace(settings, database_url=url)


def test_two_web_processes_run_an_analysis_once(shared_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both applications asked for the same games' analyses, one after the other and both at once:
    each analysis is claimed in the database by one of them and run once; both then return it."""
    keys = counting_jobs(monkeypatch)
    with two_web_processes(shared_settings, monkeypatch) as (first, second):
        one_after, both_at_once = imported(first, lowest_card_game()), imported(first, lowest_card_game())
        assert first.post(f"/api/games/{one_after}/analysis").json()["status"] == "queued"
        assert second.post(f"/api/games/{one_after}/analysis").json()["status"] in ("queued", "running", "done")
        barrier = threading.Barrier(2)

        def ask(client: TestClient) -> str:
            barrier.wait(WAIT_SECONDS)
            status: str = client.post(f"/api/games/{both_at_once}/analysis").json()["status"]
            return status

        with ThreadPoolExecutor(2) as threads:
            answers = list(threads.map(ask, (first, second)))
        assert sorted(answers).count("queued") >= 1, answers
        for game_id in (one_after, both_at_once):
            found = [analysis_of(client, game_id) for client in (first, second)]
            assert found[0]["status"] == found[1]["status"] == "done" and found[0] == found[1]
    for game_id in (one_after, both_at_once):
        assert [key for key in keys if key.startswith(f"kleos-analysis-{game_id}-")] == [f"kleos-analysis-{game_id}-0"]


def test_an_analysis_left_by_a_stopped_web_process_is_taken_over(toy_client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A queued analysis whose claim was not renewed for the lease (its web process stopped) counts
    as failed, and a request claims it again and runs it; a live claim of another process is left."""
    game_id = imported(toy_client, lowest_card_game())
    db = ctx_of(toy_client).db
    for age, status in ((analyses.LEASE_SECONDS / 2, "queued"), (analyses.LEASE_SECONDS + 1, "failed")):
        with db.write() as s:
            s.merge(analyses.AnalysisRow(game_id=game_id, status="queued", budget=1, owner="gone",
                                         updated_at=time.time() - age))
        assert toy_client.get(f"/api/games/{game_id}/analysis").json()["status"] == status
    assert toy_client.post(f"/api/games/{game_id}/analysis").json()["status"] == "queued"
    assert analysis_of(toy_client, game_id)["status"] == "done"
