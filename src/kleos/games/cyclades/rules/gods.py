"""Phase 2, the god track (C-GODS-1..9), by player count: the shuffles are chance events.

An outcome ``gods <g1> <g2> <g3> <g4>`` names the gods in positions 1-4; which are face up follows
from the player count (5: all; 4 and 2: positions 1-3; 3: positions 1-2).
"""

from __future__ import annotations

from itertools import permutations

from kleos.core.action import Action
from kleos.games.cyclades import state as st
from kleos.games.cyclades.state import CH_GODS, CycladesState
from kleos.games.cyclades.tables import GODS, N_GODS, NOBODY, Tables

INCOME = "income"  # transitional phase: the god track is set, income is next


def begin(t: Tables, s: CycladesState) -> None:
    """Start phase 2: a chance shuffle, or the 3-player second cycle's fixed swap (C-GODS-6)."""
    s.phase = st.GODS
    if t.procedure == "pairs" and s.pair_second and t.options.pair_order == "keep":
        old = s.gods
        _set(t, s, [old[2], old[3], old[0], old[1]])  # C-AMB-3: the face-down pair keeps its order
        return
    s.chance = CH_GODS


def orders(t: Tables, s: CycladesState) -> list[tuple[int, ...]]:
    """The god orders the shuffle can give now, all equally likely."""
    first = _fixed_first(t, s)
    if first is None:  # option pair_order=random (C-AMB-3)
        old = s.gods
        return [(old[2], old[3], old[0], old[1]), (old[3], old[2], old[0], old[1])]
    if first != NOBODY:  # C-GODS-4: the face-down god comes first, the rest are shuffled
        return [(first, *rest) for rest in permutations(g for g in range(N_GODS) if g != first)]
    return list(permutations(range(N_GODS)))  # C-GODS-2, C-GODS-3, C-GODS-5


def _fixed_first(t: Tables, s: CycladesState) -> int | None:
    """What decides the shuffle's orders: the god that stays first (``NOBODY``: none stays), or
    ``None`` when the shuffle swaps pairs of the present order instead."""
    if t.procedure == "rotate_down" and s.cycle > 1:
        return s.gods[N_GODS - 1]
    if t.procedure == "pairs" and s.pair_second:
        return None
    return NOBODY


_SHUFFLES: dict[int, list[tuple[Action, float]]] = {}  # the outcomes per god that stays first


def outcomes(t: Tables, s: CycladesState) -> list[tuple[Action, float]]:
    """The shuffle's outcomes; those of a full shuffle or of one with a fixed first god are built once
    per process (every draw of a game asks for them)."""
    first = _fixed_first(t, s)
    found = None if first is None else _SHUFFLES.get(first)
    if found is None:
        orders_now = orders(t, s)
        found = [(Action("gods", tuple(GODS[g] for g in order)), 1.0 / len(orders_now)) for order in orders_now]
        if first is not None:
            _SHUFFLES[first] = found
    return list(found)


def apply_shuffle(t: Tables, s: CycladesState, action: Action) -> None:
    _set(t, s, [GODS.index(str(name)) for name in action.args])
    s.chance = None


def _set(t: Tables, s: CycladesState, order: list[int]) -> None:
    s.gods = order
    s.gods_up = [1 if pos < t.face_up else 0 for pos in range(N_GODS)]  # C-GODS-9
    if t.procedure == "pairs":
        s.pair_second = 1 - s.pair_second  # C-GODS-7: pairs of cycles
    s.phase = INCOME
