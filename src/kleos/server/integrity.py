"""Rating integrity: which finished games must not move a rating, though every seat is rated.

* **Aborted**: a game ended by resignation or on time before every person seat made
  :data:`MIN_DECISIONS` decisions of its own (actions, undos not counted back) is aborted: it
  counts for nobody. Losing on purpose in two moves buys nothing.
* **Repeated**: when the same accounts have already played :data:`PAIR_GAMES` rated games
  together in the :data:`PAIR_WINDOW` seconds before a game finished, that game is flagged.
* **Shared address**: a game between accounts that signed up or in from one address (kept as
  a SHA-256, never readable) is flagged.
* **Voided**: an operator voided the game (``kleos ratings void``).

A flagged or voided game is listed by ``kleos ratings suspicious`` and changes no rating; the
ladder is recomputed when a game is voided.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import Float, ForeignKey, String, Text, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from kleos.server.accounts import AccountRow
from kleos.server.db import Base, Database, EventRow, GameRow

MIN_DECISIONS = 3
PAIR_GAMES = 3
PAIR_WINDOW = 24 * 3600.0
ABORTED, REPEATED, SHARED_ADDRESS, VOIDED = "aborted", "repeated", "shared_address", "voided"
QUICK_ENDS = frozenset({"resigned", "time"})  # the reasons of kleos.server.endings


class AccountAddressRow(Base):
    """An address (SHA-256) an account signed up or in from."""

    __tablename__ = "account_addresses"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    seen_at: Mapped[float] = mapped_column(Float)


class VoidedGameRow(Base):
    """A game whose result an operator voided."""

    __tablename__ = "voided_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    reason: Mapped[str] = mapped_column(Text)
    voided_at: Mapped[float] = mapped_column(Float)


def address_digest(client: str) -> str:
    return hashlib.sha256(client.encode("utf-8")).hexdigest()


def remember_address(db: Database, account_id: str, client: str) -> None:
    """Note that ``account_id`` signed up or in from ``client`` (an address, hashed here)."""
    digest = address_digest(client)
    with db.write() as s:
        row = s.get(AccountAddressRow, (account_id, digest))
        if row is None:
            s.add(AccountAddressRow(account_id=account_id, address=digest, seen_at=time.time()))
        else:
            row.seen_at = time.time()


def decisions(s: Session, game_ids: Sequence[str]) -> dict[str, Counter[int]]:
    """Each seat's own decisions per game: its actions less its undos."""
    out: dict[str, Counter[int]] = defaultdict(Counter)
    for start in range(0, len(game_ids), 500):
        chunk = list(game_ids[start:start + 500])
        for game_id, seat, kind, n in s.execute(select(EventRow.game_id, EventRow.seat, EventRow.kind, func.count())
                                                .where(EventRow.game_id.in_(chunk))
                                                .group_by(EventRow.game_id, EventRow.seat, EventRow.kind)):
            out[game_id][seat] += int(n) if kind == "action" else -int(n)
    return out


def shared_addresses(s: Session, accounts: Iterable[str]) -> set[frozenset[str]]:
    """The pairs of these accounts that share an address."""
    wanted = sorted(set(accounts))
    by_address: dict[str, set[str]] = defaultdict(set)
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        for account, address in s.execute(select(AccountAddressRow.account_id, AccountAddressRow.address)
                                          .where(AccountAddressRow.account_id.in_(chunk))):
            by_address[address].add(account)
    return {frozenset((a, b)) for group in by_address.values() for a in group for b in group if a < b}


def voided(s: Session) -> dict[str, str]:
    return {game_id: reason for game_id, reason in s.execute(select(VoidedGameRow.game_id, VoidedGameRow.reason))}


def voided_count(db: Database) -> int:
    with db.read() as s:
        return int(s.scalar(select(func.count()).select_from(VoidedGameRow)) or 0)


@dataclass(frozen=True)
class Judged:
    """Why one game changes no rating (``None``: it may)."""

    game_id: str
    reason: str | None


class Judge:
    """Judges games in the order they finished, remembering the recent rated games of each group
    of accounts (for :data:`REPEATED`)."""

    def __init__(self) -> None:
        self.recent: dict[frozenset[str], deque[float]] = defaultdict(deque)

    def reason(self, *, accounts: Sequence[str], finished_at: float, outcome_reason: object,
               own: Counter[int], persons: Sequence[int], shared: set[frozenset[str]],
               voided_reason: str | None) -> str | None:
        if voided_reason is not None:
            return VOIDED
        if outcome_reason in QUICK_ENDS and any(own[seat] < MIN_DECISIONS for seat in persons):
            return ABORTED
        if any(frozenset((a, b)) in shared for a in accounts for b in accounts if a < b):
            return SHARED_ADDRESS
        if len(accounts) >= 2:
            group = frozenset(accounts)
            recent = self.recent[group]
            while recent and recent[0] < finished_at - PAIR_WINDOW:
                recent.popleft()
            if len(recent) >= PAIR_GAMES:
                return REPEATED
            recent.append(finished_at)
        return None


@dataclass(frozen=True)
class Suspicious:
    """A finished game flagged or voided, as ``kleos ratings suspicious`` lists it."""

    game_id: str
    game: str
    reason: str
    players: tuple[str, ...]


def account_names(s: Session, ids: Iterable[str]) -> dict[str, str]:
    wanted = sorted(set(ids))
    return {i: name for i, name in s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(wanted)))}


def void(db: Database, game_ids: Iterable[str], reason: str) -> list[str]:
    """Void these finished games' results; the ids that are no finished game are returned."""
    unknown = []
    with db.write() as s:
        for game_id in game_ids:
            row = s.get(GameRow, game_id)
            if row is None or row.status != "finished":
                unknown.append(game_id)
            elif s.get(VoidedGameRow, game_id) is None:
                s.add(VoidedGameRow(game_id=game_id, reason=reason, voided_at=time.time()))
    return unknown
