"""Games kept in memory: the committed row, seats, state and log of each live game.

A :class:`Current` is never mutated; a commit replaces it whole, so a reader takes one reference
and needs no lock. :class:`LiveCache` keeps the most recently used games (least recently used
first out) and says whether memory may be trusted without asking the database (one writer).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from kleos.core.action import Action
from kleos.server.messages import LogEntry, Teller

PERSON = "person"
BOT = "bot"
ACTIVE = "active"
FINISHED = "finished"
CACHE_GAMES = 2000


@dataclass(frozen=True)
class Loaded:
    """A game at event ``seq``: its state, effective action log, displayable log and what tells the
    log's lines in a reader's language. Shared between threads: never mutate (copy the state first)."""

    seq: int
    state: Any
    actions: tuple[tuple[int, Action], ...]
    log: tuple[LogEntry, ...]
    teller: Teller


@dataclass(frozen=True)
class SeatInfo:
    """A seat row as kept in memory."""

    seat: int
    kind: str
    agent: str | None
    token_hash: str | None
    invite: str | None
    name: str | None = None  # the display name of the account holding the seat


@dataclass(frozen=True)
class Meta:
    """A game row as kept in memory, with its seats and, per seat, its invite into the rematch.
    ``actors``: the seats to act now (several during a simultaneous choice)."""

    id: str
    game: str
    options: str
    seed: int
    seq: int
    steps: int
    status: str
    actors: tuple[int, ...]
    outcome: str | None
    rematch_of: str | None
    rematch_id: str | None
    imported: bool
    created_at: float
    updated_at: float
    seats: tuple[SeatInfo, ...]
    rematch_invites: tuple[str | None, ...]
    clock: str | None = None  # the game's clock as stored (JSON), if it has one

    def bots_to_act(self) -> list[SeatInfo]:
        """The bot seats to act now, in seat order."""
        if self.status != ACTIVE:
            return []
        return [x for x in self.seats if x.kind == BOT and x.agent is not None and x.seat in self.actors]


@dataclass(frozen=True)
class Current:
    """A game as committed: its row and its state and log (never mutated: replaced whole)."""

    meta: Meta
    loaded: Loaded


class Live:
    """A game kept in memory. ``current`` is replaced (one reference, read without locks) after
    each commit; ``lock`` orders this process's writes to the game; ``heads`` keeps the JSON of
    each seat's message, per language, for the ``current`` it was built from, and
    ``descriptions`` the JSON of each seat's position in words (built only when a reader asks)."""

    def __init__(self, current: Current) -> None:
        self.current = current
        self.lock = threading.Lock()
        self.heads: dict[tuple[int | None, str], tuple[Current, str]] = {}
        self.descriptions: dict[tuple[int | None, str], tuple[Current, str]] = {}


def _newer(a: Meta, b: Meta) -> bool:
    return (a.seq, a.updated_at) >= (b.seq, b.updated_at)


class LiveCache:
    """The live games of this process, at most ``size``, least recently used first out."""

    def __init__(self, size: int = CACHE_GAMES) -> None:
        self.size = size
        self._lives: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, *, touch: bool = False) -> Live | None:
        with self._lock:
            live = self._lives.get(game_id)
            if live is not None and touch:
                self._lives.move_to_end(game_id)
            return live

    def install(self, current: Current) -> Live:
        """Keep ``current`` unless memory already holds a newer version of the game."""
        game_id = current.meta.id
        with self._lock:
            live = self._lives.get(game_id)
            if live is None:
                live = Live(current)
                self._lives[game_id] = live
            elif _newer(current.meta, live.current.meta):
                live.current = current
            self._lives.move_to_end(game_id)
            while len(self._lives) > self.size:
                self._lives.popitem(last=False)
            return live

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._lives.pop(game_id, None)
