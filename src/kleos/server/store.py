"""Games in the database: create, join, act, undo, rematch, replay, export and import.

Every change runs in one write transaction that locks the game, checks the client's sequence
number, applies the action with the rules (``Game.apply_in_place`` validates it), resolves the
chance events that follow from the state's own generator, appends the new events to the log and
commits; only then does the caller answer. A process keeps the newest state of each game it has
seen in memory, keyed by ``seq``, and rebuilds it from the latest snapshot plus the log whenever
the database is ahead (another process acted, or the server restarted).

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
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
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
    action_text,
    chance_visibility,
    edition_json,
    hand_sizes,
    make_game,
    replay_message,
    seat_message,
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


class GameStore:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
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

    def _cached(self, game_id: str, seq: int) -> Loaded | None:
        with self._lock:
            loaded = self._cache.get(game_id)
            if loaded is not None and loaded.seq == seq:
                self._cache.move_to_end(game_id)
                return loaded
        return None

    def _remember(self, game_id: str, loaded: Loaded) -> None:
        with self._lock:
            old = self._cache.get(game_id)
            if old is None or old.seq <= loaded.seq:
                self._cache[game_id] = loaded
                self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_GAMES:
                self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    def _load(self, s: Session, row: GameRow) -> Loaded:
        """The game at ``row.seq``: from memory, else latest snapshot + the log after it."""
        cached = self._cached(row.id, row.seq)
        if cached is not None:
            return cached
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
        loaded = Loaded(row.seq, state, tuple(actions), tuple(log))
        self._remember(row.id, loaded)
        return loaded

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
    def seat_of(seats: Iterable[SeatRow], token: str | None, game_id: str) -> int:
        if not token:
            raise ApiError(401, "no_token", "this needs a seat token (Authorization: Bearer <token>)")
        digest = token_hash(token)
        for seat in seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(403, "not_your_game", f"this token holds no seat in game '{game_id}'")

    @staticmethod
    def _bot_to_act(row: GameRow, seats: Iterable[SeatRow]) -> bool:
        return row.status == ACTIVE and any(x.seat == row.to_act and x.kind == BOT for x in seats)

    @staticmethod
    def _resolve_chance(game: PolisGame, state: PolisState) -> list[NewEntry]:
        """Chance events from the state's generator until a seat is to act (or the game is over)."""
        entries: list[NewEntry] = []
        for _ in range(MAX_CHANCE_STEPS):
            if not game.is_chance(state):
                return entries
            outcome = game.sample_chance(state)
            text = action_text(game, state, CHANCE, outcome)
            before = hand_sizes(state)
            game.apply_in_place(state, outcome, CHANCE, validate=False)
            entries.append((CHANCE, outcome, text, chance_visibility(outcome, before, state)))
        raise RuntimeError("chance did not stop")

    def _append(self, s: Session, row: GameRow, base: Loaded, state: PolisState,
                entries: Sequence[NewEntry], *, snapshot: bool = False) -> Loaded:
        """Log ``entries`` (already applied to ``state``) and update the game row and snapshots."""
        game = self.game_for(row.options)
        now = time.time()
        actions = list(base.actions)
        log = list(base.log)
        seq = row.seq
        for seat, action, text, visible in entries:
            seq += 1
            s.add(EventRow(game_id=row.id, seq=seq, kind="action", seat=seat, action=str(action), text=text,
                           visible_to=visible, created_at=now))
            actions.append((seat, action))
            log.append(LogEntry(seq, seat, str(action), text, visible))
        every = max(1, self.settings.snapshot_every)
        if snapshot or len(actions) // every > row.steps // every or (game.is_terminal(state) and entries):
            s.add(SnapshotRow(game_id=row.id, seq=seq, steps=len(actions),
                              state=json.dumps(game.state_to_json(state))))
        row.seq = seq
        row.steps = len(actions)
        row.updated_at = now
        self._set_status(row, game, state)
        return Loaded(seq, state, tuple(actions), tuple(log))

    @staticmethod
    def _set_status(row: GameRow, game: PolisGame, state: PolisState) -> None:
        outcome = game.outcome(state)
        if game.is_terminal(state):
            row.status = FINISHED
            row.to_act = None
            row.outcome = json.dumps(outcome.to_json()) if outcome is not None else None
        else:
            row.status = ACTIVE
            row.to_act = game.current_seat(state)
            row.outcome = None

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
        self._remember(row.id, loaded)
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
            return Seated(row.id, seat.seat, token, row.seq, None, False)

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
    def _meta(self, s: Session, row: GameRow, seats: Sequence[SeatRow], seat: int | None) -> dict[str, Any]:
        rematch: dict[str, Any] | None = None
        if row.rematch_id is not None:
            rematch = {"game_id": row.rematch_id}
            if seat is not None:
                new_seat = s.get(SeatRow, (row.rematch_id, 1 - seat))
                if new_seat is not None and new_seat.invite is not None:
                    rematch["invite"] = new_seat.invite
        return {
            "game_id": row.id,
            "game": row.game,
            "seq": row.seq,
            "status": row.status,
            "options": json.loads(row.options),
            "players": [_player(x) for x in seats],
            "rematch": rematch,
            "rematch_of": row.rematch_of,
            "imported": row.imported,
            "created_at": row.created_at,
            "updated_at": row.updated_at,
        }

    def message(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The game as ``token``'s seat sees it (a spectator without a token)."""
        with self.db.read() as s:
            row = self._get(s, game_id)
            seats = self._seats(s, game_id)
            seat = None if token is None else self.seat_of(seats, token, game_id)
            return self._message(s, row, seats, seat)

    def message_for_seat(self, game_id: str, seat: int | None) -> dict[str, Any]:
        """The same for a seat already authenticated (a WebSocket connection)."""
        with self.db.read() as s:
            row = self._get(s, game_id)
            return self._message(s, row, self._seats(s, game_id), seat)

    def current(self, game_id: str) -> Loaded:
        """The game as the server holds it, hidden parts included (server-side use and tests only)."""
        with self.db.read() as s:
            return self._load(s, self._get(s, game_id))

    def authenticate(self, game_id: str, token: str | None) -> int | None:
        with self.db.read() as s:
            self._get(s, game_id)
            return None if token is None else self.seat_of(self._seats(s, game_id), token, game_id)

    def _message(self, s: Session, row: GameRow, seats: Sequence[SeatRow], seat: int | None) -> dict[str, Any]:
        loaded = self._load(s, row)
        game = self.game_for(row.options)
        undo_ok = (seat is not None and row.status == ACTIVE
                   and undo_blocker(self._record(row, loaded.actions), seat) is None)
        return seat_message(game, loaded.state, loaded.log, seat, meta=self._meta(s, row, seats, seat),
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
        with self.db.write() as s:
            row = self._locked(s, game_id)
            seats = self._seats(s, game_id)
            if bot_seat is None:
                seat = self.seat_of(seats, token, game_id)
            else:
                seat = bot_seat
                if not any(x.seat == seat and x.kind == BOT for x in seats):
                    raise ApiError(403, "not_a_bot", f"seat {seat} is not played by the server")
            if seq != row.seq:
                raise stale(row.seq, seq)
            loaded = self._load(s, row)
            game = self.game_for(row.options)
            state = game.copy(loaded.state)
            text = action_text(game, state, seat, action) if game.actors(state) == (seat,) else str(action)
            try:
                game.apply_in_place(state, action, seat)
            except IllegalAction as exc:
                raise ApiError(422, "illegal", exc.message, rule=exc.rule, seq=row.seq) from exc
            entries: list[NewEntry] = [(seat, action, text, None), *self._resolve_chance(game, state)]
            new = self._append(s, row, loaded, state, entries)
            change = Change(game_id, seat, new.seq, self._bot_to_act(row, seats))
        self._remember(game_id, new)
        return change

    def undo(self, game_id: str, token: str | None, seq: int) -> Change:
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
        self._remember(game_id, new)
        return change

    def rematch(self, game_id: str, token: str | None) -> Seated:
        """A new game with the same options and sides swapped. The first to ask creates it (the
        other person gets an invite, shown in their messages of this game); the second to ask takes
        the seat offered to them."""
        with self.db.write() as s:
            row = self._locked(s, game_id)
            seats = self._seats(s, game_id)
            seat = self.seat_of(seats, token, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "a rematch can be asked for once the game is over")
            if row.rematch_id is not None:
                offered = s.get(SeatRow, (row.rematch_id, 1 - seat))
                if offered is None or offered.invite is None:
                    raise ApiError(409, "rematch_taken",
                                   f"the rematch {row.rematch_id} exists and your seat there is taken")
                new_token_ = new_token()
                offered.token_hash = token_hash(new_token_)
                offered.invite = None
                offered.joined_at = time.time()
                new_row = self._get(s, row.rematch_id)
                return Seated(new_row.id, 1 - seat, new_token_, new_row.seq, None, False)
            other = next(x for x in seats if x.seat != seat)
            opponent = other.agent if other.kind == BOT else None
            new_row, loaded, token_, invite = self._insert_game(s, json.loads(row.options), 1 - seat, opponent,
                                                                seed=None, rematch_of=row.id)
            row.rematch_id = new_row.id
            row.updated_at = time.time()
            bot = opponent is not None and new_row.to_act == seat and new_row.status == ACTIVE
            result = Seated(new_row.id, 1 - seat, token_, loaded.seq, invite, bot)
        self._remember(result.game_id, loaded)
        return result

    # ----- bots --------------------------------------------------------------------------------
    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make now in ``game_id``, or ``None``."""
        with self.db.read() as s:
            row = self._get(s, game_id)
            if row.status != ACTIVE or row.to_act is None:
                return None
            bot = s.get(SeatRow, (game_id, row.to_act))
            if bot is None or bot.kind != BOT or bot.agent is None:
                return None
            loaded = self._load(s, row)
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
            meta = self._meta(s, row, self._seats(s, game_id), None)
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
            text = action_text(game, state, actor, action) if actor in game.actors(state) else str(action)
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
        self._remember(game_id, loaded)
        return Seated(game_id, seat, token, loaded.seq, invite, bot)


def _player(seat: SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "side": SIDE_NAMES[seat.seat], "kind": seat.kind, "agent": seat.agent,
            "joined": seat.kind == BOT or seat.token_hash is not None}
