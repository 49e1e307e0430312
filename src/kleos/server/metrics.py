"""What operators see: Prometheus metrics (``/metrics``), liveness and readiness for a load balancer.

* ``GET /metrics``: request latency histograms per route (its template, e.g.
  ``/api/games/{game_id}/actions``, never the raw path: game ids would make one series per game),
  the bots' queue depth and decisions in flight, decision time, fallbacks and retries (work asked
  again after its worker died) per game, the games
  watched live and the open WebSockets of this process;
* ``GET /healthz``: the process answers (liveness: restart it when this fails);
* ``GET /readyz``: the database answers and some worker can take decisions (readiness: send it
  traffic only while this is 200; 503 with the failing checks otherwise).

Each application has its own registry, so several servers in one process (tests) do not collide.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from sqlalchemy import text
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
DECISION_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
UNMATCHED = "unmatched"  # requests no route took (404s): one series for all of them


class Metrics:
    """The instruments of one application."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.request_seconds = Histogram(
            "kleos_http_request_duration_seconds", "HTTP request latency, by route template",
            ["method", "route", "status"], registry=self.registry, buckets=REQUEST_BUCKETS)
        self.decision_seconds = Histogram(
            "kleos_bot_decision_seconds", "Time from handing a bot decision to a worker to its answer",
            ["game"], registry=self.registry, buckets=DECISION_BUCKETS)
        self.fallbacks = Counter(
            "kleos_bot_fallbacks", "Bot decisions played by the fallback agent (deadline passed, worker lost)",
            ["game"], registry=self.registry)
        self.retries = Counter(
            "kleos_bot_retries", "Bot work (a decision, a stretch of an analysis) asked again after its worker died",
            ["game", "work"], registry=self.registry)
        self.queue_depth = Gauge("kleos_bot_queue_depth", "Games waiting for a bot decision, or having one made",
                                 registry=self.registry)
        self.in_flight = Gauge("kleos_bot_decisions_in_flight", "Decisions handed to workers and not answered yet",
                               registry=self.registry)
        self.live_games = Gauge("kleos_live_games", "Games watched over a WebSocket on this process",
                                registry=self.registry)
        self.open_sockets = Gauge("kleos_open_websockets", "Open WebSockets on this process", registry=self.registry)

    def watch(self, *, queue_depth: Callable[[], float], in_flight: Callable[[], float],
              live_games: Callable[[], float], open_sockets: Callable[[], float]) -> None:
        """Read these gauges when scraped."""
        self.queue_depth.set_function(queue_depth)
        self.in_flight.set_function(in_flight)
        self.live_games.set_function(live_games)
        self.open_sockets.set_function(open_sockets)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def route_of(scope: Scope) -> str:
    """The template of the route that took the request (set by the router), never the raw path."""
    route = scope.get("route")
    path = getattr(route, "path_format", None) or getattr(route, "path", None)
    return path if isinstance(path, str) else UNMATCHED


class RequestTimer:
    """ASGI middleware: each HTTP request's latency, by method, route template and status class."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [500]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self.metrics.request_seconds.labels(scope["method"], route_of(scope), f"{status[0] // 100}xx").observe(
                time.perf_counter() - started)


# ----- endpoints ----------------------------------------------------------------------------------
router = APIRouter(tags=["operations"])


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    ctx = request.app.state.ctx
    return Response(ctx.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)


@router.get("/healthz")
async def healthz() -> dict[str, Any]:
    """Liveness: the process answers."""
    return {"ok": True}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """Readiness: the database answers and the bots have workers (503 with what failed otherwise)."""
    ctx = request.app.state.ctx
    checks = {"database": await run_in_threadpool(database_reachable, ctx.db), "workers": await ctx.thinkers.ready()}
    ok = all(checks.values())
    return JSONResponse({"ok": ok, "checks": checks}, status_code=200 if ok else 503)


def database_reachable(db: Any) -> bool:
    """One trivial query answered (a readiness check: any failure means not ready)."""
    try:
        with db.read_engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:
        return False
    return True
