"""Errors the API answers with: an HTTP status, a short machine-readable code and a message.

Messages never carry hidden information: no card of a hand, no seed, no token.
The code never changes with the language; the message is an English template (marked for the
platform's catalogue, or the game's for a rule the game refuses) with its parameters, rendered in
the reader's language when the answer is written (:meth:`ApiError.body`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from kleos.i18n import PLATFORM_DOMAIN, gettext_in
from kleos.i18n.platform import N_


class ApiError(Exception):
    """Answered as ``{"error": code, "message": message, **extra}`` with HTTP ``status``.

    ``message`` is an English template whose ``{name}`` fields ``params`` fill; ``domain`` is the
    text domain that translates it (the platform's unless a game's rules wrote it); ``words``, when
    given, renders the message instead (a game's refusal, whose parameters name the game's own words:
    a colour, a god, a faction, which only the game's kit translates).
    ``self.message`` keeps the English text, for logs and for code that reads it."""

    def __init__(self, status: int, code: str, message: str, *, params: Mapping[str, Any] | None = None,
                 domain: str = PLATFORM_DOMAIN, words: Callable[[], str] | None = None, **extra: Any) -> None:
        self.template = message
        self.params = dict(params or {})
        self.domain = domain
        self.words = words
        text = message.format(**self.params) if self.params else message
        super().__init__(text)
        self.status = status
        self.code = code
        self.message = text
        self.extra = extra

    def text(self) -> str:
        """The message in the reader's language (the context's, see :mod:`kleos.i18n`)."""
        if self.words is not None:
            return self.words()
        translated = gettext_in(self.domain, self.template)
        return translated.format(**self.params) if self.params else translated

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.text(), **self.extra}


def not_found(game_id: str) -> ApiError:
    return ApiError(404, "not_found", N_("no game '{game_id}'"), params={"game_id": game_id})


def stale(current: int, sent: int) -> ApiError:
    return ApiError(409, "stale", N_("the game is at seq {current}, your message was for seq {sent}: resync and "
                                     "retry"), params={"current": current, "sent": sent}, seq=current)


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
