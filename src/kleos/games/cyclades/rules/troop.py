"""Ares's special action (C-TROOP-1..8): move troops over a chain of own fleets.

One decision per use: ``march <origin> <count> <destination>`` (e.g. ``march I3 2 I5``) costs the
god's special-action price (1 GP, C-DATA-9) and may be bought any number of times (C-TROOP-8). The
destination is any island linked to the origin by the mover's fleets (C-TROOP-2), the mover's own
included (reinforcement, C-AMB-11), except another player's last island (C-TROOP-7, C-AMB-14).

Rulebook note (seed 002): it says a player may not attack another's last island "unless he can show
that he can win the game by conquering it", with a Metropolis as the example; the spec's ruling
C-AMB-14 (the mover holds at least required − 1 Metropolises and the island brings the last one, by
its Metropolis or by completing the four building types) is followed as a reading of it.

:func:`land` is the landing itself, for creature effects that move troops in other ways.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import battle, elimination, figures, metro, territory
from kleos.games.cyclades.rules.common import Violation, broken, counted, islands_of, metropolises
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, NOBODY, Tables

VERBS: tuple[str, ...] = ("march",)

BUILDING_TYPES = 4  # Port, Fortress, Temple, University (C-METRO-2)


def cost(t: Tables) -> int:
    return t.data.gods.gods[ARES].special_cost


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """Every ``march`` ``seat`` may make now: origin, count, destination (C-TROOP-1/2/7)."""
    if god != ARES or s.gold[seat] < cost(t):
        return []
    found: list[Action] = []
    for origin in islands_of(s, seat):
        if s.troops[origin] == 0 or figures.pinned(t, s, origin):
            continue
        dests = [t.island_ids[d] for d in battle.linked_islands(t, s, seat, origin)
                 if last_island_violation(t, s, seat, d) is None and figures.landing_violation(t, s, d) is None]
        here = (t.island_ids[origin],)
        for dest in dests:
            to = t.island_index[dest]
            marches = counted("march", here, (dest,), s.troops[origin])
            found += [march for n, march in enumerate(marches, 1)
                      if territory.move_violation(t, s, seat, origin, n, to) is None]
    return found


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    args = action.args
    if len(args) != 3 or not isinstance(args[1], int):
        return broken("C-TROOP-1", N_("write 'march <origin island> <count> <destination island>'"))
    if god != ARES:
        return broken("C-ACTION-5", N_("troops move only on Ares's turn"))
    if s.gold[seat] < cost(t):
        return broken("C-ACTION-4", N_("moving troops costs {cost} GP"), cost=cost(t))
    origin, dest = t.island_index.get(str(args[0])), t.island_index.get(str(args[2]))
    if origin is None or dest is None:
        return broken("C-TROOP-1", N_("unknown island in '{action}'"), action=action)
    if s.owner[origin] != seat or not 1 <= args[1] <= s.troops[origin]:
        return broken("C-TROOP-1", N_("you have no {count} troops on {island} to move"), count=args[1], island=args[0])
    if figures.pinned(t, s, origin):
        return broken("C-SUMMON-4", N_("Medusa holds the troops on {island}: they cannot leave it"), island=args[0])
    if dest not in battle.linked_islands(t, s, seat, origin):
        return broken("C-TROOP-2", N_("no chain of your fleets links {origin} to {dest}"), origin=args[0], dest=args[2])
    return (last_island_violation(t, s, seat, dest) or figures.landing_violation(t, s, dest)
            or territory.move_violation(t, s, seat, origin, args[1], dest))


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    s.gold[seat] -= cost(t)
    origin, count, dest = action.args
    land(t, s, seat, t.island_index[str(origin)], int(count), t.island_index[str(dest)])


def land(t: Tables, s: CycladesState, seat: int, origin: int, count: int, dest: int) -> None:
    """Move ``count`` troops of ``seat`` from ``origin`` to ``dest`` (legality checked by the caller).

    An emptied origin keeps ``seat``'s territory marker, so it never turns neutral (C-TROOP-5/6). On the
    mover's own island the troops join (C-AMB-11); an island with no troops, neutral or held by a marker,
    is taken with its buildings and prosperity markers, Fortresses notwithstanding (C-TROOP-4), and the
    Metropolis routes are checked (C-METRO-10); enemy troops, or a Minotaur guarding another player's
    island (rules/figures.py), mean a land battle (C-TROOP-3)."""
    s.troops[origin] -= count
    if s.owner[dest] == seat:
        s.troops[dest] += count
    elif s.troops[dest] == 0 and not (s.owner[dest] != NOBODY and figures.minotaur_guards(t, s, dest)):
        former = s.owner[dest]
        s.owner[dest], s.troops[dest] = seat, count
        elimination.after_capture(t, s, former)
        metro.check_routes(t, s, seat)
    else:
        battle.start_land(t, s, seat, dest, count)


def last_island_violation(t: Tables, s: CycladesState, seat: int, dest: int) -> Violation | None:
    """C-TROOP-7 with C-AMB-14: no landing, even on a territory marker, on another player's only island,
    unless the mover holds at least (required − 1) Metropolises and the island would bring the last one
    (it has a Metropolis, or its buildings complete the mover's four types)."""
    holder = s.owner[dest]
    if holder in (NOBODY, seat) or islands_of(s, holder) != [dest]:
        return None
    if metropolises(s, seat) + 1 >= t.win_metropolises and _brings_metropolis(t, s, seat, dest):
        return None
    return broken("C-TROOP-7", N_("{island} is the last island of another player"), island=t.island_ids[dest])


def _brings_metropolis(t: Tables, s: CycladesState, seat: int, island: int) -> bool:
    if s.metropolis[island]:
        return True
    mine = [*islands_of(s, seat), island]
    return all(any(battle.buildings_on(t, s, i, kind) for i in mine) for kind in range(BUILDING_TYPES))
