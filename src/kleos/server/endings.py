"""How a game ends when its rules do not end it: a seat resigns, or runs out of time on its clock.

A game may be created with a clock (:mod:`kleos.core.clock`): ``live`` (a bank of minutes per
seat plus an increment per decision) or ``async`` (days per move, the correspondence habit). The
clock is stored as JSON in the game's row, with ``deadline``, the moment its first asked seat
runs out of time (indexed, so that the periodic sweep finds the games whose time is up with one
cheap query). It starts once every seat is taken, so an open game waiting for a stranger loses
nobody time; each accepted action charges the acting seat and asks the seats to act next.

The rule for every seat count, resign and time alike (:func:`kleos.core.clock.forfeit_outcome`):
the game ends at once; the seats that resigned or ran out of time lose (score 0), the seats still
in share the win (score 1; with one seat left it is the winner). So with two seats the other
wins; with a bot at the table a person resigning ends the game too. The outcome is written to the
game's row like a normal end, with ``reason`` (``"resigned"`` or ``"time"``), ``seat`` (the seat
that resigned or ran out of time first) and ``losers``, so my-games lists, replays and ratings
read it as they read any end. An abandoned asynchronous game ends the same way: its absent
seat's time runs out, found by the next read, the sweep, or the other player's claim.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from kleos.core.clock import Clock, TimeControl, forfeit_outcome
from kleos.core.kit import seat_label
from kleos.i18n.platform import N_, _
from kleos.server import rows
from kleos.server.committed import CommittedGames
from kleos.server.db import GameRow
from kleos.server.errors import ApiError
from kleos.server.live import ACTIVE, BOT, FINISHED, Current, Live, Meta

RESIGNED, TIME = "resigned", "time"
NOBODY_TO_ACT: dict[str, Any] = {"to_act": [], "your_turn": False, "legal": [], "undoable": False}
SWEEP_BATCH = 100  # games ended per sweep at most: the sweep stays short; the next one takes the rest
Now = Callable[[], float]


# ----- the clock column -------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def parse(text: str) -> Clock:
    """A stored clock (kept parsed: the same text is read on every message of the game). Never
    mutate the result: copy it with :func:`fresh`."""
    return Clock.from_json(json.loads(text))


def fresh(text: str) -> Clock:
    return Clock.from_json(json.loads(text))


def deadline_of(clock: Clock) -> float | None:
    """When the first asked seat runs out of time (``None``: no clock runs)."""
    found = [d for d in (clock.deadline(seat) for seat in clock.asked) if d is not None]
    return min(found) if found else None


def stored(clock: Clock) -> dict[str, Any]:
    """The row's clock columns for ``clock``."""
    return {"clock": json.dumps(clock.to_json()), "deadline": deadline_of(clock)}


def all_joined(seats: Iterable[Any]) -> bool:
    """Every seat is a bot or held by someone (seat rows or :class:`~kleos.server.live.SeatInfo`)."""
    return all(seat.kind == BOT or seat.token_hash is not None for seat in seats)


def start_if_full(s: Session, row: GameRow, now: float) -> None:
    """Start the clock of ``row`` once its last seat is taken: the seats to act are asked now."""
    if row.clock is None or row.status != ACTIVE:
        return
    clock = fresh(row.clock)
    if clock.asked or not all_joined(rows.seat_rows(s, row.id)):
        return
    clock.ask(rows.decode_seats(row.actors), now)
    for key, value in stored(clock).items():
        setattr(row, key, value)


def new_clock(s: Session, row: GameRow, control: TimeControl, now: float) -> None:
    """Give a new game its clock (running at once when no seat waits for a player)."""
    seats = len(rows.seat_rows(s, row.id))
    row.clock = json.dumps(Clock.start(control, seats).to_json())
    start_if_full(s, row, now)


def after_action(meta: Meta, seat: int, values: dict[str, Any], now: float) -> None:
    """Add to a change's row ``values`` the clock after ``seat``'s decision: its time charged, the
    seats to act next asked (a game that ended stops every clock)."""
    if meta.clock is None or not all_joined(meta.seats):
        return
    clock = fresh(meta.clock)
    clock.decided(seat, now)
    clock.ask(rows.decode_seats(values["actors"]) if values["status"] == ACTIVE else (), now)
    values.update(stored(clock))


def clock_view(meta: Meta, now: float) -> dict[str, Any] | None:
    """The clock as a message shows it: per seat the seconds left now and whether it runs."""
    if meta.clock is None:
        return None
    clock = parse(meta.clock)
    running = meta.status == ACTIVE
    return {"kind": clock.control.kind, "control": clock.control.text(), "started": bool(clock.asked) or not running,
            "seats": [{"seat": seat, "left": round(clock.left(seat, now), 3),
                       "running": running and seat in clock.asked} for seat in range(len(clock.remaining))]}


def due(meta: Meta, now: float) -> bool:
    """A running game whose clock says some seat is out of time (pure arithmetic: no I/O)."""
    if meta.clock is None or meta.status != ACTIVE:
        return False
    deadline = deadline_of(parse(meta.clock))
    return deadline is not None and deadline <= now


# ----- outcomes ---------------------------------------------------------------------------------
def forfeit(seats: int, losers: Sequence[int], reason: str) -> str:
    """The outcome JSON of a game ended by ``losers`` (see the module's rule)."""
    outcome = forfeit_outcome(seats, set(losers), reason).to_json()
    return json.dumps({**outcome, "seat": min(losers), "losers": sorted(losers)})


def is_forfeit(outcome: dict[str, Any] | None) -> bool:
    return outcome is not None and outcome.get("reason") in (RESIGNED, TIME) and "losers" in outcome


def and_list(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C", in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def forfeit_text(names: Sequence[str], outcome: dict[str, Any]) -> str:
    """The end in words, in the reader's language: "A resigned: B wins." / "A ran out of time: B
    and C share the win." (``names``: the seats' names in that language too)."""
    losers = and_list([seat_label(names, seat) for seat in outcome["losers"]])
    winners = [seat_label(names, seat) for seat, score in enumerate(outcome["scores"]) if score > 0]
    if not winners:
        result = _("nobody wins")
    elif len(winners) == 1:
        result = _("{side} wins", side=winners[0])
    else:
        result = _("{sides} share the win", sides=and_list(winners))
    if outcome["reason"] == RESIGNED:
        return _("{losers} resigned: {result}.", losers=losers, result=result)
    return _("{losers} ran out of time: {result}.", losers=losers, result=result)


def patch_head(head: dict[str, Any], meta: Meta, names: Sequence[str]) -> dict[str, Any]:
    """A message of a game that ended by resignation or time: the stored outcome, nobody to act."""
    if meta.status != FINISHED or meta.outcome is None or head.get("outcome") is not None:
        return head
    outcome = json.loads(meta.outcome)
    if not is_forfeit(outcome):
        return head
    head.update(outcome=outcome, outcome_text=forfeit_text(names, outcome))
    head.update({key: value for key, value in NOBODY_TO_ACT.items() if key in head})
    return head


# ----- ending a game ----------------------------------------------------------------------------
def end(store: CommittedGames, game_id: str, reason: str, seat: int | None = None) -> int | None:
    """End ``game_id``: ``seat`` resigns (``reason`` ``resigned``), or the seats whose time is up
    lose (``time``). Under the game's lock, in one transaction on its locked row; the row's
    ``seq`` moves on by one (no event), so that an action computed on the game as it was cannot
    commit after the end. Returns the new ``seq``, or ``None`` when nothing ended (already over,
    or nobody's time is up)."""
    with store.committed(game_id).lock:
        now = store.now()
        with store.db.write() as s:
            row = rows.locked_row(s, game_id)
            if row.status != ACTIVE:
                if reason == RESIGNED:
                    raise ApiError(409, "game_over", N_("the game is already over"))
                return None
            seats = len(rows.seat_rows(s, game_id))
            clock = None if row.clock is None else fresh(row.clock)
            if reason == RESIGNED:
                assert seat is not None
                losers = [seat]
            else:
                losers = [] if clock is None else clock.flagged(now)
                if not losers:
                    return None
            if clock is not None:
                for asked in list(clock.asked):
                    clock.decided(asked, now)
                row.clock = json.dumps(clock.to_json())
            row.deadline = None
            row.status, row.to_act, row.actors = FINISHED, None, ""
            row.outcome = forfeit(seats, losers, reason)
            row.seq += 1
            row.updated_at = max(row.updated_at, time.time())
            seq = row.seq
        live = store.cache.get(game_id)
        loaded = None if live is None else live.current.loaded
        store.refresh(game_id, replace(loaded, seq=seq) if loaded is not None and loaded.seq == seq - 1 else None)
    if store.on_end is not None:
        store.on_end(game_id, seq)
    return seq


def settle(store: CommittedGames, live: Live) -> Current:
    """The game as it stands now: ended first when a seat's time is up (a read or an action finds
    it before the sweep does)."""
    current = live.current
    if due(current.meta, store.now()):
        end(store, current.meta.id, TIME)
        return store.committed(current.meta.id).current
    return current


def due_games(store: CommittedGames, now: float, limit: int = SWEEP_BATCH) -> list[str]:
    """The running games whose first deadline has passed, earliest first (one indexed query)."""
    with store.db.read() as s:
        found = s.scalars(select(GameRow.id).where(GameRow.status == ACTIVE, GameRow.deadline <= now)
                          .order_by(GameRow.deadline).limit(limit)).all()
    return list(found)


def sweep(store: CommittedGames, limit: int = SWEEP_BATCH) -> list[str]:
    """End the games whose time is up, at most ``limit`` per call (the next call takes the rest,
    so a sweep stays short): the games ended."""
    ended = []
    for game_id in due_games(store, store.now(), limit):
        try:
            if end(store, game_id, TIME) is not None:
                ended.append(game_id)
        except ApiError:
            continue  # a game whose kit is gone: left as it is
    return ended


def claim(store: CommittedGames, game_id: str, seat: int) -> int:
    """``seat`` claims the win because another seat let its time run out (the sweep may not have
    come by yet): the game ends on time, as the sweep would end it. 409 ``not_yet`` while every
    other seat still has time; 409 ``game_over`` if the game ended otherwise."""
    meta = store.committed(game_id).current.meta
    if meta.clock is None:
        raise ApiError(409, "no_clock", N_("this game has no clock: there is no time limit to claim"))
    seq = end(store, game_id, TIME)
    meta = store.committed(game_id).current.meta
    if seq is None and meta.status == ACTIVE:
        clock = parse(meta.clock) if meta.clock else None
        left = [] if clock is None else [clock.left(x, store.now()) for x in clock.asked if x != seat]
        if left:
            raise ApiError(409, "not_yet",
                           N_("no other seat has run out of time yet (at least {seconds} seconds more)"),
                           params={"seconds": f"{min(left):.0f}"})
        raise ApiError(409, "not_yet", N_("no other seat has run out of time yet"))
    outcome = json.loads(meta.outcome) if meta.outcome else None
    if not is_forfeit(outcome) or outcome is None or outcome["reason"] != TIME:
        raise ApiError(409, "game_over", N_("the game is already over"))
    if seat in outcome["losers"]:
        raise ApiError(409, "game_over", N_("your own time ran out first"))
    return meta.seq
