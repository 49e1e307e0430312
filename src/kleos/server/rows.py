"""Database access of the store: games read from their rows (the newest snapshot plus the log after
it) and the rows a change writes (events, the game row's new values, snapshots).

Functions here take an open SQLAlchemy session (or, for :class:`GameWrite`, a connection) and the
game's kit and game object; they keep nothing between calls.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from kleos import i18n
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.params import S, V
from kleos.core.protocol import CHANCE, Game
from kleos.server.accounts import seat_names
from kleos.server.db import EventRow, GameRow, SeatRow, SnapshotRow
from kleos.server.errors import not_found
from kleos.server.live import ACTIVE, FINISHED, Loaded, Meta, SeatInfo
from kleos.server.messages import (
    LogEntry,
    Readers,
    Teller,
    Views,
    decode_readers,
    encode_readers,
    narrator_views,
    tell_entry,
)

AnyGame = Game[Any, Any]
NewEntry = tuple[int, Action, Views, Readers]  # seat, action, the narrator's views, readers
MAX_CHANCE_STEPS = 1000  # chance events in a row after one action (a game has a few)


def encode_seats(seats: Sequence[int]) -> str:
    """Seats as stored in ``games.actors``: separated by commas (``""``: none)."""
    return ",".join(str(seat) for seat in seats)


def decode_seats(text: str | None) -> tuple[int, ...]:
    return tuple(int(part) for part in (text or "").split(",") if part)


def locked_row(s: Session, game_id: str) -> GameRow:
    row = s.scalars(select(GameRow).where(GameRow.id == game_id).with_for_update()).first()
    if row is None:
        raise not_found(game_id)
    return row


def get_row(s: Session, game_id: str) -> GameRow:
    row = s.get(GameRow, game_id)
    if row is None:
        raise not_found(game_id)
    return row


def seat_rows(s: Session, game_id: str) -> list[SeatRow]:
    return list(s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)).all())


def meta_of(s: Session, row: GameRow) -> Meta:
    """The row with its seats, and per seat of this game its invite into the rematch (a seat moves
    one place on in a rematch: seat ``k`` here is seat ``k + 1`` there)."""
    seats = seat_rows(s, row.id)
    names = seat_names(s, [row.id])
    count = len(seats)
    invites: list[str | None] = [None] * count
    if row.rematch_id is not None:
        for other in seat_rows(s, row.rematch_id):
            if count:
                invites[(other.seat - 1) % count] = other.invite
    return Meta(row.id, row.game, row.options, row.seed, row.seq, row.steps, row.status, decode_seats(row.actors),
                row.outcome, row.rematch_of, row.rematch_id, row.imported, row.created_at, row.updated_at,
                tuple(SeatInfo(x.seat, x.kind, x.agent, x.token_hash, x.invite, names.get((row.id, x.seat)))
                      for x in seats), tuple(invites), row.clock)


def teller(kit: GameKit, game: AnyGame, seed: int, position: str | None = None) -> Teller:
    """The game's :class:`~kleos.server.messages.Teller`, replaying from the seed's state, or from
    ``position`` (a set position's snapshot at step 0, as JSON)."""
    if position is None:
        return Teller(kit, game, lambda: game.new_state(seed))
    return Teller(kit, game, lambda: game.state_from_json(json.loads(position)))


def start_position(s: Session, row: GameRow) -> str | None:
    """The snapshot a game started from, if it started from a set position rather than its seed."""
    return s.scalars(select(SnapshotRow.state).where(SnapshotRow.game_id == row.id, SnapshotRow.steps == 0)
                     .limit(1)).first()


def load(s: Session, row: GameRow, kit: GameKit, game: AnyGame) -> Loaded:
    """The game at ``row.seq``: the newest snapshot, then the log after it (its lines are told
    when read; an old row's words are kept as they were stored). Events and snapshots after
    ``row.seq`` are left out: on PostgreSQL each statement of a read sees what other processes
    committed since the row was read, and a position must be the row's, not a later one."""
    events = s.scalars(select(EventRow).where(EventRow.game_id == row.id, EventRow.seq <= row.seq)
                       .order_by(EventRow.seq)).all()
    actions: list[tuple[int, Action]] = []
    log: list[LogEntry] = []
    for ev in events:
        if ev.kind == "undo":
            actions.pop()
            log.pop()
        else:
            action = Action.parse(ev.action)
            actions.append((ev.seat, action))
            log.append(LogEntry(ev.seq, ev.seat, str(action), decode_readers(ev.readers), ev.text))
    state = rebuild(s, row, game, actions, len(actions))
    return Loaded(row.seq, state, tuple(actions), tuple(log), teller(kit, game, row.seed, start_position(s, row)))


def rebuild(s: Session, row: GameRow, game: Game[S, V], actions: Sequence[tuple[int, Action]], steps: int) -> S:
    """The state after the first ``steps`` actions: nearest snapshot at or before, then the log."""
    snap = s.scalars(select(SnapshotRow)
                     .where(SnapshotRow.game_id == row.id, SnapshotRow.steps <= steps, SnapshotRow.seq <= row.seq)
                     .order_by(SnapshotRow.steps.desc(), SnapshotRow.seq.desc()).limit(1)).first()
    if snap is not None:
        state = game.state_from_json(json.loads(snap.state))
        start = snap.steps
    else:
        state = game.new_state(row.seed)
        start = 0
    for seat, action in actions[start:steps]:
        game.apply_in_place(state, action, seat, validate=False)
    return state


def status_values(game: Game[S, V], state: S) -> dict[str, Any]:
    """The game row's status columns for ``state``: who acts now, or how it ended."""
    if game.is_terminal(state):
        outcome = game.outcome(state)
        return {"status": FINISHED, "to_act": None, "actors": "",
                "outcome": json.dumps(outcome.to_json()) if outcome is not None else None}
    actors = [seat for seat in game.actors(state) if seat != CHANCE]
    return {"status": ACTIVE, "to_act": actors[0] if actors else None, "actors": encode_seats(actors),
            "outcome": None}


def visibility(kit: GameKit, game: Game[S, V], before: S, seat: int, action: Action, after: S) -> Readers:
    """Who may read the log line of ``action`` (the kit decides; ``None``: everybody)."""
    return kit.log_visibility(game, before, seat, action, after)


def step(kit: GameKit, game: Game[S, V], state: S, seat: int, action: Action, *, validate: bool = True) -> NewEntry:
    """Apply ``action`` of ``seat`` to ``state`` in place and return its log entry: the views that
    tell it (:func:`~kleos.server.messages.narrator_views`, kept only until its lines are told in
    the languages being read), its readers from the kit. An illegal action raises
    :class:`~kleos.core.errors.IllegalAction` and changes nothing."""
    before = game.copy(state)
    game.apply_in_place(state, action, seat, validate=validate)
    views = narrator_views(kit, game, before, seat, action, state)
    return seat, action, views, visibility(kit, game, before, seat, action, state)


def resolve_chance(kit: GameKit, game: Game[S, V], state: S) -> list[NewEntry]:
    """Chance events from the state's generator until a seat is to act (or the game is over)."""
    entries: list[NewEntry] = []
    for _ in range(MAX_CHANCE_STEPS):
        if not game.is_chance(state):
            return entries
        entries.append(step(kit, game, state, CHANCE, game.sample_chance(state), validate=False))
    raise RuntimeError("chance did not stop")


@dataclass
class GameWrite:
    """The rows of one change: committed only while the game's row is still at ``expected_seq``."""

    game_id: str
    expected_seq: int
    row: dict[str, Any]
    events: list[dict[str, Any]]
    snapshot: dict[str, Any] | None

    def __call__(self, connection: Connection) -> bool:
        if connection.dialect.name == "postgresql":
            return self.result(connection.exec_driver_sql(*self.statement()).first())
        done = connection.execute(update(GameRow).where(GameRow.id == self.game_id, GameRow.seq == self.expected_seq)
                                  .values(**self.row))
        if done.rowcount != 1:
            return False
        if self.events:
            connection.execute(insert(EventRow), self.events)
        if self.snapshot is not None:
            connection.execute(insert(SnapshotRow), [self.snapshot])
        return True

    def statement(self) -> tuple[str, dict[str, Any]]:
        """The whole change as one PostgreSQL statement (data-modifying ``WITH``, the driver's
        ``%(name)s`` parameters): the events and snapshot are inserted only if the conditional
        ``UPDATE`` matched; it returns how many rows that ``UPDATE`` matched. One statement is one
        round trip, and the database's writer sends many of them in one pipeline
        (:class:`kleos.server.db.OneStatement`)."""
        params: dict[str, Any] = {"id": self.game_id, "expected": self.expected_seq}
        sets = []
        for key, value in self.row.items():
            params[f"r_{key}"] = value
            sets.append(f"{key} = %(r_{key})s")
        parts = [f"g AS (UPDATE games SET {', '.join(sets)} WHERE id = %(id)s AND seq = %(expected)s RETURNING id)"]
        if self.events:
            rows_sql = []
            for i, event in enumerate(self.events):
                for key in ("seq", "kind", "seat", "action", "text", "readers", "created_at"):
                    params[f"e{i}_{key}"] = event[key]
                rows_sql.append(f"(CAST(%(e{i}_seq)s AS INTEGER), CAST(%(e{i}_kind)s AS VARCHAR), "
                                f"CAST(%(e{i}_seat)s AS INTEGER), CAST(%(e{i}_action)s AS TEXT), "
                                f"CAST(%(e{i}_text)s AS TEXT), CAST(%(e{i}_readers)s AS VARCHAR), "
                                f"CAST(%(e{i}_created_at)s AS DOUBLE PRECISION))")
            parts.append("e AS (INSERT INTO events (game_id, seq, kind, seat, action, text, readers, created_at) "
                         "SELECT g.id, v.seq, v.kind, v.seat, v.action, v.text, v.readers, v.created_at FROM g "
                         f"CROSS JOIN (VALUES {', '.join(rows_sql)}) AS v(seq, kind, seat, action, text, readers, "
                         "created_at))")
        if self.snapshot is not None:
            params.update(s_seq=self.snapshot["seq"], s_steps=self.snapshot["steps"], s_state=self.snapshot["state"])
            parts.append("s AS (INSERT INTO snapshots (game_id, seq, steps, state) SELECT g.id, "
                         "CAST(%(s_seq)s AS INTEGER), CAST(%(s_steps)s AS INTEGER), CAST(%(s_state)s AS TEXT) FROM g)")
        return f"WITH {', '.join(parts)} SELECT count(*) FROM g", params

    def result(self, row: Any) -> bool:
        """Committed: the conditional ``UPDATE`` matched the game's row (``row`` is ``(count,)``)."""
        return row is not None and row[0] == 1

    def apply(self, s: Session, row: GameRow) -> None:
        """The same rows through the ORM, in a session that holds ``row`` locked."""
        s.add_all(EventRow(**event) for event in self.events)
        if self.snapshot is not None:
            s.add(SnapshotRow(**self.snapshot))
        for key, value in self.row.items():
            setattr(row, key, value)


def plan(kit: GameKit, game: Game[S, V], game_id: str, seq: int, steps: int, base: Loaded, state: S,
         entries: Sequence[NewEntry], *, snapshot_every: int, snapshot: bool = False) -> tuple[Loaded, GameWrite]:
    """The rows that log ``entries`` (already applied to ``state``) after event ``seq``: the
    events, the game row's new values and, every ``snapshot_every`` steps and at the end, a
    snapshot of the state (the only place the full state is serialized)."""
    now = time.time()
    languages = reading(base.log)
    new = tuple(LogEntry(seq + i, seat, str(action), readers)
                for i, (seat, action, _, readers) in enumerate(entries, start=1))
    for entry, (_, action, views, _) in zip(new, entries, strict=True):
        first = not base.log and entry is new[0]
        for language in languages:
            tell_entry(kit, game, entry, action, views, language, first)
    log = base.log + new
    actions = base.actions + tuple((seat, action) for seat, action, _, _ in entries)
    events = [{"game_id": game_id, "seq": e.seq, "kind": "action", "seat": e.seat, "action": e.action,
               "text": "", "readers": encode_readers(e.readers), "created_at": now} for e in new]
    new_seq = seq + len(entries)
    every = max(1, snapshot_every)
    snap: dict[str, Any] | None = None
    if snapshot or len(actions) // every > steps // every or (game.is_terminal(state) and entries):
        snap = {"game_id": game_id, "seq": new_seq, "steps": len(actions),
                "state": json.dumps(game.state_to_json(state))}
    row = {"seq": new_seq, "steps": len(actions), "updated_at": now, **status_values(game, state)}
    return Loaded(new_seq, state, actions, log, base.teller), GameWrite(game_id, seq, row, events, snap)


def reading(log: Sequence[LogEntry]) -> tuple[str, ...]:
    """The languages a new step's lines are told in at once: those the log is being read in (its
    last entry's), and the reader's; any other is told when first read (a replay)."""
    languages = dict.fromkeys(log[-1].languages() if log else ())
    languages[i18n.current()] = None
    return tuple(languages)
