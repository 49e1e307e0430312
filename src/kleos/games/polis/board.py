"""Board queries shared by the rules: counts, control, stacking, paths (R-MAP, R-STACK, R-MOVE).

Control is never stored: it is recomputed from the pieces whenever it matters (R-MAP-14).
"""

from __future__ import annotations

from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import NO_ONE, Tables, other


def units(s: PolisState, region: int, side: int) -> int:
    return s.units[region * 2 + side]


def stack_limit(t: Tables, s: PolisState) -> int:
    """N, the round value: stacking limit and largest cargo (R-ROUND-3, R-STACK-1)."""
    return t.round_values[s.round]


def controls(s: PolisState, region: int, side: int) -> bool:
    """Strictly more units than the opponent (R-MAP-12, R-MAP-13)."""
    return s.units[region * 2 + side] > s.units[region * 2 + other(side)]


def controller(s: PolisState, region: int) -> int:
    a, b = s.units[region * 2], s.units[region * 2 + 1]
    return 0 if a > b else 1 if b > a else NO_ONE


def owns_diolkos(t: Tables, s: PolisState, side: int) -> bool:
    """The owner of Korinthos may treat Kyklades and Ionion pelagos as adjacent (R-MAP-24)."""
    return s.owner[t.diolkos_polis] == side


def sea_neighbours(t: Tables, s: PolisState, sea: int, side: int) -> tuple[int, ...]:
    near = t.sea_adj[sea]
    a, b = t.diolkos
    if sea in (a, b) and owns_diolkos(t, s, side):
        return (*near, b if sea == a else a)
    return near


def crossable(s: PolisState, region: int, side: int, limit: int, check_stack: bool, check_control: bool = True) -> bool:
    """May a unit of ``side`` cross ``region``? Not if the opponent controls it (R-MOVE-7), nor,
    when ``check_stack``, if its owner already has N units there (R-MOVE-9). ``check_control=False``
    ignores control (only to explain why a move is impossible)."""
    own = s.units[region * 2 + side]
    if check_control and s.units[region * 2 + other(side)] > own:
        return False
    return not (check_stack and own >= limit)


def hoplite_can_reach(t: Tables, s: PolisState, side: int, start: int, dest: int, *,
                      control: bool = True, stacking: bool = True) -> bool:
    """A land path or a sea path from ``start`` to ``dest`` for one hoplite, on the board as it
    stands now (R-ACT-MOVEHOP-3 … R-ACT-MOVEHOP-11). ``control`` / ``stacking`` False ignore the
    opponent's control (R-MOVE-7) or the owner's stacking limit (R-MOVE-9), to tell which one blocks."""
    if start == dest:
        return False
    limit = stack_limit(t, s)
    if (start not in t.sea_only and dest not in t.sea_only
            and _land_path(t, s, side, start, dest, limit, control, stacking)):
        return True
    return _sea_path(t, s, side, start, dest, control)


def _land_path(t: Tables, s: PolisState, side: int, start: int, dest: int, limit: int,
               control: bool, stacking: bool) -> bool:
    """Territories each adjacent by land to the last; the crossed ones are neither controlled by the
    opponent nor at the owner's limit; the start and the destination are never crossed (R-ACT-MOVEHOP-4,
    R-MOVE-8, R-ACT-MOVEHOP-8/9)."""
    if dest in t.land_adj[start]:
        return True
    seen = {start}
    frontier = [start]
    while frontier:
        region = frontier.pop()
        for nxt in t.land_adj[region]:
            if nxt == dest:
                return True
            if nxt in seen or nxt in t.sea_only:
                continue
            seen.add(nxt)
            if crossable(s, nxt, side, limit, check_stack=stacking, check_control=control):
                frontier.append(nxt)
    return False


def _sea_path(t: Tables, s: PolisState, side: int, start: int, dest: int, control: bool = True) -> bool:
    """Seas bordering ``start``, then adjacent seas, landing on ``dest``; every sea is crossed,
    and galley stacking never hinders a hoplite (R-ACT-MOVEHOP-5, R-ACT-MOVEHOP-9)."""
    targets = set(t.coasts[dest])
    frontier = [sea for sea in t.coasts[start] if crossable(s, sea, side, 0, False, control)]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        if sea in targets:
            return True
        for nxt in sea_neighbours(t, s, sea, side):
            if nxt not in seen and crossable(s, nxt, side, 0, False, control):
                seen.add(nxt)
                frontier.append(nxt)
    return False


def galley_can_reach(t: Tables, s: PolisState, side: int, start: int, dest: int, *,
                     control: bool = True, stacking: bool = True) -> bool:
    """Seas only, each adjacent to the last (or by the diolkos); crossed seas must be neither
    opponent-controlled nor at the owner's limit (R-ACT-MOVEGAL-3 … R-ACT-MOVEGAL-5)."""
    if start == dest:
        return False
    limit = stack_limit(t, s)
    frontier = [start]
    seen = {start}
    while frontier:
        sea = frontier.pop()
        for nxt in sea_neighbours(t, s, sea, side):
            if nxt == dest:
                return True
            if nxt not in seen:
                seen.add(nxt)
                if crossable(s, nxt, side, limit, check_stack=stacking, check_control=control):
                    frontier.append(nxt)
    return False


def owned_poleis(t: Tables, s: PolisState, side: int) -> list[int]:
    return [p for p in range(len(t.polis_ids)) if s.owner[p] == side]


def polis_population(t: Tables, s: PolisState, polis: int) -> int:
    """Cubes on an owned polis; a neutral polis counts as its base population (R-MAP-18)."""
    return s.pop[polis] if s.owner[polis] != NO_ONE else t.polis_base[polis]
