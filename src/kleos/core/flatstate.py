"""JSON and text for game states kept as flat fields: lists of small integers and scalars, plus the
outcome and the generator. Games whose state is a ``__slots__`` class of such fields share these
instead of each writing them again.

The text form is one ``field=value`` line per field with the value in compact JSON: exact, and
diffable line by line in bug reports and golden files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Protocol, Self, TypeVar

from kleos.core.protocol import Game, Outcome
from kleos.core.rng import Rng

T = TypeVar("T")


def fields_to_json(state: Any, list_fields: Iterable[str], scalar_fields: Iterable[str]) -> dict[str, Any]:
    """The fields of ``state`` as JSON, then ``outcome`` and the generator's ``rng`` state."""
    data: dict[str, Any] = {}
    for name in list_fields:
        data[name] = list(getattr(state, name))
    for name in scalar_fields:
        data[name] = getattr(state, name)
    data["outcome"] = None if state.outcome is None else state.outcome.to_json()
    data["rng"] = state.rng.state
    return data


def fields_from_json(cls: type[T], data: dict[str, Any], list_fields: Iterable[str],
                     scalar_fields: Iterable[str]) -> T:
    """A new ``cls`` (built without ``__init__``) holding ``data``: lists of ints, scalars (int, str
    or None), the outcome and the generator."""
    s = cls.__new__(cls)
    for name in list_fields:
        setattr(s, name, [int(v) for v in data[name]])
    for name in scalar_fields:
        value = data[name]
        setattr(s, name, value if value is None or isinstance(value, str) else int(value))
    extras = {"outcome": None if data["outcome"] is None else Outcome.from_json(data["outcome"]),
              "rng": Rng(int(data["rng"]))}
    for name, value in extras.items():  # ``cls`` is any flat state class: set by name
        setattr(s, name, value)
    return s


def json_to_text(data: dict[str, Any]) -> str:
    """One ``field=value`` line per field, values in compact JSON."""
    return "\n".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in data.items())


def text_to_json(text: str) -> dict[str, Any]:
    """The fields of :func:`json_to_text`'s form (ValueError naming the line that is not one)."""
    data: dict[str, Any] = {}
    for number, line in enumerate(text.strip().splitlines(), start=1):
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"line {number}: expected field=value, got {line!r}")
        data[key.strip()] = json.loads(value)
    return data


class FlatState(Protocol):
    """A state that answers for itself: its outcome, its generator, a copy and its JSON fields."""

    outcome: Outcome | None
    rng: Rng

    def copy(self) -> Self: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=FlatState)
V = TypeVar("V")


class FlatStateGame(Game[S, V]):
    """The :class:`~kleos.core.protocol.Game` methods a :class:`FlatState` answers itself, written
    once: a game fills in its rules, its views and ``state_from_json`` (which names its state class);
    the position text is the state's JSON fields one ``field=value`` line each."""

    def outcome(self, state: S) -> Outcome | None:
        return state.outcome

    def copy(self, state: S) -> S:
        return state.copy()

    def rng(self, state: S) -> Rng:
        return state.rng

    def state_to_json(self, state: S) -> dict[str, Any]:
        return state.to_json()

    def position_text(self, state: S) -> str:
        """One ``field=value`` line per state field, values in compact JSON: diffable and exact."""
        return json_to_text(state.to_json())

    def parse_position(self, text: str) -> S:
        return self.state_from_json(text_to_json(text))

