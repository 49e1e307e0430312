"""Recruiting (C-RECRUIT-1..10): fleets, troops, Priests and Philosophers on the cost ladders.

One unit per decision: ``recruit <sea>`` (Poseidon's fleet), ``recruit <island>`` (Ares's troop),
``recruit`` (Zeus's Priest, Athena's Philosopher). The price is the god's ladder (``gods.json``
``recruit_costs``) at the number of units recruited earlier this turn (``state.recruited``, reset when a
turn ends; C-RECRUIT-7, C-AMB-8), and the ladder's length is the per-turn limit. The free first unit is
optional like any other: a turn may end without it.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import figures, metro
from kleos.games.cyclades.rules.common import Violation, broken, fleets_of, islands_of, named, troops_of
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, POSEIDON, ZEUS, Tables

VERBS: tuple[str, ...] = ("recruit",)
RECRUIT = Action("recruit")  # Zeus's and Athena's recruit, built once

LIMIT_RULE = {POSEIDON: "C-RECRUIT-1", ARES: "C-RECRUIT-3", ZEUS: "C-RECRUIT-5", ATHENA: "C-RECRUIT-6"}
USAGE = {POSEIDON: N_("write 'recruit <sea>' to recruit a fleet"),
         ARES: N_("write 'recruit <island>' to recruit a troop")}
AT_MOST = {POSEIDON: N_("at most {n} recruits per turn under Poseidon"),
           ARES: N_("at most {n} recruits per turn under Ares"),
           ZEUS: N_("at most {n} recruits per turn under Zeus"),
           ATHENA: N_("at most {n} recruits per turn under Athena")}
NOT_PLACED = {ZEUS: N_("Priests and Philosophers are not placed: write 'recruit' (under Zeus)"),
              ATHENA: N_("Priests and Philosophers are not placed: write 'recruit' (under Athena)")}
NONE_LEFT = {ZEUS: N_("no Priest cards are left in the supply"),
             ATHENA: N_("no Philosopher cards are left in the supply")}


def price(t: Tables, s: CycladesState, god: int) -> int | None:
    """What the next unit costs on ``god``'s turn, or None past the per-turn limit (C-RECRUIT-1/3/5/6)."""
    costs = t.recruit_costs[god]
    return costs[s.recruited] if s.recruited < len(costs) else None


def fleet_seas(t: Tables, s: CycladesState, seat: int) -> list[int]:
    """Seas next to an island ``seat`` owns that are empty or hold only its fleets (C-RECRUIT-2, C-AMB-9),
    and where no creature figure forbids fleets (the Kraken, Polyphemus: rules/figures.py)."""
    seas = {sea for i in islands_of(s, seat) for sea in t.island_seas[i]}
    blocked = figures.blocked_seas(t, s)
    return sorted(sea for sea in seas if (s.fleets[sea] == 0 or s.fleet_owner[sea] == seat) and sea not in blocked)


def _supply_left(t: Tables, s: CycladesState, god: int) -> bool:
    """Whether a Priest or Philosopher card is left in the supply (C-COMP-14, C-AMB-28; -1: unlimited)."""
    supply, held = (t.priests, s.priests) if god == ZEUS else (t.philosophers, s.philosophers)
    return supply < 0 or sum(held) < supply


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """The recruits ``seat`` may make now on ``god``'s turn."""
    if god == EMPTY:
        return []
    cost = price(t, s, god)
    if cost is None or s.gold[seat] < cost:
        return []
    if god == POSEIDON:  # only the kind of unit this god recruits is counted (C-COMP-12/13)
        if fleets_of(s, seat) >= t.fleets_max:
            return []
        return [named("recruit", t.sea_ids[sea]) for sea in fleet_seas(t, s, seat)]
    if god == ARES:
        if troops_of(s, seat) >= t.troops_max:
            return []
        return [named("recruit", t.island_ids[i]) for i in islands_of(s, seat)]
    return [RECRUIT] if _supply_left(t, s, god) else []


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    if god == EMPTY:
        return broken("C-APOLLO-5", N_("an Apollo turn allows no recruiting"))
    unit = {POSEIDON: "fleet", ARES: "troop"}.get(god)
    if unit is None and action.args:
        return broken("C-RECRUIT-9", NOT_PLACED[god])
    if unit is not None and len(action.args) != 1:
        return broken(LIMIT_RULE[god], USAGE[god])
    cost = price(t, s, god)
    if cost is None:
        return broken(LIMIT_RULE[god], AT_MOST[god], n=len(t.recruit_costs[god]))
    if s.gold[seat] < cost:
        return broken("C-ACTION-4", N_("the next recruit costs {cost} GP"), cost=cost)
    if god == POSEIDON:
        return _check_fleet(t, s, seat, str(action.args[0]))
    if god == ARES:
        return _check_troop(t, s, seat, str(action.args[0]))
    if not _supply_left(t, s, god):
        return broken("C-COMP-14", NONE_LEFT[god])
    return None


def _check_fleet(t: Tables, s: CycladesState, seat: int, name: str) -> Violation | None:
    sea = t.sea_index.get(name)
    if sea is None:
        return broken("C-RECRUIT-2", N_("{name} is not a sea of this board"), name=name)
    if fleets_of(s, seat) >= t.fleets_max:
        return broken("C-RECRUIT-8", N_("you already have {most} fleets on the board (C-COMP-12)"), most=t.fleets_max)
    if not any(s.owner[i] == seat for i in t.sea_islands[sea]):
        return broken("C-RECRUIT-2", N_("{name} is not next to an island of yours"), name=name)
    if s.fleets[sea] and s.fleet_owner[sea] != seat:
        return broken("C-RECRUIT-2", N_("{name} holds another player's fleets"), name=name)
    return figures.sea_violation(t, s, sea)


def _check_troop(t: Tables, s: CycladesState, seat: int, name: str) -> Violation | None:
    island = t.island_index.get(name)
    if island is None:
        return broken("C-RECRUIT-4", N_("{name} is not an island of this board"), name=name)
    if troops_of(s, seat) >= t.troops_max:
        return broken("C-RECRUIT-8", N_("you already have {most} troops on the board (C-COMP-13)"), most=t.troops_max)
    if s.owner[island] != seat:
        return broken("C-RECRUIT-4", N_("{name} is not your island"), name=name)
    return None


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    cost = price(t, s, god)
    assert cost is not None
    s.gold[seat] -= cost
    s.recruited += 1
    if god == POSEIDON:
        sea = t.sea_index[str(action.args[0])]
        s.fleets[sea] += 1
        s.fleet_owner[sea] = seat
    elif god == ARES:
        s.troops[t.island_index[str(action.args[0])]] += 1
    elif god == ZEUS:
        s.priests[seat] += 1
    else:
        s.philosophers[seat] += 1
        metro.check_routes(t, s, seat)  # a 4th Philosopher (C-RECRUIT-10, C-METRO-3)

