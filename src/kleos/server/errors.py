"""Errors the API answers with: an HTTP status, a short machine-readable code and a message.

Messages never carry hidden information: no card of a hand, no seed, no token.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ApiError(Exception):
    """Answered as ``{"error": code, "message": message, **extra}`` with HTTP ``status``."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


def not_found(game_id: str) -> ApiError:
    return ApiError(404, "not_found", f"no game '{game_id}'")


def stale(current: int, sent: int) -> ApiError:
    return ApiError(409, "stale", f"the game is at seq {current}, your message was for seq {sent}: resync and retry",
                    seq=current)


class ErrorBody(BaseModel):
    """Every error answer: a machine-readable ``error`` code and a ``message`` for people; some
    add fields (``field``, ``seq``, ``rule``, ``retry_after``, …)."""

    model_config = ConfigDict(extra="allow")

    error: str
    message: str


_WHY = {
    400: "a body, option, field or frame the server refuses (``field`` names it when there is one)",
    401: "a seat token is needed, or the Authorization header is not ``Bearer <token>`` with a token this "
         "server issued",
    403: "the token holds no seat in this game, or a cookie-authenticated change came from another site",
    404: "no such game, invite or table",
    409: "stale (another change came first: resync), not finished, or a rematch taken",
    415: "a body that is not ``application/json``",
    422: "an action the rules refuse (``rule`` names the rule)",
    429: "a limit reached: retry after ``Retry-After`` seconds",
    503: "the game of a stored record is not installed on this server",
}
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": why} for status, why in _WHY.items()}
"""The error answers every route may give, for the OpenAPI schema (``responses=`` of a router)."""
