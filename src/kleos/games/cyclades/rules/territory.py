"""Territory markers as a limited resource (C-COMP-11, C-DATA-10, C-AMB-27).

By default markers are unlimited (C-AMB-27). With option ``territory_markers=3`` (the count of a
public English rulebook) a player has 3 markers: one lies on each of their islands without troops.
Ruling of this engine for the limit: it binds what the player chooses, so a troop move (Ares' march,
the Pegasus) or a Sphinx sale that would leave one more of their islands without troops than they have
markers is refused. An island emptied by someone else (a battle where both sides fall, a Harpy) keeps
its owner even past the limit, because no rule ever turns an owned island neutral (C-TROOP-5,
C-BATTLE-12); such a player simply cannot empty another island until a marker is free again.
"""

from __future__ import annotations

from kleos.core.errors import N_
from kleos.games.cyclades.rules.common import Violation, broken
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import Tables


def limit(t: Tables) -> int | None:
    """Markers per player, or ``None`` when unlimited (the default)."""
    return t.territory_markers


def in_use(s: CycladesState, seat: int) -> int:
    """``seat``'s islands without troops: each holds one of its territory markers."""
    return sum(1 for i, owner in enumerate(s.owner) if owner == seat and s.troops[i] == 0)


def move_violation(t: Tables, s: CycladesState, seat: int, origin: int, count: int, dest: int) -> Violation | None:
    """Moving ``count`` troops from ``origin`` to ``dest`` needs a marker when it empties ``origin`` (one
    is freed when the troops land on an own island without troops)."""
    cap = limit(t)
    if cap is None or count < s.troops[origin]:
        return None
    freed = 1 if s.owner[dest] == seat and s.troops[dest] == 0 else 0
    if in_use(s, seat) + 1 - freed <= cap:
        return None
    return broken("C-AMB-27",
                  N_("leaving {island} without troops needs a territory marker, and all {cap} of yours are in use"),
                  island=t.island_ids[origin], cap=cap)


def sale_violation(t: Tables, s: CycladesState, seat: int, island: int) -> Violation | None:
    """Selling an island's last troop (the Sphinx) needs a free marker."""
    cap = limit(t)
    if cap is None or s.troops[island] != 1 or in_use(s, seat) < cap:
        return None
    return broken("C-AMB-27",
                  N_("selling the last troop on {island} needs a territory marker, and all {cap} of yours are in use"),
                  island=t.island_ids[island], cap=cap)
