"""Guards in front of every route: a bearer token must be well formed and known before any work,
and a state-changing request that a browser authenticates with the session cookie must come from
the site itself.

* Tokens (:class:`TokenCheck`): ``Authorization`` must read ``Bearer <token>``, the token of
  :data:`TOKEN_CHARS` and at most :data:`MAX_TOKEN` characters, and be a seat token or an
  unexpired session token this server issued; otherwise 401 ``bad_token``, before the route runs.
  (The rate limiter, in front of this guard, counts the request per client address first: a
  made-up token buys no fresh quota.)
* Cross-site requests (:class:`CrossSiteCheck`): a ``POST``/``PUT``/``PATCH``/``DELETE`` that
  carries the session cookie and no ``Authorization`` header is refused with 403
  ``cross_site`` unless its ``Origin`` (or, when a browser sends none, its ``Referer``) is the
  server's public address, or the request's own host when no public address is configured.
  Every browser sends ``Origin`` with a cross-site ``POST`` (``null`` from a sandbox or a
  privacy redirect, refused too); a request with neither header is not a browser's cross-site
  request, and passes (command-line clients, tests).
  Requests authenticated by a bearer token are not at risk: a browser never adds that header on
  its own. A JSON body must say ``Content-Type: application/json`` (415 ``bad_content_type``
  otherwise): a cross-site form cannot send that type without the browser asking first.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from sqlalchemy import select
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kleos.i18n.platform import N_
from kleos.server.accounts import COOKIE, SESSION_PREFIX, SessionRow
from kleos.server.db import Database, SeatRow
from kleos.server.errors import ApiError

MAX_TOKEN = 128
TOKEN_CHARS = re.compile(rf"[A-Za-z0-9_-]{{8,{MAX_TOKEN}}}")
KNOWN_SEATS_KEPT = 100_000
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def known_token(db: Database, token: str) -> bool:
    """Whether ``token`` is a seat token or an unexpired session token of this server."""
    with db.read() as s:
        if token.startswith(SESSION_PREFIX):
            expires = s.scalars(select(SessionRow.expires_at).where(SessionRow.token_hash == _digest(token))).first()
            return expires is not None and expires >= time.time()
        return s.scalars(select(SeatRow.game_id).where(SeatRow.token_hash == _digest(token)).limit(1)).first() \
            is not None


def bad_token(why: str) -> ApiError:
    return ApiError(401, "bad_token", f"{why}: use the header 'Authorization: Bearer <token>' with a token "
                    "this server gave you")


def parsed_bearer(value: str) -> str:
    """The token of an ``Authorization`` header (401 ``bad_token`` when malformed)."""
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not TOKEN_CHARS.fullmatch(token.strip()):
        raise bad_token("a malformed Authorization header")
    return token.strip()


async def send_error(send: Send, exc: ApiError) -> None:
    body = json.dumps(exc.body()).encode("utf-8")
    start: Message = {"type": "http.response.start", "status": exc.status,
                      "headers": [(b"content-type", b"application/json"),
                                  (b"content-length", str(len(body)).encode())]}
    await send(start)
    await send({"type": "http.response.body", "body": body})


class TokenCheck:
    """ASGI middleware: 401 for a malformed or unknown bearer token (see the module's docstring).
    ``database`` gives the server's database once it has started. Seat tokens are never revoked,
    so the digests of the last :data:`KNOWN_SEATS_KEPT` seat tokens seen are kept, and a player's
    requests after the first cost no database read; session tokens, which end, are looked up."""

    def __init__(self, app: ASGIApp, database: Callable[[Scope], Database | None]) -> None:
        self.app = app
        self.database = database
        self._seats: OrderedDict[str, None] = OrderedDict()

    async def known(self, db: Database, token: str) -> bool:
        digest = _digest(token)
        if digest in self._seats:
            self._seats.move_to_end(digest)
            return True
        if not await run_in_threadpool(known_token, db, token):
            return False
        if not token.startswith(SESSION_PREFIX):
            self._seats[digest] = None
            if len(self._seats) > KNOWN_SEATS_KEPT:
                self._seats.popitem(last=False)
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        value = header(scope, b"authorization") if scope["type"] == "http" else None
        if value is not None:
            try:
                token = parsed_bearer(value)
                db = self.database(scope)
                if db is not None and not await self.known(db, token):
                    raise bad_token("an unknown or expired token")
            except ApiError as exc:
                await send_error(send, exc)
                return
        await self.app(scope, receive, send)


def site_origins(scope: Scope, public_url: str | None) -> set[str]:
    """The origins a request from the site itself has: the public address's, else the host's."""
    if public_url:
        parts = urlsplit(public_url)
        return {f"{parts.scheme}://{parts.netloc}".lower()}
    host = (header(scope, b"host") or "").lower()
    return {f"http://{host}", f"https://{host}"}


def origin_of(scope: Scope) -> str | None:
    """The request's ``Origin``, else the origin of its ``Referer`` (``None``: neither sent)."""
    origin = header(scope, b"origin")
    if origin is not None:
        return origin.lower()
    referer = header(scope, b"referer")
    if referer is None:
        return None
    parts = urlsplit(referer)
    return f"{parts.scheme}://{parts.netloc}".lower()


def has_session_cookie(scope: Scope) -> bool:
    raw = header(scope, b"cookie")
    if raw is None:
        return False
    cookies: SimpleCookie = SimpleCookie()
    try:
        cookies.load(raw)
    except Exception:  # a cookie header the parser cannot read carries no session for us either
        return COOKIE in raw
    return COOKIE in cookies


def cross_site_problem(scope: Scope, public_url: str | None) -> ApiError | None:
    """Why a request must be refused as cross-site or of the wrong content type (``None``: fine)."""
    if scope["type"] != "http" or scope.get("method") not in UNSAFE_METHODS:
        return None
    content_type = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if content_type and content_type != "application/json":
        return ApiError(415, "bad_content_type", N_("send JSON bodies with 'Content-Type: application/json'"))
    if header(scope, b"authorization") is not None or not has_session_cookie(scope):
        return None
    origin = origin_of(scope)
    if origin is not None and origin not in site_origins(scope, public_url):
        return ApiError(403, "cross_site", N_("this request must come from the site itself (Origin or Referer)"))
    return None


class CrossSiteCheck:
    """ASGI middleware: refuse cookie-authenticated state changes from other sites (see the
    module's docstring)."""

    def __init__(self, app: ASGIApp, public_url: str | None) -> None:
        self.app = app
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = cross_site_problem(scope, self.public_url)
        if problem is not None:
            await send_error(send, problem)
            return
        await self.app(scope, receive, send)


def started_database(scope: Scope) -> Database | None:
    """The database of the application serving ``scope`` (``None`` before its start-up)."""
    app = scope.get("app")
    ctx = getattr(getattr(app, "state", None), "ctx", None)
    return getattr(ctx, "db", None)
