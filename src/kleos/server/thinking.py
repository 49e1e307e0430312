"""What a worker process does with one decision: rebuild the game, unpack the seat's view, search.

The web process never searches. It packs a :class:`Decision` (the game's name and stored options,
the agent spec, and the seat's view and legal actions pickled together: never the state) and a
worker process, local (:mod:`kleos.server.pool`) or on another machine (:mod:`kleos.server.queue`),
calls :func:`decide`. The answer is an index into the legal actions, so the web process applies an
action it produced itself, through the normal action path.

A search still running at its deadline is cancelled in its own thread by raising
:class:`DecisionCancelled` (``PyThreadState_SetAsyncExc``, see :func:`call_with_deadline`); the
decision then has no answer and the web process plays the fallback agent's choice. A worker process
that dies in the middle of a job makes the web process's wait end with :class:`WorkerLost`, and
the job is asked for again while its deadline allows.
"""

from __future__ import annotations

import ctypes
import logging
import math
import os
import pickle
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kleos.agents import make_agent
from kleos.agents.hints import ranking
from kleos.agents.registry import AgentSpecError, parse_spec
from kleos.core.action import Action

log = logging.getLogger("kleos.server.thinking")
T = TypeVar("T")

ANSWER_GRACE_SECONDS = 0.5  # a worker's answer may take this long to come back after its deadline
REFIRE_SECONDS = 1.0  # a cancellation the search did not act on is sent again after this long
WORKER_NICENESS = 5  # worker processes yield the CPU to the web process that answers requests


class WorkerLost(Exception):
    """The worker process making a job died before answering: the job may be asked for again."""


class DecisionCancelled(BaseException):
    """Raised inside a searching thread to stop it (a BaseException: agents' ``except Exception``
    blocks do not swallow it)."""


def capped_spec(spec: str, max_budget: int) -> str:
    """``spec`` with its model-call budget lowered to ``max_budget`` when it asks for more."""
    try:
        kind, budget = parse_spec(spec)
    except AgentSpecError:
        return spec  # the game's own kinds are checked by make_agent
    if budget is not None and budget > max_budget:
        return f"{kind}:{max_budget}"
    return spec


@dataclass(frozen=True)
class Decision:
    """One search to run in a worker: everything it may know, and nothing more.

    ``seen``: the seat's view and its legal actions, pickled together (the worker unpacks them; the
    state never leaves the web process). ``seconds``: how long the search may run. ``key``: names
    the decision (game, seq, seat; letters, digits and dashes: it is a job id) so that several web
    processes asking the same share one search.
    """

    key: str
    game: str
    options: str
    agent: str
    seen: bytes
    rng: random.Random
    seconds: float


def pack(key: str, game: str, options: str, agent: str, view: Any, legal: Sequence[Action],
         rng: random.Random, seconds: float) -> Decision:
    """A :class:`Decision` with the seat's view and legal actions serialized."""
    return Decision(key, game, options, agent, pickle.dumps((view, list(legal))), rng, seconds)


_book: list[Any] = []  # this process's GameBook, made on first use
_book_lock = threading.Lock()


def game_of(name: str, options: str) -> Any:
    """The game object of ``name`` with its stored options, built once per worker process."""
    from kleos.server.games import GameBook

    with _book_lock:
        if not _book:
            _book.append(GameBook())
    return _book[0].game(name, options)


def decide(decision: Decision) -> int | None:
    """The agent's choice as an index into the legal actions, or ``None`` past ``decision.seconds``
    or on any failure (logged: no exception crosses back to the web process, whose bot then plays the
    fallback): the first of :func:`rank`. Runs in a worker process (or, in tests, a worker thread)."""
    ranked = rank(decision)
    return None if ranked is None else ranked[0][1]


def rank(decision: Decision) -> list[tuple[float, int]] | None:
    """The agent's choice first, then the others it weighed, each as (the value it ranks by, index into
    the legal actions) (:func:`kleos.agents.hints.ranking`; ``nan`` when it ranks nothing), so that a
    hint can say how close its call was; ``None`` past ``decision.seconds`` or on any failure, as for
    :func:`decide`. Runs in a worker process."""
    try:
        return _rank(decision)
    except Exception:
        log.exception("decision %s failed in its worker", decision.key)
        return None


def _rank(decision: Decision) -> list[tuple[float, int]] | None:
    started = time.monotonic()
    view, legal = pickle.loads(decision.seen)
    if len(legal) == 1:
        return [(math.nan, 0)]
    agent = make_agent(decision.agent, game_of(decision.game, decision.options))
    remaining = decision.seconds - (time.monotonic() - started)
    if remaining <= 0:
        return None
    ranked = call_with_deadline(lambda: ranking(agent, view, legal, decision.rng), remaining)
    if ranked is None:
        return None
    return [(value, index_of(action, legal)) for value, action in ranked]


def index_of(chosen: Action, legal: Sequence[Action]) -> int:
    """Where ``chosen`` is among ``legal`` (an agent answers with one of the actions it was given)."""
    for i, action in enumerate(legal):
        if action == chosen:
            return i
    raise ValueError(f"the agent chose {chosen}, which is not among the legal actions")


def lower_priority() -> None:
    """Searches run at a lower CPU priority than requests."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        log.info("could not lower the worker's priority")


def portable_kits() -> list[bytes]:
    """The game kits of this process, each pickled when it can be: a local worker process knows
    the kits registered here by hand (tests, development), not only the installed ones."""
    from kleos.core import registry

    found = []
    for kit in registry.games().values():
        try:
            found.append(pickle.dumps(kit))
        except Exception:
            log.info("game kit %s cannot be sent to the worker processes", kit.name)
    return found


_started: list[Any] = []  # in a local worker process: where it says which job it starts


def tracked(token: str, fn: Callable[[Any], T], arg: Any) -> T:
    """``fn(arg)``, first telling the web process which worker process runs the job ``token`` (so
    that it can notice the process dying; see :class:`~kleos.server.pool.LocalThinkers`)."""
    for started in _started:
        started.put((token, os.getpid()))
    return fn(arg)


def prepare_worker(kits: list[bytes], started: Any = None) -> None:
    """A local worker process's initializer: lower priority, the web process's kits known, and
    ``started`` (a queue) told of each job it starts."""
    from kleos.core import registry

    lower_priority()
    if started is not None:
        started.cancel_join_thread()  # a worker's exit never waits on a report a dead worker's lock holds up
        _started.append(started)
    for data in kits:
        try:
            kit = pickle.loads(data)  # from the web process that started this worker
        except Exception:
            log.info("a game kit could not be rebuilt in a worker process")
            continue
        if kit.name not in registry.games():
            registry.register(kit)


# ----- deadlines ----------------------------------------------------------------------------------
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
    with :class:`DecisionCancelled`)."""
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


def _raise_in(ident: int, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in thread ``ident`` at its next Python instruction (``None``: forget a
    pending one)."""
    target = ctypes.c_ulong(ident)
    if exc is None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(target, None)
    else:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(target, ctypes.py_object(exc))
