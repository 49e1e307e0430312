"""Limits on what one client may do, so that no client can exhaust the server for the others.

* Rates and quotas (:class:`Limiter`): requests on every endpoint, actions, games created and
  records imported, per client, counted by the ``limits`` library in moving windows: in this
  process, or in Redis (shared by every process) when the server has Redis. If Redis cannot be
  reached the request is let through (a limiter outage must not stop play) and a warning logged.
* Open WebSockets per game and per client (:class:`SocketCounts`): counted in this process, or in
  Redis when the server has Redis, so that every process shares one count. A socket counted in
  Redis is a member of a sorted set with a lease that its process renews while the socket is
  open: the sockets of a process that died stop counting when their lease runs out.
* Slow clients (:func:`guarded_protocol`): the headers of each request must arrive within
  ``header_timeout`` seconds of the connection opening (or of the previous response), however
  slowly the bytes trickle in; idle keep-alive connections are closed by uvicorn after
  ``keep_alive_timeout``.

Every request counts against its client address (``requests``): the peer's, or the one a trusted
reverse proxy put in ``X-Forwarded-For`` (uvicorn rewrites the peer address only for the proxies
the operator lists), whatever token it carries, so that no header buys a fresh quota. The other
limits count the seat token when the request carries one (``Authorization: Bearer``, or the
WebSocket hello), and also the address (:meth:`Limiter.check_both`); unknown tokens are refused
before any route runs (:mod:`kleos.server.guard`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import math
import secrets
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerSecond, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from redis.asyncio import Redis
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kleos.i18n.platform import N_
from kleos.server.config import Settings
from kleos.server.errors import ApiError

log = logging.getLogger("kleos.server.limits")

PREFIX = "kleos-limits"
SOCKET_LEASE = 60.0  # seconds a socket counted in Redis stays counted unless its process renews it


@dataclass(frozen=True)
class Limit:
    """One named limit: every item must allow a hit (``"100/second;2000/minute"`` has two)."""

    name: str
    items: tuple[RateLimitItem, ...]
    what: str  # for the error message: "requests", "games created", …


def action_items(capacity: float, per_second: float) -> tuple[RateLimitItem, ...]:
    """The old token bucket (bursts of ``capacity``, ``per_second`` on average) as a moving
    window: ``capacity`` actions per ``capacity / per_second`` seconds."""
    amount = max(1, round(capacity))
    seconds = max(1, round(amount / max(per_second, 0.001)))
    return (RateLimitItemPerSecond(amount, seconds),)


def client_of(scope: Scope, token: str | None) -> str:
    """The client a limit counts: the seat token (hashed) when given, else the IP address."""
    if token:
        return "token:" + hashlib.sha256(token.encode("utf-8")).hexdigest()[:32]
    peer = scope.get("client")
    return "ip:" + (str(peer[0]) if peer else "unknown")


class Limiter:
    """The rates, quotas and WebSocket counts of one server process (see the module's docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        storage: Storage
        if settings.redis_url is not None:
            storage = RedisStorage("async+" + settings.redis_url, key_prefix=PREFIX, implementation="redispy",
                                   socket_timeout=1.0, socket_connect_timeout=1.0)
        else:
            storage = MemoryStorage()
        self.storage = storage
        self._strategy = MovingWindowRateLimiter(storage)
        self.limits = {limit.name: limit for limit in (
            Limit("requests", tuple(parse_many(settings.request_limit)), "requests"),
            Limit("actions", action_items(settings.rate_capacity, settings.rate_per_second), "actions"),
            Limit("games", (RateLimitItemPerHour(max(1, settings.games_per_hour)),), "games created"),
            Limit("imports", (RateLimitItemPerHour(max(1, settings.imports_per_hour)),), "records imported"),
        )}
        self.sockets = SocketCounts(settings.sockets_per_game, settings.sockets_per_client, settings.redis_url)

    async def check(self, name: str, client: str) -> None:
        """Count one hit of limit ``name`` for ``client``; :class:`ApiError` 429 if over it."""
        await self._within(name, client, counted=True)

    async def room_left(self, name: str, client: str) -> None:
        """:class:`ApiError` 429 if ``client`` has no hit of limit ``name`` left, without counting
        one (with :meth:`count`, for limits that count failures only)."""
        await self._within(name, client, counted=False)

    async def _within(self, name: str, client: str, *, counted: bool) -> None:
        """429 when ``client`` is over limit ``name`` (the hit counted or only tested); a limiter
        whose store is down lets the request through."""
        limit = self.limits[name]
        ask = self._strategy.hit if counted else self._strategy.test
        try:
            for item in limit.items:
                if not await ask(item, name, client):
                    reset, _ = await self._strategy.get_window_stats(item, name, client)
                    raise too_many(limit, item, max(0.001, reset - time.time()))
        except ApiError:
            raise
        except Exception as exc:
            log.warning("rate limiter unavailable (%s): %s not %s", type(exc).__name__, name,
                        "counted" if counted else "tested")

    async def count(self, name: str, client: str) -> None:
        """Count one hit of limit ``name`` for ``client``, whether or not it has room left."""
        limit = self.limits[name]
        try:
            for item in limit.items:
                await self._strategy.hit(item, name, client)
        except Exception as exc:
            log.warning("rate limiter unavailable (%s): %s not counted", type(exc).__name__, name)

    async def check_both(self, name: str, scope: Scope, token: str | None) -> None:
        """Count one hit of limit ``name`` for the request's address and, if any, for its token."""
        await self.check(name, client_of(scope, None))
        if token:
            await self.check(name, client_of(scope, token))

    async def open_socket(self, client: str, game_id: str) -> Ticket:
        """Count a WebSocket of ``client`` on ``game_id``; :class:`ApiError` 429 if the game or the
        client already has as many open as allowed. Give the ticket back to :meth:`close_socket`."""
        return await self.sockets.open(client, game_id)

    async def close_socket(self, ticket: Ticket) -> None:
        await self.sockets.close(ticket)


@dataclass(frozen=True)
class Ticket:
    """One counted WebSocket: ``member`` names it in Redis (``None``: counted in this process)."""

    client: str
    game_id: str
    member: str | None


# Atomically: forget the expired sockets of a game and of a client, refuse if either is at its
# limit (1: the game, 2: the client, with the count), else count the new one until its lease ends.
# Redis's own clock decides what has expired, so the processes' clocks need not agree.
OPEN_SCRIPT = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
for i = 1, 2 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', t) end
local limits = {tonumber(ARGV[2]), tonumber(ARGV[3])}
for i = 1, 2 do
  local n = redis.call('ZCARD', KEYS[i])
  if n >= limits[i] then return {i, n} end
end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], t + tonumber(ARGV[4]), ARGV[1])
  redis.call('EXPIRE', KEYS[i], math.ceil(tonumber(ARGV[4])) + 1)
end
return {0, 0}
"""

# Renew the leases of this process's sockets that are still counted (``XX``: a socket already
# forgotten is not counted again).
RENEW_SCRIPT = """
local now = redis.call('TIME')
local until_ = tonumber(now[1]) + tonumber(now[2]) / 1000000 + tonumber(ARGV[1])
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], 'XX', until_, ARGV[i + 1])
  redis.call('EXPIRE', KEYS[i], math.ceil(tonumber(ARGV[1])) + 1)
end
return 0
"""


class SocketCounts:
    """Open WebSockets per game and per client: in this process, or shared through Redis.

    With Redis, each socket is a member of two sorted sets (its game's, its client's) scored by
    the end of its lease; this process renews the leases of its open sockets every third of
    :data:`SOCKET_LEASE`, and a socket's close removes it at once. If Redis cannot be reached the
    socket is counted in this process only (a limiter outage must not stop play) and a warning
    logged."""

    def __init__(self, per_game: int, per_client: int, redis_url: str | None) -> None:
        self.per_game = per_game
        self.per_client = per_client
        self._redis: Redis | None = None if redis_url is None else Redis.from_url(
            redis_url, socket_timeout=1.0, socket_connect_timeout=1.0)
        self._games: Counter[str] = Counter()
        self._clients: Counter[str] = Counter()
        self._shared: set[Ticket] = set()
        self._origin = secrets.token_hex(8)
        self._numbers = itertools.count()
        self._renewer: asyncio.Task[None] | None = None

    async def open(self, client: str, game_id: str) -> Ticket:
        if self._redis is not None:
            member = f"{self._origin}:{next(self._numbers)}"
            try:
                refused, count = await cast("Any", self._redis.eval(
                    OPEN_SCRIPT, 2, game_key(game_id), client_key(client), member, self.per_game, self.per_client,
                    SOCKET_LEASE))
            except Exception as exc:
                log.warning("socket counts unavailable (%s): counted in this process only", type(exc).__name__)
            else:
                self._refuse(int(refused), int(count))
                ticket = Ticket(client, game_id, member)
                self._shared.add(ticket)
                self._start_renewing()
                return ticket
        refused = 1 if self._games[game_id] >= self.per_game else 2 if self._clients[client] >= self.per_client else 0
        self._refuse(refused, self._games[game_id] if refused == 1 else self._clients[client])
        self._games[game_id] += 1
        self._clients[client] += 1
        return Ticket(client, game_id, None)

    def _refuse(self, which: int, count: int) -> None:
        if which == 1:
            raise ApiError(429, "rate_limited", N_("this game has {count} open WebSockets, the most allowed"),
                           params={"count": count}, limit="sockets_per_game", retry_after=5.0)
        if which == 2:
            raise ApiError(429, "rate_limited", N_("you have {count} open WebSockets, the most allowed"),
                           params={"count": count}, limit="sockets_per_client", retry_after=5.0)

    async def close(self, ticket: Ticket) -> None:
        if ticket.member is None:
            for counter, key in ((self._games, ticket.game_id), (self._clients, ticket.client)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
            return
        self._shared.discard(ticket)
        if not self._shared and self._renewer is not None:
            self._renewer.cancel()
            self._renewer = None
        assert self._redis is not None
        try:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zrem(game_key(ticket.game_id), ticket.member)
            pipe.zrem(client_key(ticket.client), ticket.member)
            await pipe.execute()
        except Exception as exc:  # its lease runs out instead
            log.warning("could not uncount a socket in Redis (%s)", type(exc).__name__)

    def _start_renewing(self) -> None:
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renew_forever())

    async def _renew_forever(self) -> None:
        while self._shared:
            await asyncio.sleep(SOCKET_LEASE / 3)
            with contextlib.suppress(Exception):
                await self.renew()

    async def renew(self) -> None:
        """Extend the lease of every socket of this process counted in Redis."""
        if self._redis is None or not self._shared:
            return
        keys: list[str] = []
        members: list[str] = []
        for ticket in list(self._shared):
            assert ticket.member is not None
            keys += [game_key(ticket.game_id), client_key(ticket.client)]
            members += [ticket.member, ticket.member]
        await cast("Any", self._redis.eval(RENEW_SCRIPT, len(keys), *keys, SOCKET_LEASE, *members))


    async def aclose(self) -> None:
        """Stop renewing and close the connection to Redis (the counts stay until their leases end)."""
        if self._renewer is not None:
            self._renewer.cancel()
            self._renewer = None
        if self._redis is not None:
            await self._redis.aclose()


def game_key(game_id: str) -> str:
    return f"{PREFIX}:sockets:game:{game_id}"


def client_key(client: str) -> str:
    return f"{PREFIX}:sockets:client:{client}"


def too_many(limit: Limit, item: RateLimitItem, wait: float) -> ApiError:
    return ApiError(429, "rate_limited", f"too many {limit.what}: at most {item.amount} per "
                    f"{item.multiples} {item.GRANULARITY.name}(s); retry in {wait:.2f} s",
                    limit=limit.name, retry_after=round(wait, 3))


def retry_after_header(wait: float) -> str:
    """Retry-After in whole seconds, never 0 (a client must wait at least until the window moves)."""
    return str(max(1, int(wait + 0.999)))


class RequestLimit:
    """ASGI middleware: every HTTP request and WebSocket handshake counts against the client's
    ``requests`` limit; over it, 429 with ``Retry-After`` and a JSON error naming the limit."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        try:
            await self.limiter.check("requests", client_of(scope, None))  # per address: no header buys a quota
        except ApiError as exc:
            await refuse(scope, send, exc)
            return
        await self.app(scope, receive, send)


async def refuse(scope: Scope, send: Send, exc: ApiError) -> None:
    wait = float(exc.extra.get("retry_after", 1.0))
    if scope["type"] == "websocket":  # closing before accepting answers the handshake with 403
        await send({"type": "websocket.close", "code": 1008, "reason": f"{exc.code}: {exc.extra.get('limit')}"})
        return
    body = json.dumps(exc.body()).encode("utf-8")
    start: Message = {"type": "http.response.start", "status": exc.status,
                      "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                  (b"retry-after", retry_after_header(wait).encode())]}
    await send(start)
    await send({"type": "http.response.body", "body": body})


# ----- slow clients -------------------------------------------------------------------------------
class HeaderDeadline:
    """Mixed into uvicorn's HTTP protocols: a request's headers must arrive within
    ``header_timeout`` seconds of the connection opening or of the previous response, else the
    connection is closed. uvicorn's own keep-alive timer is reset by every byte received, so a
    client sending one header line every few seconds would otherwise hold its socket forever."""

    header_timeout: float = 10.0
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    cycle: Any
    _deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_timeout, self._expired, self.cycle)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self, cycle_when_armed: Any) -> None:
        self._deadline = None
        if self.cycle is not cycle_when_armed:  # a request's headers came in time
            return
        protocol: object = self.transport.get_protocol()
        if self.transport.is_closing() or protocol is not self:  # closed, or upgraded to a WebSocket
            return
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]


def guarded_protocol(header_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools when installed, else h11) with :class:`HeaderDeadline`."""
    base: type[asyncio.Protocol]
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base = HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools is optional
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return type("GuardedHttpProtocol", (HeaderDeadline, base), {"header_timeout": header_timeout})


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The uvicorn options that carry ``settings``' connection limits: the header deadline, the
    keep-alive timeout, and which proxies' ``X-Forwarded-For`` is believed (none by default:
    uvicorn would otherwise trust one from 127.0.0.1)."""
    return {"http": guarded_protocol(settings.header_timeout),
            "timeout_keep_alive": max(1, math.ceil(settings.keep_alive_timeout)),
            "proxy_headers": settings.trusted_proxies is not None,
            "forwarded_allow_ips": settings.trusted_proxies or ""}
