"""Errors the API answers with: an HTTP status, a short machine-readable code and a message.

Messages never carry hidden information: no card of a hand, no seed, no token.
"""

from __future__ import annotations

from typing import Any


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
