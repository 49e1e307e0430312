"""Reading a game's JSON data files into validated models, with errors that name file and field.

Every game keeps its boards, cards and tables as JSON validated at load (pydantic models of its own
``datamodel``); this is the reading and the error reporting they share.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from kleos.core.errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_text(label: str, read_bytes: Callable[[], bytes]) -> str:
    """The file's text; ``label`` names it in the error when it cannot be read as UTF-8."""
    try:
        return read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(label, "(file)", f"cannot be read as UTF-8 text: {exc}") from exc


def parse_model(model: type[M], label: str, text: str) -> M:
    """``text`` as JSON validated into ``model``; the first problem names its line or field."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(label, f"line {exc.lineno}, column {exc.colno}", f"invalid JSON: {exc.msg}") from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise validation_error(label, exc) from exc


def validation_error(label: str, exc: ValidationError) -> DataError:
    """The first problem of a validation, with how many more there are."""
    errors = exc.errors()
    first = errors[0]
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return DataError(label, format_loc(first["loc"]), f"{first['msg']}{more}")


def format_loc(loc: Iterable[int | str]) -> str:
    """A pydantic location as a path: ('poleis', 3, 'base') -> 'poleis[3].base'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part == "[key]":
            out += "[key]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"
