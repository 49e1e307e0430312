"""Request bodies, validated by pydantic in strict mode: unknown fields, wrong types (no coercion:
``"10"`` is not a number, ``7.9`` not an integer, ``[["k", "v"]]`` not an object) and sizes are 400
errors."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kleos.core.clock import ClockError, TimeControl
from kleos.server.errors import ApiError

SeatSpec = Annotated[str, Field(min_length=1, max_length=64)]
"""One seat of a new game: ``me``, ``person`` or an agent spec."""
SeatChoice = int | Literal["random"]
MAX_SEATS = 32


MAX_RECORD_ACTIONS = 20_000  # a game has a few hundred steps


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ClockIn(BaseModel):
    """An optional clock for a new game: ``{"kind": "live", "minutes": 10, "increment": 5}`` (a bank
    of minutes per seat, seconds added per decision) or ``{"kind": "async", "days": 3}`` (days per
    move; fractions allowed, at least one minute)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["live", "async"]
    minutes: float | None = Field(default=None, allow_inf_nan=False)  # the ranges: 422 from the clock itself
    increment: float | None = Field(default=None, allow_inf_nan=False)
    days: float | None = Field(default=None, allow_inf_nan=False)

    def control(self) -> TimeControl:
        """The time control asked for (422 ``bad_clock`` saying what is wrong)."""
        try:
            if self.kind == "live":
                if self.minutes is None or self.days is not None:
                    raise ClockError("a live clock takes minutes (and an increment in seconds), not days")
                return TimeControl("live", base=self.minutes * 60, increment=self.increment or 0.0)
            if self.days is None or self.minutes is not None or self.increment is not None:
                raise ClockError("an async clock takes days per move, not minutes or an increment")
            return TimeControl("async", per_move=self.days * 86_400)
        except ClockError as exc:
            raise ApiError(422, "bad_clock", f"clock: {exc}", field="clock") from exc


class CreateGame(Strict):
    """A new game. ``game``/``options``/``seat``/``seats`` is the form for every game; ``edition``,
    ``rules``, ``side`` and ``opponent`` are the two-seat form of Kleos 0.1, still accepted (they
    become options ``edition``/``rules``, the seat named ``side``, and ``opponent`` in every other
    seat)."""

    game: str | None = Field(default=None, min_length=1, max_length=32)
    options: dict[str, Any] | None = None
    seat: SeatChoice | None = None
    seats: list[SeatSpec] | None = Field(default=None, min_length=1, max_length=MAX_SEATS)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    edition: str | None = Field(default=None, min_length=1, max_length=32)
    rules: dict[str, Any] | None = None
    side: str | None = Field(default=None, min_length=1, max_length=32)
    opponent: str | None = Field(default=None, min_length=1, max_length=64)
    open: bool = False  # listed in the open-games lobby for any signed-in player to join (needs a session)
    clock: ClockIn | None = None  # a time control (kleos.core.clock): live minutes+increment, or async days
    handicap: int | None = Field(default=None, ge=0, le=1000)  # the game's bot handicap for its bot seats


class JoinGame(Strict):
    invite: str = Field(min_length=8, max_length=64)


class AccountIn(Strict):
    """A display name (letters, digits, spaces, ``.``, ``'``, ``-``, ``_``; compared without regard to
    case) and a password."""

    name: str = Field(min_length=2, max_length=32, pattern=r"^\w(?:[\w .'-]*\w)?$")
    password: str = Field(min_length=8, max_length=256)


class MyGames(Strict):
    tokens: list[str] = Field(max_length=200)


class ActionIn(Strict):
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)
    since: int | None = Field(default=None, ge=0)  # answer with the log steps after event ``since`` only


class UndoIn(Strict):
    seq: int = Field(ge=0)
    since: int | None = Field(default=None, ge=0)


class ImportGame(Strict):
    """A record to play on: the importer's seat and the others' as for :class:`CreateGame`."""

    record: dict[str, Any]
    seat: SeatChoice | None = None
    seats: list[SeatSpec] | None = Field(default=None, min_length=1, max_length=MAX_SEATS)
    side: str | None = Field(default=None, min_length=1, max_length=32)
    opponent: str | None = Field(default=None, min_length=1, max_length=64)


class RecordIn(BaseModel):
    """A game record as :class:`kleos.core.record.GameRecord` writes it, checked before the store
    reads it: scalars are strict (a seed of ``7.9`` or ``"7"`` is refused, never rounded); the
    pairs of ``actions`` arrive as JSON arrays, so the model itself is not strict."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(min_length=1, max_length=32)
    options: dict[StrictStr, Any] = Field(default_factory=dict)
    seed: StrictInt = Field(ge=0, lt=2**63)
    actions: list[tuple[StrictInt, StrictStr]] = Field(default_factory=list, max_length=MAX_RECORD_ACTIONS)


class Hello(Strict):
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=128)
    since: int | None = Field(default=None, ge=0)  # incremental logs: the client holds the log of event ``since``
    describe: bool = True  # state messages carry the position in words (``description``)


class ClientMessage(Strict):
    """A WebSocket message after the hello. ``id`` is echoed in the answer."""

    type: Literal["action", "undo", "sync", "ping", "language", "describe"]
    seq: int | None = Field(default=None, ge=0)
    on: bool | None = None  # ``describe``: whether state messages carry the position in words from now on
    action: str | None = Field(default=None, min_length=1, max_length=200)
    language: str | None = Field(default=None, min_length=2, max_length=16)
    id: str | int | None = None
