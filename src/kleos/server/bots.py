"""Server-side opponents: a pool of worker threads, out of the request path.

When a change leaves a bot to act, :meth:`BotWorker.schedule` queues the game. A worker asks the
store for the next bot's job (its seat's view and legal actions only, never the state), lets the
agent choose with :func:`kleos.server.store.bot_rng`, and submits the action with the sequence
number it saw, exactly like a client; a stale job is dropped and retried from the new position.
When several bot seats act at once (a simultaneous choice), they move one after the other, each
from its own view, until no bot is left to act.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from kleos.agents import make_agent
from kleos.server.errors import ApiError
from kleos.server.store import GameStore, bot_rng

log = logging.getLogger("kleos.server.bots")

MAX_BOT_MOVES = 5000  # per scheduling (a whole game has a few hundred decisions)


class BotWorker:
    def __init__(self, store: GameStore, workers: int, on_change: Callable[[str, int], None]) -> None:
        self.store = store
        self.on_change = on_change
        self._pool = ThreadPoolExecutor(max(1, workers), thread_name_prefix="kleos-bot")
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._stopping = threading.Event()

    def schedule(self, game_id: str) -> None:
        """Let the bot of ``game_id`` play if it is to act (at most one worker per game)."""
        if self._stopping.is_set():
            return
        with self._lock:
            if game_id in self._running:
                self._again.add(game_id)
                return
            self._running.add(game_id)
        self._pool.submit(self._run, game_id)

    def idle(self) -> bool:
        with self._lock:
            return not self._running

    def stop(self) -> None:
        self._stopping.set()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _run(self, game_id: str) -> None:
        try:
            while True:
                self._play(game_id)
                with self._lock:
                    if game_id in self._again and not self._stopping.is_set():
                        self._again.discard(game_id)
                        continue
                    self._running.discard(game_id)
                    return
        except Exception:
            log.exception("bot of game %s failed", game_id)
            with self._lock:
                self._running.discard(game_id)
                self._again.discard(game_id)

    def _play(self, game_id: str) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self._stopping.is_set():
                return
            job = self.store.bot_job(game_id)
            if job is None:
                return
            agent = make_agent(job.agent, job.game)
            action = agent.choose(job.view, job.legal, bot_rng(job.rng_seed, job.seat, job.step))
            try:
                change = self.store.act_as_bot(game_id, job.seat, job.seq, action)
            except ApiError as exc:
                if exc.code == "stale":
                    continue
                raise
            self.on_change(game_id, change.seq)
