"""Game clocks for any number of seats, simultaneous decisions included: pure bookkeeping, no I/O.

Two kinds of time control, as the big game sites have them:

* ``live``: each seat has a bank of time (``base``) that runs while the seat must decide, plus an
  increment added after each of its decisions (Fischer). A seat whose bank reaches zero loses on
  time.
* ``async`` (correspondence): each decision must be made within ``per_move`` seconds of the moment
  the seat was asked (typically days). A seat that lets its deadline pass loses on time.

Several seats may be asked at once (a simultaneous secret choice): each one's clock runs until that
seat has decided. Time comes from the caller (``now`` in seconds, e.g. ``time.time()``), so the clock
is deterministic and testable; the server stores :meth:`Clock.to_json` with the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from kleos.core.protocol import Outcome

Kind = Literal["live", "async"]

_LIVE = re.compile(r"^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$")  # minutes+seconds, e.g. 10+5
_ASYNC = re.compile(r"^(\d+(?:\.\d+)?)([dh])$")  # days or hours per move, e.g. 3d
MAX_SECONDS = 60 * 24 * 3600.0  # sixty days: no control is longer


class ClockError(ValueError):
    """A time control that cannot be used (the message says which part and why)."""


@dataclass(frozen=True)
class TimeControl:
    """``live``: ``base`` seconds per seat plus ``increment`` per decision; ``async``: ``per_move``."""

    kind: Kind
    base: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0

    def __post_init__(self) -> None:
        if self.kind == "live":
            if not 0 < self.base <= MAX_SECONDS or not 0 <= self.increment <= 3600:
                raise ClockError("a live clock needs 0 < base <= 60 days and 0 <= increment <= 1 hour")
        elif self.kind == "async":
            if not 60 <= self.per_move <= MAX_SECONDS:
                raise ClockError("an async time limit must be between one minute and 60 days per move")
        else:
            raise ClockError(f"unknown clock kind {self.kind!r} (live or async)")

    @staticmethod
    def parse(text: str) -> TimeControl:
        """``10+5`` (live: 10 minutes, 5 seconds more per decision) or ``3d`` / ``12h`` (async)."""
        text = text.strip().lower()
        live = _LIVE.match(text)
        if live:
            return TimeControl("live", base=float(live[1]) * 60, increment=float(live[2]))
        slow = _ASYNC.match(text)
        if slow:
            unit = 86400 if slow[2] == "d" else 3600
            return TimeControl("async", per_move=float(slow[1]) * unit)
        raise ClockError(f"time control {text!r}: write minutes+seconds for a live game (10+5) "
                         "or days/hours per move for an async one (3d, 12h)")

    def text(self) -> str:
        if self.kind == "live":
            return f"{self.base / 60:g}+{self.increment:g}"
        days = self.per_move / 86400
        return f"{days:g}d" if days == int(days) else f"{self.per_move / 3600:g}h"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "base": self.base, "increment": self.increment, "per_move": self.per_move}

    @staticmethod
    def from_json(data: dict[str, Any]) -> TimeControl:
        return TimeControl(data["kind"], float(data["base"]), float(data["increment"]), float(data["per_move"]))


@dataclass
class Clock:
    """The clocks of one game: time left per seat (live) and when each asked seat was asked."""

    control: TimeControl
    remaining: list[float]
    asked: dict[int, float] = field(default_factory=dict)  # seat -> when its clock started

    @staticmethod
    def start(control: TimeControl, seats: int) -> Clock:
        bank = control.base if control.kind == "live" else control.per_move
        return Clock(control, [bank] * seats)

    def ask(self, seats: tuple[int, ...], now: float) -> None:
        """The seats that must decide now; a seat already asked keeps running from when it was asked."""
        self.asked = {seat: self.asked.get(seat, now) for seat in seats}

    def decided(self, seat: int, now: float) -> None:
        """``seat`` made its decision at ``now``: charge the time it took and stop its clock."""
        since = self.asked.pop(seat, None)
        if since is None:
            return
        if self.control.kind == "live":
            self.remaining[seat] = max(0.0, self.remaining[seat] - (now - since)) + self.control.increment

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (live: its bank; async: until its move deadline)."""
        since = self.asked.get(seat)
        if self.control.kind == "live":
            spent = 0.0 if since is None else now - since
            return max(0.0, self.remaining[seat] - spent)
        if since is None:
            return self.control.per_move
        return max(0.0, self.control.per_move - (now - since))

    def deadline(self, seat: int) -> float | None:
        """When ``seat`` runs out of time if it does not decide (``None`` if it is not asked)."""
        since = self.asked.get(seat)
        if since is None:
            return None
        budget = self.remaining[seat] if self.control.kind == "live" else self.control.per_move
        return since + budget

    def flagged(self, now: float) -> list[int]:
        """The asked seats whose time is up at ``now``, in seat order."""
        return sorted(seat for seat in self.asked if self.left(seat, now) <= 0.0)

    def to_json(self) -> dict[str, Any]:
        return {"control": self.control.to_json(), "remaining": list(self.remaining),
                "asked": {str(seat): since for seat, since in self.asked.items()}}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Clock:
        return Clock(TimeControl.from_json(data["control"]), [float(v) for v in data["remaining"]],
                     {int(seat): float(since) for seat, since in data["asked"].items()})


def forfeit_outcome(seats: int, losers: set[int], reason: str) -> Outcome:
    """How a game ends when ``losers`` resign or run out of time (the rules never reach their end).

    The seats still in share the result: one left wins; several left share the victory (``winner``
    ``None``); scores are 1 for the seats still in and 0 for the losers, so ratings rank the losers
    last and the others tied.
    """
    if not losers or not losers <= set(range(seats)):
        raise ValueError(f"losers must be some of the seats 0..{seats - 1}, not {sorted(losers)}")
    still_in = [seat for seat in range(seats) if seat not in losers]
    winner = still_in[0] if len(still_in) == 1 else None
    return Outcome(reason, winner, tuple(0 if seat in losers else 1 for seat in range(seats)))
