"""Games and seats: a new game, a seat taken by invite, a rematch, a game imported from a record,
and the games a player holds seats in. Each write is one transaction; memory reads the game's row
again once it has committed (:class:`~kleos.server.committed.CommittedGames`)."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from kleos.core.action import MalformedAction
from kleos.core.clock import TimeControl
from kleos.core.errors import IllegalAction
from kleos.core.kit import GameKit
from kleos.core.kit.handicap import handicaps_moved
from kleos.core.kit.params import S, V
from kleos.core.protocol import Game
from kleos.core.record import GameRecord
from kleos.core.rng import Rng
from kleos.i18n.platform import N_
from kleos.server import endings, rows
from kleos.server.committed import CommittedGames
from kleos.server.db import GameRow, SeatRow, SnapshotRow
from kleos.server.errors import ApiError
from kleos.server.games import SeatAsk, SeatPlan, client_game, handicapped, kit_of, options_key
from kleos.server.live import ACTIVE, BOT, FINISHED, PERSON, Loaded
from kleos.server.messages import players_json, reason_text
from kleos.server.tokens import new_token, seat_of, token_hash

NEW_FORM = SeatAsk()  # the creator in seat 0, every other seat a person


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


class Seating:
    def __init__(self, games: CommittedGames) -> None:
        self.games = games

    def _insert_game(self, s: Session, kit: GameKit, game: Game[S, V], options: Mapping[str, Any], seats: SeatPlan, *,
                     seed: int | None, rematch_of: str | None = None, position: S | None = None,
                     imported: Sequence[rows.NewEntry] = (), state: S | None = None) -> tuple[GameRow, Loaded, Seated]:
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

    def _append(self, s: Session, row: GameRow, kit: GameKit, game: Game[S, V], base: Loaded, state: S,
                entries: Sequence[rows.NewEntry], *, snapshot: bool = False) -> Loaded:
        """Log ``entries`` (already applied to ``state``) and update the game row and snapshots (ORM)."""
        loaded, write = rows.plan(kit, game, row.id, row.seq, row.steps, base, state, entries,
                                  snapshot_every=self.games.settings.snapshot_every, snapshot=snapshot)
        write.apply(s, row)
        return loaded

    def create(self, name: str, options: Mapping[str, Any], seats: SeatAsk = NEW_FORM, *,
               seed: int | None = None, position: Any = None, clock: TimeControl | None = None,
               handicap: int | None = None) -> Seated:
        """A new game of ``name`` (``seats``: see :class:`kleos.server.games.SeatAsk`), with
        ``clock`` if given (:mod:`kleos.server.endings`) and the game's bot handicap, if it has one,
        for its bot seats (``handicap``, else the game's default: :func:`~kleos.server.games.handicapped`)."""
        kit = kit_of(name)
        game, full = client_game(kit, options)
        plan = seats.plan(kit, game)
        game, full = handicapped(kit, game, full, plan, handicap)
        with self.games.db.write() as s:
            row, loaded, seated = self._insert_game(s, kit, game, full, plan, seed=seed, position=position)
            if clock is not None:
                endings.new_clock(s, row, clock, self.games.now())
        self.games.refresh(row.id, loaded)
        return seated

    def join(self, invite: str) -> Seated:
        """Take the seat of ``invite``. Under the game's lock, like every write to a game, so that a
        bot's move committed meanwhile cannot put back a copy of the seats without the new player."""
        with self.games.db.read() as s:
            game_id = s.scalars(select(SeatRow.game_id).where(SeatRow.invite == invite)).first()
        if game_id is None:
            raise ApiError(404, "bad_invite", N_("unknown invite, or it was already used"))
        with self.games.committed(game_id).lock:
            return self._join(invite)

    def _join(self, invite: str) -> Seated:
        token = new_token()
        with self.games.db.write() as s:
            seat = s.scalars(select(SeatRow).where(SeatRow.invite == invite).with_for_update()).first()
            if seat is None:
                raise ApiError(404, "bad_invite", N_("unknown invite, or it was already used"))
            row = rows.locked_row(s, seat.game_id)
            seat.token_hash = token_hash(token)
            seat.invite = None
            seat.joined_at = row.updated_at = time.time()
            endings.start_if_full(s, row, self.games.now())
            old_id = row.rematch_of
            if old_id is not None:  # the old game's messages show this invite: they change too
                old = s.scalars(select(GameRow).where(GameRow.id == old_id).with_for_update()).first()
                if old is not None:
                    old.updated_at = max(old.updated_at, time.time())
            kit, game = self.games.kit_game(row)
            seated = Seated(row.id, row.game, seat.seat, kit.seat_name(game, seat.seat), token, row.seq, (),
                            False)
        self.games.refresh(seated.game_id)
        if old_id is not None:
            self.games.refresh(old_id)
        return seated

    def rematch(self, game_id: str, token: str | None) -> Seated:
        """A new game with the same options, every player one seat on (two seats: sides swapped).
        The first to ask creates it (the other persons get invites, shown in their messages of this
        game, bots stay bots); each later asker takes the seat offered to them."""
        loaded: Loaded | None = None
        with self.games.db.write() as s:
            row = rows.locked_row(s, game_id)
            seats = rows.seat_rows(s, game_id)
            seat = seat_of(seats, token, game_id)
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
                endings.start_if_full(s, new_row, self.games.now())
                kit, game = self.games.kit_game(new_row)
                result = Seated(new_row.id, new_row.game, moved, kit.seat_name(game, moved), new_token_,
                                new_row.seq, (), False)
            else:
                kit, game = self.games.kit_game(row)
                agents: list[str | None] = [None] * len(seats)
                for old in seats:
                    agents[(old.seat + 1) % len(seats)] = old.agent if old.kind == BOT else None
                options = handicaps_moved(kit, json.loads(row.options), len(seats))  # with their players
                game = self.games.game_for(kit.name, options_key(options))
                new_row, loaded, result = self._insert_game(s, kit, game, options,
                                                            SeatPlan(moved, tuple(agents)), seed=None,
                                                            rematch_of=row.id)
                if row.clock is not None:  # the same time control again
                    endings.new_clock(s, new_row, endings.parse(row.clock).control, self.games.now())
                row.rematch_id = new_row.id
            row.updated_at = max(row.updated_at, now)  # its messages show the rematch: they change
        self.games.refresh(result.game_id, loaded)
        self.games.refresh(game_id)
        return result

    def import_record(self, data: dict[str, Any], seats: SeatAsk = NEW_FORM) -> Seated:
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
        plan = seats.plan(kit, game)
        state = game.new_state(record.seed)
        entries: list[rows.NewEntry] = []
        for index, (actor, action) in enumerate(record.actions, start=1):
            try:
                entries.append(rows.step(kit, game, state, actor, action))
            except IllegalAction as exc:
                raise ApiError(422, "illegal", f"step {index} ({actor}: {action}): {exc.message}",
                               rule=exc.rule, step=index) from exc
        with self.games.db.write() as s:
            row, loaded, seated = self._insert_game(s, kit, game, options, plan, seed=record.seed,
                                                    imported=entries, state=state)
        self.games.refresh(row.id, loaded)
        return seated

    def my_games(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        hashes = {token_hash(t): i for i, t in enumerate(tokens)}
        out: list[dict[str, Any]] = []
        with self.games.db.read() as s:
            mine = s.scalars(select(SeatRow).where(SeatRow.token_hash.in_(list(hashes)))).all()
            for seat in sorted(mine, key=lambda x: hashes[x.token_hash or ""]):
                row = rows.get_row(s, seat.game_id)
                try:
                    kit, game = self.games.kit_game(row)
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
                    "outcome": (outcome := json.loads(row.outcome) if row.outcome else None),
                    "reason_text": reason_text(kit, outcome),
                    "options": json.loads(row.options),
                    "created_at": row.created_at, "updated_at": row.updated_at,
                })
        out.sort(key=lambda g: (not g["your_turn"], g["status"] != ACTIVE, -g["updated_at"]))
        return out
