"""Post-game analyses on the server: asked for from a finished game's page, run as bot work in the
worker processes (never in the request path), stored with the game.

``POST /api/games/{id}/analysis`` queues the analysis of a finished game (once: a stored or queued
analysis is not started again); ``GET`` says where it stands and, once done, returns it. A dispatch
thread of the web process hands one analysis at a time (:data:`AT_ONCE`) to the same workers as
the bots' decisions (:meth:`~kleos.server.pool.Thinkers.work`), in jobs of :data:`CHUNK_STEPS`
steps, so analyses never hold more than one worker, and a bot's decision queued behind one waits
for a chunk at most; at most :data:`QUEUE_LIMIT` wait (more are refused with 429), each with the
operator's budget (``analysis_budget``, at most ``bot_max_budget``) and deadline (``analysis_seconds``),
past which it is cancelled in its worker and marked failed (it may be asked for again).

The analysis is made from each seat's own view (:mod:`kleos.analysis`), as the players saw the
game; the stored JSON says so (``full_information``: false).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column
from starlette.concurrency import run_in_threadpool

from kleos.analysis import DEFAULT_REPEATS, GameAnalysis, analyse
from kleos.analysis.report import analysis_json
from kleos.core.record import GameRecord
from kleos.i18n.platform import N_
from kleos.server.db import Base, Database
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.pool import Thinkers
from kleos.server.thinking import ANSWER_GRACE_SECONDS, call_with_deadline

if TYPE_CHECKING:
    from kleos.server.app import ServerContext

log = logging.getLogger("kleos.server.analyses")

AT_ONCE = 1  # analyses running at once per web process (the rest of the workers stay with the bots)
QUEUE_LIMIT = 8  # analyses waiting at once per web process
CHUNK_STEPS = 20  # steps of the record analysed per job
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class AnalysisRow(Base):
    """The analysis of a finished game: its status and, once done, its JSON."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    budget: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class AnalysisJob:
    """A stretch of one analysis for a worker: the game's record (finished, so its seed may travel),
    the steps ``start`` to ``upto`` to analyse, and the limits."""

    key: str
    record: dict[str, Any]
    budget: int
    repeats: int
    seconds: float
    start: int
    upto: int


def run_job(job: AnalysisJob) -> dict[str, Any] | None:
    """The analysis of the job's steps as JSON, or ``None`` past its deadline or on failure (runs in
    a worker)."""
    try:
        record = GameRecord.from_json(job.record)
        return call_with_deadline(lambda: analyse(record, budget=job.budget, repeats=job.repeats, start=job.start,
                                                  upto=job.upto).to_json(), job.seconds)
    except Exception:
        log.exception("analysis %s failed in its worker", job.key)
        return None


class Analyses:
    """The analyses of one web process: a queue and a dispatch thread handing them to the workers."""

    def __init__(self, db: Database, thinkers: Thinkers, budget: int, seconds: float) -> None:
        self.db = db
        self.thinkers = thinkers
        self.budget = budget
        self.seconds = seconds
        self._cond = threading.Condition()
        self._queue: deque[tuple[str, dict[str, Any]]] = deque()
        self._busy: set[str] = set()
        self._done: dict[str, tuple[int, int]] = {}  # steps analysed and in all, of the running analyses
        self._threads = [threading.Thread(target=self._work, name=f"kleos-analysis-{i}", daemon=True)
                         for i in range(AT_ONCE)]
        for thread in self._threads:
            thread.start()

    def request(self, game_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """Queue ``game_id``'s analysis unless it is stored or under way; its status."""
        with self._cond:
            current = self.status(game_id)
            if current["status"] == DONE or game_id in self._busy:
                return current
            if len(self._queue) >= QUEUE_LIMIT:
                raise ApiError(429, "analyses_busy", N_("the server is analysing other games: try again later"),
                               retry_after=30)
            self._save(game_id, QUEUED, None)
            self._busy.add(game_id)
            self._queue.append((game_id, record))
            self._cond.notify_all()
        return {"status": QUEUED, "budget": self.budget}

    def status(self, game_id: str) -> dict[str, Any]:
        """``{"status": …}`` (``none`` when never asked; a queued or running analysis this process
        does not know of, left by a stopped server, counts as failed), with the analysis once done."""
        with self.db.read() as s:
            row = s.get(AnalysisRow, game_id)
            if row is None:
                return {"status": "none"}
            status, budget, result = row.status, row.budget, row.result
        if status in (QUEUED, RUNNING) and game_id not in self._busy:
            status = FAILED
        found: dict[str, Any] = {"status": status, "budget": budget}
        done = self._done.get(game_id)
        if status == RUNNING and done is not None:
            found["done"], found["steps"] = done
        if status == DONE and result is not None:
            found["analysis"] = json.loads(result)
        return found

    def _save(self, game_id: str, status: str, result: dict[str, Any] | None) -> None:
        with self.db.write() as s:
            row = s.get(AnalysisRow, game_id)
            if row is None:
                row = AnalysisRow(game_id=game_id, status=status, budget=self.budget)
                s.add(row)
            row.status, row.budget, row.updated_at = status, self.budget, time.time()
            row.result = None if result is None else json.dumps(result, ensure_ascii=False)

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._queue:
                    self._cond.wait()
                game_id, record = self._queue.popleft()
            try:
                self._run(game_id, record)
            except Exception:
                log.exception("the analysis of game %s failed", game_id)
                self._save(game_id, FAILED, None)
            finally:
                with self._cond:
                    self._busy.discard(game_id)
                    self._done.pop(game_id, None)

    def _run(self, game_id: str, record: dict[str, Any]) -> None:
        """The analysis, :data:`CHUNK_STEPS` steps per job (a bot's decision queued behind it waits
        for one chunk at most), the chunks joined here, then stored."""
        self._save(game_id, RUNNING, None)
        total = len(record.get("actions", []))
        deadline = time.monotonic() + self.seconds
        joined: GameAnalysis | None = None
        for start in range(0, max(1, total), CHUNK_STEPS):
            self._done[game_id] = (start, total)
            remaining = deadline - time.monotonic()
            job = AnalysisJob(f"kleos-analysis-{game_id}-{start}", record, self.budget, DEFAULT_REPEATS, remaining,
                              start, min(total, start + CHUNK_STEPS))
            wait = remaining + ANSWER_GRACE_SECONDS
            part = self.thinkers.work(run_job, job, job.key, wait) if remaining > 0 else None
            if not isinstance(part, dict):
                self._save(game_id, FAILED, None)
                return
            chunk = GameAnalysis.from_json(part)
            if joined is None:
                joined = chunk
            else:
                joined.steps.extend(chunk.steps)
                joined.outcome = chunk.outcome
        assert joined is not None
        self._save(game_id, DONE, analysis_json(joined))


_lock = threading.Lock()


def analyses_of(request: Request, ctx: ServerContext) -> Analyses:
    """The application's analyses (made on first use: the application's state holds them)."""
    with _lock:
        found = getattr(request.app.state, "kleos_analyses", None)
        if not isinstance(found, Analyses):
            settings = ctx.settings
            found = Analyses(ctx.db, ctx.thinkers, min(settings.analysis_budget, settings.bot_max_budget),
                             settings.analysis_seconds)
            request.app.state.kleos_analyses = found
        return found


router = APIRouter(prefix="/api/games", tags=["analysis"], responses=ERROR_RESPONSES)


@router.post("/{game_id}/analysis", status_code=202)
async def request_analysis(ctx: Ctx, request: Request, game_id: str) -> JSONResponse:
    record = await run_in_threadpool(ctx.store.export, game_id)  # 409 unless the game is over
    service = analyses_of(request, ctx)
    return JSONResponse(await run_in_threadpool(service.request, game_id, record), status_code=202)


@router.get("/{game_id}/analysis")
async def get_analysis(ctx: Ctx, request: Request, game_id: str) -> JSONResponse:
    await run_in_threadpool(ctx.store.replay, game_id, 0)  # 404 for an unknown game, 409 for a running one
    return JSONResponse(await run_in_threadpool(analyses_of(request, ctx).status, game_id))
