"""Post-game analyses on the server: asked for from a finished game's page, run as bot work in the
worker processes (never in the request path), stored with the game.

``POST /api/games/{id}/analysis`` queues the analysis of a finished game (once: a stored or queued
analysis is not started again); ``GET`` says where it stands and, once done, returns it.

Once across web processes: an analysis is *claimed* in the database before it is queued, by one
atomic statement (the row's insert, whose primary key admits one; or a conditional update of a
failed or abandoned row, which PostgreSQL re-checks after waiting for a concurrent one, and which
SQLite runs one writer at a time), so of several web processes sharing the database asked for the
same game, one runs it and the others report its progress from the row. The claiming process
renews its claim every :data:`HEARTBEAT_SECONDS`; a queued or running analysis not renewed for
:data:`LEASE_SECONDS` was left by a stopped process: it counts as failed, and may be claimed again.

A dispatch
thread of the web process hands one analysis at a time (:data:`AT_ONCE`) to the same workers as
the bots' decisions (:meth:`~kleos.server.pool.Thinkers.work`), in jobs of :data:`CHUNK_STEPS`
steps, so analyses never hold more than one worker, and a bot's decision queued behind one waits
for a chunk at most; at most :data:`QUEUE_LIMIT` wait (more are refused with 429), each with the
operator's budget (``analysis_budget``, at most ``bot_max_budget``) and deadline (``analysis_seconds``),
past which it is cancelled in its worker and marked failed (it may be asked for again).

The analysis is made from each seat's own view (:mod:`kleos.analysis`), as the players saw the
game; the stored JSON says so (``full_information``: false). It is stored as notation and numbers
(:func:`~kleos.analysis.engine.wordless`); its words (moves, better moves, the result, the turning
points) are told in the reader's language when read, and kept per game and language.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
import uuid
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Float, ForeignKey, Integer, String, Text, and_, or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column
from starlette.concurrency import run_in_threadpool

from kleos import i18n
from kleos.analysis import DEFAULT_REPEATS, GameAnalysis, analyse
from kleos.analysis.engine import retell, wordless
from kleos.analysis.report import analysis_json
from kleos.core.record import GameRecord
from kleos.i18n.platform import N_
from kleos.server.context import ServerContext
from kleos.server.db import Base, Database
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.metrics import Metrics
from kleos.server.pool import Thinkers
from kleos.server.thinking import ANSWER_GRACE_SECONDS, WorkerLost, call_with_deadline

log = logging.getLogger("kleos.server.analyses")

AT_ONCE = 1  # analyses running at once per web process (the rest of the workers stay with the bots)
QUEUE_LIMIT = 8  # analyses waiting at once per web process
CHUNK_STEPS = 20  # steps of the record analysed per job
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
LIVE = (QUEUED, RUNNING)
HEARTBEAT_SECONDS = 30.0  # how often a web process renews its claims on the analyses it makes
LEASE_SECONDS = 120.0  # a live analysis not renewed for this long was left by a stopped process
TOLD_KEPT = 256  # analyses kept in words, per game and language


class AnalysisRow(Base):
    """The analysis of a finished game: its status, the web process that claimed it (``owner``)
    and how far it is, and, once done, its JSON."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    budget: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)
    owner: Mapped[str | None] = mapped_column(String(32), nullable=True)
    done: Mapped[int | None] = mapped_column(Integer, nullable=True)
    steps: Mapped[int | None] = mapped_column(Integer, nullable=True)


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
    """The analyses of one web process: its claims in the database, a queue, a dispatch thread
    handing them to the workers and a thread renewing the claims."""

    def __init__(self, db: Database, thinkers: Thinkers, budget: int, seconds: float,
                 metrics: Metrics | None = None) -> None:
        self.db = db
        self.thinkers = thinkers
        self.budget = budget
        self.seconds = seconds
        self.metrics = metrics
        self.owner = uuid.uuid4().hex  # this web process, as the claims in the database name it
        self._cond = threading.Condition()
        self._queue: deque[tuple[str, dict[str, Any]]] = deque()
        self._mine: set[str] = set()  # claimed by this process: queued or running
        self._told: OrderedDict[tuple[str, str], tuple[str, dict[str, Any]]] = OrderedDict()
        self._threads = [threading.Thread(target=self._work, name=f"kleos-analysis-{i}", daemon=True)
                         for i in range(AT_ONCE)]
        self._threads.append(threading.Thread(target=self._renew, name="kleos-analysis-claims", daemon=True))
        for thread in self._threads:
            thread.start()

    def request(self, game_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """Claim and queue ``game_id``'s analysis unless it is stored or under way (here or in
        another web process); its status."""
        with self._cond:
            current = self.status(game_id, record)
            if current["status"] in (DONE, *LIVE):
                return current
            if len(self._queue) >= QUEUE_LIMIT:
                raise ApiError(429, "analyses_busy", N_("the server is analysing other games: try again later"),
                               retry_after=30)
            if not self._claim(game_id):
                return self.status(game_id, record)  # another web process claimed it first
            self._mine.add(game_id)
            self._queue.append((game_id, record))
            self._cond.notify_all()
        return {"status": QUEUED, "budget": self.budget}

    def status(self, game_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """``{"status": …}`` (``none`` when never asked; a live analysis whose claim has lapsed,
        left by a stopped server, counts as failed), with its progress while it runs and the
        analysis of ``record`` (the game's) once done, in the reader's language."""
        with self.db.read() as s:
            row = s.get(AnalysisRow, game_id)
            if row is None:
                return {"status": "none"}
            status, budget, result = row.status, row.budget, row.result
            lapsed, done, steps = row.updated_at < time.time() - LEASE_SECONDS, row.done, row.steps
        if status in LIVE and lapsed:
            status = FAILED
        found: dict[str, Any] = {"status": status, "budget": budget}
        if status == RUNNING and done is not None and steps is not None:
            found["done"], found["steps"] = done, steps
        if status == DONE and result is not None:
            found["analysis"] = self.in_words(game_id, result, record)
        return found

    def in_words(self, game_id: str, result: str, record: dict[str, Any]) -> dict[str, Any]:
        """The stored analysis (``result``) with its words and turning points in the reader's
        language, told from the game's ``record`` (an analysis stored with English words is told
        again as well); kept per game and language."""
        key = (game_id, i18n.current())
        with self._cond:
            kept = self._told.get(key)
        if kept is not None and kept[0] == result:
            return kept[1]
        told = analysis_json(retell(GameAnalysis.from_json(json.loads(result)), GameRecord.from_json(record)))
        with self._cond:
            self._told[key] = (result, told)
            self._told.move_to_end(key)
            while len(self._told) > TOLD_KEPT:
                self._told.popitem(last=False)
        return told

    def _claim(self, game_id: str) -> bool:
        """Claim ``game_id``'s analysis for this process (``False``: another claimed it first)."""
        now = time.time()
        claimable = or_(AnalysisRow.status == FAILED,
                        and_(AnalysisRow.status.in_(LIVE), AnalysisRow.updated_at < now - LEASE_SECONDS))
        claim = dict(status=QUEUED, owner=self.owner, budget=self.budget, updated_at=now, result=None,
                     done=None, steps=None)
        with self.db.write() as s:
            taken = s.execute(update(AnalysisRow).where(AnalysisRow.game_id == game_id, claimable).values(**claim))
            if getattr(taken, "rowcount", 0) == 1:
                return True
        try:
            with self.db.write() as s:
                s.add(AnalysisRow(game_id=game_id, **claim))
        except IntegrityError:
            return False
        return True

    def _set(self, game_id: str, **values: Any) -> bool:
        """Change this process's claim on ``game_id`` (``False``: it is no longer this process's)."""
        with self.db.write() as s:
            changed = s.execute(update(AnalysisRow)
                                .where(AnalysisRow.game_id == game_id, AnalysisRow.owner == self.owner,
                                       AnalysisRow.status.in_(LIVE))
                                .values(updated_at=time.time(), **values))
            return bool(getattr(changed, "rowcount", 0))

    def _renew(self) -> None:
        """Every :data:`HEARTBEAT_SECONDS` while this process has claims: say they are alive."""
        while True:
            with self._cond:
                while not self._mine:
                    self._cond.wait()
                mine = sorted(self._mine)
            for game_id in mine:
                try:
                    self._set(game_id)
                except Exception:
                    log.exception("the claim on the analysis of game %s could not be renewed", game_id)
            time.sleep(HEARTBEAT_SECONDS)

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
                self._set(game_id, status=FAILED)
            finally:
                with self._cond:
                    self._mine.discard(game_id)

    def _run(self, game_id: str, record: dict[str, Any]) -> None:
        """The analysis, :data:`CHUNK_STEPS` steps per job (a bot's decision queued behind it waits
        for one chunk at most), the chunks joined here, then stored."""
        total = len(record.get("actions", []))
        deadline = time.monotonic() + self.seconds
        joined: GameAnalysis | None = None
        for start in range(0, max(1, total), CHUNK_STEPS):
            if not self._set(game_id, status=RUNNING, done=start, steps=total):
                return  # the claim lapsed and another process took it over
            part = self._chunk(game_id, record, start, min(total, start + CHUNK_STEPS), deadline)
            if part is None:
                self._set(game_id, status=FAILED)
                return
            chunk = GameAnalysis.from_json(part)
            if joined is None:
                joined = chunk
            else:
                joined.steps.extend(chunk.steps)
                joined.outcome = chunk.outcome
        assert joined is not None
        self._set(game_id, status=DONE, result=json.dumps(wordless(joined).to_json(), ensure_ascii=False))

    def _chunk(self, game_id: str, record: dict[str, Any], start: int, upto: int,
               deadline: float) -> dict[str, Any] | None:
        """The steps ``start`` to ``upto`` analysed in a worker by ``deadline`` (``None``: not done);
        asked again, as a new job with the time left, each time its worker dies."""
        for attempt in itertools.count():  # ends: each attempt takes time, and the deadline stops them
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            key = f"kleos-analysis-{game_id}-{start}" + (f"-r{attempt}" if attempt else "")
            job = AnalysisJob(key, record, self.budget, DEFAULT_REPEATS, remaining, start, upto)
            try:
                part = self.thinkers.work(run_job, job, key, remaining + ANSWER_GRACE_SECONDS)
            except WorkerLost:
                log.warning("the worker analysing game %s died: steps %d to %d asked again", game_id, start, upto)
                if self.metrics is not None:
                    self.metrics.retries.labels(str(record.get("game")), "analysis").inc()
                continue
            return part if isinstance(part, dict) else None
        return None  # unreachable: the loop returns


_lock = threading.Lock()


def analyses_of(request: Request, ctx: ServerContext) -> Analyses:
    """The application's analyses (made on first use: the application's state holds them)."""
    with _lock:
        found = getattr(request.app.state, "kleos_analyses", None)
        if not isinstance(found, Analyses):
            settings = ctx.settings
            found = Analyses(ctx.db, ctx.thinkers, min(settings.analysis_budget, settings.bot_max_budget),
                             settings.analysis_seconds, ctx.metrics)
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
    record = await run_in_threadpool(ctx.store.export, game_id)  # 404 for an unknown game, 409 for a running one
    return JSONResponse(await run_in_threadpool(analyses_of(request, ctx).status, game_id, record))
