"""Accounts: a display name and a password, sessions that outlive a browser restart, the seats an
account holds and the games its owner opened to everyone.

A guest still plays by invite with a seat token; an account only remembers the seats its owner
took while signed in, so that any device where they sign in finds those games again.

Secrets stay out of the database: passwords are Argon2id hashes (``pwdlib``, the hashing library
of fastapi-users); a session token, like a seat token, is stored as its SHA-256. A seat token must
be handed back to its owner on another device, yet seat tokens are never stored readable: each
account has a random key that encrypts the tokens of its seats (XOR with a SHAKE-256 stream
derived from the key and the seat), and that key is itself stored only wrapped, once under an
Argon2id key derived from the password and once per session under the session token. Reading
the database alone reveals no token.

fastapi-users itself is not used: it identifies users by e-mail, needs an async database driver
beside the server's synchronous engine, and answers with its own error shape and status codes.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import argon2
from argon2.low_level import Type, hash_secret_raw
from limits import RateLimitItemPerHour, parse_many
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import Float, ForeignKey, ForeignKeyConstraint, Integer, String, Text, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from kleos.i18n.platform import N_
from kleos.server.db import Base, Database, GameRow, SeatRow
from kleos.server.errors import ApiError
from kleos.server.live import ACTIVE
from kleos.server.ratelimit import Limit
from kleos.server.safe_text import password_problem, skeleton, unsafe_characters

SESSION_PREFIX = "ks_"  # tells a session token from a seat token at a glance
SESSION_SECONDS = 90 * 24 * 3600
COOKIE = "kleos_session"
KEY_BYTES = 32
SALT_BYTES = 16
SIGNUPS_PER_HOUR = 20  # per client address
LOGIN_LIMIT = "10/minute;100/hour"  # sign-in attempts per client address, right or wrong
# Failed sign-ins, counted only when they fail. Nested windows make the back-off grow: after 3
# failures from one address on one name the next try waits about a minute, after 6 about ten,
# after 12 about an hour. No count is per name alone: a stranger elsewhere cannot lock the owner out.
NAME_FAILURES = "3/minute;6/10minute;12/hour"  # per (name, client address)
ADDRESS_FAILURES = "10/minute;30/10minute;60/hour"  # per client address, whatever the names

# argon2-cffi's defaults (RFC 9106, low memory), for the password hash and for the key wrapping it
TIME_COST, MEMORY_COST, PARALLELISM = argon2.DEFAULT_TIME_COST, argon2.DEFAULT_MEMORY_COST, argon2.DEFAULT_PARALLELISM
_PASSWORDS = PasswordHash((Argon2Hasher(time_cost=TIME_COST, memory_cost=MEMORY_COST, parallelism=PARALLELISM),))


class AccountRow(Base):
    """An account: its display name as typed, the name folded for uniqueness (``name_key``), the
    password's Argon2id hash, the account key wrapped under a key derived from the password, and
    the language its owner chose (``None``: the browser's)."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    key_salt: Mapped[str] = mapped_column(String(64))
    key_wrapped: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[float] = mapped_column(Float, default=time.time)
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)  # the owner's choice: en, es, de


class SessionRow(Base):
    """A signed-in browser or client: the SHA-256 of its token and the account key wrapped under it."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    key_wrapped: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class AccountSeatRow(Base):
    """A seat taken by an account, with the seat's token encrypted under the account key."""

    __tablename__ = "account_seats"
    __table_args__ = (ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),)

    game_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    token_sealed: Mapped[str] = mapped_column(Text)
    linked_at: Mapped[float] = mapped_column(Float)


class OpenGameRow(Base):
    """A game its creator opened to every signed-in player (listed while a seat is free)."""

    __tablename__ = "open_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float, index=True)


@dataclass(frozen=True)
class Member:
    """A signed-in account, as one request knows it (``key``: the unwrapped account key)."""

    id: str
    name: str
    key: bytes


@dataclass(frozen=True)
class SignedIn:
    """A new session: the token is shown once (body and cookie) and stored only hashed."""

    member: Member
    token: str
    expires_at: float


def account_limits() -> dict[str, Limit]:
    """The quotas of sign-ups and sign-in attempts, for :class:`kleos.server.ratelimit.Limiter`."""
    return {
        "signups": Limit("signups", (RateLimitItemPerHour(SIGNUPS_PER_HOUR),), "accounts created"),
        "logins": Limit("logins", tuple(parse_many(LOGIN_LIMIT)), "sign-in attempts"),
        "name_failures": Limit("name_failures", tuple(parse_many(NAME_FAILURES)),
                               "failed sign-ins for this name from your address"),
        "address_failures": Limit("address_failures", tuple(parse_many(ADDRESS_FAILURES)),
                                  "failed sign-ins from your address"),
    }


def name_key(name: str) -> str:
    """The form two names are compared in: their skeleton (:func:`kleos.server.safe_text.skeleton`),
    so that names a reader could mistake for each other are one name."""
    return skeleton(name)


def legacy_name_key(name: str) -> str:
    """The key of accounts made before look-alike names were refused: NFKC, case-folded."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def name_keys(name: str) -> list[str]:
    return sorted({name_key(name), legacy_name_key(name)})


def check_new_account(name: str, password: str) -> None:
    """400 ``bad_name`` for a name with control or bidi characters, 422 ``weak_password`` for a
    password that is too short, common, or holds the name (see :mod:`kleos.server.safe_text`)."""
    unsafe = unsafe_characters(name)
    if unsafe:
        raise ApiError(400, "bad_name", N_("name: no control or direction characters ({characters})"),
                       params={"characters": ", ".join(unsafe)}, field="name")
    problem = password_problem(password, name)
    if problem is not None:
        raise ApiError(422, "weak_password", f"password: {problem}", field="password")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _stream(key: bytes, label: str, length: int) -> bytes:
    return hashlib.shake_256(label.encode("utf-8") + b"\x00" + key).digest(length)


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))


def _password_key(password: str, salt: bytes) -> bytes:
    """The key that wraps the account key: Argon2id of the password with its own salt."""
    return hash_secret_raw(password.encode("utf-8"), salt, time_cost=TIME_COST, memory_cost=MEMORY_COST,
                           parallelism=PARALLELISM, hash_len=KEY_BYTES, type=Type.ID)


def _seal_seat(key: bytes, game_id: str, seat: int, token: str) -> str:
    data = token.encode("utf-8")
    return _xor(data, _stream(key, f"seat:{game_id}:{seat}", len(data))).hex()


def _open_seat(key: bytes, game_id: str, seat: int, sealed: str) -> str:
    data = bytes.fromhex(sealed)
    return _xor(data, _stream(key, f"seat:{game_id}:{seat}", len(data))).decode("utf-8")


def _new_session(s: Session, account: AccountRow, key: bytes, now: float) -> SignedIn:
    token = SESSION_PREFIX + secrets.token_urlsafe(32)
    expires = now + SESSION_SECONDS
    s.add(SessionRow(token_hash=_digest(token), account_id=account.id,
                     key_wrapped=_xor(key, _stream(token.encode("utf-8"), "session", KEY_BYTES)).hex(),
                     created_at=now, expires_at=expires))
    return SignedIn(Member(account.id, account.name, key), token, expires)


def sign_up(db: Database, name: str, password: str) -> SignedIn:
    """A new account, signed in (409 ``name_taken`` when the name, folded, is someone's)."""
    check_new_account(name, password)
    display = " ".join(unicodedata.normalize("NFKC", name).split())
    key_text = name_key(display)
    key = secrets.token_bytes(KEY_BYTES)
    salt = secrets.token_bytes(SALT_BYTES)
    hashed = _PASSWORDS.hash(password)
    wrapped = _xor(key, _password_key(password, salt)).hex()
    now = time.time()
    taken = ApiError(409, "name_taken", N_("the name '{name}' is taken: choose another"), params={"name": display},
                     field="name")
    try:
        with db.write() as s:
            if s.scalars(select(AccountRow.id).where(AccountRow.name_key.in_(name_keys(display)))).first() is not None:
                raise taken
            account = AccountRow(id=secrets.token_urlsafe(12), name=display, name_key=key_text,
                                 password_hash=hashed, key_salt=salt.hex(), key_wrapped=wrapped, created_at=now)
            s.add(account)
            s.flush()
            return _new_session(s, account, key, now)
    except IntegrityError as exc:  # the same name signed up at the same moment through another process
        raise taken from exc


@functools.cache
def _dummy_hash() -> str:
    """A hash to verify against when the name is unknown (made once, when first needed)."""
    return _PASSWORDS.hash(secrets.token_hex(16))


def bad_credentials() -> ApiError:
    return ApiError(401, "bad_credentials", N_("no account with this name and password"))


def sign_in(db: Database, name: str, password: str) -> SignedIn:
    """A new session for the account ``name`` (401 ``bad_credentials``, the same whether the name
    or the password is wrong, and as slow: an unknown name is checked against a dummy hash)."""
    with db.read() as s:
        found = s.scalars(select(AccountRow).where(AccountRow.name_key.in_(name_keys(name)))).all()
    # an account made before look-alike names were refused keeps its old key: the name typed as it
    # was stored then finds that account first, before one found by the skeleton
    preferred = {legacy_name_key(name): 0, name_key(name): 1}
    account = min(found, key=lambda x: preferred.get(x.name_key, 2), default=None)
    if account is None:
        _PASSWORDS.verify(password, _dummy_hash())
        raise bad_credentials()
    if not _PASSWORDS.verify(password, account.password_hash):
        raise bad_credentials()
    key = _xor(bytes.fromhex(account.key_wrapped), _password_key(password, bytes.fromhex(account.key_salt)))
    with db.write() as s:
        now = time.time()
        s.execute(delete(SessionRow).where(SessionRow.account_id == account.id, SessionRow.expires_at < now))
        return _new_session(s, account, key, now)


def sign_out(db: Database, token: str) -> None:
    with db.write() as s:
        s.execute(delete(SessionRow).where(SessionRow.token_hash == _digest(token)))


def member_of(db: Database, token: str | None) -> Member | None:
    """The account signed in with session ``token`` (``None``: no token, unknown or expired)."""
    if not token or not token.startswith(SESSION_PREFIX):
        return None
    with db.read() as s:
        found = s.execute(select(SessionRow, AccountRow).join(AccountRow, AccountRow.id == SessionRow.account_id)
                          .where(SessionRow.token_hash == _digest(token))).first()
    if found is None:
        return None
    session, account = found
    if session.expires_at < time.time():
        return None
    key = _xor(bytes.fromhex(session.key_wrapped), _stream(token.encode("utf-8"), "session", KEY_BYTES))
    return Member(account.id, account.name, key)


def link_seat(db: Database, member: Member, game_id: str, seat: int, token: str, *, open_game: bool = False) -> None:
    """Remember that ``member`` holds ``seat`` of ``game_id`` (``open_game``: and list the game for
    everyone). The game row's ``updated_at`` moves on, so that every process reads its seats again
    (their names are in the game's messages)."""
    now = time.time()
    with db.write() as s:
        if s.get(AccountSeatRow, (game_id, seat)) is None:
            s.add(AccountSeatRow(game_id=game_id, seat=seat, account_id=member.id,
                                 token_sealed=_seal_seat(member.key, game_id, seat, token), linked_at=now))
        if open_game and s.get(OpenGameRow, game_id) is None:
            s.add(OpenGameRow(game_id=game_id, account_id=member.id, created_at=now))
        s.execute(update(GameRow).where(GameRow.id == game_id, GameRow.updated_at < now).values(updated_at=now))


def seat_tokens(db: Database, member: Member) -> list[tuple[str, int, str]]:
    """(game id, seat, seat token) of every seat ``member`` holds."""
    with db.read() as s:
        found = s.scalars(select(AccountSeatRow).where(AccountSeatRow.account_id == member.id)).all()
    return [(x.game_id, x.seat, _open_seat(member.key, x.game_id, x.seat, x.token_sealed)) for x in found]


def seat_names(s: Session, game_ids: Iterable[str]) -> dict[tuple[str, int], str]:
    """The display name of every account-held seat of these games, by (game id, seat)."""
    ids = sorted(set(game_ids))
    if not ids:
        return {}
    found = s.execute(select(AccountSeatRow.game_id, AccountSeatRow.seat, AccountRow.name)
                      .join(AccountRow, AccountRow.id == AccountSeatRow.account_id)
                      .where(AccountSeatRow.game_id.in_(ids))).all()
    return {(game_id, seat): name for game_id, seat, name in found}


def names_of(db: Database, game_ids: Iterable[str]) -> dict[tuple[str, int], str]:
    with db.read() as s:
        return seat_names(s, game_ids)


@dataclass(frozen=True)
class OpenGame:
    """A game open to everyone with at least one free seat, as the lobby lists it."""

    game_id: str
    game: str
    options: str
    host: str
    created_at: float
    seats: tuple[SeatRow, ...]
    names: dict[int, str]


def open_games(db: Database, limit: int) -> list[OpenGame]:
    """The newest ``limit`` active open games that still have a seat for a person to take."""
    with db.read() as s:
        found = s.execute(select(GameRow, AccountRow.name, OpenGameRow.created_at)
                          .join(OpenGameRow, OpenGameRow.game_id == GameRow.id)
                          .join(AccountRow, AccountRow.id == OpenGameRow.account_id)
                          .where(GameRow.status == ACTIVE,
                                 GameRow.id.in_(select(SeatRow.game_id).where(SeatRow.invite.is_not(None))))
                          .order_by(OpenGameRow.created_at.desc()).limit(limit)).all()
        ids = [row.id for row, _, _ in found]
        seats: dict[str, list[SeatRow]] = {game_id: [] for game_id in ids}
        for seat in s.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)).all():
            seats[seat.game_id].append(seat)
        names = seat_names(s, ids)
    return [OpenGame(row.id, row.game, row.options, host, opened, tuple(seats[row.id]),
                     {seat: name for (game_id, seat), name in names.items() if game_id == row.id})
            for row, host, opened in found]


def free_invite(db: Database, member: Member, game_id: str) -> str:
    """The invite of the first free seat of open game ``game_id`` for ``member`` to take: 404
    ``not_found`` when no such game is open, 409 ``already_seated`` when ``member`` sits there,
    409 ``no_free_seat`` when every seat is taken."""
    with db.read() as s:
        opened = s.get(OpenGameRow, game_id)
        row = s.get(GameRow, game_id)
        if opened is None or row is None:
            raise ApiError(404, "not_found", N_("no open game '{game_id}'"), params={"game_id": game_id})
        held: Sequence[int] = s.scalars(select(AccountSeatRow.seat).where(
            AccountSeatRow.game_id == game_id, AccountSeatRow.account_id == member.id)).all()
        invite = s.scalars(select(SeatRow.invite).where(SeatRow.game_id == game_id, SeatRow.invite.is_not(None))
                           .order_by(SeatRow.seat).limit(1)).first()
    if held:
        raise ApiError(409, "already_seated", N_("you already have a seat in this game"))
    if invite is None or row.status != ACTIVE:
        raise ApiError(409, "no_free_seat", N_("every seat of this game is taken"))
    return invite
