"""The HTTP side of ratings (:mod:`kleos.server.ratings`): the ladder of a game kind, the signed-in
player's ratings, and the lobby's list of finished games with their replays.

Everything here is public except ``GET /api/me/ratings``: finished games can be replayed by anyone
who knows their id, and the list only adds the names the game pages show already.
"""

from __future__ import annotations

import threading
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from kleos.core import registry
from kleos.i18n.platform import N_
from kleos.server.accounts import Member, seat_names
from kleos.server.context import ServerContext
from kleos.server.db import EventRow, GameRow, SeatRow
from kleos.server.deps import Ctx, context
from kleos.server.errors import ERROR_RESPONSES, ApiError, ErrorBody
from kleos.server.live import FINISHED
from kleos.server.lobby import member_needed
from kleos.server.messages import reason_text
from kleos.server.ratings import (
    BOT_PREFIX,
    KindRatings,
    Played,
    Ratings,
    Standing,
    account_names,
    finish_time,
    is_bot,
    last_event_join,
    load_played,
)

LADDER_SHOWN = 100  # players on a ladder page, by default
LADDER_MAX = 1000
FINISHED_SHOWN = 20  # finished games in the lobby, by default
FINISHED_MAX = 100

_RATINGS_LOCK = threading.Lock()

_WHY = {
    401: "not signed in (no session, or an expired one)",
    404: "no installed game of this kind",
}
RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES, **{status: {"model": ErrorBody, "description": why} for status, why in _WHY.items()}}
router = APIRouter(prefix="/api", tags=["ratings"], responses=RESPONSES)


def ratings_of(request: Request) -> Ratings:
    """The process's ratings, made on first use and kept with the application."""
    state = request.app.state
    with _RATINGS_LOCK:
        found: Ratings | None = getattr(state, "kleos_ratings", None)
        if found is None:
            found = Ratings(context(request).db)
            state.kleos_ratings = found
    return found


def known_kind(kind: str) -> str:
    """The title of installed game ``kind`` (404 ``unknown_game``, naming the installed ones)."""
    try:
        return registry.kit(kind).title
    except registry.UnknownGame as exc:
        raise ApiError(404, "unknown_game", N_("no game '{game}' is installed here, so it has no ladder"),
                       params={"game": kind}, available=exc.available) from exc


def player_json(standing: Standing, names: dict[str, str]) -> dict[str, Any]:
    bot = is_bot(standing.player)
    return {"name": standing.player if bot else names.get(standing.player, "(account removed)"), "bot": bot,
            "agent": standing.player[len(BOT_PREFIX):] if bot else None,
            "mu": round(standing.mu, 4), "sigma": round(standing.sigma, 4), "ordinal": round(standing.ordinal, 4),
            "games": standing.games, "wins": standing.wins}


# ----- the ladder -----------------------------------------------------------------------------------
@router.get("/ladder/{kind}")
async def ladder(ctx: Ctx, request: Request, kind: str,
                 limit: Annotated[int, Query(ge=1, le=LADDER_MAX)] = LADDER_SHOWN) -> dict[str, Any]:
    """The players of game ``kind`` (accounts, and bots as ``bot:<agent>``), best first by the
    cautious rating ``ordinal`` (mu − 3 sigma of openskill's Plackett–Luce model). Games with a
    guest seat, imported games and games where one account holds several seats are not rated."""
    title = known_kind(kind)
    ratings = ratings_of(request)
    return await run_in_threadpool(ladder_json, ctx, ratings, kind, title, limit)


def ladder_json(ctx: ServerContext, ratings: Ratings, kind: str, title: str, limit: int) -> dict[str, Any]:
    rated: KindRatings = ratings.of(kind)
    best = rated.ladder()
    names = account_names(ctx.db, (x.player for x in best[:limit]))
    players = [{"rank": rank, **player_json(x, names)} for rank, x in enumerate(best[:limit], start=1)]
    return {"game": kind, "title": title, "rated_games": rated.rated_games, "finished_games": rated.finished,
            "player_count": len(best), "players": players}


# ----- the signed-in player's ratings ------------------------------------------------------------------
@router.get("/me/ratings")
async def my_ratings(ctx: Ctx, request: Request) -> dict[str, Any]:
    """The signed-in player's rating in every game kind where they have a rated game, with their
    place on that kind's ladder."""
    member = await member_needed(ctx, request)
    ratings = ratings_of(request)
    return {"account": {"id": member.id, "name": member.name},
            "ratings": await run_in_threadpool(ratings_for, ratings, member)}


def ratings_for(ratings: Ratings, member: Member) -> list[dict[str, Any]]:
    out = []
    for kind, rated in ratings.every_kind().items():
        best = rated.ladder()
        mine = next(((rank, x) for rank, x in enumerate(best, start=1) if x.player == member.id), None)
        if mine is None:
            continue
        try:
            title = registry.kit(kind).title
        except registry.UnknownGame:
            continue  # a kind whose kit is no longer installed
        rank, standing = mine
        out.append({"game": kind, "title": title, "rank": rank, "player_count": len(best),
                    **player_json(standing, {member.id: member.name})})
    return out


# ----- the finished games ----------------------------------------------------------------------------
@router.get("/lobby/finished")
async def lobby_finished(ctx: Ctx, kind: Annotated[str | None, Query(max_length=32)] = None,
                         limit: Annotated[int, Query(ge=1, le=FINISHED_MAX)] = FINISHED_SHOWN) -> dict[str, Any]:
    """The most recently finished games (of game ``kind`` when given), with the players' names,
    how each game ended, whether it counts for the ratings, and the link to its replay."""
    if kind is not None:
        known_kind(kind)
    return {"games": await run_in_threadpool(finished_list, ctx, kind, limit)}


def finished_list(ctx: ServerContext, kind: str | None, limit: int) -> list[dict[str, Any]]:
    when = finish_time()
    query = (select(GameRow.id, GameRow.game, GameRow.options, GameRow.steps, when)
             .outerjoin(EventRow, last_event_join()).where(GameRow.status == FINISHED))
    kinds = [kind] if kind is not None else sorted(registry.games())  # a kind no longer installed: left out
    with ctx.db.read() as s:
        found = s.execute(query.where(GameRow.game.in_(kinds)).order_by(when.desc(), GameRow.id).limit(limit)).all()
        ids = [game_id for game_id, *_ in found]
        seats: dict[str, list[tuple[int, str, str | None]]] = {game_id: [] for game_id in ids}
        for game_id, seat, seat_kind, agent in s.execute(select(SeatRow.game_id, SeatRow.seat, SeatRow.kind,
                                                                SeatRow.agent)
                                                         .where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)):
            seats[game_id].append((seat, seat_kind, agent))
        names = seat_names(s, ids)
        played = load_played(s, [(game_id, float(at)) for game_id, *_, at in found])
    return [finished_json(ctx, game_id, name, options, steps, one, seats[game_id], names)
            for (game_id, name, options, steps, _), one in zip(found, played, strict=True)]


def finished_json(ctx: ServerContext, game_id: str, name: str, options: str, steps: int, played: Played,
                  seats: list[tuple[int, str, str | None]], names: dict[tuple[str, int], str]) -> dict[str, Any]:
    """One finished game as the lobby lists it (``played``: as the ratings read it)."""
    game = ctx.store.game_for(name, options)
    ranks = played.ranks
    players = [{"seat": seat, "side": registry.kit(name).seat_name(game, seat), "kind": kind, "agent": agent,
                "name": names.get((game_id, seat)), "place": None if ranks is None else ranks[i]}
               for i, (seat, kind, agent) in enumerate(seats)]
    return {"game_id": game_id, "game": name, "title": registry.kit(name).title, "finished_at": played.finished_at,
            "steps": steps, "imported": played.imported, "outcome": played.outcome,
            "reason_text": reason_text(registry.kit(name), played.outcome), "players": players,
            "rated": played.rated(), "replay": f"/replay/{game_id}", "replay_api": f"/api/games/{game_id}/replay"}
