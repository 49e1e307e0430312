"""The HTTP side of accounts (:mod:`kleos.server.accounts`): sign-up, sign-in and sign-out, the
games of the signed-in player, and the lobby of open games.

A session travels in the ``kleos_session`` cookie (HttpOnly, SameSite=Lax, kept for 90 days, so
it survives a browser restart) or, for other clients, as ``Authorization: Bearer <session token>``
(session tokens start with ``ks_``; seat tokens never do). Game requests still take seat tokens:
``GET /api/me/games`` hands the player the token of each of their seats, on any device.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from kleos.i18n.platform import N_
from kleos.server import accounts
from kleos.server.accounts import COOKIE, SESSION_PREFIX, SESSION_SECONDS, Member, SignedIn
from kleos.server.context import ServerContext
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError, ErrorBody
from kleos.server.games import stored_kit
from kleos.server.integrity import remember_address
from kleos.server.live import ACTIVE
from kleos.server.ratelimit import client_of
from kleos.server.schemas import AccountIn
from kleos.server.seating import Seated

OPEN_GAMES_SHOWN = 100
YOUR_TURN, WAITING, FINISHED = "your_turn", "waiting", "finished"




def session_token(request: Request) -> str | None:
    """The session token of a request: the bearer token if it is one, else the cookie's."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip().startswith(SESSION_PREFIX):
        return value.strip()
    return request.cookies.get(COOKIE)


async def signed_in(ctx: ServerContext, request: Request) -> Member | None:
    """The account signed in on this request (``None``: a guest, or a session that expired)."""
    token = session_token(request)
    return None if token is None else await run_in_threadpool(accounts.member_of, ctx.db, token)


async def member_needed(ctx: ServerContext, request: Request) -> Member:
    member = await signed_in(ctx, request)
    if member is None:
        raise ApiError(401, "not_signed_in", N_("sign in first (POST /api/sessions), or sign up (POST /api/accounts)"))
    return member


async def link(ctx: ServerContext, member: Member | None, seated: Seated, *, open_game: bool = False) -> None:
    """Remember a seat just taken by a signed-in player; memory reads the game's seats again."""
    if member is None:
        return
    await run_in_threadpool(accounts.link_seat, ctx.db, member, seated.game_id, seated.seat, seated.token,
                            open_game=open_game)
    ctx.store.forget(seated.game_id)


def member_json(member: Member) -> dict[str, Any]:
    return {"id": member.id, "name": member.name}


def session_json(ctx: ServerContext, request: Request, response: Response, signed: SignedIn) -> dict[str, Any]:
    """The session's answer; the cookie is set too (``Secure`` when the request came over HTTPS or
    the server's public address is an HTTPS one)."""
    secure = request.url.scheme == "https" or (ctx.settings.public_url or "").startswith("https:")
    response.set_cookie(COOKIE, signed.token, max_age=SESSION_SECONDS, httponly=True, samesite="lax",
                        secure=secure, path="/")
    response.headers["Cache-Control"] = "no-store"
    return {"account": member_json(signed.member), "token": signed.token, "expires_at": signed.expires_at}


_WHY = {
    401: "not signed in (no session, or an expired one), or a wrong name or password",
    404: "no such open game",
    409: "a name already taken, a seat already held, or no free seat left",
}
RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES, **{status: {"model": ErrorBody, "description": why} for status, why in _WHY.items()}}
router = APIRouter(prefix="/api", tags=["accounts"], responses=RESPONSES)


@router.post("/accounts", status_code=201)
async def sign_up(ctx: Ctx, request: Request, response: Response, body: AccountIn) -> dict[str, Any]:
    """A new account with a display name (unique, whatever its case) and a password; signed in at once."""
    await ctx.limiter.check("signups", client_of(request.scope, None))
    signed = await run_in_threadpool(accounts.sign_up, ctx.db, body.name, body.password)
    await run_in_threadpool(remember_address, ctx.db, signed.member.id, client_of(request.scope, None))
    return session_json(ctx, request, response, signed)


@router.post("/sessions")
async def sign_in(ctx: Ctx, request: Request, response: Response, body: AccountIn) -> dict[str, Any]:
    """Sign in with name and password: a new session (cookie and token). Attempts are limited per
    client address; failures back off per (name, address) and per address, never per name alone
    (see ``docs/web-api.md``)."""
    address = client_of(request.scope, None)
    pair = f"{address}|name:{accounts.name_key(body.name)}"
    await ctx.limiter.check("logins", address)
    await ctx.limiter.room_left("address_failures", address)
    await ctx.limiter.room_left("name_failures", pair)
    try:
        signed = await run_in_threadpool(accounts.sign_in, ctx.db, body.name, body.password)
    except ApiError:
        await ctx.limiter.count("address_failures", address)
        await ctx.limiter.count("name_failures", pair)
        raise
    await run_in_threadpool(remember_address, ctx.db, signed.member.id, address)
    return session_json(ctx, request, response, signed)


@router.delete("/sessions/current")
async def sign_out(ctx: Ctx, request: Request, response: Response) -> dict[str, Any]:
    """End this session (on this device only); the cookie is cleared."""
    token = session_token(request)
    if token is not None:
        await run_in_threadpool(accounts.sign_out, ctx.db, token)
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True}


@router.get("/me")
async def me(ctx: Ctx, request: Request) -> dict[str, Any]:
    """The signed-in account."""
    return {"account": member_json(await member_needed(ctx, request))}


@router.get("/session")
async def current_session(ctx: Ctx, request: Request) -> dict[str, Any]:
    """Who is signed in on this device: the account, or ``null`` for a guest. Pages ask this first,
    so a guest's page makes no request that fails (``GET /api/me`` answers 401 to a guest)."""
    member = await signed_in(ctx, request)
    return {"account": None if member is None else member_json(member)}


@router.get("/me/games")
async def me_games(ctx: Ctx, request: Request) -> dict[str, Any]:
    """Every game the signed-in player holds a seat in, with that seat's token: the games where it
    is their turn first, then the others still running, then the finished ones (each group most
    recently changed first)."""
    member = await member_needed(ctx, request)
    return {"games": await run_in_threadpool(games_of, ctx, member)}


def games_of(ctx: ServerContext, member: Member) -> list[dict[str, Any]]:
    held = accounts.seat_tokens(ctx.db, member)
    tokens = [token for _, _, token in held]
    games = ctx.store.my_games(tokens)
    names = accounts.names_of(ctx.db, [entry["game_id"] for entry in games])
    for entry in games:
        entry["token"] = tokens[entry.pop("token_index")]
        entry["section"] = YOUR_TURN if entry["your_turn"] else WAITING if entry["status"] == ACTIVE else FINISHED
        for player in [*entry["players"], *([entry["opponent"]] if entry.get("opponent") else [])]:
            player["name"] = names.get((entry["game_id"], player["seat"]))
    order = {YOUR_TURN: 0, WAITING: 1, FINISHED: 2}
    games.sort(key=lambda g: (order[g["section"]], -g["updated_at"]))
    return games


@router.get("/lobby/open")
async def lobby_open(ctx: Ctx, limit: Annotated[int, Query(ge=1, le=OPEN_GAMES_SHOWN)] = OPEN_GAMES_SHOWN,
                     ) -> dict[str, Any]:
    """Games opened to everyone that still have a free seat, newest first; a signed-in player takes
    one with ``POST /api/lobby/open/{game_id}/join``."""
    return {"games": await run_in_threadpool(open_list, ctx, limit)}


def open_list(ctx: ServerContext, limit: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for found in accounts.open_games(ctx.db, limit):
        try:
            kit = stored_kit(found.game)
            game = ctx.store.game_for(found.game, found.options)
        except ApiError:
            continue  # a game whose kit is no longer installed
        seats = [{"seat": x.seat, "side": kit.seat_name(game, x.seat), "kind": x.kind, "agent": x.agent,
                  "joined": x.kind == "bot" or x.token_hash is not None, "name": found.names.get(x.seat)}
                 for x in found.seats]
        out.append({"game_id": found.game_id, "game": found.game, "title": kit.title,
                    "options": json.loads(found.options), "host": found.host, "created_at": found.created_at,
                    "seats": seats,
                    "free_seats": [x.seat for x in found.seats if x.invite is not None],
                    "join": f"/api/lobby/open/{found.game_id}/join"})
    return out


@router.post("/lobby/open/{game_id}/join")
async def join_open(ctx: Ctx, request: Request, game_id: str) -> dict[str, Any]:
    """Take the first free seat of an open game (signed in only): the answer is that of ``POST
    /api/join``, and the seat is the account's."""
    member = await member_needed(ctx, request)
    invite = await run_in_threadpool(accounts.free_invite, ctx.db, member, game_id)
    try:
        seated = await run_in_threadpool(ctx.store.join, invite)
    except ApiError as exc:
        if exc.code != "bad_invite":
            raise
        raise ApiError(409, "no_free_seat", N_("that seat was taken meanwhile: look at the lobby again")) from exc
    await link(ctx, member, seated)
    await ctx.hub.changed(seated.game_id, seated.seq)
    return {"game_id": seated.game_id, "game": seated.game, "seat": seated.seat, "side": seated.side,
            "token": seated.token, "seq": seated.seq, "invite": None, "invite_url": None, "invites": []}
