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
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from kleos.server.errors import ApiError
from kleos.server.store import GameStore

log = logging.getLogger("kleos.server.hub")

CHANNEL = "kleos:game-events"
RECONNECT_SECONDS = 1.0


class Connection:
    """One WebSocket watching one game as a seat (``None``: spectator). ``since``: ``None`` for
    a client that wants the whole log in every state message, else the ``seq`` whose log it
    holds (it asked for incremental logs in its hello)."""

    def __init__(self, websocket: WebSocket, game_id: str, seat: int | None, since: int | None = None) -> None:
        self.websocket = websocket
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

    # ----- lifecycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect to Redis (if configured) and subscribe before any change can be published."""
        if self.redis_url is None:
            return
        self._redis = Redis.from_url(self.redis_url)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(CHANNEL)
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

    # ----- events -------------------------------------------------------------------------------
    async def changed(self, game_id: str, seq: int) -> None:
        """A change of ``game_id`` was committed: update local watchers, tell the other processes."""
        await self.deliver(game_id)
        if self._redis is not None:
            notice = json.dumps({"game": game_id, "seq": seq, "origin": self.origin})
            try:
                await self._redis.publish(CHANNEL, notice)
            except Exception as exc:  # the change is committed; remote watchers resync on reconnect
                log.warning("could not publish a game event to Redis: %s", type(exc).__name__)

    async def state(self, game_id: str, seat: int | None, since: int | None) -> tuple[int, str]:
        """The state message for ``seat`` (seq, JSON text): on the event loop when the game is in
        memory (the message of each seat is built once per change and kept), else in a thread."""
        found = self.store.try_seat_state(game_id, seat, since)
        if found is None:
            found = await run_in_threadpool(self.store.seat_state, game_id, seat, since)
        return found

    async def send_state(self, connection: Connection, *, resync: bool = False) -> bool:
        """Send ``connection`` the game now (``resync``: with the whole log even if incremental)."""
        since = None if connection.since is None else (0 if resync else connection.since)
        seq, text = await self.state(connection.game_id, connection.seat, since)
        return await connection.send(text, seq)

    async def deliver(self, game_id: str) -> None:
        """Send every local connection to ``game_id`` the game as its seat sees it now."""
        conns = list(self._connections.get(game_id, ()))
        if not conns:
            return
        messages: dict[tuple[int | None, int | None], tuple[int, str]] = {}
        for key in {(c.seat, c.since) for c in conns}:
            try:
                messages[key] = await self.state(game_id, *key)
            except ApiError:
                return
        results = await asyncio.gather(*(c.send(messages[c.seat, c.since][1], messages[c.seat, c.since][0])
                                         for c in conns))
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
            game_id = str(notice["game"])
            if notice.get("origin") == self.origin:
                return
        except (ValueError, KeyError, TypeError):
            return
        if game_id in self._connections:
            task = asyncio.create_task(self.deliver(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
