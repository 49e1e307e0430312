"""Ratings per game kind (the kit's name): openskill's Plackett–Luce model over the finished games
of that kind, applied one game at a time in the order the games finished.

Who is rated: an account (the seats it took while signed in) and a bot, as a pseudo-player named
``bot:<agent>`` (``bot:random``, …), so that a player who only meets bots still gets a rating and
the ladder shows where each bot stands. A game counts only when every seat is one of those; it is
skipped, and changes nobody's rating, when:

* a seat is a guest's (a person seat no account holds): a guest cannot be rated, and rating only
  the other seats would score them against nobody;
* it was imported (``POST /api/import``): its moves were not played on this server, and importing
  a won record against a strong bot must not buy rating;
* one account holds several of its seats: it measures nobody against anybody;
* its outcome cannot be read as places;
* :mod:`kleos.server.integrity` keeps it out: aborted (resigned or lost on time before every
  person made a few decisions), flagged (the same accounts again and again, or accounts sharing
  an address) or voided by an operator.

Places come from the stored outcome (``Outcome.to_json`` plus whatever an ending adds): a
``ranks`` list when present (1 is first), else the winner first and the other seats behind in order
of score; with no winner, the seats in order of score (equal scores share a place: a draw). A bot
that fills several seats of one game is rated as each seat and keeps the mean of the results, as
the arena does. Nothing is written to the database: the ratings are computed from the games table
and kept in memory per kind, checked with one ``COUNT`` per request and brought up to date when
the number of finished games of the kind has changed (only the games finished since are applied
when the order of the games already counted still holds; otherwise everything is recomputed).
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from kleos.server import integrity
from kleos.server.accounts import AccountRow, AccountSeatRow
from kleos.server.db import Database, EventRow, GameRow, SeatRow
from kleos.server.integrity import Judge
from kleos.server.live import BOT, FINISHED

BOT_PREFIX = "bot:"
GUEST = None  # the rated player of a seat no account holds


def bot_player(agent: str | None) -> str:
    """The pseudo-player a bot is rated as (``bot:<agent>``; no account name holds a colon)."""
    return BOT_PREFIX + (agent or "unknown")


def is_bot(player: str) -> bool:
    return player.startswith(BOT_PREFIX)


def finish_time() -> ColumnElement[float]:
    """When a game finished: the time of its last event (the one at the row's ``seq``), else the
    row's ``updated_at``. ``updated_at`` alone moves on after the end (a rematch, a seat linked)."""
    return func.coalesce(EventRow.created_at, GameRow.updated_at)


def last_event_join() -> ColumnElement[bool]:
    """Join a game's row to its last event (for :func:`finish_time`)."""
    return and_(EventRow.game_id == GameRow.id, EventRow.seq == GameRow.seq)


# ----- places from an outcome ---------------------------------------------------------------------
def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _dense_ranks(keys: Sequence[float], start: int) -> list[int]:
    """Places by ``keys`` (higher is better), equal keys sharing one, counted from ``start``."""
    order = sorted(set(keys), reverse=True)
    return [start + order.index(k) for k in keys]


def places(outcome: Mapping[str, Any] | None, seats: int) -> tuple[int, ...] | None:
    """Each seat's place (1 is first) from a stored outcome; ``None`` when it cannot be read."""
    if not isinstance(outcome, Mapping) or seats < 1:
        return None
    ranks = outcome.get("ranks")
    if isinstance(ranks, list) and len(ranks) == seats and all(isinstance(r, int) and r >= 1 for r in ranks):
        return tuple(ranks)
    scores = outcome.get("scores")
    keys = [float(x) for x in scores] if (isinstance(scores, list) and len(scores) == seats
                                           and all(_number(x) for x in scores)) else [0.0] * seats
    winner = outcome.get("winner")
    if winner is None:
        return tuple(_dense_ranks(keys, 1))
    if not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < seats:
        return None
    others = [k for seat, k in enumerate(keys) if seat != winner]
    behind = iter(_dense_ranks(others, 2))
    return tuple(1 if seat == winner else next(behind) for seat in range(seats))


def sole_winner(ranks: Sequence[int]) -> int | None:
    """The seat alone in first place (``None``: a draw or a shared first place)."""
    first = [seat for seat, r in enumerate(ranks) if r == 1]
    return first[0] if len(first) == 1 else None


# ----- the games as the ratings read them -------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """A finished game: its rated players by seat (``None``: a guest), its places (``None``:
    unreadable) and its stored outcome."""

    game_id: str
    finished_at: float
    imported: bool
    players: tuple[str | None, ...]
    ranks: tuple[int, ...] | None
    outcome: dict[str, Any] | None = None
    excluded: str | None = None  # why :mod:`kleos.server.integrity` keeps it out of the ratings

    def rated(self) -> bool:
        """Whether the game counts (see the module's docstring for why some are skipped)."""
        return self.excluded is None and self.could_be_rated()

    def could_be_rated(self) -> bool:
        """Whether the game's seats and outcome allow rating it (before the integrity checks)."""
        if self.imported or self.ranks is None or not self.players or any(p is GUEST for p in self.players):
            return False
        accounts = [p for p in self.players if p is not None and not is_bot(p)]
        return len(accounts) == len(set(accounts))


def finished_order(s: Session, kind: str) -> list[tuple[str, float]]:
    """(game id, finish time) of every finished game of ``kind``, first finished first."""
    when = finish_time()
    found = s.execute(select(GameRow.id, when).outerjoin(EventRow, last_event_join())
                      .where(GameRow.game == kind, GameRow.status == FINISHED).order_by(when, GameRow.id)).all()
    return [(game_id, float(at)) for game_id, at in found]


def seat_players(s: Session, game_ids: Sequence[str]) -> dict[str, list[tuple[int, str | None]]]:
    """(seat, rated player) of every seat of these games, by game, seats in order."""
    out: dict[str, list[tuple[int, str | None]]] = {game_id: [] for game_id in game_ids}
    for start in range(0, len(game_ids), 500):  # bound the IN lists
        chunk = list(game_ids[start:start + 500])
        found = s.execute(select(SeatRow.game_id, SeatRow.seat, SeatRow.kind, SeatRow.agent, AccountSeatRow.account_id)
                          .outerjoin(AccountSeatRow, and_(AccountSeatRow.game_id == SeatRow.game_id,
                                                          AccountSeatRow.seat == SeatRow.seat))
                          .where(SeatRow.game_id.in_(chunk)).order_by(SeatRow.game_id, SeatRow.seat)).all()
        for game_id, seat, kind, agent, account in found:
            out[game_id].append((seat, bot_player(agent) if kind == BOT else account))
    return out


def load_played(s: Session, order: Sequence[tuple[str, float]], judge: Judge | None = None) -> list[Played]:
    """The games of ``order`` with their seats and places, in that order, each judged by
    :mod:`kleos.server.integrity` (``judge``: the one that saw the games finished before)."""
    judge = judge or Judge()
    ids = [game_id for game_id, _ in order]
    seats = seat_players(s, ids)
    rows: dict[str, tuple[str | None, bool]] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        for game_id, text, imported in s.execute(select(GameRow.id, GameRow.outcome, GameRow.imported)
                                                 .where(GameRow.id.in_(chunk))).all():
            rows[game_id] = (text, bool(imported))
    own = integrity.decisions(s, ids)
    accounts = {p for seated in seats.values() for _, p in seated if p is not None and not is_bot(p)}
    shared = integrity.shared_addresses(s, accounts)
    voided = integrity.voided(s)
    out = []
    for game_id, at in order:
        outcome_text, imported = rows.get(game_id, (None, False))
        players = tuple(p for _, p in seats.get(game_id, []))
        outcome = read_outcome(outcome_text)
        played = Played(game_id, at, imported, players, places(outcome, len(players)), outcome)
        if played.could_be_rated():
            played = replace(played, excluded=judge.reason(
                accounts=[p for p in players if p is not None and not is_bot(p)], finished_at=at,
                outcome_reason=(outcome or {}).get("reason"), own=own[game_id],
                persons=[seat for seat, p in seats.get(game_id, []) if p is None or not is_bot(p)],
                shared=shared, voided_reason=voided.get(game_id)))
        out.append(played)
    return out


def read_outcome(text: str | None) -> dict[str, Any] | None:
    """The stored outcome JSON (``None`` when absent or not an object)."""
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


# ----- the ratings of one kind ------------------------------------------------------------------
@dataclass
class Standing:
    """A player's rating in one kind, with the games that made it."""

    player: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The cautious single figure the ladder sorts by (mu − 3 sigma, openskill's ``ordinal``)."""
        return self.mu - 3.0 * self.sigma


@dataclass
class KindRatings:
    """The ratings of one kind after the games ``applied`` (in order); ``finished`` is the count
    of finished games of the kind they were brought up to date with."""

    kind: str
    finished: int = -1
    applied: list[str] = field(default_factory=list)
    standings: dict[str, Standing] = field(default_factory=dict)
    rated_games: int = 0
    voided: int = 0  # games voided by an operator when these were computed
    judge: Judge = field(default_factory=Judge)

    def apply(self, model: PlackettLuce, game: Played) -> None:
        """One game's update of its players' ratings (the caller checked it is rated)."""
        assert game.ranks is not None
        players = [p for p in game.players if p is not None]
        before = {p: self.standings.get(p) or Standing(p, model.mu, model.sigma) for p in players}
        teams = [[PlackettLuceRating(before[p].mu, before[p].sigma, p)] for p in players]
        updated = model.rate(teams, ranks=[float(r) for r in game.ranks])
        copies: dict[str, list[PlackettLuceRating]] = {}
        for p, team in zip(players, updated, strict=True):
            copies.setdefault(p, []).append(team[0])
        winner = sole_winner(game.ranks)
        winners = {players[winner]} if winner is not None else set()
        for p, rated in copies.items():
            standing = before[p]
            standing.mu = sum(r.mu for r in rated) / len(rated)
            standing.sigma = sum(r.sigma for r in rated) / len(rated)
            standing.games += 1
            standing.wins += p in winners
            self.standings[p] = standing
        self.rated_games += 1

    def ladder(self) -> list[Standing]:
        """Best first: by ordinal, then more games, then name (a stable order for equal ratings)."""
        return sorted(self.standings.values(), key=lambda x: (-x.ordinal, -x.games, x.player))


class Ratings:
    """The ratings of every kind, kept in memory and brought up to date on reading."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.model = PlackettLuce()
        self._kinds: dict[str, KindRatings] = {}
        self._lock = threading.Lock()

    def finished_counts(self) -> dict[str, int]:
        """The number of finished games of each kind (one grouped ``COUNT``)."""
        with self.db.read() as s:
            found = s.execute(select(GameRow.game, func.count()).where(GameRow.status == FINISHED)
                              .group_by(GameRow.game)).all()
        return {kind: int(n) for kind, n in found}

    def finished_count(self, kind: str) -> int:
        """The number of finished games of ``kind``."""
        with self.db.read() as s:
            return int(s.scalar(select(func.count()).select_from(GameRow)
                                .where(GameRow.game == kind, GameRow.status == FINISHED)) or 0)

    def of(self, kind: str, finished: int | None = None) -> KindRatings:
        """The ratings of ``kind`` as of now (``finished``: its count of finished games, when known)."""
        if finished is None:
            finished = self.finished_count(kind)
        voided = integrity.voided_count(self.db)
        with self._lock:
            current = self._kinds.get(kind)
            if current is not None and current.finished == finished and current.voided == voided:
                return current
            fresh = self._update(kind, current if current is None or current.voided == voided else None)
            fresh.voided = voided
            self._kinds[kind] = fresh
            return fresh

    def every_kind(self) -> dict[str, KindRatings]:
        """The ratings of every kind that has a finished game."""
        return {kind: self.of(kind, n) for kind, n in sorted(self.finished_counts().items())}

    def _update(self, kind: str, current: KindRatings | None) -> KindRatings:
        """``current`` with the games finished since, or recomputed when the order changed."""
        with self.db.read() as s:
            order = finished_order(s, kind)
            ids = [game_id for game_id, _ in order]
            if current is not None and ids[:len(current.applied)] == current.applied:
                base, new = current, order[len(current.applied):]
            else:
                base, new = KindRatings(kind), order
            games = load_played(s, new, base.judge)
        result = KindRatings(kind, len(order), [*base.applied], {p: replace(x) for p, x in base.standings.items()},
                             base.rated_games, judge=base.judge)
        for game in games:
            if game.rated():
                result.apply(self.model, game)
            result.applied.append(game.game_id)
        return result


# ----- names ------------------------------------------------------------------------------------
def account_names(db: Database, ids: Iterable[str]) -> dict[str, str]:
    """The display name of each account id."""
    wanted = sorted({i for i in ids if not is_bot(i)})
    if not wanted:
        return {}
    with db.read() as s:
        found = s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(wanted))).all()
    return dict(found)
