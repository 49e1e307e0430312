"""Server-side opponents: each decision searched in a worker process, bounded, applied like a client's.

When a change leaves a bot to act, :meth:`BotWorker.schedule` queues the game. A dispatch thread
takes the game at the head of the queue, asks the store for the next bot's job (its seat's view
and legal actions only, never the state), hands the search to a worker process as a
:class:`~kleos.server.thinking.Decision` (the view serialized) and waits for the answer without
holding the interpreter lock; then it submits the chosen action with the sequence number it saw,
exactly like a client; a stale job is retried from the new position. After one decision the game
goes to the back of the queue, so a game with several bots to act (a simultaneous choice, bots
facing bots) takes turns with the other games. The web process itself never searches.

Where searches run (:mod:`kleos.server.pool`): a local pool of worker processes by default, or,
with Redis configured and ``bot_queue`` on, ``kleos worker`` processes on any machine
(:mod:`kleos.server.queue`).

Limits (operator settings, :class:`~kleos.server.config.Settings`):

* a budget cap: an agent spec asking for more than ``bot_max_budget`` model calls is played at the
  cap (games stored before the cap, or under a higher one, obey it when they resume);
* a deadline: a decision must be made within ``bot_decision_seconds`` of its game being queued,
  time spent waiting for a worker included, so a slow bot never holds another game's bot past
  that game's own deadline. A search still running at its deadline is cancelled in its worker,
  and a worker that does not answer by then (busy) is not waited for: the bot plays the
  ``random`` agent's choice instead (logged, counted in ``/metrics``). A worker that dies in the
  middle of the search (its wait ends with :class:`~kleos.server.thinking.WorkerLost`) does not
  cost the decision: it is asked again, as a new job with the time left, on another worker, and
  the fallback is played only once the deadline has passed (retries counted in ``/metrics``);
* cancellation: :meth:`BotWorker.stop` ends the running searches at once (the local worker
  processes are terminated), so a server asked to stop exits within seconds; nothing is lost,
  since a decision counts only once committed, and the games waiting for a bot are resumed at
  the next start.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from kleos.agents import make_agent
from kleos.core.action import Action
from kleos.server.errors import ApiError
from kleos.server.metrics import Metrics
from kleos.server.playing import BotJob, bot_rng
from kleos.server.pool import Thinkers
from kleos.server.store import GameStore
from kleos.server.thinking import ANSWER_GRACE_SECONDS, WorkerLost, capped_spec, pack

log = logging.getLogger("kleos.server.bots")

FALLBACK_AGENT = "random"
STOP_JOIN_SECONDS = 3.0  # how long stop() waits for the dispatch threads (they are daemon threads)

__all__ = ["FALLBACK_AGENT", "BotWorker", "capped_spec"]


class BotWorker:
    """Dispatch threads (``threads`` of them: decisions in flight at once) that hand each bot
    decision to ``thinkers`` and commit the answer."""

    def __init__(self, store: GameStore, thinkers: Thinkers, threads: int, on_change: Callable[[str, int], None],
                 *, max_budget: int = 4000, decision_seconds: float = 30.0, metrics: Metrics | None = None) -> None:
        self.store = store
        self.thinkers = thinkers
        self.on_change = on_change
        self.max_budget = max_budget
        self.decision_seconds = decision_seconds
        self.metrics = metrics
        self._cond = threading.Condition()
        self._queue: deque[tuple[str, float]] = deque()
        self._queued: set[str] = set()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._stopping = threading.Event()
        self._threads = [threading.Thread(target=self._work, name=f"kleos-bot-{i}", daemon=True)
                         for i in range(max(1, threads))]
        for thread in self._threads:
            thread.start()

    # ----- scheduling ---------------------------------------------------------------------------
    def schedule(self, game_id: str) -> None:
        """Let the bot of ``game_id`` play if it is to act (at most one worker per game)."""
        with self._cond:
            if self._stopping.is_set():
                return
            if game_id in self._running:
                self._again.add(game_id)
            else:
                self._enqueue(game_id)

    def _enqueue(self, game_id: str) -> None:
        if game_id not in self._queued:
            self._queued.add(game_id)
            self._queue.append((game_id, time.monotonic()))
            self._cond.notify_all()

    def idle(self) -> bool:
        with self._cond:
            return not self._running and not self._queue

    def waiting(self) -> int:
        """Games queued for a decision, and decisions being made (the queue depth in ``/metrics``)."""
        with self._cond:
            return len(self._queue) + len(self._running)

    def stop(self) -> None:
        """End the running searches and let the dispatch threads go (they are daemon threads)."""
        with self._cond:
            self._stopping.set()
            self._queue.clear()
            self._queued.clear()
            self._cond.notify_all()
        self.thinkers.close()
        end = time.monotonic() + STOP_JOIN_SECONDS
        for thread in self._threads:
            thread.join(max(0.0, end - time.monotonic()))

    # ----- dispatch ------------------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._stopping.is_set():
                    self._cond.wait()
                if self._stopping.is_set():
                    return
                game_id, queued_at = self._queue.popleft()
                self._queued.discard(game_id)
                self._running.add(game_id)
            more = False
            try:
                more = self._play_one(game_id, queued_at + self.decision_seconds)
            except Exception:
                log.exception("bot of game %s failed", game_id)
            with self._cond:
                self._running.discard(game_id)
                if (more or game_id in self._again) and not self._stopping.is_set():
                    self._enqueue(game_id)
                self._again.discard(game_id)

    def _play_one(self, game_id: str, deadline: float) -> bool:
        """Make one bot decision of ``game_id``; ``True`` when the game should be queued again."""
        job = self.store.bot_job(game_id)
        if job is None:
            return False
        action = self._decide(job, deadline)
        if action is None:
            return False
        try:
            change = self.store.act_as_bot(game_id, job.seat, job.seq, action)
        except ApiError as exc:
            if exc.code == "stale":
                return True
            raise
        self.on_change(game_id, change.seq)
        return change.bot_to_act

    def _decide(self, job: BotJob, deadline: float) -> Action | None:
        """The agent's choice, or the fallback agent's once the deadline has passed (``None``: stopping)."""
        started = time.monotonic()
        chosen = self._search(job, deadline)
        if self._stopping.is_set():
            return None
        if chosen is not None:
            if self.metrics is not None:
                self.metrics.decision_seconds.labels(job.game_name).observe(time.monotonic() - started)
            return chosen
        log.warning("bot %s of game %s missed its %.1f s deadline: it plays %s this time",
                    job.agent, job.game_id, self.decision_seconds, FALLBACK_AGENT)
        if self.metrics is not None:
            self.metrics.fallbacks.labels(job.game_name).inc()
        fallback: Action = make_agent(FALLBACK_AGENT, job.game).choose(
            job.view, job.legal, bot_rng(job.rng_seed, job.seat, job.step))
        return fallback

    def _search(self, job: BotJob, deadline: float) -> Action | None:
        """The agent's choice, searched in a worker process by ``deadline`` (``None``: no answer);
        asked again, as a new job with the time left, each time its worker dies."""
        if len(job.legal) == 1:
            return job.legal[0]
        for attempt in itertools.count():  # ends: each attempt takes time, and the deadline stops them
            seconds = deadline - time.monotonic()
            if seconds <= 0 or self._stopping.is_set():
                return None
            key = f"kleos-{job.game_id}-{job.seq}-{job.seat}" + (f"-r{attempt}" if attempt else "")
            decision = pack(key, job.game_name, job.options, capped_spec(job.agent, self.max_budget), job.view,
                            job.legal, bot_rng(job.rng_seed, job.seat, job.step), seconds)
            try:
                index = self.thinkers.think(decision, seconds + ANSWER_GRACE_SECONDS)
            except WorkerLost:
                log.warning("the worker searching for bot %s of game %s died: asked again with %.1f s left",
                            job.agent, job.game_id, deadline - time.monotonic())
                if self.metrics is not None:
                    self.metrics.retries.labels(job.game_name, "decision").inc()
                continue
            if index is None or not 0 <= index < len(job.legal):
                return None
            return job.legal[index]
        return None  # unreachable: the loop returns
