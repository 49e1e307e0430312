"""The request dependencies every router shares: the application's context and the seat token of
the ``Authorization`` header, defined once so that each router reads them the same way."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from kleos.server.context import ServerContext
from kleos.server.errors import ApiError


def context(request: Request) -> ServerContext:
    """The application's context (settings, database, store, hub, bots, limiter)."""
    ctx: ServerContext = request.app.state.ctx
    return ctx


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token from ``Authorization: Bearer <token>`` (``None`` when absent; 401 when the
    header is there but not of that form)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", "use the header 'Authorization: Bearer <seat token>'")
    return token.strip()


Ctx = Annotated[ServerContext, Depends(context)]
Token = Annotated[str | None, Depends(bearer_token)]
