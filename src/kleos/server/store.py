"""Games in the database: create, join, act, undo, rematch, replay, export and import — for any game,
through its kit.

The live games are kept in memory (:mod:`kleos.server.live`), so that reading a game costs no
database work and a message is built once per seat and change. The database stays the source of
truth: an action is checked against the game's ``seq`` and applied in memory
(``Game.apply_in_place`` validates it), the chance events that follow are drawn from the state's
own generator, and the new events are written in one short transaction that commits only if the
game's row is still at that ``seq`` (``UPDATE … WHERE seq = :seq``, :mod:`kleos.server.rows`);
only after the commit does memory move on and the caller answer. On SQLite those transactions go
through one writer thread that commits the writes of many games at once
(:meth:`Database.commit`). A process that is not the only one writing (PostgreSQL) checks the
game's row on every read and rebuilds from the latest snapshot plus the log whenever the database
is ahead; on SQLite the serving process is the only writer and trusts its memory.

This module is synchronous (SQLAlchemy sessions); the web layer calls it from worker threads.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from kleos import i18n
from kleos.core.action import Action, MalformedAction
from kleos.core.clock import TimeControl
from kleos.core.errors import IllegalAction
from kleos.core.kit import GameKit
from kleos.core.record import GameRecord
from kleos.core.rng import Rng
from kleos.core.undo import UNDO_RULE, undo_blocker
from kleos.i18n.platform import N_
from kleos.server import endings, rows
from kleos.server.accounts import SESSION_PREFIX
from kleos.server.config import Settings
from kleos.server.db import Database, EventRow, GameRow, SeatRow, SnapshotRow
from kleos.server.errors import ApiError, stale
from kleos.server.games import (
    AnyGame,
    GameBook,
    SeatChoice,
    SeatPlan,
    client_game,
    game_domain,
    handicapped,
    kit_of,
    options_key,
    seat_plan,
    stored_kit,
)
from kleos.server.live import ACTIVE, BOT, FINISHED, PERSON, Current, Live, LiveCache, Loaded, Meta, SeatInfo
from kleos.server.messages import dumps, players_json, replay_message, seat_head, seat_words, with_log


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe, never beginning as a session token does (the
    server tells the two kinds apart by that prefix: about one random token in 262,144 would
    otherwise be taken for a session and refused)."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith(SESSION_PREFIX):
            return token


def token_hash(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def parse_action(text: str) -> Action:
    try:
        return Action.parse(text)
    except MalformedAction as exc:
        raise ApiError(400, "malformed", f"not an action in the notation: {exc}") from exc


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The bot's generator for its decision at log step ``step``: the seat's
    :func:`~kleos.agents.base.agent_rng` root, split by step so that any process, before or after
    a restart, makes the same decision in the same position."""
    from kleos.agents.base import agent_rng

    root = agent_rng(seed, seat).getrandbits(64)
    return random.Random(f"{root}:{step}")


@dataclass(frozen=True)
class Change:
    """A committed change: the game, the seat that made it, its new ``seq``, whether a bot is to act."""

    game_id: str
    seat: int
    seq: int
    bot_to_act: bool


@dataclass(frozen=True)
class Seated:
    """A person given a seat: the token is shown once and stored only hashed. ``invites``: (seat,
    its name, code) of every seat left for a person to accept."""

    game_id: str
    game: str
    seat: int
    side: str
    token: str
    seq: int
    invites: tuple[tuple[int, str, str], ...]
    bot_to_act: bool

    @property
    def invite(self) -> str | None:
        return self.invites[0][2] if self.invites else None


@dataclass(frozen=True)
class BotJob:
    """What a bot may know: its seat's view and legal actions, never the state."""

    game_id: str
    game: AnyGame
    seq: int
    seat: int
    agent: str
    view: Any
    legal: list[Action]
    rng_seed: int
    step: int
    game_name: str  # the installed game and its stored options: a worker process rebuilds the game
    options: str


class GameStore:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.cache = LiveCache()
        self.book = GameBook()
        self.now: Callable[[], float] = time.time  # the clocks' time source (tests inject their own)
        self.on_end: Callable[[str, int], None] | None = None  # told of each game ended by resign or time

    # ----- games and cache ----------------------------------------------------------------------
    def game_for(self, name: str, options_json: str) -> AnyGame:
        return self.book.game(name, options_json)

    def _kit_game(self, meta: Meta | GameRow) -> tuple[GameKit, AnyGame]:
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
        """The game as committed (meta and state of one position together), for the server's other
        modules: endings, help and hints read it without going through an action."""
        return self._live(game_id)

    def _live(self, game_id: str) -> Live:
        """The game as committed: from memory, checked against its row unless this process is
        the only writer; rebuilt from the database when it is not in memory or behind."""
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

    def _refresh(self, game_id: str, loaded: Loaded | None = None) -> Live:
        """Read ``game_id``'s row again after a write (``loaded``: its state, if known)."""
        live = self.cache.get(game_id)
        if loaded is None and live is not None:
            loaded = live.current.loaded
        with self.db.read() as s:
            current = self._current_from_db(s, rows.get_row(s, game_id), loaded)
        return self.cache.install(current)

    def forget(self, game_id: str) -> None:
        self.cache.forget(game_id)

    def _current_from_db(self, s: Session, row: GameRow, loaded: Loaded | None) -> Current:
        meta = rows.meta_of(s, row)
        if loaded is None or loaded.seq != row.seq:
            kit, game = self._kit_game(row)
            loaded = rows.load(s, row, kit, game)
        return Current(meta, loaded)

    def _load(self, s: Session, row: GameRow) -> Loaded:
        """The game at ``row.seq``: from memory, else latest snapshot + the log after it."""
        live = self.cache.get(row.id)
        if live is not None and live.current.loaded.seq == row.seq:
            return live.current.loaded
        kit, game = self._kit_game(row)
        return rows.load(s, row, kit, game)

    @staticmethod
    def seat_of(seats: Iterable[SeatRow | SeatInfo], token: str | None, game_id: str) -> int:
        if not token:
            raise ApiError(401, "no_token", N_("this needs a seat token (Authorization: Bearer <token>)"))
        digest = token_hash(token)
        for seat in seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(403, "not_your_game", N_("this token holds no seat in game '{game_id}'"),
                       params={"game_id": game_id})

    def _append(self, s: Session, row: GameRow, kit: GameKit, game: AnyGame, base: Loaded, state: Any,
                entries: Sequence[rows.NewEntry], *, snapshot: bool = False) -> Loaded:
        """Log ``entries`` (already applied to ``state``) and update the game row and snapshots (ORM)."""
        loaded, write = rows.plan(kit, game, row.id, row.seq, row.steps, base, state, entries,
                                  snapshot_every=self.settings.snapshot_every, snapshot=snapshot)
        write.apply(s, row)
        return loaded

    def _insert_game(self, s: Session, kit: GameKit, game: AnyGame, options: Mapping[str, Any], seats: SeatPlan, *,
                     seed: int | None, rematch_of: str | None = None, position: Any = None,
                     imported: Sequence[rows.NewEntry] = (), state: Any = None) -> tuple[GameRow, Loaded, Seated]:
        """A new game row with its seats and opening chance events, or an imported log (``imported``,
        already played on ``state``). A ``position`` (tests) replaces the opening set-up; its
        generator is reseeded from the game's seed."""
        is_import = state is not None
        now = time.time()
        row = GameRow(id=secrets.token_urlsafe(9), game=kit.name, options=options_key(options),
                      seed=secrets.randbits(63) if seed is None else seed, seq=0, steps=0, status=ACTIVE,
                      to_act=None, actors="", outcome=None, rematch_of=rematch_of, rematch_id=None,
                      imported=is_import, created_at=now, updated_at=now)
        s.add(row)
        s.flush()
        token = new_token()
        invites: list[tuple[int, str, str]] = []
        for seat, agent in enumerate(seats.agents):
            creator = seat == seats.creator
            invite = None if creator or agent is not None else secrets.token_urlsafe(16)
            if invite is not None:
                invites.append((seat, kit.seat_name(game, seat), invite))
            s.add(SeatRow(game_id=row.id, seat=seat, kind=BOT if agent is not None else PERSON, agent=agent,
                          token_hash=token_hash(token) if creator else None, invite=invite,
                          joined_at=now if creator or agent is not None else None))
        start: str | None = None
        if state is None:
            state = game.new_state(row.seed)
            if position is not None:
                state = game.copy(position)
                game.rng(state).state = Rng.from_seed(row.seed).state
                start = json.dumps(game.state_to_json(state))
                s.add(SnapshotRow(game_id=row.id, seq=0, steps=0, state=start))
        entries = [*imported, *rows.resolve_chance(kit, game, state)]
        base = Loaded(0, state, (), (), rows.teller(kit, game, row.seed, start))
        loaded = self._append(s, row, kit, game, base, state, entries, snapshot=is_import)
        actors = rows.decode_seats(row.actors)
        bots = any(agent is not None and seat in actors for seat, agent in enumerate(seats.agents))
        seated = Seated(row.id, kit.name, seats.creator, kit.seat_name(game, seats.creator), token,
                        loaded.seq, tuple(invites), bots and row.status == ACTIVE)
        return row, loaded, seated

    # ----- lobby --------------------------------------------------------------------------------
    def create(self, name: str, options: Mapping[str, Any], *, seat: SeatChoice | None = None,
               seats: Sequence[str] | None = None, side: str | None = None, opponent: str | None = None,
               seed: int | None = None, position: Any = None, clock: TimeControl | None = None,
               handicap: int | None = None) -> Seated:
        """A new game of ``name`` (see :func:`kleos.server.games.seat_plan` for the seats), with
        ``clock`` if given (:mod:`kleos.server.endings`) and the game's bot handicap, if it has one,
        for its bot seats (``handicap``, else the game's default: :func:`~kleos.server.games.handicapped`)."""
        kit = kit_of(name)
        game, full = client_game(kit, options)
        plan = seat_plan(kit, game, seat=seat, seats=seats, side=side, opponent=opponent)
        game, full = handicapped(kit, game, full, plan, handicap)
        with self.db.write() as s:
            row, loaded, seated = self._insert_game(s, kit, game, full, plan, seed=seed, position=position)
            if clock is not None:
                endings.new_clock(s, row, clock, self.now())
        self._refresh(row.id, loaded)
        return seated

    def join(self, invite: str) -> Seated:
        """Take the seat of ``invite``. Under the game's lock, like every write to a game, so that a
        bot's move committed meanwhile cannot put back a copy of the seats without the new player."""
        with self.db.read() as s:
            game_id = s.scalars(select(SeatRow.game_id).where(SeatRow.invite == invite)).first()
        if game_id is None:
            raise ApiError(404, "bad_invite", N_("unknown invite, or it was already used"))
        with self._live(game_id).lock:
            return self._join(invite)

    def _join(self, invite: str) -> Seated:
        token = new_token()
        with self.db.write() as s:
            seat = s.scalars(select(SeatRow).where(SeatRow.invite == invite).with_for_update()).first()
            if seat is None:
                raise ApiError(404, "bad_invite", N_("unknown invite, or it was already used"))
            row = rows.locked_row(s, seat.game_id)
            seat.token_hash = token_hash(token)
            seat.invite = None
            seat.joined_at = row.updated_at = time.time()
            endings.start_if_full(s, row, self.now())
            old_id = row.rematch_of
            if old_id is not None:  # the old game's messages show this invite: they change too
                old = s.scalars(select(GameRow).where(GameRow.id == old_id).with_for_update()).first()
                if old is not None:
                    old.updated_at = max(old.updated_at, time.time())
            kit, game = self._kit_game(row)
            seated = Seated(row.id, row.game, seat.seat, kit.seat_name(game, seat.seat), token, row.seq, (),
                            False)
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
                row = rows.get_row(s, seat.game_id)
                try:
                    kit, game = self._kit_game(row)
                except ApiError:
                    continue  # a game whose kit is no longer installed
                players = players_json(kit, game, rows.seat_rows(s, row.id))
                actors = list(rows.decode_seats(row.actors))
                others = [p for p in players if p["seat"] != seat.seat]
                out.append({
                    "token_index": hashes[seat.token_hash or ""],
                    "game_id": row.id, "game": row.game, "title": kit.title,
                    "seat": seat.seat, "side": kit.seat_name(game, seat.seat),
                    "status": row.status, "seq": row.seq, "steps": row.steps,
                    "to_act": actors[0] if actors else None, "acting": actors,
                    "your_turn": row.status == ACTIVE and seat.seat in actors,
                    "players": players,
                    **({"opponent": others[0] if others else None} if len(players) == 2 else {}),
                    "outcome": json.loads(row.outcome) if row.outcome else None,
                    "options": json.loads(row.options),
                    "created_at": row.created_at, "updated_at": row.updated_at,
                })
        out.sort(key=lambda g: (not g["your_turn"], g["status"] != ACTIVE, -g["updated_at"]))
        return out

    # ----- reading -----------------------------------------------------------------------------
    def _meta_json(self, meta: Meta, seat: int | None, kit: GameKit, game: AnyGame) -> dict[str, Any]:
        rematch: dict[str, Any] | None = None
        if meta.rematch_id is not None:
            rematch = {"game_id": meta.rematch_id}
            invite = meta.rematch_invites[seat] if seat is not None and 0 <= seat < len(meta.rematch_invites) else None
            if invite is not None:
                rematch["invite"] = invite
        return {
            "game_id": meta.id,
            "game": meta.game,
            "seq": meta.seq,
            "status": meta.status,
            "options": json.loads(meta.options),
            "seat_names": list(game.seat_names),
            "seat_labels": seat_words(kit, game),
            "players": players_json(kit, game, meta.seats),
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
        return self._text(live, seat, since, endings.settle(self, live))

    def seat_text(self, game_id: str, seat: int | None, since: int | None = None) -> str:
        """The same for a seat already authenticated (a WebSocket connection)."""
        live = self._live(game_id)
        return self._text(live, seat, since, endings.settle(self, live))

    def try_message_text(self, game_id: str, token: str | None, since: int | None = None) -> str | None:
        """:meth:`message_text` if it needs no database work (the game is in memory), else ``None``."""
        live = self.peek(game_id)
        if live is None or endings.due(live.current.meta, self.now()):
            return None
        seat = None if token is None else self.seat_of(live.current.meta.seats, token, game_id)
        return self._text(live, seat, since)

    def seat_state(self, game_id: str, seat: int | None, since: int | None = None) -> tuple[int, str]:
        """:meth:`seat_text` with the ``seq`` it shows."""
        live = self._live(game_id)
        current = endings.settle(self, live)
        return current.meta.seq, self._text(live, seat, since, current)

    def try_seat_text(self, game_id: str, seat: int | None, since: int | None = None,
                      at_least: int | None = None) -> str | None:
        """:meth:`seat_text` from memory (see :meth:`peek` for ``at_least``), else ``None``."""
        live = self.peek(game_id, at_least)
        return None if live is None or endings.due(live.current.meta, self.now()) else self._text(live, seat, since)

    def try_seat_state(self, game_id: str, seat: int | None, since: int | None = None,
                       at_least: int | None = None) -> tuple[int, str] | None:
        live = self.peek(game_id, at_least)
        if live is None or endings.due(live.current.meta, self.now()):
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
        key = (seat, i18n.current())  # one game may be read in several languages at once
        kept = live.heads.get(key)
        if kept is not None and kept[0] is current:
            head = kept[1]
        else:
            head = dumps(self._head(current, seat))
            live.heads[key] = (current, head)
        current.loaded.teller.tell(current.loaded.log)
        text = with_log(head, current.loaded.log, seat, since)
        clock = endings.clock_view(current.meta, self.now())  # time-dependent: never kept with the head
        return text if clock is None else f'{text[:-1]},"clock":{dumps(clock)}}}'

    def _head(self, current: Current, seat: int | None) -> dict[str, Any]:
        meta, loaded = current.meta, current.loaded
        kit, game = self._kit_game(meta)
        undo_ok = (seat is not None and meta.status == ACTIVE
                   and undo_blocker(GameRecord(meta.game, {}, 0, list(loaded.actions)), seat) is None)
        head = seat_head(kit, game, loaded.state, len(loaded.log), seat, meta=self._meta_json(meta, seat, kit, game),
                         undo_allowed=undo_ok)
        return endings.patch_head(head, meta, seat_words(kit, game))

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
        live = self._optimistic(game_id, seq, token)
        endings.settle(self, live)  # a seat out of time loses before any later action counts
        with live.lock:
            if not self.db.is_sqlite and live.current.meta.seq != seq:
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
            if meta.status != ACTIVE:
                raise ApiError(422, "illegal", N_("the game is over"), seq=meta.seq)
            kit, game = self._kit_game(meta)
            state = game.copy(current.loaded.state)
            try:
                entries = [rows.step(kit, game, state, seat, action)]
            except IllegalAction as exc:
                raise ApiError(422, "illegal", exc.template, params=exc.params, words=partial(kit.render_illegal, exc),
                               domain=game_domain(kit) or i18n.PLATFORM_DOMAIN, rule=exc.rule, seq=meta.seq) from exc
            entries += rows.resolve_chance(kit, game, state)
            loaded, write = rows.plan(kit, game, game_id, meta.seq, meta.steps, current.loaded, state, entries,
                                      snapshot_every=self.settings.snapshot_every)
            endings.after_action(meta, seat, write.row, self.now())
            if not self.db.commit(write, order=game_id):
                self.forget(game_id)  # the database is ahead of this process: reload next time
                fresh = self._live(game_id).current.meta.seq
                raise stale(fresh, seq)
            row = write.row
            new_meta = replace(meta, seq=row["seq"], steps=row["steps"], updated_at=row["updated_at"],
                               status=row["status"], actors=rows.decode_seats(row["actors"]), outcome=row["outcome"],
                               clock=row.get("clock", meta.clock))
            live.current = Current(new_meta, loaded)
            self.cache.install(live.current)
        return Change(game_id, seat, loaded.seq, bool(new_meta.bots_to_act()))

    def _optimistic(self, game_id: str, seq: int, token: str | None) -> Live:
        """The game to act on. With other writers (PostgreSQL) memory is used without asking the
        database when it is at the client's ``seq`` and knows the token: the conditional
        ``UPDATE`` of the commit refuses the action if another process moved the game on, so a
        read before every action would only cost a round trip."""
        if self.db.is_sqlite:
            return self._live(game_id)
        live = self.cache.get(game_id, touch=True)
        if live is None or live.current.meta.seq != seq:
            return self._live(game_id)
        if token is not None:
            try:
                self.seat_of(live.current.meta.seats, token, game_id)
            except ApiError:  # a seat taken through another process since memory was read
                return self._live(game_id)
        return live

    def undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self._live(game_id).lock:
            return self._undo(game_id, token, seq)

    def _undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self.db.write() as s:
            row = rows.locked_row(s, game_id)
            seat = self.seat_of(rows.seat_rows(s, game_id), token, game_id)
            if seq != row.seq:
                raise stale(row.seq, seq)
            loaded = self._load(s, row)
            if row.status != ACTIVE:
                raise ApiError(422, "illegal", N_("cannot undo: the game is over"), rule=UNDO_RULE, seq=row.seq)
            game = self.game_for(row.game, row.options)
            # with the game: a step that shared a simultaneous secret decision is never taken back
            why = undo_blocker(GameRecord(row.game, {}, row.seed, list(loaded.actions)), seat, game)
            if why is not None:
                raise ApiError(422, "illegal", f"cannot undo: {why}", rule=UNDO_RULE, seq=row.seq)
            _, last = loaded.actions[-1]
            steps = len(loaded.actions) - 1
            row.seq += 1
            s.add(EventRow(game_id=row.id, seq=row.seq, kind="undo", seat=seat, action=str(last),
                           text="", readers=None,
                           created_at=time.time()))
            s.execute(delete(SnapshotRow).where(SnapshotRow.game_id == row.id, SnapshotRow.steps > steps))
            state = rows.rebuild(s, row, game, loaded.actions, steps)
            row.steps = steps
            row.updated_at = time.time()
            for key, value in rows.status_values(game, state).items():
                setattr(row, key, value)
            new = Loaded(row.seq, state, loaded.actions[:-1], loaded.log[:-1], loaded.teller)
            seq_after = row.seq
        live = self._refresh(game_id, new)
        return Change(game_id, seat, seq_after, bool(live.current.meta.bots_to_act()))

    def rematch(self, game_id: str, token: str | None) -> Seated:
        """A new game with the same options, every player one seat on (two seats: sides swapped).
        The first to ask creates it (the other persons get invites, shown in their messages of this
        game, bots stay bots); each later asker takes the seat offered to them."""
        loaded: Loaded | None = None
        with self.db.write() as s:
            row = rows.locked_row(s, game_id)
            seats = rows.seat_rows(s, game_id)
            seat = self.seat_of(seats, token, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", N_("a rematch can be asked for once the game is over"))
            now = time.time()
            moved = (seat + 1) % len(seats)
            if row.rematch_id is not None:
                offered = s.get(SeatRow, (row.rematch_id, moved))
                if offered is None or offered.invite is None:
                    raise ApiError(409, "rematch_taken",
                                   N_("the rematch {game_id} exists and your seat there is taken"),
                                   params={"game_id": row.rematch_id})
                new_token_ = new_token()
                offered.token_hash = token_hash(new_token_)
                offered.invite = None
                offered.joined_at = now
                new_row = rows.locked_row(s, row.rematch_id)
                new_row.updated_at = max(new_row.updated_at, now)
                endings.start_if_full(s, new_row, self.now())
                kit, game = self._kit_game(new_row)
                result = Seated(new_row.id, new_row.game, moved, kit.seat_name(game, moved), new_token_,
                                new_row.seq, (), False)
            else:
                kit, game = self._kit_game(row)
                agents: list[str | None] = [None] * len(seats)
                for old in seats:
                    agents[(old.seat + 1) % len(seats)] = old.agent if old.kind == BOT else None
                options = kit.handicaps_moved(json.loads(row.options), len(seats))  # with their players
                game = self.game_for(kit.name, options_key(options))
                new_row, loaded, result = self._insert_game(s, kit, game, options,
                                                            SeatPlan(moved, tuple(agents)), seed=None,
                                                            rematch_of=row.id)
                if row.clock is not None:  # the same time control again
                    endings.new_clock(s, new_row, endings.parse(row.clock).control, self.now())
                row.rematch_id = new_row.id
            row.updated_at = max(row.updated_at, now)  # its messages show the rematch: they change
        self._refresh(result.game_id, loaded)
        self._refresh(game_id)
        return result

    # ----- bots --------------------------------------------------------------------------------
    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make now in ``game_id`` (the first bot seat to act), or ``None``."""
        current = self._live(game_id).current
        meta, loaded = current.meta, current.loaded
        bots = meta.bots_to_act()
        if not bots:
            return None
        bot = bots[0]
        assert bot.agent is not None
        _, game = self._kit_game(meta)
        return BotJob(game_id, game, meta.seq, bot.seat, bot.agent, game.view(loaded.state, bot.seat),
                      game.legal_actions(loaded.state, bot.seat), meta.seed, meta.steps, meta.game, meta.options)

    def games_waiting_for_bots(self) -> list[str]:
        with self.db.read() as s:
            found = s.execute(select(GameRow.id, GameRow.actors, SeatRow.seat)
                              .join(SeatRow, SeatRow.game_id == GameRow.id)
                              .where(GameRow.status == ACTIVE, SeatRow.kind == BOT)).all()
        return sorted({game_id for game_id, actors, seat in found if seat in rows.decode_seats(actors)})

    # ----- replays, export, import ------------------------------------------------------------
    def replay(self, game_id: str, step: int | None) -> dict[str, Any]:
        with self.db.read() as s:
            row = rows.get_row(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", N_("replays are for finished games; watch this one live instead"))
            loaded = self._load(s, row)
            n = len(loaded.actions)
            k = n if step is None else step
            if not 0 <= k <= n:
                raise ApiError(400, "bad_step", N_("step must be between 0 and {last}"), params={"last": n})
            kit, game = self._kit_game(row)
            state = loaded.state if k == n else rows.rebuild(s, row, game, loaded.actions, k)
            full = rows.meta_of(s, row)
            loaded.teller.tell(loaded.log)
            message = replay_message(kit, game, state, loaded.log, k, self._meta_json(full, None, kit, game))
            return endings.patch_head(message, full, seat_words(kit, game)) if k == n else message

    def export(self, game_id: str) -> dict[str, Any]:
        with self.db.read() as s:
            row = rows.get_row(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished",
                               N_("a game's record (which holds its seed) is exported once the game is over"))
            if s.get(SnapshotRow, (game_id, 0)) is not None:
                raise ApiError(409, "no_record", N_("this game started from a set position, not from a seed"))
            return GameRecord(row.game, json.loads(row.options), row.seed, list(self._load(s, row).actions)).to_json()

    def import_record(self, data: dict[str, Any], *, seat: SeatChoice | None = None, seats: Sequence[str] | None = None,
                      side: str | None = None, opponent: str | None = None) -> Seated:
        """A game rebuilt from a record (every action checked by the rules). The importer gets
        the seat chosen as for a new game; the others are persons (invites) or bots. A record that
        ends before the game does can be played on from where it stops."""
        try:
            record = GameRecord.from_json(data)
        except MalformedAction as exc:
            raise ApiError(400, "malformed", f"a record action is not in the notation: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise ApiError(400, "bad_record", f"not a game record: {exc}") from exc
        try:
            kit = kit_of(record.game)
        except ApiError as exc:
            raise ApiError(400, "bad_record", N_("this server does not play '{game}'"),
                           params={"game": record.game}) from exc
        if not 0 <= record.seed < 2**63:
            raise ApiError(400, "bad_record", N_("the seed must be between 0 and 2**63 - 1"))
        game, options = client_game(kit, record.options)
        plan = seat_plan(kit, game, seat=seat, seats=seats, side=side, opponent=opponent)
        state = game.new_state(record.seed)
        entries: list[rows.NewEntry] = []
        for index, (actor, action) in enumerate(record.actions, start=1):
            try:
                entries.append(rows.step(kit, game, state, actor, action))
            except IllegalAction as exc:
                raise ApiError(422, "illegal", f"step {index} ({actor}: {action}): {exc.message}",
                               rule=exc.rule, step=index) from exc
        with self.db.write() as s:
            row, loaded, seated = self._insert_game(s, kit, game, options, plan, seed=record.seed,
                                                    imported=entries, state=state)
        self._refresh(row.id, loaded)
        return seated

