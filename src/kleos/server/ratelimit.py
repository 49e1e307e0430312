"""Limits on what one client may do, so that no client can exhaust the server for the others.

* Rates and quotas (:class:`Limiter`): requests on every endpoint, actions, games created and
  records imported, per client, counted by the ``limits`` library in moving windows: in this
  process, or in Redis (shared by every process) when the server has Redis. If Redis cannot be
  reached the request is let through (a limiter outage must not stop play) and a warning logged.
* Open WebSockets per game and per client (counted in this process).
* Slow clients (:func:`guarded_protocol`): the headers of each request must arrive within
  ``header_timeout`` seconds of the connection opening (or of the previous response), however
  slowly the bytes trickle in; idle keep-alive connections are closed by uvicorn after
  ``keep_alive_timeout``.

A client is its seat token when the request carries one (``Authorization: Bearer``, or the
WebSocket hello), else its IP address: the peer's, or the one a trusted reverse proxy put in
``X-Forwarded-For`` (uvicorn rewrites the peer address only for the proxies the operator lists).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerSecond, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kleos.server.config import Settings
from kleos.server.errors import ApiError

log = logging.getLogger("kleos.server.limits")

PREFIX = "kleos-limits"


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


def bearer_of(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            return token.strip() or None if scheme.lower() == "bearer" else None
    return None


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
        self._sockets: Counter[str] = Counter()

    async def check(self, name: str, client: str) -> None:
        """Count one hit of limit ``name`` for ``client``; :class:`ApiError` 429 if over it."""
        limit = self.limits[name]
        try:
            for item in limit.items:
                if not await self._strategy.hit(item, name, client):
                    reset, _ = await self._strategy.get_window_stats(item, name, client)
                    raise too_many(limit, item, max(0.001, reset - time.time()))
        except ApiError:
            raise
        except Exception as exc:  # the limiter's store is down: let the request through
            log.warning("rate limiter unavailable (%s): %s not counted", type(exc).__name__, name)

    def open_socket(self, client: str, watching_game: int) -> None:
        """Count a WebSocket of ``client`` on a game that ``watching_game`` sockets of this process
        already watch; :class:`ApiError` 429 if either count is at its limit."""
        if watching_game >= self.settings.sockets_per_game:
            raise ApiError(429, "rate_limited", f"this game has {watching_game} open WebSockets here, the most "
                           "allowed", limit="sockets_per_game", retry_after=5.0)
        if self._sockets[client] >= self.settings.sockets_per_client:
            raise ApiError(429, "rate_limited", f"you have {self._sockets[client]} open WebSockets, the most "
                           "allowed", limit="sockets_per_client", retry_after=5.0)
        self._sockets[client] += 1

    def close_socket(self, client: str) -> None:
        self._sockets[client] -= 1
        if self._sockets[client] <= 0:
            del self._sockets[client]

    def sockets_of(self, client: str) -> int:
        return self._sockets[client]


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
            await self.limiter.check("requests", client_of(scope, bearer_of(scope)))
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
