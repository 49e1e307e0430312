"""Small queries and bookkeeping the rule modules share: Honor, Strategos, pieces and theater status."""

from __future__ import annotations

from collections.abc import Mapping

from kleos.games.pericles.state import N_HONOR, PericlesState
from kleos.games.pericles.tables import (
    AN,
    BASES,
    N_PIECES,
    N_THEATERS,
    PIECES,
    S300,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SL,
    Tables,
)

Violation = tuple[str, str] | tuple[str, str, Mapping[str, object]]
"""(rule ID, English message template[, its parameters]): each surface renders the template in its
reader's language from the game's catalogue, so the rules stay language-free."""


FRIENDLY, CONTESTED, ENEMY, NEUTRAL = "friendly", "contested", "enemy", "neutral"


# ----- Honor (P-HONOR, P-DEF-16) -------------------------------------------------------------------
def gain(s: PericlesState, seat: int, amount: int, source: int) -> int:
    """Add ``amount`` Honor (negative: a loss that stops at 0, P-DEF-16), kept under ``source`` (one of
    the state's ``H_*``, for the score sheet); returns the real change."""
    before = s.honor[seat]
    s.honor[seat] = max(0, before + amount)
    change = s.honor[seat] - before
    s.honor_from[seat * N_HONOR + source] += change
    return change


# ----- Strategos (P-AMB-1: supply per side, stock per faction) -------------------------------------
def award(s: PericlesState, seat: int, amount: int) -> int:
    """``seat`` takes up to ``amount`` tokens from its side's supply; returns how many it got."""
    side = seat // 2
    got = max(0, min(amount, s.supply[side]))
    s.supply[side] -= got
    s.stock[seat] += got
    return got


def spend(s: PericlesState, seat: int, amount: int) -> None:
    """Return ``amount`` tokens of the stock to the side's supply (P-DEF-18)."""
    assert 0 <= amount <= s.stock[seat]
    s.stock[seat] -= amount
    s.supply[seat // 2] += amount


# ----- pieces (P-COMP-1, P-THEATER-3) ----------------------------------------------------------
def count(s: PericlesState, theater: int, piece: int) -> int:
    return s.pieces[theater * N_PIECES + piece]


def in_use(s: PericlesState, piece: int) -> int:
    """Pieces out of the pool: on the map, or gone from the game for good (P-PLAGUE-7)."""
    return sum(s.pieces[th * N_PIECES + piece] for th in range(N_THEATERS)) + s.gone[piece]


def bases_in(s: PericlesState, theater: int) -> int:
    return sum(count(s, theater, b) for b in BASES)


def room(t: Tables, s: PericlesState, theater: int, piece: int) -> int:
    """How many more of ``piece`` the pool (P-COMP-1) and, for bases, the 3-base limit (P-THEATER-3)
    let ``theater`` take: what :func:`place` places, asked beforehand by the words of a choice."""
    left = t.piece_limits[piece] - in_use(s, piece)
    if piece in BASES:
        left = min(left, t.data.counters.max_bases_per_theater - bases_in(s, theater))
    return max(0, left)


def place(t: Tables, s: PericlesState, theater: int, piece: int, wanted: int) -> int:
    """Put up to ``wanted`` pieces in ``theater`` as far as :func:`room` allows; returns how many were
    placed."""
    placed = max(0, min(wanted, room(t, s, theater, piece)))
    s.pieces[theater * N_PIECES + piece] += placed
    return placed


def remove(s: PericlesState, theater: int, piece: int, amount: int = 1) -> None:
    assert count(s, theater, piece) >= amount, (theater, PIECES[piece])
    s.pieces[theater * N_PIECES + piece] -= amount


SIDE_UNITS = tuple((*SIDE_LAND[side], *SIDE_NAVAL[side]) for side in (0, 1))
SIDE_PRESENCE = tuple((*SIDE_UNITS[side], *SIDE_BASES[side]) for side in (0, 1))  # what :func:`present` counts


def units_of(s: PericlesState, theater: int, side: int) -> int:
    pieces, at = s.pieces, theater * N_PIECES
    n = 0
    for p in SIDE_UNITS[side]:  # a loop over the side's few kinds: the search asks at every step
        n += pieces[at + p]
    return n


def present(s: PericlesState, theater: int, side: int) -> bool:
    """Units or bases of ``side`` in ``theater`` (P-DEF-11, P-DEF-12: nothing else counts)."""
    pieces, at = s.pieces, theater * N_PIECES
    # piece counts are never negative: any one of them is presence; a loop, not ``any`` over a
    # generator, which costs a frame per call (the search asks at every placement)
    for p in SIDE_PRESENCE[side]:  # noqa: SIM110
        if pieces[at + p]:
            return True
    return False


def status(s: PericlesState, theater: int, side: int) -> str:
    """The theater's status for ``side`` (P-DEF-11)."""
    mine, theirs = present(s, theater, side), present(s, theater, 1 - side)
    if mine and theirs:
        return CONTESTED
    if mine:
        return FRIENDLY
    return ENEMY if theirs else NEUTRAL


def controls(s: PericlesState, theater: int, side: int) -> bool:
    return status(s, theater, side) == FRIENDLY


# ----- strength (P-DEF-9, P-MOVE-10) -----------------------------------------------------------
def land_strength(t: Tables, s: PericlesState, theater: int, side: int) -> int:
    mv = t.data.military_values
    total = sum(count(s, theater, b) for b in SIDE_BASES[side]) * mv.base
    for p in SIDE_LAND[side]:
        total += count(s, theater, p) * (mv.spartan_land_unit if p in (SL, S300) else mv.land_unit)
    return total


def naval_strength(t: Tables, s: PericlesState, theater: int, side: int) -> int:
    mv = t.data.military_values
    total = sum(count(s, theater, b) for b in SIDE_BASES[side]) * mv.base
    for p in SIDE_NAVAL[side]:
        total += count(s, theater, p) * (mv.athenian_naval_unit if p == AN else mv.naval_unit)
    return total
