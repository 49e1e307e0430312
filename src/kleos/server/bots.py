"""Server-side opponents: worker threads out of the request path, each decision bounded.

When a change leaves a bot to act, :meth:`BotWorker.schedule` queues the game. A worker takes the
game at the head of the queue, asks the store for the next bot's job (its seat's view and legal
actions only, never the state), lets the agent choose with :func:`kleos.server.store.bot_rng`, and
submits the action with the sequence number it saw, exactly like a client; a stale job is retried
from the new position. After one decision the game goes to the back of the queue, so a game with
several bots to act (a simultaneous choice, bots facing bots) takes turns with the other games.

Limits (operator settings, :class:`~kleos.server.config.Settings`):

* a budget cap: an agent spec asking for more than ``bot_max_budget`` model calls is played at the
  cap (games stored before the cap, or under a higher one, obey it when they resume);
* a deadline: a decision must be made within ``bot_decision_seconds`` of its game being queued,
  time spent waiting for a worker included, so a slow bot never holds another game's bot past
  that game's own deadline. A search still running at its deadline is cancelled and the bot plays
  the ``random`` agent's choice instead (logged);
* cancellation: :meth:`BotWorker.stop` cancels the running searches at once, so a server asked to
  stop exits within seconds; nothing is lost, since a decision counts only once committed, and
  the games waiting for a bot are resumed at the next start.

A running search is pure Python in a worker thread; it is cancelled by raising
:class:`DecisionCancelled` in that thread (``PyThreadState_SetAsyncExc``), only while the thread is
inside the agent's ``choose``, at most once per decision.
"""

from __future__ import annotations

import ctypes
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

from kleos.agents import make_agent
from kleos.agents.registry import AgentSpecError, parse_spec
from kleos.core.action import Action
from kleos.server.errors import ApiError
from kleos.server.store import BotJob, GameStore, bot_rng

log = logging.getLogger("kleos.server.bots")
T = TypeVar("T")

FALLBACK_AGENT = "random"
STOP_JOIN_SECONDS = 3.0  # how long stop() waits for the workers (they are daemon threads)
REFIRE_SECONDS = 1.0  # a cancellation the search did not act on is sent again after this long


class DecisionCancelled(BaseException):
    """Raised inside a worker thread to stop a search (a BaseException: agents' ``except
    Exception`` blocks do not swallow it)."""


def capped_spec(spec: str, max_budget: int) -> str:
    """``spec`` with its model-call budget lowered to ``max_budget`` when it asks for more."""
    try:
        kind, budget = parse_spec(spec)
    except AgentSpecError:
        return spec  # the game's own kinds are checked by make_agent
    if budget is not None and budget > max_budget:
        return f"{kind}:{max_budget}"
    return spec


class _Deadline:
    """The cancellation of one call in the calling thread (see :func:`call_with_deadline`)."""

    def __init__(self, ident: int, seconds: float) -> None:
        self.ident, self.seconds = ident, seconds
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.armed, self.fired = True, False

    def watch(self) -> None:
        """At the deadline, and again every :data:`REFIRE_SECONDS` while the call still runs (a
        cancellation raised inside a finaliser or a garbage-collector callback is swallowed)."""
        wait = self.seconds
        while not self.done.wait(wait):
            with self.lock:
                if not self.armed:
                    return
                self.fired = True
                _raise_in(self.ident, DecisionCancelled)
            wait = REFIRE_SECONDS

    def disarm(self) -> None:
        self.done.set()
        with self.lock:
            self.armed = False
            if self.fired:
                _raise_in(self.ident, None)  # fired but perhaps not delivered yet: forget it


def call_with_deadline(choose: Callable[[], T], seconds: float) -> T | None:
    """``choose()`` in this thread, or ``None`` if it was still running after ``seconds`` (cancelled
    with :class:`DecisionCancelled`, as a bot's decision is)."""
    deadline = _Deadline(threading.get_ident(), seconds)
    watcher = threading.Thread(target=deadline.watch, name="kleos-deadline", daemon=True)
    try:
        try:
            watcher.start()
            return choose()
        finally:
            deadline.disarm()
    except DecisionCancelled:
        deadline.disarm()  # the exception may have come during the first disarm
        return None


class _Slot:
    """One worker thread and the decision it is making (``deadline``: ``None`` when none)."""

    def __init__(self) -> None:
        self.ident: int | None = None
        self.deadline: float | None = None
        self.fired = False
        self.fired_at = 0.0  # when the cancellation was last sent (sent again if it was swallowed)


def _raise_in(ident: int, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in thread ``ident`` at its next Python instruction (``None``: forget a
    pending one)."""
    target = ctypes.c_ulong(ident)
    if exc is None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(target, None)
    else:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(target, ctypes.py_object(exc))


class BotWorker:
    def __init__(self, store: GameStore, workers: int, on_change: Callable[[str, int], None], *,
                 max_budget: int = 4000, decision_seconds: float = 30.0) -> None:
        self.store = store
        self.on_change = on_change
        self.max_budget = max_budget
        self.decision_seconds = decision_seconds
        self._cond = threading.Condition()
        self._queue: deque[tuple[str, float]] = deque()
        self._queued: set[str] = set()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._stopping = threading.Event()
        self._slots = [_Slot() for _ in range(max(1, workers))]
        self._threads = [threading.Thread(target=self._work, args=(slot,), name=f"kleos-bot-{i}", daemon=True)
                         for i, slot in enumerate(self._slots)]
        self._watchdog = threading.Thread(target=self._watch, name="kleos-bot-watchdog", daemon=True)
        for thread in (*self._threads, self._watchdog):
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

    def stop(self) -> None:
        """Cancel the running decisions and let the workers go (they are daemon threads)."""
        with self._cond:
            self._stopping.set()
            self._queue.clear()
            self._queued.clear()
            self._cond.notify_all()
        end = time.monotonic() + STOP_JOIN_SECONDS
        for thread in self._threads:
            thread.join(max(0.0, end - time.monotonic()))
        self._watchdog.join(max(0.0, end - time.monotonic()))

    # ----- workers ------------------------------------------------------------------------------
    def _work(self, slot: _Slot) -> None:
        slot.ident = threading.get_ident()
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
                more = self._play_one(slot, game_id, queued_at + self.decision_seconds)
            except DecisionCancelled:
                pass  # stopping: the decision was not committed; the game resumes at the next start
            except Exception:
                log.exception("bot of game %s failed", game_id)
            with self._cond:
                self._running.discard(game_id)
                if (more or game_id in self._again) and not self._stopping.is_set():
                    self._enqueue(game_id)
                self._again.discard(game_id)

    def _play_one(self, slot: _Slot, game_id: str, deadline: float) -> bool:
        """Make one bot decision of ``game_id``; ``True`` when the game should be queued again."""
        job = self.store.bot_job(game_id)
        if job is None:
            return False
        action = self._decide(slot, job, deadline)
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

    def _decide(self, slot: _Slot, job: BotJob, deadline: float) -> Action | None:
        """The agent's choice, or the fallback agent's once the deadline has passed (``None``: stopping)."""
        rng = bot_rng(job.rng_seed, job.seat, job.step)
        if time.monotonic() < deadline:
            agent = make_agent(capped_spec(job.agent, self.max_budget), job.game)
            chosen = self._guarded(slot, deadline, lambda: agent.choose(job.view, job.legal, rng))
            if chosen is not None:
                return chosen
        if self._stopping.is_set():
            return None
        log.warning("bot %s of game %s missed its %.1f s deadline: it plays %s this time",
                    job.agent, job.game_id, self.decision_seconds, FALLBACK_AGENT)
        fallback: Action = make_agent(FALLBACK_AGENT, job.game).choose(
            job.view, job.legal, bot_rng(job.rng_seed, job.seat, job.step))
        return fallback

    def _guarded(self, slot: _Slot, deadline: float, choose: Callable[[], Any]) -> Action | None:
        """``choose()``, or ``None`` if it was cancelled (deadline or stop)."""
        try:
            try:
                with self._cond:
                    if self._stopping.is_set():  # the watchdog may be gone: a search begun now
                        return None  # would never be cancelled
                    slot.deadline, slot.fired = deadline, False
                    self._cond.notify_all()  # the watchdog learns the new deadline
                chosen: Action = choose()
                return chosen
            finally:
                self._disarm(slot)
        except DecisionCancelled:
            self._disarm(slot)  # the exception may have come during the first disarm
            return None

    def _disarm(self, slot: _Slot) -> None:
        with self._cond:
            slot.deadline = None
            if slot.fired and slot.ident is not None:
                _raise_in(slot.ident, None)  # fired but not delivered yet: forget it

    # ----- watchdog -----------------------------------------------------------------------------
    def _watch(self) -> None:
        """Cancel each decision at its deadline, and every decision when stopping."""
        with self._cond:
            while True:
                now = time.monotonic()
                stopping = self._stopping.is_set()
                for slot in self._slots:
                    due = slot.deadline is not None and (stopping or now >= slot.deadline)
                    again = slot.fired and now - slot.fired_at >= REFIRE_SECONDS  # still armed: not delivered
                    if due and (not slot.fired or again) and slot.ident is not None:
                        slot.fired, slot.fired_at = True, now
                        _raise_in(slot.ident, DecisionCancelled)
                if stopping and all(s.deadline is None for s in self._slots):
                    return
                waits = [s.deadline - now if not s.fired else REFIRE_SECONDS
                         for s in self._slots if s.deadline is not None]
                self._cond.wait(max(0.01, min(waits)) if waits else (0.05 if stopping else None))

