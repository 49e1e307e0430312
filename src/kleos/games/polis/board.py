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


def destinations(t: Tables, s: PolisState, side: int, start: int, sea: bool) -> set[int]:
    """Every region one unit in ``start`` can reach now: exactly the ``dest`` for which
    :func:`galley_can_reach` (``sea``) or :func:`hoplite_can_reach` holds, found in one search."""
    limit = stack_limit(t, s)
    if sea:
        return _closure_neighbours(t, s, side, [start], limit, sea=True) - {start}
    found: set[int] = set()
    if start not in t.sea_only:
        found |= {r for r in _closure_neighbours(t, s, side, [start], limit, sea=False) if r not in t.sea_only}
    seas = [x for x in t.coasts[start] if crossable(s, x, side, 0, False)]
    reached = set(seas)
    frontier = list(seas)
    while frontier:
        x = frontier.pop()
        found.update(t.coasts[x])
        for nxt in sea_neighbours(t, s, x, side):
            if nxt not in reached and crossable(s, nxt, side, 0, False):
                reached.add(nxt)
                frontier.append(nxt)
    found.discard(start)
    return found


def _closure_neighbours(t: Tables, s: PolisState, side: int, starts: list[int], limit: int, sea: bool) -> set[int]:
    """Neighbours of the starts and of every region reachable from them through crossable regions."""
    found: set[int] = set()
    seen = set(starts)
    frontier = list(starts)
    while frontier:
        region = frontier.pop()
        near = sea_neighbours(t, s, region, side) if sea else t.land_adj[region]
        for nxt in near:
            found.add(nxt)
            if nxt in seen or (not sea and nxt in t.sea_only):
                continue
            seen.add(nxt)
            if crossable(s, nxt, side, limit, check_stack=True):
                frontier.append(nxt)
    return found


def reach_table(t: Tables, s: PolisState, side: int, sea: bool) -> dict[int, tuple[int, ...]]:
    """Destination -> regions whose units can reach it now, memoised on the pieces that decide it
    (units, the owner of the diolkos polis, N): search asks this at every node.

    Per start exactly :func:`destinations` (``tests/polis/test_legality.py``), with what it asks of
    every region (crossable? which seas are next to it?) answered once for the whole table."""
    key = ("reach", sea, side, s.round, s.owner[t.diolkos_polis], tuple(s.units))
    cached = t.reach_cache.get(key)
    if cached is not None:
        return cached
    if len(t.reach_cache) > 20_000:
        t.reach_cache.clear()
    units_, opp, limit = s.units, 1 - side, stack_limit(t, s)
    # crossable with the owner's stacking limit (R-MOVE-7, R-MOVE-9) / by control alone (hoplites at sea)
    free = [units_[2 * r + opp] <= units_[2 * r + side] < limit for r in range(t.n_regions)]
    near_sea = t.sea_adj
    if owns_diolkos(t, s, side):
        near_sea = tuple(sea_neighbours(t, s, r, side) for r in range(t.n_regions))
    table: dict[int, list[int]] = {}
    if sea:
        for start in range(t.n_territories, t.n_regions):
            if units_[start * 2 + side]:
                found = _neighbours_through(start, near_sea, free, t.sea_only, False)
                found.discard(start)
                for dest in found:
                    table.setdefault(dest, []).append(start)
    else:
        at_sea = [units_[2 * r + opp] <= units_[2 * r + side] for r in range(t.n_regions)]
        landings: dict[int, frozenset[int]] = {}  # sea -> coasts of every sea crossable from it
        for start in range(t.n_territories):
            if units_[start * 2 + side]:
                found = set() if start in t.sea_only else (
                    _neighbours_through(start, t.land_adj, free, t.sea_only, True) - t.sea_only)
                for x in t.coasts[start]:
                    if at_sea[x]:
                        if x not in landings:
                            coasts: set[int] = set()
                            _add_sea_landings(t, x, near_sea, at_sea, coasts, from_sea=True)
                            landings[x] = frozenset(coasts)
                        found |= landings[x]
                found.discard(start)
                for dest in found:
                    table.setdefault(dest, []).append(start)
    result = {d: tuple(starts) for d, starts in table.items()}
    t.reach_cache[key] = result
    return result


def reachers(t: Tables, s: PolisState, side: int, dest: int, sea: bool) -> tuple[int, ...]:
    """Regions whose units can reach ``dest`` now, in order: ``reach_table(...).get(dest, ())``
    found by one search back from ``dest`` (paths read the same both ways: only the regions crossed
    in between are checked), memoised like the table. Moving a unit asks this at every step."""
    key = (sea, side, dest, s.round, s.owner[t.diolkos_polis], tuple(s.units))
    cached = t.reachers_cache.get(key)
    if cached is not None:
        return cached
    if len(t.reachers_cache) > 20_000:
        t.reachers_cache.clear()
    units_, opp, limit = s.units, 1 - side, stack_limit(t, s)
    near_sea = t.sea_adj
    if owns_diolkos(t, s, side):
        near_sea = tuple(sea_neighbours(t, s, r, side) for r in range(t.n_regions))
    if sea:
        free = [units_[2 * r + opp] <= units_[2 * r + side] < limit for r in range(t.n_regions)]
        found = _neighbours_through(dest, near_sea, free, t.sea_only, False)
    else:
        found = set()
        if dest not in t.sea_only:
            free = [units_[2 * r + opp] <= units_[2 * r + side] < limit for r in range(t.n_regions)]
            found = _neighbours_through(dest, t.land_adj, free, t.sea_only, True) - t.sea_only
        at_sea = [units_[2 * r + opp] <= units_[2 * r + side] for r in range(t.n_regions)]
        _add_sea_landings(t, dest, near_sea, at_sea, found)
    result = tuple(sorted(r for r in found if r != dest and (r >= t.n_territories) == sea and units_[r * 2 + side]))
    t.reachers_cache[key] = result
    return result


def _neighbours_through(start: int, near: tuple[tuple[int, ...], ...], free: list[bool],
                        sea_only: frozenset[int], land: bool) -> set[int]:
    """:func:`_closure_neighbours` with crossability read from ``free``."""
    found: set[int] = set()
    seen = {start}
    frontier = [start]
    while frontier:
        for nxt in near[frontier.pop()]:
            found.add(nxt)
            if nxt in seen or (land and nxt in sea_only):
                continue
            seen.add(nxt)
            if free[nxt]:
                frontier.append(nxt)
    return found


def _add_sea_landings(t: Tables, start: int, near: tuple[tuple[int, ...], ...], at_sea: list[bool],
                      found: set[int], *, from_sea: bool = False) -> None:
    """The sea part of :func:`destinations`: the coasts of every sea a hoplite in ``start`` (or, with
    ``from_sea``, on the crossable sea ``start``) can cross to, through seas the opponent does not
    control."""
    seas = [start] if from_sea else [x for x in t.coasts[start] if at_sea[x]]
    reached = set(seas)
    while seas:
        x = seas.pop()
        found.update(t.coasts[x])
        for nxt in near[x]:
            if nxt not in reached and at_sea[nxt]:
                reached.add(nxt)
                seas.append(nxt)


def owned_poleis(t: Tables, s: PolisState, side: int) -> list[int]:
    return [p for p in range(len(t.polis_ids)) if s.owner[p] == side]


def polis_population(t: Tables, s: PolisState, polis: int) -> int:
    """Cubes on an owned polis; a neutral polis counts as its base population (R-MAP-18)."""
    return s.pop[polis] if s.owner[polis] != NO_ONE else t.polis_base[polis]
