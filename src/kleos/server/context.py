"""The request context: what every router reads from the application (settings, database, store,
hub, bots, limiter, thinkers, metrics), built once at start-up by :mod:`kleos.server.app` and
reached through :data:`kleos.server.deps.Ctx`. Its own module, so that the routers import it
without importing the composition root that imports them."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from kleos import i18n
from kleos.core import registry
from kleos.server.bots import BotWorker
from kleos.server.config import Settings
from kleos.server.db import Database
from kleos.server.games import catalog_entry, kit_of, tables_for
from kleos.server.hub import Hub
from kleos.server.metrics import Metrics
from kleos.server.pool import Thinkers
from kleos.server.ratelimit import Limiter
from kleos.server.store import GameStore
from kleos.web.ui import board_module_url

MAX_TABLES = 64  # drawing tables kept per process (one per game and options asked for)


@dataclass
class ServerContext:
    settings: Settings
    db: Database
    store: GameStore
    hub: Hub
    bots: BotWorker
    limiter: Limiter
    thinkers: Thinkers
    metrics: Metrics
    _catalog: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _tables: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def catalog(self) -> list[dict[str, Any]]:
        """Every installed game as the lobby shows it, built once per language (games are found at
        start; titles and option help are words)."""
        language = i18n.current()
        found = self._catalog.get(language)
        if found is None:
            found = [catalog_entry(kit, board_module_url(name)) for name, kit in registry.games().items()]
            self._catalog[language] = found
        return found

    def catalog_by_name(self) -> dict[str, dict[str, Any]]:
        return {entry["name"]: entry for entry in self.catalog()}

    def tables(self, game: str, options: str | None) -> dict[str, Any]:
        key = (game, options or "", i18n.current())
        with self._lock:
            found = self._tables.get(key)
        if found is None:
            found = tables_for(kit_of(game), options)
            with self._lock:
                if len(self._tables) >= MAX_TABLES:
                    self._tables.clear()
                self._tables[key] = found
        return found
