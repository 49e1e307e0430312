"""Seat tokens: made at random, stored only as their SHA-256, and checked against a game's seats."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable

from kleos.i18n.platform import N_
from kleos.server.accounts import SESSION_PREFIX
from kleos.server.db import SeatRow
from kleos.server.errors import ApiError
from kleos.server.live import SeatInfo


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe, never beginning as a session token does (the
    server tells the two kinds apart by that prefix: about one random token in 262,144 would
    otherwise be taken for a session and refused)."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith(SESSION_PREFIX):
            return token


def token_hash(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of(seats: Iterable[SeatRow | SeatInfo], token: str | None, game_id: str) -> int:
    """The seat ``token`` holds in ``game_id`` (401 without a token, 403 for a token of no seat)."""
    if not token:
        raise ApiError(401, "no_token", N_("this needs a seat token (Authorization: Bearer <token>)"))
    digest = token_hash(token)
    for seat in seats:
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
            return seat.seat
    raise ApiError(403, "not_your_game", N_("this token holds no seat in game '{game_id}'"),
                   params={"game_id": game_id})
