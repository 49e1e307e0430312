"""PostgreSQL group commit, against a real server: the actions queued while a transaction commits
share the next one (one pipeline, one ``fsync``), each caller is answered only after that commit,
a failing write fails only its own caller, a broken connection is replaced, version lookups
queued together are answered by one query, and no acknowledged action is lost to ``kill -9``."""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from server_helpers import Table, get_message, post_action, two_players
from server_services import ServerProcess, create_database, free_port
from sqlalchemy import select
from sqlalchemy.engine import Connection

from kleos.server.db import Database, EventRow, GameRow, OneStatement
from kleos.server.rows import GameWrite

LOCK_KEY = 61_021  # the advisory lock that holds the writer busy


@pytest.fixture
def pg_url(postgres_url: str, request: pytest.FixtureRequest) -> str:
    return create_database(postgres_url, "kleos_" + request.node.name.lower()[:40])


@pytest.fixture
def db(pg_url: str) -> Iterator[Database]:
    database = Database(pg_url)
    database.migrate()
    yield database
    database.dispose()


class Sql:
    """A write that is one statement; its result is the statement's first column."""

    def __init__(self, sql: str, params: dict[str, Any] | None = None) -> None:
        self.sql = sql
        self.params = params or {}

    def __call__(self, connection: Connection) -> Any:
        row = connection.exec_driver_sql(self.sql, self.params).first()
        return None if row is None else row[0]

    def statement(self) -> tuple[str, dict[str, Any]]:
        return self.sql, self.params

    def result(self, row: Any) -> Any:
        return None if row is None else row[0]


def driver_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def while_writer_blocked(db: Database, url: str, writes: list[Callable[[], Any]]) -> list[Any]:
    """Run ``writes`` (each a call of ``db.commit``) while the writer thread waits for an advisory
    lock held here, so that they all queue up, then let it go: they are the next batch. Returns
    their results (an exception is returned, not raised)."""
    with psycopg.connect(driver_url(url), autocommit=True) as holder, ThreadPoolExecutor(len(writes) + 1) as pool:
        holder.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        blocker = pool.submit(db.commit, Sql("SELECT pg_advisory_xact_lock(%(k)s)", {"k": LOCK_KEY}))
        waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        for _ in range(2000):  # until the writer's transaction waits for the lock
            if holder.execute(waiting).fetchone() == (1,):
                break
            time.sleep(0.005)
        futures = [pool.submit(write) for write in writes]
        for _ in range(2000):  # until every write is queued behind the blocked batch
            if db._writes._queue.qsize() >= len(writes):
                break
            time.sleep(0.005)
        holder.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        blocker.result(timeout=30)
        return [f.exception(timeout=30) or f.result() for f in futures]


def test_game_write_is_one_statement(db: Database) -> None:
    assert isinstance(GameWrite("g", 0, {}, [], None), OneStatement)


def test_queued_writes_share_one_transaction(db: Database, pg_url: str) -> None:
    """Group commit: the writes queued while a transaction commits are the next one, whole."""
    txid = Sql("SELECT txid_current()")
    results = while_writer_blocked(db, pg_url, [lambda: db.commit(txid) for _ in range(8)])
    assert len(set(results)) == 1 and isinstance(results[0], int), results


def test_failing_write_fails_only_its_caller(db: Database, pg_url: str) -> None:
    """A batch that fails is retried write by write: only the bad write's caller gets the error."""
    good = Sql("SELECT 1")
    bad = Sql("SELECT 1 / 0")
    results = while_writer_blocked(db, pg_url, [lambda: db.commit(good), lambda: db.commit(bad),
                                                lambda: db.commit(good)])
    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], psycopg.errors.DivisionByZero)
    assert db.commit(good) == 1  # the writer's connection was rolled back and is still usable


def insert_game(db: Database, game_id: str) -> None:
    with db.write() as s:
        s.add(GameRow(id=game_id, game="toy", options="{}", seed=1, seq=0, steps=0, status="active", to_act=0,
                      actors="0", outcome=None, rematch_of=None, rematch_id=None, imported=False,
                      created_at=1.0, updated_at=1.0))


def change(game_id: str, seq: int) -> GameWrite:
    """The action after event ``seq``: one event, the row moved on."""
    event = {"game_id": game_id, "seq": seq + 1, "kind": "action", "seat": 0, "action": f"a{seq}",
             "text": "t", "readers": None, "created_at": 2.0}
    row = {"seq": seq + 1, "steps": seq + 1, "updated_at": 2.0 + seq, "status": "active", "to_act": 0,
           "actors": "0", "outcome": None}
    snapshot = {"game_id": game_id, "seq": seq + 1, "steps": seq + 1, "state": "{}"} if seq % 2 else None
    return GameWrite(game_id, seq, row, [event], snapshot)


def test_batched_game_writes_commit_or_refuse_each(db: Database, pg_url: str) -> None:
    """In one batch, each change commits only if its game's row is still at the expected seq: a
    stale one is refused (nothing of it written) without failing the others."""
    for game_id in ("ga", "gb", "gc"):
        insert_game(db, game_id)
    assert db.commit(change("gb", 0))
    writes = [change("ga", 0), change("gb", 0), change("gc", 0), change("gb", 1)]
    results = while_writer_blocked(db, pg_url, [functools.partial(db.commit, w, order=w.game_id) for w in writes])
    assert results == [True, False, True, True]
    with db.read() as s:
        events = s.execute(select(EventRow.game_id, EventRow.seq).order_by(EventRow.game_id, EventRow.seq)).all()
    assert [tuple(e) for e in events] == [("ga", 1), ("gb", 1), ("gb", 2), ("gc", 1)]
    assert db.version("gb") == (2, 3.0)


def test_broken_writer_connection_is_replaced(db: Database, pg_url: str) -> None:
    pid = db.commit(Sql("SELECT pg_backend_pid()"))
    with psycopg.connect(driver_url(pg_url), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 10000)", [pid])  # returns once it is gone
    with pytest.raises(psycopg.OperationalError):
        db.commit(Sql("SELECT 1"))  # it was sent on the dead connection: its caller is told
    assert db.commit(Sql("SELECT pg_backend_pid()")) != pid


def test_broken_versions_connection_is_replaced(db: Database, pg_url: str) -> None:
    """A lookup is a read: on a broken connection it is asked again on a new one."""
    insert_game(db, "vx")
    assert db.version("vx") == (0, 1.0)
    with psycopg.connect(driver_url(pg_url), autocommit=True) as admin:
        pids = [row[0] for row in admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE '%%id = ANY(%%' AND pid <> pg_backend_pid()")]
        assert len(pids) == 1
        admin.execute("SELECT pg_terminate_backend(%s, 10000)", [pids[0]])
    assert db.version("vx") == (0, 1.0)


def test_version_lookups_answered_together(db: Database) -> None:
    for game_id in ("va", "vb"):
        insert_game(db, game_id)
    assert db.commit(change("vb", 0))
    ids = ["va", "vb", "nothing"] * 20
    with ThreadPoolExecutor(16) as pool:
        found = list(pool.map(db.version, ids))
    assert found == [(0, 1.0), (1, 2.0), None] * 20
    assert db.commit(change("va", 0))
    assert db.version("va") == (1, 2.0)  # a lookup after a commit sees it


def test_no_acknowledged_action_is_lost_after_kill_9_on_postgres(tmp_path: Path, pg_url: str) -> None:
    """Durability with group commit: ``kill -9`` while four games act; every acknowledged action
    is in the log after a restart."""
    # the four players share one address, and requests count per address
    args = ("--database", pg_url, "--allow-client-seed", "--rate", "1000", "--burst", "1000",
            "--request-limit", "100000/second")
    server = ServerProcess(free_port(), *args, log=tmp_path / "serve.log")
    acked: list[tuple[str, int, int, str]] = []
    lock = threading.Lock()
    stop = threading.Event()
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=10.0) as client:
            tables = [two_players(client, seed=90 + i) for i in range(4)]

        def player(table: Table, seed: int) -> None:
            rng = random.Random(seed)
            with httpx.Client(base_url=server.url, timeout=10.0) as client:
                while not stop.is_set():
                    try:
                        seat = get_message(client, table.game_id, table.tokens[0])["to_act"][0]
                        message = get_message(client, table.game_id, table.tokens[seat])
                        if message["status"] == "finished":
                            return
                        action = rng.choice(message["legal"])["action"]
                        response = post_action(client, table.game_id, table.tokens[seat], message["seq"], action)
                    except (httpx.HTTPError, AssertionError, IndexError):
                        return
                    if response.status_code == 200:
                        with lock:
                            acked.append((table.game_id, seat, message["seq"], action))

        threads = [threading.Thread(target=player, args=(t, i)) for i, t in enumerate(tables)]
        for thread in threads:
            thread.start()
        for _ in range(4000):
            with lock:
                if len(acked) >= 40:
                    break
            time.sleep(0.005)
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        server.stop()
    assert len(acked) >= 40, "too few actions acknowledged before the kill"
    server = ServerProcess(free_port(), *args, log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=10.0) as client:
            logs = {t.game_id: get_message(client, t.game_id, None)["log"] for t in tables}
        for game_id, seat, seq, action in acked:
            entry = next((e for e in logs[game_id] if e["seq"] == seq + 1), None)
            assert entry is not None and (entry["seat"], entry["action"]) == (seat, action), (game_id, seq, action)
    finally:
        server.stop()
