"""Where each value of a game's data comes from: the base of every game's data records.

Every record of every game's data files says, per field, whether its value is the rulebook's
(``rulebook``), another named source's (``source``) or a reconstruction (``reconstructed``), so that
an unresolved value is never shown as certain. Each game adds the honesty checks its data sheet
asks for (a confidence grade, a reason for a reconstruction) in its own subclass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Tag = Literal["rulebook", "source", "reconstructed"]


def reconstructed_by_default() -> dict[str, Tag]:
    return {"default": "reconstructed"}


class ProvenanceRecord(BaseModel):
    """A data record: frozen, no unknown fields, a provenance tag per field (``default`` for the rest)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    provenance: dict[str, Tag] = Field(default_factory=reconstructed_by_default)
    note: str = ""

    @field_validator("provenance")
    @classmethod
    def _needs_default(cls, value: dict[str, Tag]) -> dict[str, Tag]:
        if "default" not in value:
            raise ValueError("provenance needs a 'default' entry")
        return value

    def tag_of(self, field: str) -> Tag:
        """The provenance of ``field``'s value."""
        return self.provenance.get(field, self.provenance["default"])


# ----- listings (``kleos <game> data``) ------------------------------------------------------------
TAGS: tuple[Tag, ...] = ("rulebook", "source", "reconstructed")


def records_in(tables: Mapping[str, BaseModel]) -> list[tuple[str, str, ProvenanceRecord]]:
    """Every record of every table as (table, field path, record), each table's own record first."""
    found: list[tuple[str, str, ProvenanceRecord]] = []
    for table, root in tables.items():
        _walk(table, "", root, found)
    return found


def _walk(table: str, path: str, value: object, found: list[tuple[str, str, ProvenanceRecord]]) -> None:
    if isinstance(value, ProvenanceRecord):
        found.append((table, path, value))
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _walk(table, f"{path}.{name}" if path else name, getattr(value, name), found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _walk(table, f"{path}[{i}]", item, found)


def tag_counts(tables: Mapping[str, BaseModel]) -> dict[str, Counter[str]]:
    """Per table, how many records default to each tag."""
    counts: dict[str, Counter[str]] = {table: Counter() for table in tables}
    for table, _, record in records_in(tables):
        counts[table][record.provenance["default"]] += 1
    return counts


def reconstructed_in(tables: Mapping[str, BaseModel]) -> list[tuple[str, str, ProvenanceRecord]]:
    """The records with at least one value tagged ``reconstructed``, in file order."""
    return [found for found in records_in(tables) if "reconstructed" in found[2].provenance.values()]


def reconstructed_fields(record: ProvenanceRecord) -> str:
    """Which of a record's values are reconstructions, in words."""
    named = [k for k, v in sorted(record.provenance.items()) if k != "default" and v == "reconstructed"]
    if record.provenance["default"] != "reconstructed":
        return ", ".join(named)
    others = [k for k, v in sorted(record.provenance.items()) if k != "default" and v != "reconstructed"]
    return "every field" + (f" but {', '.join(others)}" if others else "")


def provenance_lines(title: str, tables: Mapping[str, BaseModel], reconstructed: bool,
                     why: Callable[[ProvenanceRecord], str]) -> list[str]:
    """``kleos <game> data``: the records by default tag per table, and with ``reconstructed`` every
    record holding a reconstruction with ``why`` it was reconstructed."""
    width = max((len(table) for table in tables), default=0)
    lines = [f"Provenance of the {title} data (records by default tag):"]
    for table, counts in tag_counts(tables).items():
        tags = ", ".join(f"{tag} {counts[tag]}" for tag in TAGS if counts[tag])
        lines.append(f"  {table:<{width}} {tags}")
    if reconstructed:
        lines += ["", "Records holding reconstructed values (replace them with --data-dir when better data is found):"]
        for table, where, record in reconstructed_in(tables):
            reason = why(record)
            lines.append(f"  {table}.json {where or '(table)'}: {reconstructed_fields(record)}"
                         + (f" — {reason}" if reason else ""))
    return lines
