"""The shared steps of the games' data-refusal tests: a data folder with one packaged file changed,
and the check that the loader's refusal names that file, the field and the fault (each game lists
its own cases)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kleos.core.errors import DataError

Edit = Callable[[dict[str, Any]], object]


def broken_folder(packaged: Path, tmp_path: Path, table: str, edit: Edit) -> Path:
    """``tmp_path`` holding ``table``'s packaged file changed by ``edit(raw)`` (the loader takes the
    other files from the package)."""
    raw = json.loads((packaged / f"{table}.json").read_text(encoding="utf-8"))
    edit(raw)
    (tmp_path / f"{table}.json").write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


def assert_names_the_fault(refused: DataError, folder: Path, table: str, field: str, words: str) -> None:
    """The refusal names the changed file, the field (a pattern when it holds a backslash: where one
    case has several) and the words of its message (a regular expression)."""
    assert refused.file == str(folder / f"{table}.json")
    assert re.fullmatch(field if "\\" in field else re.escape(field), refused.field), refused
    assert re.search(words, refused.message), refused


def first(raw: dict[str, Any], key: str, where: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """The first record of ``raw[key]`` that ``where`` accepts: the one a case changes."""
    found: dict[str, Any] = next(item for item in raw[key] if where(item))
    return found
