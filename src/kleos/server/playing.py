"""Playing a game: a seat's action or undo, a bot's action, and the decision a bot has to make.

An action is checked against the game's ``seq`` and applied in memory (``Game.apply_in_place``
validates it), the chance events that follow are drawn from the state's own generator, and the
new events are written in one short transaction that commits only if the game's row is still at
that ``seq`` (``UPDATE … WHERE seq = :seq``, :mod:`kleos.server.rows`); only after the commit does
memory move on and the caller answer.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from sqlalchemy import delete, select

from kleos import i18n
from kleos.core.action import Action, MalformedAction
from kleos.core.errors import IllegalAction
from kleos.core.record import GameRecord
from kleos.core.undo import UNDO_RULE, undo_blocker
from kleos.i18n.platform import N_
from kleos.server import endings, rows
from kleos.server.committed import CommittedGames
from kleos.server.db import EventRow, GameRow, SeatRow, SnapshotRow
from kleos.server.errors import ApiError, stale
from kleos.server.games import AnyGame, game_domain
from kleos.server.live import ACTIVE, BOT, Current, Live, Loaded
from kleos.server.tokens import seat_of


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


class Playing:
    def __init__(self, games: CommittedGames) -> None:
        self.games = games

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
        endings.settle(self.games, live)  # a seat out of time loses before any later action counts
        with live.lock:
            if not self.games.db.is_sqlite and live.current.meta.seq != seq:
                live = self.games.committed(game_id)  # another process may have acted meanwhile
            current = live.current
            meta = current.meta
            if bot_seat is None:
                seat = seat_of(meta.seats, token, game_id)
            else:
                seat = bot_seat
                if not any(x.seat == seat and x.kind == BOT for x in meta.seats):
                    raise ApiError(403, "not_a_bot", f"seat {seat} is not played by the server")
            if seq != meta.seq:
                raise stale(meta.seq, seq)
            if meta.status != ACTIVE:
                raise ApiError(422, "illegal", N_("the game is over"), seq=meta.seq)
            kit, game = self.games.kit_game(meta)
            state = game.copy(current.loaded.state)
            try:
                entries = [rows.step(kit, game, state, seat, action)]
            except IllegalAction as exc:
                raise ApiError(422, "illegal", exc.template, params=exc.params, words=partial(kit.render_illegal, exc),
                               domain=game_domain(kit) or i18n.PLATFORM_DOMAIN, rule=exc.rule, seq=meta.seq) from exc
            entries += rows.resolve_chance(kit, game, state)
            loaded, write = rows.plan(kit, game, game_id, meta.seq, meta.steps, current.loaded, state, entries,
                                      snapshot_every=self.games.settings.snapshot_every)
            endings.after_action(meta, seat, write.row, self.games.now())
            if not self.games.db.commit(write, order=game_id):
                self.games.forget(game_id)  # the database is ahead of this process: reload next time
                fresh = self.games.committed(game_id).current.meta.seq
                raise stale(fresh, seq)
            row = write.row
            new_meta = replace(meta, seq=row["seq"], steps=row["steps"], updated_at=row["updated_at"],
                               status=row["status"], actors=rows.decode_seats(row["actors"]), outcome=row["outcome"],
                               clock=row.get("clock", meta.clock))
            live.current = Current(new_meta, loaded)
            self.games.cache.install(live.current)
        return Change(game_id, seat, loaded.seq, bool(new_meta.bots_to_act()))

    def _optimistic(self, game_id: str, seq: int, token: str | None) -> Live:
        """The game to act on. With other writers (PostgreSQL) memory is used without asking the
        database when it is at the client's ``seq`` and knows the token: the conditional
        ``UPDATE`` of the commit refuses the action if another process moved the game on, so a
        read before every action would only cost a round trip."""
        if self.games.db.is_sqlite:
            return self.games.committed(game_id)
        live = self.games.cache.get(game_id, touch=True)
        if live is None or live.current.meta.seq != seq:
            return self.games.committed(game_id)
        if token is not None:
            try:
                seat_of(live.current.meta.seats, token, game_id)
            except ApiError:  # a seat taken through another process since memory was read
                return self.games.committed(game_id)
        return live

    def undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self.games.committed(game_id).lock:
            return self._undo(game_id, token, seq)

    def _undo(self, game_id: str, token: str | None, seq: int) -> Change:
        with self.games.db.write() as s:
            row = rows.locked_row(s, game_id)
            seat = seat_of(rows.seat_rows(s, game_id), token, game_id)
            if seq != row.seq:
                raise stale(row.seq, seq)
            loaded = self.games.load(s, row)
            if row.status != ACTIVE:
                raise ApiError(422, "illegal", N_("cannot undo: the game is over"), rule=UNDO_RULE, seq=row.seq)
            game = self.games.game_for(row.game, row.options)
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
        live = self.games.refresh(game_id, new)
        return Change(game_id, seat, seq_after, bool(live.current.meta.bots_to_act()))

    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make now in ``game_id`` (the first bot seat to act), or ``None``."""
        current = self.games.committed(game_id).current
        meta, loaded = current.meta, current.loaded
        bots = meta.bots_to_act()
        if not bots:
            return None
        bot = bots[0]
        assert bot.agent is not None
        _, game = self.games.kit_game(meta)
        return BotJob(game_id, game, meta.seq, bot.seat, bot.agent, game.view(loaded.state, bot.seat),
                      game.legal_actions(loaded.state, bot.seat), meta.seed, meta.steps, meta.game, meta.options)

    def games_waiting_for_bots(self) -> list[str]:
        with self.games.db.read() as s:
            found = s.execute(select(GameRow.id, GameRow.actors, SeatRow.seat)
                              .join(SeatRow, SeatRow.game_id == GameRow.id)
                              .where(GameRow.status == ACTIVE, SeatRow.kind == BOT)).all()
        return sorted({game_id for game_id, actors, seat in found if seat in rows.decode_seats(actors)})
