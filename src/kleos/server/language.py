"""The reader's language on the server: chosen per request and per WebSocket, and the browser's
share of the catalogues.

Each request renders in its own reader's language, found in this order: the ``kleos_lang``
cookie (the page's language picker), the signed-in account's saved choice, the browser's
``Accept-Language``, else English. A WebSocket takes its language from the same sources at the
handshake and may change it later with a ``{"type": "language"}`` message; one game is thus played
in German and Spanish at once, each socket rendered in its own.

The language is a context variable (:func:`kleos.i18n.current`): the middleware sets it around the
request, and worker threads started with ``run_in_threadpool`` inherit it.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable
from http.cookies import SimpleCookie
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select, update
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from kleos import i18n
from kleos.core import registry
from kleos.i18n.platform import N_
from kleos.server.accounts import COOKIE, SESSION_PREFIX, AccountRow, SessionRow
from kleos.server.db import Database
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import game_domain
from kleos.server.guard import header
from kleos.server.lobby import signed_in

LANG_COOKIE = "kleos_lang"
LANG_COOKIE_SECONDS = 365 * 24 * 3600
ACCOUNT_LANGUAGE_SECONDS = 60.0  # how long a process trusts an account's language it has read
ACCOUNTS_KEPT = 10_000


def _cookies(scope: Scope) -> dict[str, str]:
    raw = header(scope, b"cookie")
    if not raw:
        return {}
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # an unreadable cookie header names no language
        return {}
    return {key: morsel.value for key, morsel in jar.items()}


def cookie_language(scope: Scope) -> str | None:
    """The picker's choice (``kleos_lang``), if it names a language Kleos speaks."""
    return i18n.normalise(_cookies(scope).get(LANG_COOKIE))


def session_of(scope: Scope) -> str | None:
    """The session token of a request or handshake: a bearer session token, else the cookie's."""
    scheme, _, value = (header(scope, b"authorization") or "").partition(" ")
    if scheme.lower() == "bearer" and value.strip().startswith(SESSION_PREFIX):
        return value.strip()
    token = _cookies(scope).get(COOKIE)
    return token if token and token.startswith(SESSION_PREFIX) else None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def account_language(db: Database, session_token: str) -> str | None:
    """The language saved by the account signed in with ``session_token`` (``None``: none saved,
    or no such unexpired session)."""
    with db.read() as s:
        found = s.execute(select(AccountRow.language, SessionRow.expires_at)
                          .join(SessionRow, SessionRow.account_id == AccountRow.id)
                          .where(SessionRow.token_hash == _digest(session_token))).first()
    if found is None or found[1] < time.time():
        return None
    return i18n.normalise(found[0])


def save_account_language(db: Database, account_id: str, language: str) -> None:
    with db.write() as s:
        s.execute(update(AccountRow).where(AccountRow.id == account_id).values(language=language))


class AccountLanguages:
    """The accounts' saved languages this process has read, by session digest, for a short while:
    a signed-in reader without a picker cookie costs one database read a minute, not one a request."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, tuple[float, str | None]] = OrderedDict()

    async def of(self, db: Database, session_token: str) -> str | None:
        digest = _digest(session_token)
        kept = self._kept.get(digest)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1]
        language = await run_in_threadpool(account_language, db, session_token)
        self.remember(session_token, language)
        return language

    def remember(self, session_token: str, language: str | None) -> None:
        self._kept[_digest(session_token)] = (time.monotonic() + ACCOUNT_LANGUAGE_SECONDS, language)
        self._kept.move_to_end(_digest(session_token))
        while len(self._kept) > ACCOUNTS_KEPT:
            self._kept.popitem(last=False)


class ReaderLanguage:
    """ASGI middleware: the reader's language for the request or WebSocket (see the module's
    docstring). With ``database`` it also reads the signed-in account's choice; without (the
    outermost layer, before the rate limiter) it needs no I/O, so that even a refusal is worded in
    the reader's language."""

    def __init__(self, app: ASGIApp, database: Callable[[Scope], Database | None] | None = None,
                 accounts: AccountLanguages | None = None) -> None:
        self.app = app
        self.database = database
        self.accounts = accounts

    async def language(self, scope: Scope) -> str:
        chosen = cookie_language(scope)
        if chosen:
            return chosen
        if self.database is not None and self.accounts is not None:
            db = self.database(scope)
            session = session_of(scope)
            if db is not None and session is not None:
                saved = await self.accounts.of(db, session)
                if saved:
                    return saved
        return i18n.from_accept_language(header(scope, b"accept-language")) or i18n.SOURCE

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.use_locale(await self.language(scope)):
            await self.app(scope, receive, send)


# ----- the browser's share of the catalogues ---------------------------------------------------
def domain_named(name: str) -> str:
    """A text domain the browser may ask for: the platform's, or an installed game's (by the
    game's name or its domain's)."""
    if name == i18n.PLATFORM_DOMAIN:
        return name
    for game, kit in registry.games().items():
        domain = game_domain(kit)
        if domain is not None and name in (game, domain):
            return domain
    raise ApiError(404, "unknown_domain", N_("no text domain '{domain}' on this server"), params={"domain": name},
                   field="domain")


_exported: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}


def exported(language: str, domains: tuple[str, ...]) -> dict[str, Any]:
    """:func:`kleos.i18n.catalogue_json` with the picker's languages, kept per language and
    domains (the catalogues do not change while the server runs)."""
    key = (language, domains)
    found = _exported.get(key)
    if found is None:
        found = {**i18n.catalogue_json(language, domains),
                 "languages": [{"code": code, "name": i18n.LANGUAGE_NAMES[code]} for code in i18n.LANGUAGES]}
        _exported[key] = found
    return found


# ----- routes -----------------------------------------------------------------------------------
router = APIRouter(prefix="/api", tags=["languages"], responses=ERROR_RESPONSES)


class LanguageIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    language: str


@router.get("/i18n")
async def get_catalogues(domain: Annotated[list[str] | None, Query(max_length=8)] = None) -> Response:
    """The strings of the asked text domains (``kleos``, a game's) in the reader's language, as the
    browser's ``loadLanguage`` reads them; untranslated strings are left out."""
    names = tuple(dict.fromkeys(domain_named(name) for name in (domain or [i18n.PLATFORM_DOMAIN])))
    body = await run_in_threadpool(exported, i18n.current(), names)
    return JSONResponse(body, headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"})


@router.post("/language")
async def set_language(request: Request, response: Response, body: LanguageIn) -> dict[str, Any]:
    """Choose the reader's language: kept in the ``kleos_lang`` cookie and, when signed in, with the
    account (so another device finds it). ``pseudo`` (the test locale) is kept in the cookie only."""
    language = i18n.normalise(body.language)
    if language is None or body.language.strip().lower() not in (*i18n.LANGUAGES, i18n.PSEUDO):
        raise ApiError(422, "bad_language", N_("language: choose one of {choices}"),
                       params={"choices": ", ".join(i18n.LANGUAGES)}, field="language")
    ctx = request.app.state.ctx
    session = session_of(request.scope)
    saved = False
    if session is not None and language in i18n.LANGUAGES:
        member = await signed_in(ctx, request)
        if member is not None:
            await run_in_threadpool(save_account_language, ctx.db, member.id, language)
            request.app.state.account_languages.remember(session, language)
            saved = True
    secure = request.url.scheme == "https" or (ctx.settings.public_url or "").startswith("https:")
    response.set_cookie(LANG_COOKIE, language, max_age=LANG_COOKIE_SECONDS, samesite="lax", secure=secure, path="/")
    return {"language": language, "account": saved}
