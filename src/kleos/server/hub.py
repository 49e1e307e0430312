"""Live updates: the WebSocket connections of this process, and Redis pub/sub between processes.

After every committed change the process that made it calls :meth:`Hub.changed`: its own
connections to that game get a fresh message (built per seat from that seat's view), and, with
Redis, a small notice ``{"game": id, "seq": n, "origin": process}`` is published so that every
other process does the same for its connections. Notices carry no game content at all; each
process reads the game from the shared database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any, cast

from pydantic import ValidationError
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from kleos import i18n
from kleos.server.errors import ApiError
from kleos.server.store import GameStore

log = logging.getLogger("kleos.server.hub")

CHANNEL = "kleos:game-events"
RECONNECT_SECONDS = 1.0
UNSUPPORTED_DATA = 1003  # RFC 6455: a frame of a type this endpoint does not accept (binary)
HELLO_FORM = '{"type": "hello", "token": <seat token or null>}'


class FrameRefused(ApiError):
    """A WebSocket frame the server cannot take: answered with a typed error, then the socket is
    closed with ``close_code``."""

    def __init__(self, status: int, code: str, message: str, close_code: int) -> None:
        super().__init__(status, code, message)
        self.close_code = close_code


def close_code(exc: ApiError) -> int:
    """The close code that says why a socket is closed: RFC 6455's own code for a refused frame,
    else 4000 + the HTTP status of the error (4400 bad hello, 4401/4403 token, 4404 no game, …)."""
    return exc.close_code if isinstance(exc, FrameRefused) else 4000 + exc.status


async def receive_text(websocket: WebSocket) -> str:
    """The next text frame. A binary frame is refused (:class:`FrameRefused`, close code 1003):
    the protocol is JSON text only. A closed socket raises :class:`WebSocketDisconnect`."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if not isinstance(text, str):
        raise FrameRefused(400, "binary_frame", "this socket takes JSON text frames only, not binary ones",
                           UNSUPPORTED_DATA)
    return text


def bad_hello(exc: Exception) -> ApiError:
    """The error for a first frame that is not a hello: late (408 ``hello_timeout``, close code
    4408) or not one (400 ``bad_hello`` with what is wrong, close code 4400)."""
    if isinstance(exc, TimeoutError):
        return ApiError(408, "hello_timeout", f"no hello in time: first send {HELLO_FORM}")
    detail = ""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        detail = f" ({'.'.join(str(p) for p in first['loc']) or 'frame'}: {first['msg']})"
    return ApiError(400, "bad_hello", f"first send {HELLO_FORM}{detail}")


def _reader(connection: Connection) -> tuple[int | None, int | None, str, bool]:
    """What a state message depends on besides the game: seat, log start, language, words or not."""
    return connection.seat, connection.since, connection.language, connection.describe


class Connection:
    """One WebSocket watching one game as a seat (``None``: spectator). ``since``: ``None`` for
    a client that wants the whole log in every state message, else the ``seq`` whose log it
    holds (it asked for incremental logs in its hello). ``language``: the reader's, in which
    every message to this socket is rendered, whoever caused it. ``describe``: its state messages
    carry the position in words (a page shows it only on demand, and it is costly to build)."""

    def __init__(self, websocket: WebSocket, game_id: str, seat: int | None, since: int | None = None, *,
                 language: str = i18n.SOURCE, describe: bool = True) -> None:
        self.websocket = websocket
        self.language = language
        self.describe = describe
        self.game_id = game_id
        self.seat = seat
        self.since = since
        self.sent_seq = -1
        self.lock = asyncio.Lock()

    async def send(self, text: str, seq: int | None = None) -> bool:
        """Send a message (JSON text); a state message (``seq`` given) older than the last one
        sent is dropped. ``False`` if the connection is gone."""
        async with self.lock:
            if seq is not None:
                if seq < self.sent_seq:
                    return True
                self.sent_seq = seq
                if self.since is not None:
                    self.since = max(self.since, seq)
            try:
                await self.websocket.send_text(text)
            except Exception:  # closed under our feet: the reader loop cleans up
                return False
            return True

    async def send_json(self, message: dict[str, Any]) -> bool:
        return await self.send(json.dumps(message, separators=(",", ":")))


class Hub:
    def __init__(self, store: GameStore, redis_url: str | None) -> None:
        self.store = store
        self.redis_url = redis_url
        self.origin = secrets.token_hex(8)
        self._connections: dict[str, set[Connection]] = defaultdict(set)
        self._redis: Redis | None = None
        self._pubsub: PubSub | None = None
        self._listener: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._owed = False  # a notice could not be published: the other processes must resync

    # ----- lifecycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect to Redis (if configured) and subscribe before any change can be published."""
        if self.redis_url is None:
            return
        self._redis = Redis.from_url(self.redis_url)
        await cast("Awaitable[bool]", self._redis.ping())  # redis-py types ping() for both clients
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(CHANNEL)
        if self._pubsub.connection is not None:  # redis-py reconnects by itself: learn when it does
            self._pubsub.connection.register_connect_callback(self._on_reconnect)
        self._listener = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        for task in list(self._tasks):
            task.cancel()
        if self._pubsub is not None:
            close_pubsub: Callable[[], Awaitable[None]] = self._pubsub.aclose  # untyped in redis-py
            with contextlib.suppress(Exception):
                await close_pubsub()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    # ----- connections --------------------------------------------------------------------------
    def add(self, connection: Connection) -> None:
        self._connections[connection.game_id].add(connection)

    def remove(self, connection: Connection) -> None:
        conns = self._connections.get(connection.game_id)
        if conns is not None:
            conns.discard(connection)
            if not conns:
                del self._connections[connection.game_id]

    def watching(self, game_id: str) -> int:
        return len(self._connections.get(game_id, ()))

    def open_sockets(self) -> int:
        """This process's open WebSockets (``/metrics``)."""
        return sum(len(conns) for conns in list(self._connections.values()))

    def watched_games(self) -> int:
        """Games with at least one open WebSocket on this process (``/metrics``)."""
        return len(self._connections)

    def seated(self, game_id: str) -> list[Connection]:
        """This process's open connections to ``game_id`` that hold a seat (not spectators)."""
        return [c for c in self._connections.get(game_id, ()) if c.seat is not None]

    # ----- events -------------------------------------------------------------------------------
    async def changed(self, game_id: str, seq: int) -> None:
        """A change of ``game_id`` was committed: update local watchers, tell the other processes."""
        await self.deliver(game_id, seq)
        if self._redis is not None:
            notice = json.dumps({"game": game_id, "seq": seq, "origin": self.origin})
            try:
                await self._redis.publish(CHANNEL, notice)
            except Exception as exc:  # the change is committed; remote watchers resync on reconnect
                self._owed = True
                log.warning("could not publish a game event to Redis: %s", type(exc).__name__)
            else:
                if self._owed:
                    await self._publish_resync()

    async def state(self, game_id: str, seat: int | None, since: int | None,
                    at_least: int | None = None, language: str | None = None,
                    describe: bool = True) -> tuple[int, str]:
        """The state message for ``seat`` (seq, JSON text) in ``language`` (default: the
        context's), with the position in words if ``describe``: on the event loop when the game
        is in memory (the message of each seat is built once per change and language, and kept),
        else in a thread. ``at_least``: this process has just committed that event (memory may
        be used as is)."""
        with i18n.use_locale(language or i18n.current()):
            found = self.store.try_seat_state(game_id, seat, since, at_least, describe)
            if found is None:
                found = await run_in_threadpool(self.store.seat_state, game_id, seat, since, describe)
        return found

    async def send_state(self, connection: Connection, *, resync: bool = False) -> bool:
        """Send ``connection`` the game now (``resync``: with the whole log even if incremental)."""
        since = None if connection.since is None else (0 if resync else connection.since)
        seq, text = await self.state(connection.game_id, connection.seat, since, language=connection.language,
                                     describe=connection.describe)
        return await connection.send(text, seq)

    async def deliver(self, game_id: str, at_least: int | None = None) -> None:
        """Send every local connection to ``game_id`` the game as its seat sees it now."""
        conns = list(self._connections.get(game_id, ()))
        if not conns:
            return
        messages: dict[tuple[int | None, int | None, str, bool], tuple[int, str]] = {}
        for seat, since, language, describe in {_reader(c) for c in conns}:
            try:
                messages[seat, since, language, describe] = await self.state(
                    game_id, seat, since, at_least, language=language, describe=describe)
            except ApiError:
                return
        sent = (messages[_reader(c)] for c in conns)
        results = await asyncio.gather(*(c.send(text, seq) for c, (seq, text) in zip(conns, sent, strict=True)))
        for conn, ok in zip(conns, results, strict=True):
            if not ok:
                self.remove(conn)

    async def _listen(self) -> None:
        while True:
            try:
                assert self._pubsub is not None
                async for message in self._pubsub.listen():
                    self._on_notice(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis subscription lost (%s); retrying", type(exc).__name__)
                await asyncio.sleep(RECONNECT_SECONDS)
                with contextlib.suppress(Exception):
                    assert self._pubsub is not None
                    await self._pubsub.subscribe(CHANNEL)

    def _on_notice(self, message: dict[str, Any]) -> None:
        if message.get("type") != "message":
            return
        try:
            notice = json.loads(message["data"])
            if notice.get("origin") == self.origin:
                return
            if notice.get("resync"):
                self._spawn(self.resync_all())
                return
            game_id = str(notice["game"])
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if game_id in self._connections:
            self._spawn(self.deliver(game_id))

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----- Redis outages ------------------------------------------------------------------------
    def _on_reconnect(self, _connection: Any) -> None:
        """The subscription's connection to Redis was made again: notices published meanwhile
        were lost, so every watched game is sent again from the database (and, if this process
        could not publish a change, the others are told to do the same)."""
        self._spawn(self._after_outage())

    async def _after_outage(self) -> None:
        await asyncio.sleep(0)  # let redis-py subscribe again first
        if self._owed:
            await self._publish_resync()
        await self.resync_all()

    async def _publish_resync(self) -> None:
        if self._redis is None:
            return
        try:
            await self._redis.publish(CHANNEL, json.dumps({"resync": True, "origin": self.origin}))
        except Exception as exc:
            log.warning("could not publish a resync notice to Redis: %s", type(exc).__name__)
            return
        self._owed = False

    async def resync_all(self) -> None:
        """Send every local connection its game as the database holds it now."""
        for game_id in list(self._connections):
            with contextlib.suppress(Exception):
                await self.deliver(game_id)
