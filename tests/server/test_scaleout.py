"""PostgreSQL and Redis, against real servers started by the fixtures: the API on PostgreSQL, row
locking under concurrent writers, and two ``kleos serve`` processes sharing one database, with
each player of a game connected to a different process."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Table, auth, get_message, play, post_action, two_players
from server_services import ServerProcess, create_database, free_port
from websockets.sync.client import connect

from kleos.server.app import create_app


@pytest.fixture
def pg_database(postgres_url: str, request: pytest.FixtureRequest) -> str:
    name = "kleos_" + request.node.name.lower().replace("[", "_").replace("]", "")[:40]
    return create_database(postgres_url, name)


@pytest.fixture
def pg_client(tmp_path: Path, pg_database: str) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(tmp_path, database_url=pg_database))) as client:
        yield client


def test_postgres_full_game_replay_and_bots(pg_client: TestClient) -> None:
    table = two_players(pg_client, seed=81)
    final = [m for _, m in play(pg_client, table, random.Random(81))][-1]
    assert final["status"] == "finished"
    record = pg_client.get(f"/api/games/{table.game_id}/record").json()
    assert len(record["actions"]) == final["steps"]
    imported = pg_client.post("/api/import", json={"record": record})
    assert imported.status_code == 201
    created = pg_client.post("/api/games", json={"opponent": "random", "seed": 82}).json()
    assert created["game_id"]


def test_postgres_concurrent_writers_one_wins(pg_client: TestClient) -> None:
    """The game row is locked: of several clients sending an action for the same seq, one is applied."""
    table = two_players(pg_client, seed=83)
    seat = get_message(pg_client, table.game_id, table.tokens[0])["to_act"][0]
    message = get_message(pg_client, table.game_id, table.tokens[seat])
    actions = [item["action"] for item in message["legal"]][:6]
    codes: list[int] = []
    lock = threading.Lock()

    def send(action: str) -> None:
        code = post_action(pg_client, table.game_id, table.tokens[seat], message["seq"], action).status_code
        with lock:
            codes.append(code)

    threads = [threading.Thread(target=send, args=(a,)) for a in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(codes) == [200] + [409] * (len(actions) - 1)
    log = get_message(pg_client, table.game_id, None)["log"]
    assert sum(1 for e in log if e["seq"] == message["seq"] + 1) == 1


def ws_player(url: str, ws_url: str, table: Table, seat: int, seed: int, errors: list[str],
              steps: list[int]) -> None:
    """Plays ``seat`` through one process: learns of the other's moves only from its WebSocket."""
    rng = random.Random(seed)
    token = table.tokens[seat]
    try:
        with connect(ws_url, open_timeout=20) as ws, httpx.Client(base_url=url, timeout=20) as client:
            ws.send(json.dumps({"type": "hello", "token": token}))
            for _ in range(3000):
                message = json.loads(ws.recv(timeout=30))
                if message.get("type") != "state":
                    continue
                if message["status"] == "finished":
                    return
                if not message["your_turn"]:
                    continue
                action = rng.choice(message["legal"])["action"]
                response = post_action(client, table.game_id, token, message["seq"], action)
                if response.status_code == 200:
                    steps.append(seat)
                elif response.status_code == 409:
                    ws.send(json.dumps({"type": "sync"}))
                else:
                    errors.append(f"seat {seat}: {response.status_code} {response.text}")
                    return
            errors.append(f"seat {seat}: the game did not end")
    except Exception as exc:
        errors.append(f"seat {seat}: {type(exc).__name__}: {exc}")


def test_two_processes_share_one_game(tmp_path: Path, pg_database: str, redis_url: str) -> None:
    args = ("--database", pg_database, "--redis", redis_url, "--allow-client-seed", "--rate", "1000",
            "--burst", "1000", "--request-limit", "100000/second")  # random play outruns the public default
    servers = [ServerProcess(free_port(), *args, log=tmp_path / f"serve{i}.log") for i in (0, 1)]
    try:
        for server in servers:
            server.wait_ready()
        with httpx.Client(base_url=servers[0].url, timeout=20) as client:
            created = client.post("/api/games", json={"seed": 84, "opponent": "person"}).json()
        with httpx.Client(base_url=servers[1].url, timeout=20) as client:
            joined = client.post("/api/join", json={"invite": created["invite"]}).json()
        table = Table(created["game_id"], {created["seat"]: created["token"], joined["seat"]: joined["token"]})
        errors: list[str] = []
        steps: list[int] = []
        threads = [
            threading.Thread(target=ws_player, args=(
                server.url, f"ws://127.0.0.1:{server.port}/api/games/{table.game_id}/ws", table, seat, seat,
                errors, steps))
            for seat, server in ((created["seat"], servers[0]), (joined["seat"], servers[1]))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=150)
        assert not errors, errors
        assert {0, 1} <= set(steps), "both players acted"
        for server in servers:
            with httpx.Client(base_url=server.url, timeout=20) as client:
                final = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[0])).json()
                assert final["status"] == "finished" and final["outcome"] is not None
                assert sum(1 for e in final["log"] if e["seat"] in (0, 1)) == len(steps)
    finally:
        for server in servers:
            server.stop()
