"""The HTTP side of game endings and table chat (:mod:`kleos.server.endings`, :mod:`kleos.server.chat`):
resign, claim a win on time, the chat lines and the mute, and the periodic sweep that ends the
games whose time is up.

Each request names its player by a seat token (``Authorization: Bearer <seat token>``) or by an
account session (cookie or ``Bearer ks_…``) holding a seat of the game; a player holding several
seats says which with ``seat``. Every ending is pushed to the game's watchers like any change;
chat lines are pushed to the seated connections of this process that have not muted the speaker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from kleos.i18n.platform import N_
from kleos.server import chat, endings
from kleos.server.accounts import SESSION_PREFIX, AccountSeatRow
from kleos.server.context import ServerContext
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import stored_kit
from kleos.server.hub import Hub
from kleos.server.lobby import signed_in
from kleos.server.messages import dumps, seat_words
from kleos.server.store import GameStore

log = logging.getLogger("kleos.server.endings")
SWEEP_SECONDS = 2.0  # how often the sweep looks for games whose time is up


router = APIRouter(prefix="/api/games", tags=["endings"], responses=ERROR_RESPONSES)


class SeatIn(BaseModel):
    """Which of the player's seats acts, for a player holding several seats of the game."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int | None = Field(default=None, ge=0, le=64)


def bearer(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def held_seats(ctx: ServerContext, game_id: str, account_id: str) -> list[int]:
    with ctx.db.read() as s:
        return sorted(s.scalars(select(AccountSeatRow.seat).where(AccountSeatRow.game_id == game_id,
                                                                   AccountSeatRow.account_id == account_id)).all())


async def player_seat(ctx: ServerContext, request: Request, game_id: str, wanted: int | None) -> int:
    """The seat of the player making ``request`` (401 without credentials, 403 without a seat)."""
    token = bearer(request)
    if token is not None and not token.startswith(SESSION_PREFIX):
        seat = await run_in_threadpool(ctx.store.authenticate, game_id, token)
        assert seat is not None
        return seat
    member = await signed_in(ctx, request)
    if member is None:
        raise ApiError(401, "no_token", N_("this needs a seat token (Authorization: Bearer <token>) or a signed-in "
                          "player holding a seat of the game"))
    await run_in_threadpool(ctx.store.seq_of, game_id)  # 404 for an unknown game
    held = await run_in_threadpool(held_seats, ctx, game_id, member.id)
    if not held:
        raise ApiError(403, "not_your_game", N_("you hold no seat in game '{game_id}'"), params={"game_id": game_id})
    if wanted in held:
        return wanted
    if wanted is None and len(held) == 1:
        return held[0]
    raise ApiError(422, "bad_seat", N_("seat: you hold seats {held} of this game: say which"),
                   params={"held": held}, field="seat")


async def seat_answer(ctx: ServerContext, game_id: str, seat: int) -> Response:
    text = await run_in_threadpool(ctx.store.seat_text, game_id, seat)
    return Response(content=text, media_type="application/json")


@router.post("/{game_id}/resign")
async def resign(ctx: Ctx, request: Request, game_id: str, body: SeatIn | None = None) -> Response:
    """Resign: the game ends at once, the resigning seat loses and the seats still in share the win
    (the only other seat wins; see :mod:`kleos.server.endings`). The answer is the seat's message."""
    seat = await player_seat(ctx, request, game_id, body.seat if body else None)
    await ctx.limiter.check_both("actions", request.scope, bearer(request))
    await run_in_threadpool(endings.end, ctx.store, game_id, endings.RESIGNED, seat)
    return await seat_answer(ctx, game_id, seat)


@router.post("/{game_id}/claim")
async def claim(ctx: Ctx, request: Request, game_id: str, body: SeatIn | None = None) -> Response:
    """Claim the win on time: another seat let its clock (or its days per move) run out. 409
    ``not_yet`` while it still has time. The answer is the seat's message, the game over."""
    seat = await player_seat(ctx, request, game_id, body.seat if body else None)
    await ctx.limiter.check_both("actions", request.scope, bearer(request))
    await run_in_threadpool(endings.claim, ctx.store, game_id, seat)
    return await seat_answer(ctx, game_id, seat)


def chat_json(ctx: ServerContext, game_id: str, lines: list[chat.Line]) -> list[dict[str, Any]]:
    meta = ctx.store.committed(game_id).current.meta
    names = seat_words(stored_kit(meta.game), ctx.store.game_for(meta.game, meta.options))
    players = {x.seat: x.name for x in meta.seats if x.name}
    return [line.to_json(names, players) for line in lines]


def chat_page(ctx: ServerContext, game_id: str, seat: int) -> dict[str, Any]:
    lines = chat.lines_for(ctx.db, game_id, seat)
    muted = sorted(chat.mutes(ctx.db, game_id).get(seat, set()))
    return {"seat": seat, "lines": chat_json(ctx, game_id, lines), "muted": muted, "max_chars": chat.MAX_CHARS}


@router.get("/{game_id}/chat")
async def get_chat(ctx: Ctx, request: Request, game_id: str, seat: int | None = None) -> dict[str, Any]:
    """The table's newest chat lines for a seated player, without those of the seats they muted."""
    mine = await player_seat(ctx, request, game_id, seat)
    return await run_in_threadpool(chat_page, ctx, game_id, mine)


@router.post("/{game_id}/chat", status_code=201)
async def post_chat(ctx: Ctx, request: Request, game_id: str, body: chat.ChatIn) -> dict[str, Any]:
    """Say a line at the table (seated players only; 1 to 300 characters; a few lines a minute)."""
    seat = await player_seat(ctx, request, game_id, body.seat)
    text = chat.clean(body.text)
    await ctx.limiter.check_both("chat", request.scope, bearer(request))
    line = await run_in_threadpool(chat.say, ctx.db, game_id, seat, text)
    entry = (await run_in_threadpool(chat_json, ctx, game_id, [line]))[0]
    await push_line(ctx, game_id, entry)
    return {"line": entry}


@router.post("/{game_id}/mute")
async def mute(ctx: Ctx, request: Request, game_id: str, body: chat.MuteIn) -> dict[str, Any]:
    """Stop reading the chat lines of ``seat`` (``"mute": false`` hears it again); for you only."""
    reader = await player_seat(ctx, request, game_id, body.by)
    seats = len((await run_in_threadpool(ctx.store.committed, game_id)).current.meta.seats)
    if body.seat >= seats:
        raise ApiError(422, "bad_mute", N_("seat: this game has seats 0 to {last}"), params={"last": seats - 1},
                       field="seat")
    muted = await run_in_threadpool(chat.set_mute, ctx.db, game_id, reader, body.seat, body.mute)
    return {"seat": reader, "muted": muted}


async def push_line(ctx: ServerContext, game_id: str, entry: dict[str, Any]) -> None:
    """Send a new line to this process's seated connections to the game, unless they muted it."""
    conns = ctx.hub.seated(game_id)
    if not conns:
        return
    muting = await run_in_threadpool(chat.mutes, ctx.db, game_id)
    text = dumps({"type": "chat", "game_id": game_id, "line": entry})
    await asyncio.gather(*(c.send(text) for c in conns if entry["seat"] not in muting.get(c.seat or 0, set())))


# ----- the sweep --------------------------------------------------------------------------------
async def sweep_forever(store: GameStore, interval: float) -> None:
    """End, every ``interval`` seconds, the games whose time is up (a bounded batch each time)."""
    while True:
        await asyncio.sleep(interval)
        try:
            await run_in_threadpool(endings.sweep, store)
        except Exception as exc:  # the next sweep tries again; reads still end games lazily
            log.warning("the clock sweep failed: %s", type(exc).__name__)


def start(store: GameStore, hub: Hub, interval: float = SWEEP_SECONDS) -> asyncio.Task[None]:
    """Push every game ended by resign or time to its watchers, and start the sweep (cancel the
    task returned at shutdown). Call on the event loop."""
    loop = asyncio.get_running_loop()

    def on_end(game_id: str, seq: int) -> None:
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(hub.changed(game_id, seq), loop)

    store.on_end = on_end
    return asyncio.create_task(sweep_forever(store, interval))
