"""Games in the database: create, join, act, undo, rematch, replay, export and import.

The live games are kept in memory (:class:`Live`: the game row, its seats, the state and the
log), so that reading a game costs no database work and a message is built once per seat and
change. The database stays the source of truth: an action is checked against the game's ``seq``
and applied in memory (``Game.apply_in_place`` validates it), the chance events that follow are
drawn from the state's own generator, and the new events are written in one short transaction
that commits only if the game's row is still at that ``seq`` (``UPDATE … WHERE seq = :seq``);
only after the commit does memory move on and the caller answer. On SQLite those transactions
go through one writer thread that commits the writes of many games at once
(:meth:`Database.commit`). A process that is not the only one writing (PostgreSQL) checks the
game's row on every read and rebuilds from the latest snapshot plus the log whenever the
database is ahead; on SQLite the serving process is the only writer and trusts its memory.

This module is synchronous (SQLAlchemy sessions); the web layer calls it from worker threads.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from kleos.agents.registry import AgentSpecError, make_agent, parse_spec
from kleos.core.action import Action, MalformedAction
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.rng import Rng
from kleos.core.undo import UNDO_RULE, undo_blocker
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import SIDE_NAMES
from kleos.games.polis.view import PolisView
from kleos.server.config import Settings
from kleos.server.db import Database, EventRow, GameRow, SeatRow, SnapshotRow
from kleos.server.errors import ApiError, not_found, stale
from kleos.server.messages import (
    GAME_NAME,
    LogEntry,
    OptionsError,
    chance_visibility,
    dumps,
    edition_json,
    hand_sizes,
    log_text,
    make_game,
    replay_message,
    seat_head,
    with_log,
)

PERSON = "person"
BOT = "bot"
ACTIVE = "active"
FINISHED = "finished"
CACHE_GAMES = 2000
MAX_CHANCE_STEPS = 1000  # chance events in a row after one action (a game has a few)


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def parse_action(text: str) -> Action:
    try:
        return Action.parse(text)
    except MalformedAction as exc:
        raise ApiError(400, "malformed", f"not an action in the notation: {exc}") from exc


def check_opponent(opponent: str, game: PolisGame) -> str | None:
    """``None`` for a person, else the normalized agent spec (400 if unknown)."""
    if opponent == PERSON:
        return None
    try:
        parse_spec(opponent)
        make_agent(opponent, game)
    except AgentSpecError as exc:
        raise ApiError(400, "bad_opponent", f"{exc}; or 'person'") from exc
    return opponent


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The bot's generator for its decision at log step ``step``: the seat's
    :func:`~kleos.agents.base.agent_rng` root, split by step so that any process, before or after
    a restart, makes the same decision in the same position."""
    from kleos.agents.base import agent_rng

    root = agent_rng(seed, seat).getrandbits(64)
    return random.Random(f"{root}:{step}")


@dataclass(frozen=True)
class Loaded:
    """A game at event ``seq``: its state, effective action log and displayable log. Shared
    between threads: never mutate (copy the state first)."""

    seq: int
    state: PolisState
    actions: tuple[tuple[int, Action], ...]
    log: tuple[LogEntry, ...]


@dataclass(frozen=True)
class Change:
    """A committed change: the game, the seat that made it, its new ``seq``, whether a bot is to act."""

    game_id: str
    seat: int
    seq: int
    bot_to_act: bool


@dataclass(frozen=True)
class Seated:
    """A person given a seat: the token is shown once and stored only hashed."""

    game_id: str
    seat: int
    token: str
    seq: int
    invite: str | None
    bot_to_act: bool


@dataclass(frozen=True)
class BotJob:
    """What a bot may know: its seat's view and legal actions, never the state."""

    game_id: str
    seq: int
    seat: int
    agent: str
    options_json: str
    view: PolisView
    legal: list[Action]
    rng_seed: int
    step: int


NewEntry = tuple[int, Action, str, int | None]  # seat, action, text, visible_to


@dataclass(frozen=True)
class SeatInfo:
    """A seat row as kept in memory."""

    seat: int
    kind: str
    agent: str | None
    token_hash: str | None
    invite: str | None


@dataclass(frozen=True)
class Meta:
    """A game row as kept in memory, with its seats and, per seat, its invite into the rematch."""

    id: str
    game: str
    options: str
    seed: int
    seq: int
    steps: int
    status: str
    to_act: int | None
    outcome: str | None
    rematch_of: str | None
    rematch_id: str | None
    imported: bool
    created_at: float
    updated_at: float
    seats: tuple[SeatInfo, ...]
    rematch_invites: tuple[str | None, str | None]


@dataclass(frozen=True)
class Current:
    """A game as committed: its row and its state and log (never mutated: replaced whole)."""

    meta: Meta
    loaded: Loaded


class Live:
    """A game kept in memory. ``current`` is replaced (one reference, read without locks) after
    each commit; ``lock`` orders this process's writes to the game; ``heads`` keeps the JSON of
    each seat's message for the ``current`` it was built from."""

    def __init__(self, current: Current) -> None:
        self.current = current
        self.lock = threading.Lock()
        self.heads: dict[int | None, tuple[Current, str]] = {}


@dataclass
class GameWrite:
    """The rows of one change: committed only while the game's row is still at ``expected_seq``."""

    game_id: str
    expected_seq: int
    row: dict[str, Any]
    events: list[dict[str, Any]]
    snapshot: dict[str, Any] | None

    def __call__(self, connection: Connection) -> bool:
        done = connection.execute(update(GameRow).where(GameRow.id == self.game_id, GameRow.seq == self.expected_seq)
                                  .values(**self.row))
        if done.rowcount != 1:
            return False
        if self.events:
            connection.execute(insert(EventRow), self.events)
        if self.snapshot is not None:
            connection.execute(insert(SnapshotRow), [self.snapshot])
        return True


def _newer(a: Meta, b: Meta) -> bool:
    return (a.seq, a.updated_at) >= (b.seq, b.updated_at)


class GameStore:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self._lives: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._games: dict[str, PolisGame] = {}

    # ----- games and cache ----------------------------------------------------------------------
    def game_for(self, options_json: str) -> PolisGame:
        with self._lock:
            game = self._games.get(options_json)
        if game is None:
            game = make_game(json.loads(options_json))
            with self._lock:
                self._games[options_json] = game
        return game

    def peek(self, game_id: str) -> Live | None:
        """The game from memory when memory is known to be current (the only writer: SQLite)."""
        if not self.db.is_sqlite:
            return None
        with self._lock:
            live = self._lives.get(game_id)
            if live is not None:
                self._lives.move_to_end(game_id)
            return live

    def _live(self, game_id: str) -> Live:
        """The game as committed: from memory, checked against its row unless this process is
        the only writer; rebuilt from the database when it is not in memory or behind."""
        live = self.peek(game_id)
        if live is not None:
            return live
        with self._lock:
            live = self._lives.get(game_id)
        with self.db.read() as s:
            row = self._get(s, game_id)
            if live is not None and (live.current.meta.seq, live.current.meta.updated_at) == (row.seq, row.updated_at):
                return live
            current = self._current_from_db(s, row, None if live is None else live.current.loaded)
        return self._install(current)

    def _install(self, current: Current) -> Live:
        game_id = current.meta.id
        with self._lock:
            live = self._lives.get(game_id)
            if live is None:
                live = Live(current)
                self._lives[game_id] = live
            elif _newer(current.meta, live.current.meta):
                live.current = current
            self._lives.move_to_end(game_id)
            while len(self._lives) > CACHE_GAMES:
                self._lives.popitem(last=False)
            return live

    def _refresh(self, game_id: str, loaded: Loaded | None = None) -> Live:
        """Read ``game_id``'s row again after a write (``loaded``: its state, if known)."""
        with self._lock:
            live = self._lives.get(game_id)
        if loaded is None and live is not None:
            loaded = live.current.loaded
        with self.db.read() as s:
            current = self._current_from_db(s, self._get(s, game_id), loaded)
        return self._install(current)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._lives.pop(game_id, None)

    def _current_from_db(self, s: Session, row: GameRow, loaded: Loaded | None) -> Current:
        seats = self._seats(s, row.id)
        invites: list[str | None] = [None, None]
        if row.rematch_id is not None:
            for other in self._seats(s, row.rematch_id):
                if other.seat in (0, 1):
                    invites[1 - other.seat] = other.invite  # sides are swapped in a rematch
        meta = Meta(row.id, row.game, row.options, row.seed, row.seq, row.steps, row.status, row.to_act, row.outcome,
                    row.rematch_of, row.rematch_id, row.imported, row.created_at, row.updated_at,
                    tuple(SeatInfo(x.seat, x.kind, x.agent, x.token_hash, x.invite) for x in seats),
                    (invites[0], invites[1]))
        if loaded is None or loaded.seq != row.seq:
            loaded = self._load_db(s, row)
        return Current(meta, loaded)

    def _load(self, s: Session, row: GameRow) -> Loaded:
        """The game at ``row.seq``: from memory, else latest snapshot + the log after it."""
        with self._lock:
            live = self._lives.get(row.id)
        if live is not None and live.current.loaded.seq == row.seq:
            return live.current.loaded
        return self._load_db(s, row)

    def _load_db(self, s: Session, row: GameRow) -> Loaded:
        events = s.scalars(select(EventRow).where(EventRow.game_id == row.id).order_by(EventRow.seq)).all()
        actions: list[tuple[int, Action]] = []
        log: list[LogEntry] = []
        for ev in events:
            if ev.kind == "undo":
                actions.pop()
                log.pop()
            else:
                actions.append((ev.seat, Action.parse(ev.action)))
                log.append(LogEntry(ev.seq, ev.seat, ev.action, ev.text, ev.visible_to))
        state = self._rebuild(s, row, actions, len(actions))
        return Loaded(row.seq, state, tuple(actions), tuple(log))

    def _rebuild(self, s: Session, row: GameRow, actions: Sequence[tuple[int, Action]], steps: int) -> PolisState:
        """The state after the first ``steps`` actions: nearest snapshot at or before, then the log."""
        game = self.game_for(row.options)
        snap = s.scalars(select(SnapshotRow)
                         .where(SnapshotRow.game_id == row.id, SnapshotRow.steps <= steps)
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

    # ----- transactions helpers -----------------------------------------------------------------
    @staticmethod
    def _locked(s: Session, game_id: str) -> GameRow:
        row = s.scalars(select(GameRow).where(GameRow.id == game_id).with_for_update()).first()
        if row is None:
            raise not_found(game_id)
        return row

    @staticmethod
    def _get(s: Session, game_id: str) -> GameRow:
        row = s.get(GameRow, game_id)
        if row is None:
            raise not_found(game_id)
        return row

    @staticmethod
    def _seats(s: Session, game_id: str) -> list[SeatRow]:
        return list(s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)).all())

    @staticmethod
    def seat_of(seats: Iterable[SeatRow | SeatInfo], token: str | None, game_id: str) -> int:
        if not token:
            raise ApiError(401, "no_token", "this needs a seat token (Authorization: Bearer <token>)")
        digest = token_hash(token)
        for seat in seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(403, "not_your_game", f"this token holds no seat in game '{game_id}'")

    @staticmethod
    def _bot_to_act(row: GameRow | Meta, seats: Iterable[SeatRow | SeatInfo]) -> bool:
        return row.status == ACTIVE and any(x.seat == row.to_act and x.kind == BOT for x in seats)

    @staticmethod
    def _resolve_chance(game: PolisGame, state: PolisState) -> list[NewEntry]:
        """Chance events from the state's generator until a seat is to act (or the game is over)."""
        entries: list[NewEntry] = []
        for _ in range(MAX_CHANCE_STEPS):
            if not game.is_chance(state):
                return entries
            outcome = game.sample_chance(state)
            text = log_text(game, state, CHANCE, outcome)
            before = hand_sizes(state)
            game.apply_in_place(state, outcome, CHANCE, validate=False)
            entries.append((CHANCE, outcome, text, chance_visibility(outcome, before, state)))
        raise RuntimeError("chance did not stop")

    def _plan(self, game_id: str, options: str, seq: int, steps: int, base: Loaded, state: PolisState,
              entries: Sequence[NewEntry], *, snapshot: bool = False) -> tuple[Loaded, GameWrite]:
        """The rows that log ``entries`` (already applied to ``state``) after event ``seq``: the
        events, the game row's new values and, every ``snapshot_every`` steps and at the end, a
        snapshot of the state (the only place the full state is serialized)."""
        game = self.game_for(options)
        now = time.time()
        log = base.log + tuple(LogEntry(seq + i, seat, str(action), text, visible)
                               for i, (seat, action, text, visible) in enumerate(entries, start=1))
        actions = base.actions + tuple((seat, action) for seat, action, _, _ in entries)
        events = [{"game_id": game_id, "seq": e.seq, "kind": "action", "seat": e.seat, "action": e.action,
                   "text": e.text, "visible_to": e.visible_to, "created_at": now} for e in log[len(base.log):]]
        new_seq = seq + len(entries)
        every = max(1, self.settings.snapshot_every)
        snap: dict[str, Any] | None = None
        if snapshot or len(actions) // every > steps // every or (game.is_terminal(state) and entries):
            snap = {"game_id": game_id, "seq": new_seq, "steps": len(actions),
                    "state": json.dumps(game.state_to_json(state))}
        row = {"seq": new_seq, "steps": len(actions), "updated_at": now, **self._status(game, state)}
        return Loaded(new_seq, state, actions, log), GameWrite(game_id, seq, row, events, snap)

    def _append(self, s: Session, row: GameRow, base: Loaded, state: PolisState,
                entries: Sequence[NewEntry], *, snapshot: bool = False) -> Loaded:
        """Log ``entries`` (already applied to ``state``) and update the game row and snapshots (ORM)."""
        loaded, write = self._plan(row.id, row.options, row.seq, row.steps, base, state, entries, snapshot=snapshot)
        s.add_all(EventRow(**event) for event in write.events)
        if write.snapshot is not None:
            s.add(SnapshotRow(**write.snapshot))
        for key, value in write.row.items():
            setattr(row, key, value)
        return loaded

    @staticmethod
    def _status(game: PolisGame, state: PolisState) -> dict[str, Any]:
        if game.is_terminal(state):
            outcome = game.outcome(state)
            return {"status": FINISHED, "to_act": None,
                    "outcome": json.dumps(outcome.to_json()) if outcome is not None else None}
        return {"status": ACTIVE, "to_act": game.current_seat(state), "outcome": None}

    def _set_status(self, row: GameRow, game: PolisGame, state: PolisState) -> None:
        for key, value in self._status(game, state).items():
            setattr(row, key, value)

    def _insert_game(self, s: Session, options: dict[str, Any], seat: int, opponent: str | None, *,
                     seed: int | None, rematch_of: str | None = None,
                     position: PolisState | None = None) -> tuple[GameRow, Loaded, str, str | None]:
        """A new game row with its seats and opening chance events; the creator's token and the
        invite of the other seat (``None`` when a bot sits there). A ``position`` (tests) replaces
        the opening set-up; its generator is reseeded from the game's seed."""
        game = make_game(options)
        options_json = json.dumps(options, sort_keys=True)
        game_id = secrets.token_urlsafe(9)
        token = new_token()
        invite = None if opponent is not None else secrets.token_urlsafe(16)
        now = time.time()
        row = GameRow(id=game_id, game=GAME_NAME, options=options_json,
                      seed=secrets.randbits(63) if seed is None else seed, seq=0, steps=0, status=ACTIVE,
                      to_act=None, outcome=None, rematch_of=rematch_of, rematch_id=None, imported=False,
                      created_at=now, updated_at=now)
        s.add(row)
        s.flush()
        s.add(SeatRow(game_id=game_id, seat=seat, kind=PERSON, agent=None, token_hash=token_hash(token),
                      invite=None, joined_at=now))
        s.add(SeatRow(game_id=game_id, seat=1 - seat, kind=BOT if opponent is not None else PERSON,
                      agent=opponent, token_hash=None, invite=invite, joined_at=now if opponent else None))
        state = game.new_state(row.seed)
        if position is not None:
            state = game.copy(position)
            game.rng(state).state = Rng.from_seed(row.seed).state
            s.add(SnapshotRow(game_id=game_id, seq=0, steps=0, state=json.dumps(game.state_to_json(state))))
        entries = self._resolve_chance(game, state)
        loaded = self._append(s, row, Loaded(0, state, (), ()), state, entries)
        return row, loaded, token, invite

    # ----- lobby --------------------------------------------------------------------------------
    def create(self, options: dict[str, Any], seat: int, opponent: str, seed: int | None = None, *,
               position: PolisState | None = None) -> Seated:
        try:
            game = make_game(options)
        except OptionsError as exc:
            raise ApiError(400, "bad_options", str(exc)) from exc
        agent = check_opponent(opponent, game)
        with self.db.write() as s:
            row, loaded, token, invite = self._insert_game(s, options, seat, agent, seed=seed, position=position)
            bot = agent is not None and row.to_act == 1 - seat and row.status == ACTIVE
        self._refresh(row.id, loaded)
        return Seated(row.id, seat, token, loaded.seq, invite, bot)

    def join(self, invite: str) -> Seated:
        token = new_token()
        with self.db.write() as s:
            seat = s.scalars(select(SeatRow).where(SeatRow.invite == invite).with_for_update()).first()
            if seat is None:
                raise ApiError(404, "bad_invite", "unknown invite, or it was already used")
            row = self._locked(s, seat.game_id)
            seat.token_hash = token_hash(token)
            seat.invite = None
            seat.joined_at = row.updated_at = time.time()
            old_id = row.rematch_of
            if old_id is not None:  # the old game's messages show this invite: they change too
                old = s.scalars(select(GameRow).where(GameRow.id == old_id).with_for_update()).first()
                if old is not None:
                    old.updated_at = max(old.updated_at, time.time())
            seated = Seated(row.id, seat.seat, token, row.seq, None, False)
        self._refresh(seated.game_id)
        if old_id is not None:
            self._refresh(old_id)
        return seated

    def my_games(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        hashes = {token_hash(t): i for i, t in enumerate(tokens)}
        out: list[dict[str, Any]] = []
        with self.db.read() as s:
            mine = s.scalars(select(SeatRow).where(SeatRow.token_hash.in_(list(hashes)))).all()
            for seat in sorted(mine, key=lambda x: hashes[x.token_hash or ""]):
                row = self._get(s, seat.game_id)
                others = [x for x in self._seats(s, row.id) if x.seat != seat.seat]
                out.append({
                    "token_index": hashes[seat.token_hash or ""],
                    "game_id": row.id, "seat": seat.seat, "side": SIDE_NAMES[seat.seat],
                    "status": row.status, "seq": row.seq, "steps": row.steps, "to_act": row.to_act,
                    "your_turn": row.status == ACTIVE and row.to_act == seat.seat,
                    "opponent": _player(others[0]) if others else None,
                    "outcome": json.loads(row.outcome) if row.outcome else None,
                    "options": json.loads(row.options),
                    "created_at": row.created_at, "updated_at": row.updated_at,
                })
        out.sort(key=lambda g: (not g["your_turn"], g["status"] != ACTIVE, -g["updated_at"]))
        return out

    # ----- reading -----------------------------------------------------------------------------
    @staticmethod
    def _meta_json(meta: Meta, seat: int | None) -> dict[str, Any]:
        rematch: dict[str, Any] | None = None
        if meta.rematch_id is not None:
            rematch = {"game_id": meta.rematch_id}
            if seat is not None and meta.rematch_invites[seat] is not None:
                rematch["invite"] = meta.rematch_invites[seat]
        return {
            "game_id": meta.id,
            "game": meta.game,
            "seq": meta.seq,
            "status": meta.status,
            "options": json.loads(meta.options),
            "players": [_player(x) for x in meta.seats],
            "rematch": rematch,
            "rematch_of": meta.rematch_of,
            "imported": meta.imported,
            "created_at": meta.created_at,
            "updated_at": meta.updated_at,
        }

    def message_text(self, game_id: str, token: str | None, since: int | None = None) -> str:
        """The game as ``token``'s seat sees it (a spectator without a token), as JSON text;
        ``since``: only the log steps a client holding the log of event ``since`` lacks."""
        live = self._live(game_id)
        seat = None if token is None else self.seat_of(live.current.meta.seats, token, game_id)
        return self._text(live, seat, since)

    def seat_text(self, game_id: str, seat: int | None, since: int | None = None) -> str:
        """The same for a seat already authenticated (a WebSocket connection)."""
        return self._text(self._live(game_id), seat, since)

    def try_message_text(self, game_id: str, token: str | None, since: int | None = None) -> str | None:
        """:meth:`message_text` if it needs no database work (the game is in memory), else ``None``."""
        live = self.peek(game_id)
        if live is None:
            return None
        seat = None if token is None else self.seat_of(live.current.meta.seats, token, game_id)
        return self._text(live, seat, since)

    def seat_state(self, game_id: str, seat: int | None, since: int | None = None) -> tuple[int, str]:
        """:meth:`seat_text` with the ``seq`` it shows."""
        live = self._live(game_id)
        current = live.current
        return current.meta.seq, self._text(live, seat, since, current)

    def try_seat_text(self, game_id: str, seat: int | None, since: int | None = None) -> str | None:
        live = self.peek(game_id)
        return None if live is None else self._text(live, seat, since)

    def try_seat_state(self, game_id: str, seat: int | None, since: int | None = None) -> tuple[int, str] | None:
        live = self.peek(game_id)
        if live is None:
            return None
        current = live.current
        return current.meta.seq, self._text(live, seat, since, current)

    def message(self, game_id: str, token: str | None) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.message_text(game_id, token))
        return result

    def message_for_seat(self, game_id: str, seat: int | None) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.seat_text(game_id, seat))
        return result

    def seq_of(self, game_id: str) -> int:
        return self._live(game_id).current.meta.seq

    def current(self, game_id: str) -> Loaded:
        """The game as the server holds it, hidden parts included (server-side use and tests only)."""
        return self._live(game_id).current.loaded

    def authenticate(self, game_id: str, token: str | None) -> int | None:
        live = self._live(game_id)
        return None if token is None else self.seat_of(live.current.meta.seats, token, game_id)

    def _text(self, live: Live, seat: int | None, since: int | None, current: Current | None = None) -> str:
        current = live.current if current is None else current
        kept = live.heads.get(seat)
        if kept is not None and kept[0] is current:
            head = kept[1]
        else:
            head = dumps(self._head(current, seat))
            live.heads[seat] = (current, head)
        return with_log(head, current.loaded.log, seat, since)

    def _head(self, current: Current, seat: int | None) -> dict[str, Any]:
        meta, loaded = current.meta, current.loaded
        game = self.game_for(meta.options)
        undo_ok = (seat is not None and meta.status == ACTIVE
                   and undo_blocker(GameRecord(meta.game, {}, 0, list(loaded.actions)), seat) is None)
        return seat_head(game, loaded.state, len(loaded.log), seat, meta=self._meta_json(meta, seat),
                         undo_allowed=undo_ok)

    def edition(self, edition: str) -> dict[str, Any]:
        try:
            return edition_json(self.game_for(json.dumps({"edition": edition}, sort_keys=True)))
        except OptionsError as exc:
            raise ApiError(404, "not_found", str(exc)) from exc

    @staticmethod
    def _record(row: GameRow, actions: Iterable[tuple[int, Action]]) -> GameRecord:
        return GameRecord(row.game, json.loads(row.options), row.seed, list(actions))

    # ----- playing -----------------------------------------------------------------------------
    def act(self, game_id: str, token: str | None, seq: int, text: str) -> Change:
        action = parse_action(text)
        return self._act(game_id, seq, action, token=token)

    def act_as_bot(self, game_id: str, seat: int, seq: int, action: Action) -> Change:
        return self._act(game_id, seq, action, bot_seat=seat)

    def _act(self, game_id: str, seq: int, action: Action, *, token: str | None = None,
             bot_seat: int | None = None) -> Change:
        """Check and apply in memory, write the new events in one short transaction that holds
        only if the game's row is still at ``seq``, and move memory on once it has committed."""
        live = self._live(game_id)
        with live.lock:
            if not self.db.is_sqlite:
                live = self._live(game_id)  # another process may have acted meanwhile
            current = live.current
            meta = current.meta
            if bot_seat is None:
                seat = self.seat_of(meta.seats, token, game_id)
            else:
                seat = bot_seat
                if not any(x.seat == seat and x.kind == BOT for x in meta.seats):
                    raise ApiError(403, "not_a_bot", f"seat {seat} is not played by the server")
            if seq != meta.seq:
                raise stale(meta.seq, seq)
            game = self.game_for(meta.options)
            state = game.copy(current.loaded.state)
            text = log_text(game, state, seat, action) if game.actors(state) == (seat,) else str(action)
            try:
                game.apply_in_place(state, action, seat)
            except IllegalAction as exc:
                raise ApiError(422, "illegal", exc.message, rule=exc.rule, seq=meta.seq) from exc
            entries: list[NewEntry] = [(seat, action, text, None), *self._resolve_chance(game, state)]
            loaded, write = self._plan(game_id, meta.options, meta.seq, meta.steps, current.loaded, state, entries)
            if not self.db.commit(write):
                self.forget(game_id)  # the database is ahead of this process: reload next time
                fresh = self._live(game_id).current.meta.seq
                raise stale(fresh, seq)
            row = write.row
            new_meta = replace(meta, seq=row["seq"], steps=row["steps"], updated_at=row["updated_at"],
                               status=row["status"], to_act=row["to_act"], outcome=row["outcome"])
            live.current = Current(new_meta, loaded)
            self._install(live.current)
        return Change(game_id, seat, loaded.seq, self._bot_to_act(new_meta, new_meta.seats))

    def undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self._live(game_id).lock:
            return self._undo(game_id, token, seq)

    def _undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self.db.write() as s:
            row = self._locked(s, game_id)
            seats = self._seats(s, game_id)
            seat = self.seat_of(seats, token, game_id)
            if seq != row.seq:
                raise stale(row.seq, seq)
            loaded = self._load(s, row)
            if row.status != ACTIVE:
                raise ApiError(422, "illegal", "cannot undo: the game is over", rule=UNDO_RULE, seq=row.seq)
            why = undo_blocker(self._record(row, loaded.actions), seat)
            if why is not None:
                raise ApiError(422, "illegal", f"cannot undo: {why}", rule=UNDO_RULE, seq=row.seq)
            _, last = loaded.actions[-1]
            steps = len(loaded.actions) - 1
            row.seq += 1
            s.add(EventRow(game_id=row.id, seq=row.seq, kind="undo", seat=seat, action=str(last),
                           text=f"{SIDE_NAMES[seat]} took back: {last}", visible_to=None, created_at=time.time()))
            s.execute(delete(SnapshotRow).where(SnapshotRow.game_id == row.id, SnapshotRow.steps > steps))
            state = self._rebuild(s, row, loaded.actions, steps)
            row.steps = steps
            row.updated_at = time.time()
            self._set_status(row, self.game_for(row.options), state)
            new = Loaded(row.seq, state, loaded.actions[:-1], loaded.log[:-1])
            change = Change(game_id, seat, row.seq, self._bot_to_act(row, seats))
        self._refresh(game_id, new)
        return change

    def rematch(self, game_id: str, token: str | None) -> Seated:
        """A new game with the same options and sides swapped. The first to ask creates it (the
        other person gets an invite, shown in their messages of this game); the second to ask takes
        the seat offered to them."""
        loaded: Loaded | None = None
        with self.db.write() as s:
            row = self._locked(s, game_id)
            seats = self._seats(s, game_id)
            seat = self.seat_of(seats, token, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "a rematch can be asked for once the game is over")
            now = time.time()
            if row.rematch_id is not None:
                offered = s.get(SeatRow, (row.rematch_id, 1 - seat))
                if offered is None or offered.invite is None:
                    raise ApiError(409, "rematch_taken",
                                   f"the rematch {row.rematch_id} exists and your seat there is taken")
                new_token_ = new_token()
                offered.token_hash = token_hash(new_token_)
                offered.invite = None
                offered.joined_at = now
                new_row = self._locked(s, row.rematch_id)
                new_row.updated_at = max(new_row.updated_at, now)
                result = Seated(new_row.id, 1 - seat, new_token_, new_row.seq, None, False)
            else:
                other = next(x for x in seats if x.seat != seat)
                opponent = other.agent if other.kind == BOT else None
                new_row, loaded, token_, invite = self._insert_game(s, json.loads(row.options), 1 - seat, opponent,
                                                                    seed=None, rematch_of=row.id)
                row.rematch_id = new_row.id
                bot = opponent is not None and new_row.to_act == seat and new_row.status == ACTIVE
                result = Seated(new_row.id, 1 - seat, token_, loaded.seq, invite, bot)
            row.updated_at = max(row.updated_at, now)  # its messages show the rematch: they change
        self._refresh(result.game_id, loaded)
        self._refresh(game_id)
        return result

    # ----- bots --------------------------------------------------------------------------------
    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make now in ``game_id``, or ``None``."""
        current = self._live(game_id).current
        row, loaded = current.meta, current.loaded
        if row.status != ACTIVE or row.to_act is None:
            return None
        bot = next((x for x in row.seats if x.seat == row.to_act), None)
        if bot is None or bot.kind != BOT or bot.agent is None:
            return None
        game = self.game_for(row.options)
        seat = row.to_act
        return BotJob(game_id, row.seq, seat, bot.agent, row.options, game.view(loaded.state, seat),
                      game.legal_actions(loaded.state, seat), row.seed, row.steps)

    def games_waiting_for_bots(self) -> list[str]:
        with self.db.read() as s:
            rows = s.execute(select(GameRow.id).join(SeatRow, SeatRow.game_id == GameRow.id)
                             .where(GameRow.status == ACTIVE, SeatRow.kind == BOT,
                                    SeatRow.seat == GameRow.to_act)).all()
            return [r[0] for r in rows]

    # ----- replays, export, import ------------------------------------------------------------
    def replay(self, game_id: str, step: int | None) -> dict[str, Any]:
        with self.db.read() as s:
            row = self._get(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "replays are for finished games; watch this one live instead")
            loaded = self._load(s, row)
            n = len(loaded.actions)
            k = n if step is None else step
            if not 0 <= k <= n:
                raise ApiError(400, "bad_step", f"step must be between 0 and {n}")
            state = loaded.state if k == n else self._rebuild(s, row, loaded.actions, k)
            meta = self._meta_json(self._current_from_db(s, row, loaded).meta, None)
            return replay_message(self.game_for(row.options), state, loaded.log, k, meta)

    def export(self, game_id: str) -> dict[str, Any]:
        with self.db.read() as s:
            row = self._get(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished",
                               "a game's record (which holds its seed) is exported once the game is over")
            if s.get(SnapshotRow, (game_id, 0)) is not None:
                raise ApiError(409, "no_record", "this game started from a set position, not from a seed")
            return self._record(row, self._load(s, row).actions).to_json()

    def import_record(self, data: dict[str, Any], seat: int, opponent: str) -> Seated:
        """A game rebuilt from a record (every action checked by the rules). The importer gets
        ``seat``; the other seat is a person (invite) or a bot. A record that ends before the
        game does can be played on from where it stops."""
        try:
            record = GameRecord.from_json(data)
        except MalformedAction as exc:
            raise ApiError(400, "malformed", f"a record action is not in the notation: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise ApiError(400, "bad_record", f"not a game record: {exc}") from exc
        if record.game != GAME_NAME:
            raise ApiError(400, "bad_record", f"this server plays '{GAME_NAME}', not '{record.game}'")
        if not 0 <= record.seed < 2**63:
            raise ApiError(400, "bad_record", "the seed must be between 0 and 2**63 - 1")
        try:
            game = make_game(record.options)
        except OptionsError as exc:
            raise ApiError(400, "bad_options", str(exc)) from exc
        agent = check_opponent(opponent, game)
        state = game.new_state(record.seed)
        entries: list[NewEntry] = []
        for index, (actor, action) in enumerate(record.actions, start=1):
            text = log_text(game, state, actor, action) if actor in game.actors(state) else str(action)
            before = hand_sizes(state)
            try:
                game.apply_in_place(state, action, actor)
            except IllegalAction as exc:
                raise ApiError(422, "illegal", f"step {index} ({actor}: {action}): {exc.message}",
                               rule=exc.rule, step=index) from exc
            visible = chance_visibility(action, before, state) if actor == CHANCE else None
            entries.append((actor, action, text, visible))
        entries.extend(self._resolve_chance(game, state))
        options = json.dumps(record.options, sort_keys=True)
        token = new_token()
        invite = None if agent is not None else secrets.token_urlsafe(16)
        now = time.time()
        with self.db.write() as s:
            row = GameRow(id=secrets.token_urlsafe(9), game=GAME_NAME, options=options, seed=record.seed, seq=0,
                          steps=0, status=ACTIVE, to_act=None, outcome=None, rematch_of=None, rematch_id=None,
                          imported=True, created_at=now, updated_at=now)
            s.add(row)
            s.flush()
            s.add(SeatRow(game_id=row.id, seat=seat, kind=PERSON, agent=None, token_hash=token_hash(token),
                          invite=None, joined_at=now))
            s.add(SeatRow(game_id=row.id, seat=1 - seat, kind=BOT if agent else PERSON, agent=agent,
                          token_hash=None, invite=invite, joined_at=now if agent else None))
            loaded = self._append(s, row, Loaded(0, state, (), ()), state, entries, snapshot=True)
            bot = agent is not None and row.to_act == 1 - seat and row.status == ACTIVE
            game_id = row.id
        self._refresh(game_id, loaded)
        return Seated(game_id, seat, token, loaded.seq, invite, bot)


def _player(seat: SeatRow | SeatInfo) -> dict[str, Any]:
    return {"seat": seat.seat, "side": SIDE_NAMES[seat.seat], "kind": seat.kind, "agent": seat.agent,
            "joined": seat.kind == BOT or seat.token_hash is not None}
