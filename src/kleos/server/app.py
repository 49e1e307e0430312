"""The composition root: the application is built here from the server's parts (database, store,
hub, bots, limiter, metrics), its middleware and its routers, each in a module of its own: the
lobby (:mod:`~kleos.server.lobby_routes`), games (:mod:`~kleos.server.game_routes`), records
(:mod:`~kleos.server.record_routes`), the live WebSocket (:mod:`~kleos.server.live_routes`),
accounts with the open-games lobby (:mod:`~kleos.server.lobby`) and the rest. Nothing imports it
but the command line and tests; the routers read the :class:`~kleos.server.context.ServerContext`.

The request handlers are thin: they validate the body (pydantic), check the rate limit, call the
synchronous :class:`~kleos.server.store.GameStore` in a worker thread, then tell the
:class:`~kleos.server.hub.Hub` (live watchers, other processes) and the bot worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from kleos.i18n.platform import _
from kleos.server import game_routes, legacy, live_routes, lobby_routes, record_routes
from kleos.server.accounts import account_limits
from kleos.server.analyses import router as analysis_router
from kleos.server.bots import BotWorker
from kleos.server.chat import chat_limits
from kleos.server.config import Settings
from kleos.server.context import ServerContext
from kleos.server.db import Database
from kleos.server.ending_routes import router as endings_router
from kleos.server.ending_routes import start as start_endings
from kleos.server.errors import ApiError
from kleos.server.guard import CrossSiteCheck, TokenCheck, started_database
from kleos.server.guide import router as guide_router
from kleos.server.hub import Hub
from kleos.server.ladder import router as ladder_router
from kleos.server.language import AccountLanguages, ReaderLanguage
from kleos.server.language import router as language_router
from kleos.server.lobby import router as accounts_router
from kleos.server.metrics import Metrics, RequestTimer
from kleos.server.metrics import router as operations_router
from kleos.server.pool import LocalThinkers, Thinkers
from kleos.server.ratelimit import Limiter, RequestLimit
from kleos.server.store import GameStore
from kleos.web.ui import mount_ui

log = logging.getLogger("kleos.server")


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
    app.include_router(lobby_routes.router)
    app.include_router(legacy.router)  # Kleos 0.1's lobby lists
    app.include_router(game_routes.router)
    app.include_router(record_routes.router)
    app.include_router(accounts_router)
    app.include_router(endings_router)
    app.include_router(ladder_router)
    app.include_router(guide_router)
    app.include_router(analysis_router)
    app.include_router(language_router)
    app.include_router(live_routes.router)
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
