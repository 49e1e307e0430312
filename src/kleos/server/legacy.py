"""Kleos 0.1's request form, read at the edge and nowhere else.

Clients of 0.1 create a two-seat game with ``edition``, ``rules``, ``side`` and ``opponent``, import
a record with ``side`` and ``opponent``, and read the lobby lists ``GET /api/opponents`` and
``GET /api/editions/{edition}`` (docs/web-api.md keeps them working). This module turns such a
request into the form of every game (options, :class:`~kleos.server.games.SeatAsk`) before the
store sees it, and serves the two lists from the catalog and tables of the server's default game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from kleos.core.kit import GameKit
from kleos.i18n.platform import N_
from kleos.server.deps import Ctx
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import PERSON, RANDOM, AnyGame, SeatAsk, SeatPlan, default_game, kit_of, opponents, seat_plan
from kleos.server.schemas import CreateGame, ImportGame


@dataclass(frozen=True)
class OldSeats(SeatAsk):
    """The seats of 0.1's two-seat form: ``side`` (a seat name in lower case, or ``random``) stands
    for ``seat``, and without ``seats`` every other seat is ``opponent`` (default: a person)."""

    side: str | None = None
    opponent: str | None = None

    def others(self) -> list[tuple[str, str]]:
        if self.seats is None:
            return [("opponent", self.opponent or PERSON)]
        return super().others()

    def plan(self, kit: GameKit, game: AnyGame) -> SeatPlan:
        seat = self.seat
        if seat is None and self.side is not None:
            names = [name.lower() for name in game.seat_names]
            if self.side != RANDOM and self.side not in names:
                raise ApiError(400, "bad_side", N_("unknown side '{side}': choose {choices}"),
                               params={"side": self.side, "choices": ", ".join([*names, RANDOM])})
            seat = "random" if self.side == RANDOM else names.index(self.side)
        return seat_plan(kit, game, seat=seat, seats=self.seats, others=self.opponent or PERSON)


def seat_ask(body: CreateGame | ImportGame) -> SeatAsk:
    """The seats a request asks for; a body without a ``seats`` list, or with ``side`` or
    ``opponent``, is read in 0.1's form (the same seats as the new form when neither is given)."""
    seats = None if body.seats is None else tuple(body.seats)
    if seats is not None and body.side is None and body.opponent is None:
        return SeatAsk(body.seat, seats)
    return OldSeats(body.seat, seats, body.side, body.opponent)


def create_request(body: CreateGame) -> tuple[dict[str, Any], SeatAsk]:
    """A new game's options and seats; 0.1's ``edition`` and ``rules`` fill options not given."""
    options = dict(body.options or {})
    if body.edition is not None:
        options.setdefault("edition", body.edition)
    if body.rules:
        options.setdefault("rules", body.rules)
    return options, seat_ask(body)


router = APIRouter(prefix="/api", tags=["lobby"], responses=ERROR_RESPONSES)


@router.get("/opponents")
async def legacy_opponents(ctx: Ctx) -> dict[str, Any]:
    """Kleos 0.1's lobby lists, for the server's default game (``GET /api/catalog`` has them all)."""
    kit = kit_of(default_game(ctx.settings))
    entry = (await run_in_threadpool(ctx.catalog_by_name)).get(kit.name, {})
    sides = [name.lower() for name in entry.get("seat_names", ())]
    return {"opponents": opponents(kit), "editions": list(kit.editions()), "sides": [*sides, RANDOM]}


@router.get("/editions/{edition}")
async def legacy_edition(ctx: Ctx, edition: str) -> JSONResponse:
    """Kleos 0.1's edition tables: the tables of the server's default game for that edition."""
    name = default_game(ctx.settings)
    try:
        tables = await run_in_threadpool(ctx.tables, name, json.dumps({"edition": edition}))
    except ApiError as exc:
        if exc.code != "bad_options":
            raise
        raise ApiError(404, "not_found", exc.template, params=exc.params, domain=exc.domain) from exc
    return JSONResponse(tables)
