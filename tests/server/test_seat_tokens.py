"""Seat tokens and session tokens are told apart by the session prefix, so a seat token must never
begin with it: a random one did, about once in 262,144 draws, and its seat was then refused (a
chat test failed on CI that way)."""

from __future__ import annotations

import secrets

import pytest

from kleos.server.accounts import SESSION_PREFIX
from kleos.server.tokens import new_token


def test_a_seat_token_never_begins_like_a_session_token(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter([SESSION_PREFIX + "a" * 40, SESSION_PREFIX + "b" * 40, "plain-" + "c" * 37])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda _n: next(drawn))
    assert new_token() == "plain-" + "c" * 37


def test_seat_tokens_are_long_and_distinct() -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) >= 43 and not t.startswith(SESSION_PREFIX) for t in tokens)
