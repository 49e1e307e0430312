"""Reading a game's JSON data files into validated models, with errors that name file and field.

Every game keeps its boards, cards and tables as JSON validated at load (pydantic models of its own
``datamodel``); this is the reading and the error reporting they share.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from kleos.core.errors import DataError

M = TypeVar("M", bound=BaseModel)
D_co = TypeVar("D_co", covariant=True)


class DataLoader(Protocol[D_co]):
    """A game's ``load_data``: the packaged files without ``data_dir``, else that folder's corrections."""

    def __call__(self, data_dir: Path | None = None) -> D_co: ...


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


def require_folder(data_dir: Path) -> None:
    """A data folder given by the user must exist (a typo would otherwise silently load the packaged data)."""
    if not data_dir.is_dir():
        raise DataError(str(data_dir), "(folder)", "data folder does not exist")


def packaged_or_folder(read: Callable[[Path | None], M]) -> DataLoader[M]:
    """A game's ``load_data`` around ``read`` (which validates and cross-checks): the packaged files
    are read once and kept (every game built reads them), a folder of corrected files is checked to
    exist and read afresh each time (the user may be editing it)."""
    packaged: list[M] = []

    def load(data_dir: Path | None = None) -> M:
        if data_dir is not None:
            require_folder(data_dir)
            return read(data_dir)
        if not packaged:
            packaged.append(read(None))
        return packaged[0]

    return load


def data_loader(package: str, model: type[M], models: Mapping[str, type[BaseModel]],
                check: Callable[[M], object]) -> DataLoader[M]:
    """A game's ``load_data``: its tables (``models``, by file name) read from ``package``'s ``data``
    or a folder of corrections, validated into ``model`` and cross-checked by ``check`` (which raises
    :class:`DataError`), the packaged files once (see :func:`packaged_or_folder`)."""

    def read(data_dir: Path | None) -> M:
        data = model.model_validate(read_tables(package, models, data_dir))
        check(data)
        return data

    return packaged_or_folder(read)


def read_tables(package: str, models: Mapping[str, type[BaseModel]], data_dir: Path | None) -> dict[str, Any]:
    """Each table ``NAME.json`` read into its model, from ``data_dir`` where that folder has the file
    and from ``package``'s ``data`` otherwise (a folder replaces packaged files one by one), with
    ``files`` naming where each came from: the fields of a game's whole-data model."""
    files: dict[str, str] = {}
    tables: dict[str, Any] = {"files": files}
    for table, model in models.items():
        label, text = _find_table(package, table, data_dir)
        files[table] = label
        tables[table] = parse_model(model, label, text)
    return tables


def _find_table(package: str, table: str, data_dir: Path | None) -> tuple[str, str]:
    name = f"{table}.json"
    if data_dir is not None and (data_dir / name).is_file():
        path = data_dir / name
        return str(path), read_text(str(path), path.read_bytes)
    packaged = resources.files(package) / "data" / name
    if not packaged.is_file():
        raise DataError(str(packaged), "(file)", "missing packaged data file")
    return str(packaged), read_text(str(packaged), packaged.read_bytes)


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
