"""What the server's store reads of a game beyond its kit: the claim on games stored without a name.

Kleos 0.1 stored only one game and did not write its name; the database migration that named stored
games, and requests in the 0.1 form, give such rows to the one installed game that claims them. A
game makes the claim by declaring ``claims_unnamed_games = True`` on its kit (:class:`ClaimsUnnamedGames`);
the kit base class knows nothing of it, since only the store asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar, runtime_checkable


@runtime_checkable
class ClaimsUnnamedGames(Protocol):
    """A kit whose game owns the stored games that predate game names."""

    claims_unnamed_games: bool


K = TypeVar("K")


def unnamed_games_claimers(kits: Iterable[K]) -> list[K]:
    """The kits of ``kits`` that claim the stored games without a name (the store wants exactly one)."""
    return [kit for kit in kits if isinstance(kit, ClaimsUnnamedGames) and kit.claims_unnamed_games]


__all__ = ["ClaimsUnnamedGames", "unnamed_games_claimers"]
