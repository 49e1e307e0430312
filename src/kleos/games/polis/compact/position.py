"""The whole compact position: :func:`to_compact` writes the positional fields then the tags,
:func:`from_compact` reads them back (grammar: :mod:`kleos.games.polis.compact`)."""

from __future__ import annotations

from typing import Any

from kleos.core.rng import Rng
from kleos.games.polis.compact.grammar import CompactError, check_int, expect_len, once, read_seat, write_seat
from kleos.games.polis.compact.positional import (
    board_text,
    player_text,
    poleis_text,
    read_board,
    read_player,
    read_poleis,
)
from kleos.games.polis.compact.tags import TAG_NAMES, TAGS
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.setup import empty_board
from kleos.games.polis.scenarios import NO_SCENARIO
from kleos.games.polis.state import PHASES, PolisState
from kleos.games.polis.tables import N_GOODS, Tables

N_POSITIONAL = 8

def edition_token(t: Tables) -> str:
    """The position's first field: the edition, and the scenario after a slash when one is played."""
    return t.edition if t.scenario == NO_SCENARIO else f"{t.edition}/{t.scenario}"


def read_edition_token(token: str) -> tuple[str, str]:
    """(edition, scenario) of a position's first field, as :func:`edition_token` writes it."""
    edition, _slash, scenario = token.partition("/")
    return edition, scenario or NO_SCENARIO


def to_compact(game: PolisGame, state: PolisState) -> str:
    """The one-line compact form of ``state`` (grammar: see the module docstring)."""
    t, s = game.tables, state
    if s.edition != t.edition:
        raise CompactError("edition", f"the state is of edition {s.edition!r}, the game of {t.edition!r}")
    if not 0 <= check_int(s.round, "round") < len(t.round_names):
        raise CompactError("round", f"round index {s.round} is outside the edition's {len(t.round_names)} rounds")
    if s.phase not in PHASES:
        raise CompactError("phase", f"unknown phase {s.phase!r}")
    for name, n in (("goods", 2 * N_GOODS), ("prestige", 2), ("supply_cubes", 2), ("supply_discs", 2),
                    ("merchants_supply", 2), ("merchants_port", 2), ("proxenos", 2), ("passed", 2)):
        expect_len(getattr(s, name), n, name)
    out = [edition_token(t), t.round_names[s.round], s.phase, write_seat(s.active, "active"),
           player_text(t, s, 0), player_text(t, s, 1), board_text(t, s), poleis_text(t, s)]
    for name, write, _, default in TAGS:
        value = getattr(s, name)
        if default is not None and _same(value, default(t)):
            continue
        out.append(f"{name}={write(t, value)}")
    return " ".join(out)


def _same(value: Any, default: Any) -> bool:
    return type(value) is type(default) and bool(value == default)


def from_compact(game: PolisGame, text: str) -> PolisState:
    """Read a position written by :func:`to_compact`; raise :class:`CompactError` naming the field
    at fault if ``text`` is not one."""
    t = game.tables
    tokens = text.split()
    names = ("edition", "round", "phase", "active", "A player", "S player", "board", "poleis")
    if len(tokens) < N_POSITIONAL:
        missing = names[len(tokens)]
        raise CompactError(missing, f"missing: a position starts with {N_POSITIONAL} fields "
                                    f"({', '.join(names)}), found {len(tokens)}")
    edition, round_name, phase, active, athens, sparta, board, poleis = tokens[:N_POSITIONAL]
    if edition != edition_token(t):
        raise CompactError("edition", f"expected {edition_token(t)!r} (the game's edition), got {edition!r}")
    if round_name not in t.round_names:
        raise CompactError("round", f"unknown round {round_name!r} (one of {', '.join(t.round_names)})")
    if phase not in PHASES:
        raise CompactError("phase", f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    s = _blank(t)
    s.round = t.round_names.index(round_name)
    s.phase = phase
    s.active = read_seat(active, "active")
    read_player(t, s, 0, athens)
    read_player(t, s, 1, sparta)
    read_board(t, s, board)
    read_poleis(t, s, poleis)
    readers = {name: read for name, _, read, _ in TAGS}
    seen: set[object] = set()
    for token in tokens[N_POSITIONAL:]:
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise CompactError(key or token, f"expected field=value after the {N_POSITIONAL} positional fields, "
                                             f"got {token!r}")
        if key not in readers:
            raise CompactError(key, f"unknown field (one of {', '.join(TAG_NAMES)})")
        once(seen, key, key, key)
        setattr(s, key, readers[key](t, value))
    if "rng" not in seen:
        raise CompactError("rng", "missing: the generator state is required (rng=<n>)")
    return s


def _blank(t: Tables) -> PolisState:
    """A state with every field at the compact form's default (the positional fields zeroed)."""
    s = empty_board(t)
    s.rng = Rng(0)
    for name, _, _, default in TAGS:
        if default is not None:
            setattr(s, name, default(t))
    return s
