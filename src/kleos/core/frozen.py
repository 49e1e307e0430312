"""Copies and pickles of frozen dataclasses that work on the compiled build too.

The default ``copy.deepcopy`` and ``pickle`` restore an instance by setting its fields one by one,
which a compiled frozen dataclass refuses. A class that returns :func:`reduce_frozen` from its
``__reduce__`` is rebuilt through its constructor instead, from its compared fields: the fields left
out of comparison are memos of derived answers, which a copy works out again.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def construct(cls: type[T], values: dict[str, Any]) -> T:
    """``cls(**values)``: what a copy or an unpickled instance is rebuilt with."""
    return cls(**values)


def reduce_frozen(instance: Any) -> tuple[Any, tuple[type[Any], dict[str, Any]]]:
    """``__reduce__`` of a frozen dataclass instance: its class and compared fields, to rebuild it."""
    values = {f.name: getattr(instance, f.name) for f in fields(instance) if f.compare}
    return construct, (type(instance), values)
