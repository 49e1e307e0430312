"""The FastAPI application: routers for the lobby (the catalog of installed games), games (REST and
WebSocket), records, and accounts with the open-games lobby (:mod:`kleos.server.lobby`).

The request handlers are thin: they validate the body (pydantic), check the rate limit, call the
synchronous :class:`~kleos.server.store.GameStore` in a worker thread, then tell the
:class:`~kleos.server.hub.Hub` (live watchers, other processes) and the bot worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from kleos import i18n
from kleos.core import registry
from kleos.i18n.platform import N_, _
from kleos.server.accounts import account_limits
from kleos.server.analyses import router as analysis_router
from kleos.server.bots import BotWorker
from kleos.server.chat import chat_limits
from kleos.server.config import Settings
from kleos.server.db import Database
from kleos.server.deps import Ctx, Token
from kleos.server.ending_routes import router as endings_router
from kleos.server.ending_routes import start as start_endings
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import (
    RANDOM,
    catalog_entry,
    check_bot_budgets,
    check_import,
    default_game,
    kit_of,
    opponents,
    tables_for,
)
from kleos.server.guard import CrossSiteCheck, TokenCheck, started_database
from kleos.server.guide import router as guide_router
from kleos.server.hub import Connection, FrameRefused, Hub, bad_hello, close_code, receive_text
from kleos.server.ladder import router as ladder_router
from kleos.server.language import AccountLanguages, ReaderLanguage
from kleos.server.language import router as language_router
from kleos.server.lobby import link, signed_in
from kleos.server.lobby import router as accounts_router
from kleos.server.metrics import Metrics, RequestTimer
from kleos.server.metrics import router as operations_router
from kleos.server.pool import LocalThinkers, Thinkers
from kleos.server.ratelimit import Limiter, RequestLimit, client_of
from kleos.server.schemas import ActionIn, ClientMessage, CreateGame, Hello, ImportGame, JoinGame, MyGames, UndoIn
from kleos.server.store import Change, GameStore, Seated
from kleos.web.ui import board_module_url, mount_ui

log = logging.getLogger("kleos.server")


MAX_TABLES = 64  # drawing tables kept per process (one per game and options asked for)


@dataclass
class ServerContext:
    settings: Settings
    db: Database
    store: GameStore
    hub: Hub
    bots: BotWorker
    limiter: Limiter
    thinkers: Thinkers
    metrics: Metrics
    _catalog: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _tables: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def catalog(self) -> list[dict[str, Any]]:
        """Every installed game as the lobby shows it, built once per language (games are found at
        start; titles and option help are words)."""
        language = i18n.current()
        found = self._catalog.get(language)
        if found is None:
            found = [catalog_entry(kit, board_module_url(name)) for name, kit in registry.games().items()]
            self._catalog[language] = found
        return found

    def catalog_by_name(self) -> dict[str, dict[str, Any]]:
        return {entry["name"]: entry for entry in self.catalog()}

    def tables(self, game: str, options: str | None) -> dict[str, Any]:
        key = (game, options or "", i18n.current())
        with self._lock:
            found = self._tables.get(key)
        if found is None:
            found = tables_for(kit_of(game), options)
            with self._lock:
                if len(self._tables) >= MAX_TABLES:
                    self._tables.clear()
                self._tables[key] = found
        return found




def invite_url(ctx: ServerContext, request: Request, game_id: str, invite: str | None) -> str | None:
    """The link to send another player: the invite travels in the fragment, so it never reaches a
    server log."""
    if invite is None:
        return None
    base = (ctx.settings.public_url or str(request.base_url)).rstrip("/")
    return f"{base}/play/{game_id}#invite={invite}"


def seated_json(ctx: ServerContext, request: Request, seated: Seated) -> dict[str, Any]:
    invites = [{"seat": seat, "side": side, "invite": code,
                "invite_url": invite_url(ctx, request, seated.game_id, code)} for seat, side, code in seated.invites]
    return {"game_id": seated.game_id, "game": seated.game, "seat": seated.seat, "side": seated.side,
            "token": seated.token, "seq": seated.seq, "invite": seated.invite,
            "invite_url": invite_url(ctx, request, seated.game_id, seated.invite), "invites": invites}


async def check_rate(ctx: ServerContext, token: str | None) -> None:
    """The ``actions`` limit of the seat token (a request without one is refused later)."""
    if token is not None:
        await ctx.limiter.check("actions", client_of({}, token))


async def after_change(ctx: ServerContext, change: Change) -> None:
    if change.bot_to_act:
        ctx.bots.schedule(change.game_id)
    await ctx.hub.changed(change.game_id, change.seq)


def json_text(text: str, status_code: int = 200) -> Response:
    return Response(content=text, status_code=status_code, media_type="application/json")


async def message_text(ctx: ServerContext, game_id: str, token: str | None, since: int | None) -> str:
    """A game message: built on the event loop when the game is in memory (no I/O), else in a thread."""
    text = ctx.store.try_message_text(game_id, token, since)
    if text is None:
        text = await run_in_threadpool(ctx.store.message_text, game_id, token, since)
    return text


async def seat_text(ctx: ServerContext, game_id: str, seat: int | None, since: int | None,
                    at_least: int | None = None) -> str:
    text = ctx.store.try_seat_text(game_id, seat, since, at_least)
    if text is None:
        text = await run_in_threadpool(ctx.store.seat_text, game_id, seat, since)
    return text


def with_ack(text: str, seq: int) -> str:
    """A state message's JSON text with ``"ack": {"seq": seq}`` added."""
    return f'{text[:-1]},"ack":{{"seq":{seq}}}}}'


# ----- lobby --------------------------------------------------------------------------------------
lobby = APIRouter(prefix="/api", tags=["lobby"], responses=ERROR_RESPONSES)


@lobby.get("/health")
async def health() -> dict[str, Any]:
    return {"ok": True}


@lobby.get("/catalog")
async def catalog(ctx: Ctx) -> JSONResponse:
    """The installed games, their options and who may sit in their seats."""
    return JSONResponse({"games": await run_in_threadpool(ctx.catalog)})


@lobby.get("/catalog/{game}/tables")
async def game_tables(ctx: Ctx, game: str,
                      options: Annotated[str | None, Query(max_length=4096)] = None) -> JSONResponse:
    """The tables a board module draws ``game`` with, for ``options`` (URL-encoded JSON)."""
    if game not in registry.games():
        raise ApiError(404, "not_found", N_("no game '{game}' on this server"), params={"game": game})
    return JSONResponse(await run_in_threadpool(ctx.tables, game, options))


@lobby.get("/opponents")
async def legacy_opponents(ctx: Ctx) -> dict[str, Any]:
    """Kleos 0.1's lobby lists, for the server's default game (``GET /api/catalog`` has them all)."""
    kit = kit_of(default_game(ctx.settings))
    entry = (await run_in_threadpool(ctx.catalog_by_name)).get(kit.name, {})
    sides = [name.lower() for name in entry.get("seat_names", ())]
    return {"opponents": opponents(kit), "editions": list(kit.editions()), "sides": [*sides, RANDOM]}


@lobby.get("/editions/{edition}")
async def legacy_edition(ctx: Ctx, edition: str) -> JSONResponse:
    """Kleos 0.1's edition tables: the tables of the server's default game for that edition."""
    name = default_game(ctx.settings)
    try:
        tables = await run_in_threadpool(ctx.tables, name, json.dumps({"edition": edition}))
    except ApiError as exc:
        if exc.code != "bad_options":
            raise
        raise ApiError(404, "not_found", exc.template, params=exc.params, domain=exc.domain) from exc
    return JSONResponse(tables)


@lobby.post("/games", status_code=201)
async def create_game(ctx: Ctx, request: Request, body: CreateGame) -> dict[str, Any]:
    if body.seed is not None and not ctx.settings.allow_client_seed:
        raise ApiError(400, "seed_not_allowed", N_("this server chooses the seed of every game (it is secret)"))
    check_bot_budgets(ctx.settings, body.seats, body.opponent)
    member = await signed_in(ctx, request)
    if body.open and member is None:
        raise ApiError(401, "not_signed_in", N_("open: only a signed-in player can open a game to everyone"),
                       field="open")
    await ctx.limiter.check("games", client_of(request.scope, None))
    name = body.game or default_game(ctx.settings)
    seated = await run_in_threadpool(functools.partial(
        ctx.store.create, name, body.game_options(), seat=body.seat, seats=body.seats, side=body.side,
        opponent=body.opponent, seed=body.seed, clock=None if body.clock is None else body.clock.control(),
        handicap=body.handicap))
    await link(ctx, member, seated, open_game=body.open)
    if seated.bot_to_act:
        ctx.bots.schedule(seated.game_id)
    return seated_json(ctx, request, seated)


@lobby.post("/join")
async def join_game(ctx: Ctx, request: Request, body: JoinGame) -> dict[str, Any]:
    member = await signed_in(ctx, request)
    seated = await run_in_threadpool(ctx.store.join, body.invite)
    await link(ctx, member, seated)
    await ctx.hub.changed(seated.game_id, seated.seq)
    return seated_json(ctx, request, seated)


@lobby.post("/my-games")
async def my_games(ctx: Ctx, body: MyGames) -> JSONResponse:
    return JSONResponse({"games": await run_in_threadpool(ctx.store.my_games, body.tokens)})


# ----- games --------------------------------------------------------------------------------------
games = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)


@games.get("/{game_id}")
async def get_game(ctx: Ctx, game_id: str, token: Token,
                   since: Annotated[int | None, Query(ge=0, le=1_000_000_000)] = None) -> Response:
    return json_text(await message_text(ctx, game_id, token, since))


@games.post("/{game_id}/actions")
async def post_action(ctx: Ctx, game_id: str, token: Token, body: ActionIn) -> Response:
    await check_rate(ctx, token)
    change = await run_in_threadpool(ctx.store.act, game_id, token, body.seq, body.action)
    await after_change(ctx, change)
    return json_text(with_ack(await seat_text(ctx, game_id, change.seat, body.since, change.seq), change.seq))


@games.post("/{game_id}/undo")
async def post_undo(ctx: Ctx, game_id: str, token: Token, body: UndoIn) -> Response:
    await check_rate(ctx, token)
    change = await run_in_threadpool(ctx.store.undo, game_id, token, body.seq)
    await after_change(ctx, change)
    return json_text(with_ack(await seat_text(ctx, game_id, change.seat, body.since, change.seq), change.seq))


@games.post("/{game_id}/rematch")
async def post_rematch(ctx: Ctx, request: Request, game_id: str, token: Token) -> dict[str, Any]:
    await ctx.limiter.check("games", client_of(request.scope, token))
    seated = await run_in_threadpool(ctx.store.rematch, game_id, token)
    await link(ctx, await signed_in(ctx, request), seated)
    if seated.bot_to_act:
        ctx.bots.schedule(seated.game_id)
    await ctx.hub.changed(game_id, await run_in_threadpool(ctx.store.seq_of, game_id))
    await ctx.hub.changed(seated.game_id, seated.seq)
    return seated_json(ctx, request, seated)


@games.get("/{game_id}/replay")
async def get_replay(ctx: Ctx, game_id: str,
                     step: Annotated[int | None, Query(ge=0, le=1_000_000)] = None) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(ctx.store.replay, game_id, step))


@games.get("/{game_id}/record")
async def get_record(ctx: Ctx, game_id: str) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(ctx.store.export, game_id))


records = APIRouter(prefix="/api", tags=["records"], responses=ERROR_RESPONSES)


@records.post("/import", status_code=201)
async def import_game(ctx: Ctx, request: Request, body: ImportGame) -> dict[str, Any]:
    check_import(ctx.settings, body.record, body.seats, body.opponent)
    await ctx.limiter.check("imports", client_of(request.scope, None))
    seated = await run_in_threadpool(functools.partial(
        ctx.store.import_record, body.record, seat=body.seat, seats=body.seats, side=body.side,
        opponent=body.opponent))
    await link(ctx, await signed_in(ctx, request), seated)
    if seated.bot_to_act:
        ctx.bots.schedule(seated.game_id)
    return seated_json(ctx, request, seated)


# ----- live ---------------------------------------------------------------------------------------
live = APIRouter(prefix="/api/games", tags=["live"])


@live.websocket("/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    ctx: ServerContext = websocket.app.state.ctx
    await websocket.accept()
    try:
        raw = await asyncio.wait_for(receive_text(websocket), ctx.settings.hello_timeout)
        hello = Hello.model_validate_json(raw)
        seat = await run_in_threadpool(ctx.store.authenticate, game_id, hello.token)
    except ApiError as exc:
        await _close_with(websocket, exc.status, exc.body(), close_code(exc))
        return
    except (TimeoutError, ValidationError, KeyError, RuntimeError) as exc:
        refused = bad_hello(exc)
        await _close_with(websocket, refused.status, refused.body(), close_code(refused))
        return
    except WebSocketDisconnect:
        return
    connection = Connection(websocket, game_id, seat, hello.since, language=i18n.current(), describe=hello.describe)
    client = client_of(websocket.scope, hello.token)
    try:
        ticket = await ctx.limiter.open_socket(client, game_id)
    except ApiError as exc:
        await _close_with(websocket, exc.status, exc.body())
        return
    ctx.hub.add(connection)
    try:
        await ctx.hub.send_state(connection)
        while True:
            raw = await receive_text(websocket)
            await _on_client_message(ctx, connection, hello.token, raw)
    except FrameRefused as exc:
        await _close_with(websocket, exc.status, exc.body(), exc.close_code)
    except (WebSocketDisconnect, RuntimeError, KeyError):
        pass
    finally:
        ctx.hub.remove(connection)
        await ctx.limiter.close_socket(ticket)


async def _close_with(websocket: WebSocket, status: int, body: dict[str, Any], code: int | None = None) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "status": status, **body}))
        await websocket.close(code=4000 + status if code is None else code)


async def _on_client_message(ctx: ServerContext, connection: Connection, token: str | None, raw: str) -> None:
    ref: Any = None
    try:
        try:
            message = ClientMessage.model_validate_json(raw)
        except ValidationError as exc:
            raise ApiError(400, "invalid_message", _validation_text(exc)) from exc
        ref = message.id
        if message.type in ("ping", "sync"):  # like a request (actions and undos count as actions)
            await ctx.limiter.check("requests", client_of(connection.websocket.scope, token))
        if message.type == "ping":
            await connection.send_json({"type": "pong", "id": ref})
            return
        if message.type == "language":
            await _change_language(ctx, connection, message.language, ref)
            return
        if message.type == "describe":
            await _change_describe(ctx, connection, message.on, ref)
            return
        if message.type == "sync":
            await ctx.hub.send_state(connection, resync=True)
            return
        if message.seq is None:
            raise ApiError(400, "invalid_message", N_("a '{type}' message needs the game's seq"),
                           params={"type": message.type})
        await check_rate(ctx, token)
        if message.type == "action":
            if message.action is None:
                raise ApiError(400, "invalid_message", N_("an 'action' message needs an action"))
            change = await run_in_threadpool(ctx.store.act, connection.game_id, token, message.seq, message.action)
        else:
            change = await run_in_threadpool(ctx.store.undo, connection.game_id, token, message.seq)
        await connection.send_json({"type": "ack", "id": ref, "seq": change.seq})
        await after_change(ctx, change)
    except ApiError as exc:
        await connection.send_json({"type": "error", "id": ref, "status": exc.status, **exc.body()})


async def _change_language(ctx: ServerContext, connection: Connection, language: str | None, ref: Any) -> None:
    """This socket reads ``language`` from now on: acknowledged, then the game is sent again in it."""
    chosen = i18n.normalise(language)
    if chosen is None:
        raise ApiError(400, "invalid_message", N_("a 'language' message names one of {choices}"),
                       params={"choices": ", ".join(i18n.LANGUAGES)})
    connection.language = chosen
    with i18n.use_locale(chosen):
        await connection.send_json({"type": "ack", "id": ref, "language": chosen})
        await ctx.hub.send_state(connection, resync=True)


async def _change_describe(ctx: ServerContext, connection: Connection, on: bool | None, ref: Any) -> None:
    """This socket's state messages carry the position in words from now on, or no longer:
    acknowledged, then (when asked for) the game is sent again with them."""
    if on is None:
        raise ApiError(400, "invalid_message", N_("a 'describe' message says 'on': true or false"))
    connection.describe = on
    await connection.send_json({"type": "ack", "id": ref, "describe": on})
    if on:
        await ctx.hub.send_state(connection)


def _validation_text(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}" for e in exc.errors())


# ----- the application ----------------------------------------------------------------------------
async def start_bots(settings: Settings, store: GameStore, on_change: Any,
                     metrics: Metrics) -> tuple[Thinkers, BotWorker]:
    """The worker processes that search (a local pool; with Redis, the job queue) and the bots' dispatch."""
    thinkers: Thinkers
    if settings.redis_url is None:
        local = await run_in_threadpool(LocalThinkers, settings.bot_workers)
        await run_in_threadpool(local.warm_up)
        thinkers = local
        threads = settings.bot_workers
    else:
        from kleos.server.queue import QueueThinkers

        thinkers = await run_in_threadpool(QueueThinkers, settings.redis_url, settings.bot_workers)
        threads = settings.bot_in_flight
    bots = BotWorker(store, thinkers, threads, on_change, max_budget=settings.bot_max_budget,
                     decision_seconds=settings.bot_decision_seconds, metrics=metrics)
    return thinkers, bots


def create_app(settings: Settings) -> FastAPI:
    """The server for ``settings``; the database is migrated and bots resumed at start-up."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.database_url)
        await run_in_threadpool(db.migrate)
        store = GameStore(db, settings)
        hub = Hub(store, settings.redis_url)
        await hub.start()
        loop = asyncio.get_running_loop()

        def on_bot_change(game_id: str, seq: int) -> None:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(hub.changed(game_id, seq), loop)

        thinkers, bots = await start_bots(settings, store, on_bot_change, metrics)
        app.state.ctx = ServerContext(settings, db, store, hub, bots, limiter, thinkers, metrics)
        metrics.watch(queue_depth=bots.waiting, in_flight=thinkers.in_flight, live_games=hub.watched_games,
                      open_sockets=hub.open_sockets)
        sweeper = start_endings(store, hub)  # games ended by resign or time reach their watchers
        for game_id in await run_in_threadpool(store.games_waiting_for_bots):
            bots.schedule(game_id)
        try:
            yield
        finally:
            sweeper.cancel()
            await run_in_threadpool(bots.stop)
            await run_in_threadpool(thinkers.close)
            await hub.stop()
            db.dispose()

    limiter = Limiter(settings)
    metrics = Metrics()
    limiter.limits.update(account_limits())
    limiter.limits.update(chat_limits())
    app = FastAPI(title="Kleos", version="1", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.add_middleware(CrossSiteCheck, public_url=settings.public_url)  # innermost: after the token check
    app.add_middleware(TokenCheck, database=started_database)  # unknown tokens: 401 before any work
    account_languages = AccountLanguages()
    app.state.account_languages = account_languages
    app.add_middleware(ReaderLanguage, database=started_database, accounts=account_languages)  # account's choice
    app.add_middleware(RequestLimit, limiter=limiter)  # every request counts, before any other work
    app.add_middleware(ReaderLanguage)  # cookie or Accept-Language, no I/O: refusals in the reader's words
    app.add_middleware(RequestTimer, metrics=metrics)  # outermost: latency includes the limiter's work
    app.include_router(lobby)
    app.include_router(games)
    app.include_router(records)
    app.include_router(accounts_router)
    app.include_router(endings_router)
    app.include_router(ladder_router)
    app.include_router(guide_router)
    app.include_router(analysis_router)
    app.include_router(language_router)
    app.include_router(live)
    app.include_router(operations_router)  # /metrics, /healthz, /readyz

    @app.exception_handler(ApiError)
    async def on_api_error(_request: Request, exc: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, round(exc.extra.get("retry_after", 1))))} if exc.status == 429 else None
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [([str(p) for p in e.get("loc", ())], str(e.get("msg", ""))) for e in exc.errors()]
        details = [{"loc": loc, "msg": msg} for loc, msg in errors]
        text = "; ".join(f"{'.'.join(loc[1:]) or 'body'}: {msg}" for loc, msg in errors)
        return JSONResponse({"error": "invalid_request", "message": text, "details": details}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": "http", "message": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def on_crash(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %s", type(exc).__name__, exc_info=exc)
        return JSONResponse({"error": "internal", "message": _("internal server error")}, status_code=500)

    mount_ui(app)  # the browser UI, served by the same process
    return app
