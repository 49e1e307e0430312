"""The lobby's routes: health, the catalog of installed games, their drawing tables and rules, a new
game, joining by invite, and a player's games by their seat tokens."""

from __future__ import annotations

import functools
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from kleos.core import registry
from kleos.core.kit import GameKit
from kleos.i18n.platform import N_
from kleos.server.answers import seated_answer, seated_json
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import check_bot_budgets, default_game
from kleos.server.guide import rules_json
from kleos.server.legacy import create_request
from kleos.server.lobby import link, signed_in
from kleos.server.ratelimit import client_of
from kleos.server.schemas import CreateGame, JoinGame, MyGames

router = APIRouter(prefix="/api", tags=["lobby"], responses=ERROR_RESPONSES)


@router.get("/health")
async def health() -> dict[str, Any]:
    return {"ok": True}


def installed(game: str) -> GameKit:
    """The kit of ``game``, or a 404 naming it."""
    if game not in registry.games():
        raise ApiError(404, "not_found", N_("no game '{game}' on this server"), params={"game": game})
    return registry.kit(game)


@router.get("/catalog")
async def catalog(ctx: Ctx) -> JSONResponse:
    """The installed games, their options and who may sit in their seats."""
    return JSONResponse({"games": await run_in_threadpool(ctx.catalog)})


@router.get("/catalog/{game}/tables")
async def game_tables(ctx: Ctx, game: str,
                      options: Annotated[str | None, Query(max_length=4096)] = None) -> JSONResponse:
    """The tables a board module draws ``game`` with, for ``options`` (URL-encoded JSON)."""
    installed(game)
    return JSONResponse(await run_in_threadpool(ctx.tables, game, options))


@router.get("/catalog/{game}/rules")
async def game_rules(game: str) -> JSONResponse:
    """``game``'s rules reference and every kind of move's help, in the reader's language, to read
    before starting a game (the same texts as a game's help)."""
    body = await run_in_threadpool(rules_json, installed(game))
    return JSONResponse(body, headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"})


@router.post("/games", status_code=201)
async def create_game(ctx: Ctx, request: Request, body: CreateGame) -> dict[str, Any]:
    if body.seed is not None and not ctx.settings.allow_client_seed:
        raise ApiError(400, "seed_not_allowed", N_("this server chooses the seed of every game (it is secret)"))
    options, seats = create_request(body)
    check_bot_budgets(ctx.settings, seats)
    member = await signed_in(ctx, request)
    if body.open and member is None:
        raise ApiError(401, "not_signed_in", N_("open: only a signed-in player can open a game to everyone"),
                       field="open")
    await ctx.limiter.check("games", client_of(request.scope, None))
    name = body.game or default_game(ctx.settings)
    seated = await run_in_threadpool(functools.partial(
        ctx.store.create, name, options, seats, seed=body.seed,
        clock=None if body.clock is None else body.clock.control(), handicap=body.handicap))
    return await seated_answer(ctx, request, member, seated, open_game=body.open)


@router.post("/join")
async def join_game(ctx: Ctx, request: Request, body: JoinGame) -> dict[str, Any]:
    member = await signed_in(ctx, request)
    seated = await run_in_threadpool(ctx.store.join, body.invite)
    await link(ctx, member, seated)
    await ctx.hub.changed(seated.game_id, seated.seq)
    return seated_json(ctx, request, seated)


@router.post("/my-games")
async def my_games(ctx: Ctx, body: MyGames) -> JSONResponse:
    return JSONResponse({"games": await run_in_threadpool(ctx.store.my_games, body.tokens)})
