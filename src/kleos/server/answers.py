"""What the game routers answer with, shared by the lobby, games, records and live routers: a
seated player's JSON (with invite links), a game's message text (from memory when it can be), and
what follows every committed change (bots scheduled, watchers told)."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from kleos.server.accounts import Member
from kleos.server.context import ServerContext
from kleos.server.lobby import link
from kleos.server.playing import Change
from kleos.server.ratelimit import client_of
from kleos.server.seating import Seated


def invite_url(ctx: ServerContext, request: Request, game_id: str, invite: str | None) -> str | None:
    """The link to send another player: the invite travels in the fragment, so it never reaches a
    server log."""
    if invite is None:
        return None
    base = (ctx.settings.public_url or str(request.base_url)).rstrip("/")
    return f"{base}/play/{game_id}#invite={invite}"


def seated_json(ctx: ServerContext, request: Request, seated: Seated) -> dict[str, Any]:
    invites = [{"seat": seat, "side": side, "invite": code,
                "invite_url": invite_url(ctx, request, seated.game_id, code)} for seat, side, code in seated.invites]
    return {"game_id": seated.game_id, "game": seated.game, "seat": seated.seat, "side": seated.side,
            "token": seated.token, "seq": seated.seq, "invite": seated.invite,
            "invite_url": invite_url(ctx, request, seated.game_id, seated.invite), "invites": invites}


async def seated_answer(ctx: ServerContext, request: Request, member: Member | None, seated: Seated, *,
                        open_game: bool = False) -> dict[str, Any]:
    """A seat just taken in a new game: linked to the signed-in player, its bot scheduled if one
    opens, answered as :func:`seated_json`."""
    await link(ctx, member, seated, open_game=open_game)
    if seated.bot_to_act:
        ctx.bots.schedule(seated.game_id)
    return seated_json(ctx, request, seated)


async def check_rate(ctx: ServerContext, token: str | None) -> None:
    """The ``actions`` limit of the seat token (a request without one is refused later)."""
    if token is not None:
        await ctx.limiter.check("actions", client_of({}, token))


async def after_change(ctx: ServerContext, change: Change) -> None:
    if change.bot_to_act:
        ctx.bots.schedule(change.game_id)
    await ctx.hub.changed(change.game_id, change.seq)


def json_text(text: str, status_code: int = 200) -> Response:
    return Response(content=text, status_code=status_code, media_type="application/json")


async def message_text(ctx: ServerContext, game_id: str, token: str | None, since: int | None) -> str:
    """A game message: built on the event loop when the game is in memory (no I/O), else in a thread."""
    text = ctx.store.try_message_text(game_id, token, since)
    if text is None:
        text = await run_in_threadpool(ctx.store.message_text, game_id, token, since)
    return text


async def seat_text(ctx: ServerContext, game_id: str, seat: int | None, since: int | None,
                    at_least: int | None = None) -> str:
    text = ctx.store.try_seat_text(game_id, seat, since, at_least)
    if text is None:
        text = await run_in_threadpool(ctx.store.seat_text, game_id, seat, since)
    return text


def with_ack(text: str, seq: int) -> str:
    """A state message's JSON text with ``"ack": {"seq": seq}`` added."""
    return f'{text[:-1]},"ack":{{"seq":{seq}}}}}'
