"""Where each value of a game's data comes from: the base of every game's data records.

Every record of every game's data files says, per field, whether its value is the rulebook's
(``rulebook``), another named source's (``source``) or a reconstruction (``reconstructed``), so that
an unresolved value is never shown as certain. Each game adds the honesty checks its data sheet
asks for (a confidence grade, a reason for a reconstruction) in its own subclass.
"""

from __future__ import annotations

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
