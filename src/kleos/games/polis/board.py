"""Board queries shared by the rules: counts, control, stacking, paths (R-MAP, R-STACK, R-MOVE).

Control is never stored: it is recomputed from the pieces whenever it matters (R-MAP-14).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import NO_ONE, Tables, other

Derived = TypeVar("Derived")


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


# Where the units of one side can move now (:func:`reach`), a plain tuple (built at every new
# position): the hoplites' :data:`Starts`; the territories some hoplite reaches where its owner has
# fewer than N units, in order (where a march may go, R-MOVE-3); the same two for galleys and seas.
Reach = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# The destinations of one kind of unit, flat: the union of them all, then per region holding such a
# unit, in region order, the region and its destinations as a bit mask (bit r: region r). One tuple
# of integers, not a tuple of pairs: the reach memo keeps thousands of them, and each object it keeps
# is one more for the garbage collector to count and visit.
Starts = tuple[int, ...]


def reach(t: Tables, s: PolisState, side: int) -> Reach:
    """Hoplites' and galleys' destinations from every region, per start exactly :func:`destinations`
    (``tests/polis/test_generator_equals_checker.py``).

    Search and playouts ask this at every turn choice and every step of a move. The units decide it
    only through four masks (see below) and whether ``side`` owns the diolkos polis: a turn choice
    asks several times in a row for one position (kept in ``last_reach``); another position looks
    the answer up by those masks, or puts it together from its galleys' and hoplites' parts, memoised
    on their own masks (:func:`_reach`). Every memo key is one integer, the masks side by side, the
    low two bits telling the three memos apart (0 galleys, 1 hoplites, 2 the whole answer) and the
    third whether ``side`` owns the diolkos polis: a key that is no tuple is no object the garbage
    collector counts and visits (tuple keys and answers made the collector 15-21% of a compiled
    random playout: the memo keeps thousands of new entries a thousand games)."""
    limit = t.round_values[s.round]
    diolkos = s.owner[t.diolkos_polis] == side
    units_ = s.units
    last = t.last_reach[side]
    if last[0] == units_ and last[1] == limit and last[2] == diolkos:
        return last[3]  # type: ignore[no-any-return]
    present, at_sea, below = _unit_masks(t.region_bits, units_, side, limit)
    width = t.n_regions
    key = ((((at_sea << width | below) << width | present) << 3) | (4 if diolkos else 0)) | 2
    memo = t.reach_cache
    found: Reach | None = memo.get(key)
    if found is None:
        if len(memo) > 30_000:
            memo.clear()
        found = memo[key] = _reach(t, diolkos, present, at_sea, below)
    t.last_reach[side] = [units_[:], limit, diolkos, found]
    return found


def _unit_masks(bits: tuple[int, ...], units_: list[int], side: int, limit: int) -> tuple[int, int, int]:
    """The regions where ``side`` has units / the opponent does not control (crossable by control
    alone, R-MOVE-7: hoplites at sea) / ``side`` has fewer than ``limit`` units (R-MOVE-9, R-MOVE-3),
    as bit masks. One plain loop: compiled, it runs on machine integers (about 9 times quicker than
    summing ``itertools.compress`` over slices, which it replaced; interpreted, a little quicker too)."""
    present = at_sea = below = 0
    own, theirs = side, 1 - side
    for bit in bits:
        n = units_[own]
        if n:
            present |= bit
        if units_[theirs] <= n:
            at_sea |= bit
        if n < limit:
            below |= bit
        own += 2
        theirs += 2
    return present, at_sea, below


def _reach(t: Tables, diolkos: bool, present: int, at_sea: int, below: int) -> Reach:
    """:func:`reach` from its masks: every start's destinations, then where some unit may go. The
    galleys' part and the hoplites' part are memoised apart (a march leaves the seas as they were)."""
    free = at_sea & below  # crossable with the owner's stacking limit (R-MOVE-7, R-MOVE-9)
    seas = t.sea_bits
    parts = t.reach_cache
    near_sea = t.sea_masks[diolkos]
    width = t.n_regions
    flag = 4 if diolkos else 0
    galley_key = (((free & seas) << width | present & seas) << 3) | flag
    galleys = parts.get(galley_key)
    if galleys is None:
        galleys = parts[galley_key] = _starts(t, near_sea, diolkos, present & seas, free & seas, None)
    land = ~t.sea_only_mask & ~seas
    hoplite_key = (((((at_sea & seas) << width | free & land) << width) | present & ~seas) << 3) | flag | 1
    hoplites = parts.get(hoplite_key)
    if hoplites is None:
        hoplites = parts[hoplite_key] = _starts(t, near_sea, diolkos, present & ~seas, free & land, at_sea & seas)
    return (hoplites, _regions(hoplites[0] & below & ~seas), galleys, _regions(galleys[0] & below & seas))


def _starts(t: Tables, near_sea: tuple[int, ...], diolkos: bool, todo: int, cross: int,
            at_sea: int | None) -> Starts:
    """Per start of ``todo`` (galleys' seas, or with ``at_sea`` hoplites' territories) its
    destinations, memoised per start on the masks they depend on (one integer, as in :func:`reach`),
    after the union of them all (see :data:`Starts`)."""
    memo = t.spread_cache
    if len(memo) > 50_000:
        memo.clear()
    width = t.n_regions
    # the masks, then the start (in 8 bits: the masks' byte tables stop at 32 regions), diolkos, galleys or not
    seas_crossed = 0 if at_sea is None else at_sea
    base = ((seas_crossed << width | cross) << 10) | (2 if diolkos else 0) | (0 if at_sea is None else 1)
    out = [0]
    union = 0
    while todo:
        low = todo & -todo
        todo ^= low
        start = low.bit_length() - 1
        key = base | start << 2
        found = memo.get(key)
        if found is None:
            if at_sea is None:
                found = _spread(near_sea, near_sea, start, cross) & ~low
            else:
                found = _hoplite_spread(t, near_sea, start, cross, at_sea) & ~low
            memo[key] = found
        out.append(start)
        out.append(found)
        union |= found
    out[0] = union
    return tuple(out)


def _hoplite_spread(t: Tables, near_sea: tuple[int, ...], start: int, cross: int, at_sea: int) -> int:
    """Where a hoplite in ``start`` can go: a land path through ``cross`` (not from or to Ionia and
    Sikelia, R-ACT-MOVEHOP-11), or a landing from the seas ``at_sea`` spread from its coast."""
    sea_only = t.sea_only_mask
    found = 0
    if not sea_only >> start & 1:
        found = _spread(t.land_masks, t.land_masks, start, cross) & ~sea_only
    coasts = t.coast_masks
    landings = coasts[start] & at_sea
    while landings:
        low = landings & -landings
        found |= _spread(near_sea, coasts, low.bit_length() - 1, at_sea)
        landings ^= low
    return found


# the regions (bit numbers) of each byte of a mask, per byte position (see _regions)
_BYTE_REGIONS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(4))


# the regions of each mask :func:`_reach` asked for, shared by every answer that lists them (a few
# thousand masks in practice; emptied past a bound, like the reach memos, so a long-lived server
# cannot grow it without end)
_REGIONS_OF: dict[int, tuple[int, ...]] = {}
_REGIONS_OF_BOUND = 50_000


def _regions(mask: int) -> tuple[int, ...]:
    """The regions of a bit mask, in order (one tuple per mask, kept)."""
    found = _REGIONS_OF.get(mask)
    if found is None:
        if len(_REGIONS_OF) > _REGIONS_OF_BOUND:
            _REGIONS_OF.clear()
        found = _REGIONS_OF[mask] = _listed(mask)
    return found


def _listed(mask: int) -> tuple[int, ...]:
    """The regions of a bit mask, in order, worked out."""
    if mask < 256:
        return _BYTE_REGIONS[0][mask]
    if mask < 65536:
        return _BYTE_REGIONS[0][mask & 255] + _BYTE_REGIONS[1][mask >> 8]
    out: tuple[int, ...] = ()
    k = 0
    while mask:
        out += _BYTE_REGIONS[k][mask & 255]
        mask >>= 8
        k += 1
    return out


def reach_starts(t: Tables, s: PolisState, side: int, sea: bool) -> Starts:
    """The destinations of the galleys (``sea``) or hoplites of ``side`` from every region, flat
    (see :data:`Starts`): ``found[1::2]`` the regions, ``found[2::2]`` their destination masks."""
    found = reach(t, s, side)
    return found[2] if sea else found[0]


def move_destinations(t: Tables, s: PolisState, side: int, sea: bool) -> tuple[int, ...]:
    """Seas (``sea``) or territories some unit of ``side`` can reach now where it has fewer than N
    units (R-MOVE-3), in order."""
    found = reach(t, s, side)
    return found[3] if sea else found[1]


def _spread(near: tuple[int, ...], out: tuple[int, ...], start: int, cross: int) -> int:
    """The union of ``out`` over ``start`` and every region reached from it through regions of
    ``cross`` (each adjacent by ``near`` to the last): with ``out`` = ``near``, every region one step
    beyond; with ``out`` = the coasts, where a hoplite can land."""
    crossed = 1 << start
    todo = near[start] & cross & ~crossed
    while todo:
        crossed |= todo
        reached = 0
        while todo:
            low = todo & -todo
            reached |= near[low.bit_length() - 1]
            todo ^= low
        todo = reached & cross & ~crossed
    found = 0
    while crossed:
        low = crossed & -crossed
        found |= out[low.bit_length() - 1]
        crossed ^= low
    return found


def reach_table(t: Tables, s: PolisState, side: int, sea: bool) -> dict[int, tuple[int, ...]]:
    """Destination -> regions whose units can reach it now (:func:`reach_starts` turned around)."""
    table: dict[int, list[int]] = {}
    flat = reach_starts(t, s, side, sea)
    for i in range(1, len(flat), 2):
        start, found = flat[i], flat[i + 1]
        while found:
            low = found & -found
            table.setdefault(low.bit_length() - 1, []).append(start)
            found ^= low
    return {d: tuple(starts) for d, starts in table.items()}


def reachers(t: Tables, s: PolisState, side: int, dest: int, sea: bool) -> tuple[int, ...]:
    """Regions whose units can reach ``dest`` now, in order: ``reach_table(...).get(dest, ())``.
    Moving a unit asks this at every step."""
    flat = reach_starts(t, s, side, sea)
    return tuple([flat[i] for i in range(1, len(flat), 2) if flat[i + 1] >> dest & 1])


def owned_poleis(t: Tables, s: PolisState, side: int) -> list[int]:
    return [p for p in range(len(t.polis_ids)) if s.owner[p] == side]


def by_owners(t: Tables, s: PolisState, name: str, compute: Callable[[Tables, list[int]], Derived]) -> Derived:
    """``compute(t, s.owner)`` memoised on who owns which polis, one entry per ``name``: the owners
    change only when a polis is taken, released or rebels, so the legal-action generators keep what
    they derive from them (own poleis, tribute territories, trade by land) from step to step."""
    entry = t.owner_memo.get(name)
    if entry is not None and entry[0] == s.owner:
        return entry[1]  # type: ignore[no-any-return]
    value = compute(t, s.owner)
    t.owner_memo[name] = (s.owner[:], value)
    return value


def polis_population(t: Tables, s: PolisState, polis: int) -> int:
    """Cubes on an owned polis; a neutral polis counts as its base population (R-MAP-18)."""
    return s.pop[polis] if s.owner[polis] != NO_ONE else t.polis_base[polis]
