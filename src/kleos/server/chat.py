"""Table chat: short lines between the seated players of one game, and a mute per reader.

Only seated players write and read a table's chat (spectators do not: a table talk is the
players'). Control and bidirectional-override characters are stripped from a line. A line is 1
to :data:`MAX_CHARS` characters once the spaces around it are stripped, and each client may write
at most :data:`CHAT_LIMIT` lines (the server's rate limiter). A player
may mute a seat: the lines of a seat they muted are no longer sent to them, neither when they
read the chat nor over the WebSocket; the mute is theirs alone and can be lifted.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from limits import parse_many
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Float, ForeignKey, Integer, String, Text, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from kleos.core.kit import seat_label
from kleos.i18n.platform import N_
from kleos.server.db import Base, Database
from kleos.server.errors import ApiError
from kleos.server.ratelimit import Limit
from kleos.server.safe_text import strip_unsafe

MAX_CHARS = 300
LINES_SHOWN = 200  # the newest lines a reader gets
CHAT_LIMIT = "8/minute;200/hour"  # per client (seat token, else address)


class ChatLineRow(Base):
    """One line said at a table."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class ChatMuteRow(Base):
    """``seat`` of ``game_id`` does not read the lines of seat ``muted``."""

    __tablename__ = "chat_mutes"

    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted: Mapped[int] = mapped_column(Integer, primary_key=True)


class ChatIn(BaseModel):
    """A line to say at the table (1 to 300 characters once stripped)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=4 * MAX_CHARS)
    seat: int | None = Field(default=None, ge=0, le=64)  # which of the player's seats speaks (if several)


class MuteIn(BaseModel):
    """Mute (``mute`` true, the default) or hear again (false) the lines of ``seat``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int = Field(ge=0, le=64)
    mute: bool = True
    by: int | None = Field(default=None, ge=0, le=64)  # which of the player's seats mutes (if several)


@dataclass(frozen=True)
class Line:
    id: int
    seat: int
    text: str
    at: float

    def to_json(self, names: Sequence[str], players: dict[int, str]) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "side": seat_label(names, self.seat),
                "name": players.get(self.seat), "text": self.text, "at": self.at}


def chat_limits() -> dict[str, Limit]:
    """The chat quota, for :class:`kleos.server.ratelimit.Limiter`."""
    return {"chat": Limit("chat", tuple(parse_many(CHAT_LIMIT)), "chat lines")}


def clean(text: str) -> str:
    """The line as kept: without control and bidi characters (:func:`kleos.server.safe_text.strip_unsafe`:
    they could hide or reorder what the others read), stripped, 1 to :data:`MAX_CHARS` characters
    (422 ``bad_chat`` otherwise)."""
    line = strip_unsafe(text).strip()
    if not line:
        raise ApiError(422, "bad_chat", N_("text: say something (the line is empty)"), field="text")
    if len(line) > MAX_CHARS:
        raise ApiError(422, "bad_chat", N_("text: at most {most} characters (this line has {length})"),
                       params={"most": MAX_CHARS, "length": len(line)},
                       field="text")
    return line


def say(db: Database, game_id: str, seat: int, text: str) -> Line:
    now = time.time()
    with db.write() as s:
        row = ChatLineRow(game_id=game_id, seat=seat, text=text, created_at=now)
        s.add(row)
        s.flush()
        return Line(row.id, seat, text, now)


def mutes(db: Database, game_id: str) -> dict[int, set[int]]:
    """Per reader seat, the seats it muted."""
    with db.read() as s:
        found = s.execute(select(ChatMuteRow.seat, ChatMuteRow.muted).where(ChatMuteRow.game_id == game_id)).all()
    out: dict[int, set[int]] = {}
    for seat, muted in found:
        out.setdefault(seat, set()).add(muted)
    return out


def lines_for(db: Database, game_id: str, reader: int) -> list[Line]:
    """The newest lines ``reader`` may read (not those of the seats it muted), oldest first."""
    muted = mutes(db, game_id).get(reader, set())
    with db.read() as s:
        found = s.scalars(select(ChatLineRow).where(ChatLineRow.game_id == game_id, ChatLineRow.seat.not_in(muted))
                          .order_by(ChatLineRow.id.desc()).limit(LINES_SHOWN)).all()
    return [Line(x.id, x.seat, x.text, x.created_at) for x in reversed(found)]


def set_mute(db: Database, game_id: str, reader: int, seat: int, on: bool) -> list[int]:
    """``reader`` mutes ``seat`` (or hears it again); the seats ``reader`` mutes now."""
    if seat == reader:
        raise ApiError(422, "bad_mute", N_("seat: you cannot mute yourself"), field="seat")
    with db.write() as s:
        if on and s.get(ChatMuteRow, (game_id, reader, seat)) is None:
            s.add(ChatMuteRow(game_id=game_id, seat=reader, muted=seat))
        if not on:
            s.execute(delete(ChatMuteRow).where(ChatMuteRow.game_id == game_id, ChatMuteRow.seat == reader,
                                                ChatMuteRow.muted == seat))
    return sorted(mutes(db, game_id).get(reader, set()))
