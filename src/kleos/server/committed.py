"""The committed games: what every part of the store shares (database, settings, the games kept
in memory, the clocks' time source) and the one way to read a game as committed, from memory when
memory is current, else from its row, latest snapshot and log.

The store's parts (:mod:`~kleos.server.seating`, :mod:`~kleos.server.playing`,
:mod:`~kleos.server.reading`) and :mod:`~kleos.server.endings` all read and refresh games here.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy.orm import Session

from kleos.core.kit import GameKit
from kleos.server import rows
from kleos.server.config import Settings
from kleos.server.db import Database, GameRow
from kleos.server.games import AnyGame, GameBook, stored_kit
from kleos.server.live import Current, Live, LiveCache, Loaded, Meta


class CommittedGames:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.cache = LiveCache()
        self.book = GameBook()
        self.now: Callable[[], float] = time.time  # the clocks' time source (tests inject their own)
        self.on_end: Callable[[str, int], None] | None = None  # told of each game ended by resign or time

    def game_for(self, name: str, options_json: str) -> AnyGame:
        return self.book.game(name, options_json)

    def kit_game(self, meta: Meta | GameRow) -> tuple[GameKit, AnyGame]:
        """The kit and game of a stored game (its name and options)."""
        game = self.game_for(meta.game, meta.options)
        return stored_kit(meta.game), game

    def peek(self, game_id: str, at_least: int | None = None) -> Live | None:
        """The game from memory when memory is known to be current: always on SQLite (the only
        writer); elsewhere only when this process has just committed (or read) event ``at_least``
        of the game itself, so that no database round trip is needed to push its own change."""
        if self.db.is_sqlite:
            return self.cache.get(game_id, touch=True)
        if at_least is None:
            return None
        live = self.cache.get(game_id, touch=True)
        return live if live is not None and live.current.meta.seq >= at_least else None

    def committed(self, game_id: str) -> Live:
        """The game as committed (meta and state of one position together): from memory, checked
        against its row unless this process is the only writer; rebuilt from the database when it
        is not in memory or behind."""
        live = self.peek(game_id)
        if live is not None:
            return live
        live = self.cache.get(game_id)
        if live is not None and self.db.version(game_id) == (live.current.meta.seq, live.current.meta.updated_at):
            return live  # one light query, outside any transaction, when memory is current
        with self.db.read() as s:
            row = rows.get_row(s, game_id)
            current = self._current_from_db(s, row, None if live is None else live.current.loaded)
        return self.cache.install(current)

    def refresh(self, game_id: str, loaded: Loaded | None = None) -> Live:
        """Read ``game_id``'s row again after a write (``loaded``: its state, if known)."""
        live = self.cache.get(game_id)
        if loaded is None and live is not None:
            loaded = live.current.loaded
        with self.db.read() as s:
            current = self._current_from_db(s, rows.get_row(s, game_id), loaded)
        return self.cache.install(current)

    def forget(self, game_id: str) -> None:
        self.cache.forget(game_id)

    def load(self, s: Session, row: GameRow) -> Loaded:
        """The game at ``row.seq``: from memory, else latest snapshot + the log after it."""
        live = self.cache.get(row.id)
        if live is not None and live.current.loaded.seq == row.seq:
            return live.current.loaded
        kit, game = self.kit_game(row)
        return rows.load(s, row, kit, game)

    def _current_from_db(self, s: Session, row: GameRow, loaded: Loaded | None) -> Current:
        meta = rows.meta_of(s, row)
        if loaded is None or loaded.seq != row.seq:
            kit, game = self.kit_game(row)
            loaded = rows.load(s, row, kit, game)
        return Current(meta, loaded)
