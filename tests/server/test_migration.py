"""Games stored before games had kits: a database written by Kleos 0.1's server (schema revision
0001, ``fixtures/kleos-0001.sql``, made by ``fixtures/make_0001_database.py``) is upgraded at start;
its games load, play on to the end and replay, its hidden cards stay hidden. A record file saved by
that version (``fixtures/polis-record-0.1.json``) imports."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Table, fighting_choice, get_message, play, post_action, random_choice
from server_services import create_database
from sqlalchemy import MetaData, create_engine, insert, inspect, select
from sqlalchemy import Table as SqlTable

from kleos.server.app import create_app
from kleos.server.db import Database, normalize_url

FIXTURES = Path(__file__).parent / "fixtures"
OLD_GAMES: dict[str, Any] = json.loads((FIXTURES / "kleos-0001.json").read_text())
OLD_RECORD: dict[str, Any] = json.loads((FIXTURES / "polis-record-0.1.json").read_text())


def old_database(path: Path) -> str:
    """A SQLite file holding the 0.1 server's games, still at schema revision 0001."""
    with sqlite3.connect(path) as connection:
        connection.executescript((FIXTURES / "kleos-0001.sql").read_text())
    return f"sqlite:///{path}"


def table_of(name: str) -> Table:
    game = OLD_GAMES[name]
    return Table(game["game_id"], {int(seat): token for seat, token in game["tokens"].items()})


@pytest.fixture
def upgraded(tmp_path: Path) -> Iterator[TestClient]:
    settings = make_settings(tmp_path, database_url=old_database(tmp_path / "old.db"))
    with TestClient(create_app(settings)) as client:
        yield client


def test_the_schema_is_upgraded_and_hidden_cards_keep_their_reader(tmp_path: Path) -> None:
    url = old_database(tmp_path / "old.db")
    Database(url).migrate()
    engine = create_engine(normalize_url(url))
    with engine.connect() as connection:
        columns = {c["name"] for c in inspect(connection).get_columns("events")}
        assert "readers" in columns and "visible_to" not in columns
        metadata = MetaData()
        games = SqlTable("games", metadata, autoload_with=connection)
        events = SqlTable("events", metadata, autoload_with=connection)
        named = connection.execute(select(games.c.id, games.c.game, games.c.actors, games.c.to_act)).all()
        readers = connection.execute(select(events.c.readers).where(events.c.action.like("card %"))).scalars().all()
    engine.dispose()
    assert {game for _, game, _, _ in named} == {"polis"}
    assert all(actors == ("" if to_act is None else str(to_act)) for _, _, actors, to_act in named)
    assert readers and set(readers) <= {"0", "1"}


def test_old_games_load_with_their_seats_and_replay(upgraded: TestClient) -> None:
    finished = table_of("finished")
    message = get_message(upgraded, finished.game_id, finished.tokens[0])
    assert message["game"] == "polis" and message["seat_names"] == ["Athens", "Sparta"]
    assert message["status"] == "finished" and message["to_act"] == [] and message["outcome_text"]
    assert [p["side"] for p in message["players"]] == ["Athens", "Sparta"]
    replay = upgraded.get(f"/api/games/{finished.game_id}/replay").json()
    n = replay["steps"]
    assert n == len(OLD_RECORD["actions"])
    assert [e["action"] for e in replay["log"]] == [a for _, a in OLD_RECORD["actions"]]
    for step in (0, n // 2, n):
        assert upgraded.get(f"/api/games/{finished.game_id}/replay", params={"step": step}).json()["step"] == step
    assert upgraded.get(f"/api/games/{finished.game_id}/record").json() == OLD_RECORD
    mine = upgraded.post("/api/my-games", json={"tokens": [finished.tokens[1]]}).json()["games"]
    assert mine[0]["game"] == "polis" and mine[0]["title"] == "Polis" and mine[0]["opponent"]["side"] == "Athens"


def test_old_games_play_on_to_the_end(upgraded: TestClient) -> None:
    for name, choose in (("middle", random_choice), ("battle", fighting_choice)):
        table = table_of(name)
        before = get_message(upgraded, table.game_id, table.tokens[0])
        assert before["status"] == "active" and before["to_act"]
        seat, final = list(play(upgraded, table, random.Random(3), choose=choose))[-1]
        assert seat == 0 and final["status"] == "finished" and final["outcome"] is not None
        assert final["log"][:len(before["log"])] == before["log"]
        replay = upgraded.get(f"/api/games/{table.game_id}/replay").json()
        assert replay["steps"] == final["steps"]


def test_cards_drawn_before_the_upgrade_stay_hidden(upgraded: TestClient) -> None:
    table = table_of("battle")
    spectator = get_message(upgraded, table.game_id, None)["log"]
    hidden = [e for e in spectator if e["hidden"]]
    assert len(hidden) >= 3 and all(e["action"] == "card (hidden)" for e in hidden)
    seen = {seat: {e["seq"]: e for e in get_message(upgraded, table.game_id, token)["log"]}
            for seat, token in table.tokens.items()}
    for entry in hidden:
        own = [seat for seat in (0, 1) if not seen[seat][entry["seq"]]["hidden"]]
        assert len(own) == 1, "each card is read by the hand it went to, and only by it"
        assert seen[own[0]][entry["seq"]]["action"].startswith("card ")
        assert seen[1 - own[0]][entry["seq"]] == entry


def test_an_old_bot_game_goes_on(upgraded: TestClient) -> None:
    game = OLD_GAMES["bot"]
    token = game["tokens"]["0"]
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    message = get_message(upgraded, game["game_id"], token)
    bot_steps = sum(1 for e in message["log"] if e["seat"] == 1)
    while message["status"] != "finished" and time.monotonic() < deadline:
        if message["your_turn"]:
            post_action(upgraded, game["game_id"], token, message["seq"], rng.choice(message["legal"])["action"])
        else:
            time.sleep(0.01)
        message = get_message(upgraded, game["game_id"], token)
    assert message["status"] == "finished"
    assert sum(1 for e in message["log"] if e["seat"] == 1) > bot_steps


def test_a_record_saved_by_kleos_0_1_imports(upgraded: TestClient) -> None:
    imported = upgraded.post("/api/import", json={"record": OLD_RECORD})
    assert imported.status_code == 201, imported.text
    assert imported.json()["game"] == "polis" and imported.json()["side"] == "Athens"
    game_id = imported.json()["game_id"]
    listed = {**OLD_RECORD["options"], "scenario": "none"}  # the options' listed defaults, as every game's
    assert upgraded.get(f"/api/games/{game_id}/record").json() == {**OLD_RECORD, "options": listed}
    replay = upgraded.get(f"/api/games/{game_id}/replay").json()
    assert replay["imported"] and replay["steps"] == len(OLD_RECORD["actions"])


def test_postgres_upgrade_of_old_rows(tmp_path: Path, postgres_url: str) -> None:
    """The same rows on PostgreSQL: schema 0001, the 0.1 rows copied in, then the upgrade at start."""
    url = create_database(postgres_url, "kleos_migration_0001")
    Database(url).migrate("0001")
    source = create_engine(normalize_url(old_database(tmp_path / "old.db")))
    target = create_engine(normalize_url(url))
    with source.connect() as read, target.begin() as write:
        for name in ("games", "seats", "events", "snapshots"):
            rows = [dict(row._mapping) for row in read.execute(select(SqlTable(name, MetaData(), autoload_with=read)))]
            write.execute(insert(SqlTable(name, MetaData(), autoload_with=write)), rows)
    source.dispose()
    target.dispose()
    with TestClient(create_app(make_settings(tmp_path, database_url=url))) as client:
        middle = table_of("middle")
        final = [m for _, m in play(client, middle, random.Random(5))][-1]
        assert final["status"] == "finished"
        battle = get_message(client, table_of("battle").game_id, None)["log"]
        assert sum(1 for e in battle if e["hidden"]) >= 3
        assert client.get(f"/api/games/{table_of('finished').game_id}/record").json() == OLD_RECORD
