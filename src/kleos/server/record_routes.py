"""The records' route: a game rebuilt from a record and played on (``GET …/record`` exports one:
:mod:`kleos.server.game_routes`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from kleos.server.answers import seated_answer
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES
from kleos.server.games import check_import
from kleos.server.legacy import seat_ask
from kleos.server.lobby import signed_in
from kleos.server.ratelimit import client_of
from kleos.server.schemas import ImportGame

router = APIRouter(prefix="/api", tags=["records"], responses=ERROR_RESPONSES)


@router.post("/import", status_code=201)
async def import_game(ctx: Ctx, request: Request, body: ImportGame) -> dict[str, Any]:
    seats = seat_ask(body)
    check_import(ctx.settings, body.record, seats)
    await ctx.limiter.check("imports", client_of(request.scope, None))
    seated = await run_in_threadpool(ctx.store.import_record, body.record, seats)
    return await seated_answer(ctx, request, await signed_in(ctx, request), seated)
