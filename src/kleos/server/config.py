"""Server settings: one frozen value built by ``kleos serve`` (or by tests) and shared by every part."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_DATABASE = "sqlite:///kleos.db"
DEFAULT_GAME_VARIABLE = "KLEOS_DEFAULT_GAME"


@dataclass(frozen=True)
class Settings:
    """How one server process runs.

    ``rate_capacity`` actions may be sent at once per seat token, refilled at ``rate_per_second``
    (a token bucket). ``snapshot_every``: a state snapshot is stored each time the action log of a
    game grows past another multiple of this many steps. ``allow_client_seed`` lets a client choose
    the seed of a new game (tests and benchmarks only: whoever knows the seed knows every future
    die and card). ``default_game``: the game of requests that name none (the lobby of Kleos 0.1
    and its clients); ``None``: the one installed game that claims unnamed games, if any.
    """

    database_url: str = DEFAULT_DATABASE
    redis_url: str | None = None
    public_url: str | None = None
    snapshot_every: int = 20
    rate_capacity: float = 30.0
    rate_per_second: float = 10.0
    bot_workers: int = 2
    allow_client_seed: bool = False
    hello_timeout: float = 15.0
    default_game: str | None = None
