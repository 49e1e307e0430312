"""Request bodies, validated by pydantic: unknown fields, wrong types and sizes are 400 errors."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["athens", "sparta", "random"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(Strict):
    edition: Literal["2012", "2020"] = "2020"
    side: Side = "athens"
    opponent: str = Field(default="person", min_length=1, max_length=64)
    rules: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class JoinGame(Strict):
    invite: str = Field(min_length=8, max_length=64)


class MyGames(Strict):
    tokens: list[str] = Field(max_length=200)


class ActionIn(Strict):
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)
    since: int | None = Field(default=None, ge=0)  # answer with the log steps after event ``since`` only


class UndoIn(Strict):
    seq: int = Field(ge=0)
    since: int | None = Field(default=None, ge=0)


class ImportGame(Strict):
    record: dict[str, Any]
    side: Side = "athens"
    opponent: str = Field(default="person", min_length=1, max_length=64)


class Hello(Strict):
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=128)
    since: int | None = Field(default=None, ge=0)  # incremental logs: the client holds the log of event ``since``


class ClientMessage(Strict):
    """A WebSocket message after the hello. ``id`` is echoed in the answer."""

    type: Literal["action", "undo", "sync", "ping"]
    seq: int | None = Field(default=None, ge=0)
    action: str | None = Field(default=None, min_length=1, max_length=200)
    id: str | int | None = None
