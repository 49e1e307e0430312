"""A game's routes: its message, an action, an undo, a rematch, and a finished game's replay and
record. Each write runs in a worker thread, then tells the bots and the watchers."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from kleos.server.answers import after_change, check_rate, json_text, message_text, seat_text, seated_answer, with_ack
from kleos.server.context import ServerContext
from kleos.server.deps import Ctx, Token
from kleos.server.errors import ERROR_RESPONSES
from kleos.server.lobby import signed_in
from kleos.server.playing import Change
from kleos.server.ratelimit import client_of
from kleos.server.schemas import ActionIn, UndoIn

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)


@router.get("/{game_id}")
async def get_game(ctx: Ctx, game_id: str, token: Token,
                   since: Annotated[int | None, Query(ge=0, le=1_000_000_000)] = None) -> Response:
    return json_text(await message_text(ctx, game_id, token, since))


@router.post("/{game_id}/actions")
async def post_action(ctx: Ctx, game_id: str, token: Token, body: ActionIn) -> Response:
    await check_rate(ctx, token)
    change = await run_in_threadpool(ctx.store.act, game_id, token, body.seq, body.action)
    return await changed_answer(ctx, change, body.since)


@router.post("/{game_id}/undo")
async def post_undo(ctx: Ctx, game_id: str, token: Token, body: UndoIn) -> Response:
    await check_rate(ctx, token)
    change = await run_in_threadpool(ctx.store.undo, game_id, token, body.seq)
    return await changed_answer(ctx, change, body.since)


async def changed_answer(ctx: ServerContext, change: Change, since: int | None) -> Response:
    """After an action or undo: bots and watchers told, the seat's message acknowledging it."""
    await after_change(ctx, change)
    text = await seat_text(ctx, change.game_id, change.seat, since, change.seq)
    return json_text(with_ack(text, change.seq))


@router.post("/{game_id}/rematch")
async def post_rematch(ctx: Ctx, request: Request, game_id: str, token: Token) -> dict[str, Any]:
    await ctx.limiter.check("games", client_of(request.scope, token))
    seated = await run_in_threadpool(ctx.store.rematch, game_id, token)
    answer = await seated_answer(ctx, request, await signed_in(ctx, request), seated)
    await ctx.hub.changed(game_id, await run_in_threadpool(ctx.store.seq_of, game_id))
    await ctx.hub.changed(seated.game_id, seated.seq)
    return answer


@router.get("/{game_id}/replay")
async def get_replay(ctx: Ctx, game_id: str,
                     step: Annotated[int | None, Query(ge=0, le=1_000_000)] = None) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(ctx.store.replay, game_id, step))


@router.get("/{game_id}/record")
async def get_record(ctx: Ctx, game_id: str) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(ctx.store.export, game_id))
