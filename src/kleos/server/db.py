"""Tables and connections: SQLite (embedded, the default) or PostgreSQL (several server processes).

A game is a row of :class:`GameRow` (which names the game's kit), one :class:`SeatRow` per seat, an append-only log of
:class:`EventRow` rows numbered by ``seq`` (1, 2, …) and a few :class:`SnapshotRow` rows (the state
after some step, a cache that can always be rebuilt from the log). The schema is created and
upgraded by the Alembic migrations in :mod:`kleos.server.migrations`, applied at start.

Durability: a write transaction commits before the server answers. SQLite runs in WAL mode with
``synchronous=FULL`` (every commit reaches the disk) and takes the write lock at ``BEGIN
IMMEDIATE``; PostgreSQL commits synchronously. Actions are written with :meth:`Database.commit`
(a conditional ``UPDATE`` of the game's row, then the new events; on both databases the actions
of many games queued meanwhile share one transaction, so one ``fsync``); the rarer writes (create,
join, undo, rematch) lock the game's row with ``SELECT … FOR UPDATE`` in a session of
:meth:`Database.write`.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from sqlalchemy import (
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 74_113_501  # PostgreSQL advisory lock key: one process migrates at a time
MAX_BATCH = 256  # requests a Batcher takes at once (writes committed together, lookups in one query)

T = TypeVar("T")
R = TypeVar("R")  # a request to a Batcher
T_co = TypeVar("T_co", covariant=True)
WriteFn = Callable[[Connection], Any]
log = logging.getLogger("kleos.server.db")


@runtime_checkable
class OneStatement(Protocol[T_co]):
    """A write that is one SQL statement (the driver's ``%(name)s`` parameters) returning one row.

    PostgreSQL's writer sends a batch of them with ``BEGIN`` and ``COMMIT`` in one pipeline: one
    round trip for the whole batch instead of one per statement."""

    def __call__(self, connection: Connection) -> T_co: ...

    def statement(self) -> tuple[str, dict[str, Any]]:
        """The SQL and its parameters."""
        ...

    def result(self, row: Any) -> T_co:
        """The write's result from the row its statement returned."""
        ...


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game. ``game`` names its kit (:mod:`kleos.core.registry`); ``seq`` is the number of the
    last event (0 before the first); ``steps`` the length of the effective action log (events minus
    undone actions); ``seed`` never leaves the server while the game runs. ``actors``: the seats to
    act now, separated by commas (several during a simultaneous choice); ``to_act`` the first of
    them."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[int] = mapped_column(BigInteger)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    steps: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), index=True)  # active | finished
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    actors: Mapped[str] = mapped_column(String(64), default="")
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON
    rematch_of: Mapped[str | None] = mapped_column(String(24), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    imported: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    updated_at: Mapped[float] = mapped_column(Float, default=time.time)
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON of kleos.core.clock.Clock
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)  # first seat out of time


class SeatRow(Base):
    """A seat: a person (known by the SHA-256 of the seat token, or still invited) or a bot."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # person | bot
    agent: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class EventRow(Base):
    """One entry of the append-only log: an action (``kind="action"``, chance included as seat -1)
    or the undo of the seat's last action (``kind="undo"``, ``action`` the undone notation).
    ``readers``: ``None`` when every seat may read the line, else the seats that may, separated by
    commas (the kit's ``log_visibility``: a card drawn into one hand, a secret bid). ``text`` is
    empty: a step's words are rendered when read, in the reader's language, from the actions
    (games stored before that keep their lines here in every language, and are read as they are)."""

    __tablename__ = "events"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    readers: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[float] = mapped_column(Float, default=time.time)


class SnapshotRow(Base):
    """The full state (JSON) after the first ``steps`` effective actions, written at event ``seq``."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    steps: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)


def normalize_url(url: str) -> str:
    """``postgresql://`` means the psycopg 3 driver (the one installed); other URLs are kept."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def redact_url(url: str) -> str:
    """The URL without its password, for logs."""
    return make_url(normalize_url(url)).render_as_string(hide_password=True)


class Batcher(Generic[R]):
    """One thread that hands every request queued meanwhile to ``run`` at once (one transaction,
    one query), so that concurrent requests share a round trip and an ``fsync``; the caller waits
    for its own answer. ``run`` gets ``(request, future)`` pairs and must settle every future."""

    def __init__(self, name: str, run: Callable[[list[tuple[R, Future[Any]]]], None]) -> None:
        self._name = name
        self._run = run
        self._queue: queue.SimpleQueue[tuple[R, Future[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, request: R) -> Any:
        """Queue ``request`` and wait for its answer (or its exception)."""
        future: Future[Any] = Future()
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                    self._thread.start()
        self._queue.put((request, future))
        return future.result()

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(more)
            self._run(batch)

    def stop(self) -> None:
        """Finish the queued requests, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=30)
            self._thread = None


class OwnConnection:
    """A pooled PostgreSQL connection kept by one thread (a :class:`Batcher`'s) in autocommit
    mode: no pool check-out, and so no liveness ping, per batch. After an error it is rolled back,
    or replaced when it is broken."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._raw: PoolProxiedConnection | None = None

    def driver(self) -> Any:
        """The psycopg connection (checked out on first use)."""
        if self._raw is None:
            self._raw = self._engine.raw_connection()
        driver: Any = self._raw.driver_connection
        if not driver.autocommit:
            driver.autocommit = True
        return driver

    def recover(self) -> None:
        raw = self._raw
        if raw is None:
            return
        try:
            raw.driver_connection.rollback()  # type: ignore[union-attr]
        except Exception:
            self._raw = None
            raw.invalidate()

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None


class Database:
    """Engines and transactions. :meth:`write` takes the database's write lock (SQLite) at once."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        parsed = make_url(self.url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 60}
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: Engine = create_engine(self.url, **kwargs)
        self.read_engine: Engine = self.engine
        if self.is_sqlite:
            _sqlite_setup(self.engine, immediate=True)
            self.read_engine = create_engine(self.url, **kwargs)
            _sqlite_setup(self.read_engine, immediate=False)
        self._write = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock: AbstractContextManager[Any] = threading.Lock() if self.is_sqlite else nullcontext()
        self._read = sessionmaker(self.read_engine, expire_on_commit=False)
        self._writes: Batcher[tuple[WriteFn, str]] = Batcher("kleos-db-writer", self._write_batch)
        self._versions: Batcher[str] = Batcher("kleos-db-versions", self._read_versions)
        self._writer_connection = OwnConnection(self.engine)
        self._versions_connection = OwnConnection(self.engine)

    def commit(self, fn: Callable[[Connection], T], *, order: str = "") -> T:
        """Run ``fn`` (Core statements only, no other side effect) in a write transaction and
        return its result once that transaction has committed durably.

        One writer thread runs the writes queued meanwhile in one transaction, so that concurrent
        actions of different games share one ``fsync`` (group commit) and the request threads
        do not each hold a connection. If the batch fails, each write is retried alone, so one
        bad write fails only its own caller. PostgreSQL: a batch takes its row locks in ``order``
        (the game's id), so two processes' batches cannot deadlock, and a batch of
        :class:`OneStatement` writes is sent in one pipeline on the writer's own connection
        (``BEGIN``, the statements, ``COMMIT``, then one wait for all the answers): each round
        trip costs a wait for a busy core and for the GIL, and a request thread held meanwhile.
        """
        result: T = self._writes.submit((fn, order))
        return result

    def _write_batch(self, batch: list[tuple[tuple[WriteFn, str], Future[Any]]]) -> None:
        if not self.is_sqlite:
            batch.sort(key=lambda entry: entry[0][1])
        fns = [fn for (fn, _), _ in batch]
        try:
            if not self.is_sqlite and all(isinstance(fn, OneStatement) for fn in fns):
                results = self._pipelined(fns)
            else:
                with self._write_lock, self.engine.begin() as connection:
                    results = [fn(connection) for fn in fns]
        except Exception as exc:
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
                return
            log.warning("a batch of %d writes failed; retrying them one by one", len(batch))
            for item in batch:
                self._write_batch([item])
            return
        for (_, future), result in zip(batch, results, strict=True):
            future.set_result(result)

    def _pipelined(self, fns: list[Any]) -> list[Any]:
        """One transaction, one round trip: the statements of ``fns`` between ``BEGIN`` and
        ``COMMIT`` in one pipeline, their answers read once ``COMMIT`` has been answered."""
        driver = self._writer_connection.driver()
        try:
            with driver.pipeline():
                driver.execute("BEGIN")
                cursors = [driver.execute(*fn.statement()) for fn in fns]
                driver.execute("COMMIT")
            return [fn.result(cursor.fetchone()) for fn, cursor in zip(fns, cursors, strict=True)]
        except Exception:
            self._writer_connection.recover()
            raise

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A transaction that commits (durably) when the block ends and rolls back on an error.

        SQLite has one writer at a time: the threads of this process queue on a lock instead of
        polling the database's busy timeout (which sleeps in steps of up to 100 ms).
        """
        with self._write_lock, self._write() as session, session.begin():
            yield session

    def version(self, game_id: str) -> tuple[int, float] | None:
        """``(seq, updated_at)`` of a game's row (``None``: no such game), the cheapest way to
        learn whether memory is still current. PostgreSQL: the lookups queued meanwhile are
        answered by one query on a connection of their own, so that a burst of them (every
        client of a restarted server says hello at once) does not hold every request thread
        and every pooled connection; each query starts after its callers asked, so it sees
        every change committed before they did."""
        if self.is_sqlite:
            with self.read_engine.connect() as connection:
                found = connection.execute(select(GameRow.seq, GameRow.updated_at)
                                           .where(GameRow.id == game_id)).first()
            return None if found is None else (found[0], found[1])
        version: tuple[int, float] | None = self._versions.submit(game_id)
        return version

    def _read_versions(self, batch: list[tuple[str, Future[Any]]]) -> None:
        """One query for the lookups of ``batch``; a read, so tried again once (on a new
        connection if the old one broke) before its callers are told of the error."""
        ids = sorted({game_id for game_id, _ in batch})
        for attempt in (1, 2):
            try:
                driver = self._versions_connection.driver()
                found = {row[0]: (row[1], row[2]) for row in driver.execute(
                    "SELECT id, seq, updated_at FROM games WHERE id = ANY(%s)", [ids]).fetchall()}
                break
            except Exception as exc:
                self._versions_connection.recover()
                if attempt == 2:
                    for _, future in batch:
                        future.set_exception(exc)
                    return
        for game_id, future in batch:
            future.set_result(found.get(game_id))

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._read() as session, session.begin():
            yield session

    def migrate(self, revision: str = "head") -> None:
        """Apply the Alembic migrations up to ``revision``, the newest by default (one process at a
        time on PostgreSQL)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if not self.is_sqlite:
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, revision)

    def dispose(self) -> None:
        self._writes.stop()
        self._versions.stop()
        self._writer_connection.close()
        self._versions_connection.close()
        self.engine.dispose()
        if self.read_engine is not self.engine:
            self.read_engine.dispose()


def _sqlite_setup(engine: Engine, *, immediate: bool) -> None:
    """WAL, synchronous=FULL and foreign keys on every connection; transactions are begun by us
    (the driver's own implicit transactions are switched off) so that a write takes the lock at
    BEGIN and two writers never deadlock on an upgrade from a read lock."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=60000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
