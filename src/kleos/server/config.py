"""Server settings: one frozen value built by ``kleos serve`` (or by tests) and shared by every part."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

DEFAULT_DATABASE = "sqlite:///kleos.db"
DEFAULT_GAME_VARIABLE = "KLEOS_DEFAULT_GAME"


def default_bot_workers() -> int:
    """One worker process per core but one, which is left to the web process."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Settings:
    """How one server process runs.

    ``rate_capacity`` actions may be sent at once per seat token, refilled at ``rate_per_second``
    (a token bucket). ``snapshot_every``: a state snapshot is stored each time the action log of a
    game grows past another multiple of this many steps. ``allow_client_seed`` lets a client choose
    the seed of a new game (tests and benchmarks only: whoever knows the seed knows every future
    die and card). ``default_game``: the game of requests that name none (the lobby of Kleos 0.1
    and its clients); ``None``: the one installed game that claims unnamed games, if any.

    Limits per client (its seat token, else its IP address; see :mod:`kleos.server.ratelimit`):
    ``request_limit`` on every HTTP request and WebSocket handshake (the ``limits`` notation,
    items separated by ``;``), ``games_per_hour`` games created (rematches included),
    ``imports_per_hour`` records imported, ``sockets_per_client`` open WebSockets and, per game,
    ``sockets_per_game``. ``header_timeout``: seconds for a request's headers to arrive;
    ``keep_alive_timeout``: seconds an idle HTTP connection stays open. ``trusted_proxies``: the
    addresses (comma-separated, ``*`` for any) whose ``X-Forwarded-For`` names the client;
    ``None``: the header is ignored.

    Bots (:mod:`kleos.server.bots`): ``bot_max_budget`` is the most model calls per decision an
    agent spec may ask for (a higher one is refused at creation, and played at the cap in games
    stored before); ``bot_decision_seconds`` is the wall-clock deadline of one decision, counted
    from when its game is queued (past it, the bot plays a random legal action).

    Workers and operations (:mod:`kleos.server.pool`, :mod:`kleos.server.queue`,
    :mod:`kleos.server.metrics`): ``bot_workers`` worker processes search for the bots and hints of
    this web process (without Redis, its local pool; with Redis, workers it starts on this machine
    beside any ``kleos worker``; 0 with Redis: only the ``kleos worker`` processes). ``bot_in_flight``:
    decisions one web process may wait for at once through Redis. ``log_json``: one JSON line per log
    event.

    Post-game analyses (:mod:`kleos.server.analyses`): ``analysis_budget`` model calls per search
    (never above ``bot_max_budget``), ``analysis_seconds`` the deadline of one whole analysis.
    """

    database_url: str = DEFAULT_DATABASE
    redis_url: str | None = None
    public_url: str | None = None
    snapshot_every: int = 20
    rate_capacity: float = 30.0
    rate_per_second: float = 10.0
    bot_max_budget: int = 4000
    bot_decision_seconds: float = 30.0
    allow_client_seed: bool = False
    hello_timeout: float = 15.0
    default_game: str | None = None
    request_limit: str = "100/second;3000/minute"
    games_per_hour: int = 100
    imports_per_hour: int = 30
    sockets_per_game: int = 32
    sockets_per_client: int = 64
    header_timeout: float = 10.0
    keep_alive_timeout: float = 5.0
    trusted_proxies: str | None = None
    # workers and operations
    bot_workers: int = field(default_factory=default_bot_workers)
    bot_in_flight: int = 32
    log_json: bool = False
    # post-game analyses
    analysis_budget: int = 300
    analysis_seconds: float = 900.0
