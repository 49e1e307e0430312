"""A game's WebSocket: the hello (seat token or spectator), then the game pushed on every change,
and actions, undos, syncs, pings and a language change from the client."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from kleos import i18n
from kleos.i18n.platform import N_
from kleos.server.answers import after_change, check_rate
from kleos.server.context import ServerContext
from kleos.server.errors import ApiError
from kleos.server.hub import Connection, FrameRefused, bad_hello, close_code, receive_text
from kleos.server.ratelimit import client_of
from kleos.server.schemas import ClientMessage, Hello

router = APIRouter(prefix="/api/games", tags=["live"])


@router.websocket("/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    ctx: ServerContext = websocket.app.state.ctx
    await websocket.accept()
    try:
        raw = await asyncio.wait_for(receive_text(websocket), ctx.settings.hello_timeout)
        hello = Hello.model_validate_json(raw)
        seat = await run_in_threadpool(ctx.store.authenticate, game_id, hello.token)
    except ApiError as exc:
        await _close_with(websocket, exc.status, exc.body(), close_code(exc))
        return
    except (TimeoutError, ValidationError, KeyError, RuntimeError) as exc:
        refused = bad_hello(exc)
        await _close_with(websocket, refused.status, refused.body(), close_code(refused))
        return
    except WebSocketDisconnect:
        return
    connection = Connection(websocket, game_id, seat, hello.since, language=i18n.current(), describe=hello.describe)
    client = client_of(websocket.scope, hello.token)
    try:
        ticket = await ctx.limiter.open_socket(client, game_id)
    except ApiError as exc:
        await _close_with(websocket, exc.status, exc.body())
        return
    ctx.hub.add(connection)
    try:
        await ctx.hub.send_state(connection)
        while True:
            raw = await receive_text(websocket)
            await _on_client_message(ctx, connection, hello.token, raw)
    except FrameRefused as exc:
        await _close_with(websocket, exc.status, exc.body(), exc.close_code)
    except (WebSocketDisconnect, RuntimeError, KeyError):
        pass
    finally:
        ctx.hub.remove(connection)
        await ctx.limiter.close_socket(ticket)


async def _close_with(websocket: WebSocket, status: int, body: dict[str, Any], code: int | None = None) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "status": status, **body}))
        await websocket.close(code=4000 + status if code is None else code)


async def _on_client_message(ctx: ServerContext, connection: Connection, token: str | None, raw: str) -> None:
    ref: Any = None
    try:
        try:
            message = ClientMessage.model_validate_json(raw)
        except ValidationError as exc:
            raise ApiError(400, "invalid_message", _validation_text(exc)) from exc
        ref = message.id
        if message.type in ("ping", "sync"):  # like a request (actions and undos count as actions)
            await ctx.limiter.check("requests", client_of(connection.websocket.scope, token))
        if message.type == "ping":
            await connection.send_json({"type": "pong", "id": ref})
            return
        if message.type == "language":
            await _change_language(ctx, connection, message.language, ref)
            return
        if message.type == "describe":
            await _change_describe(ctx, connection, message.on, ref)
            return
        if message.type == "sync":
            await ctx.hub.send_state(connection, resync=True)
            return
        if message.seq is None:
            raise ApiError(400, "invalid_message", N_("a '{type}' message needs the game's seq"),
                           params={"type": message.type})
        await check_rate(ctx, token)
        if message.type == "action":
            if message.action is None:
                raise ApiError(400, "invalid_message", N_("an 'action' message needs an action"))
            change = await run_in_threadpool(ctx.store.act, connection.game_id, token, message.seq, message.action)
        else:
            change = await run_in_threadpool(ctx.store.undo, connection.game_id, token, message.seq)
        await connection.send_json({"type": "ack", "id": ref, "seq": change.seq})
        await after_change(ctx, change)
    except ApiError as exc:
        await connection.send_json({"type": "error", "id": ref, "status": exc.status, **exc.body()})


async def _change_describe(ctx: ServerContext, connection: Connection, on: bool | None, ref: Any) -> None:
    """This socket's state messages carry the position in words from now on, or no longer:
    acknowledged, then (when asked for) the game is sent again with them."""
    if on is None:
        raise ApiError(400, "invalid_message", N_("a 'describe' message says 'on': true or false"))
    connection.describe = on
    await connection.send_json({"type": "ack", "id": ref, "describe": on})
    if on:
        await ctx.hub.send_state(connection)


async def _change_language(ctx: ServerContext, connection: Connection, language: str | None, ref: Any) -> None:
    """This socket reads ``language`` from now on: acknowledged, then the game is sent again in it."""
    chosen = i18n.normalise(language)
    if chosen is None:
        raise ApiError(400, "invalid_message", N_("a 'language' message names one of {choices}"),
                       params={"choices": ", ".join(i18n.LANGUAGES)})
    connection.language = chosen
    with i18n.use_locale(chosen):
        await connection.send_json({"type": "ack", "id": ref, "language": chosen})
        await ctx.hub.send_state(connection, resync=True)


def _validation_text(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}" for e in exc.errors())
