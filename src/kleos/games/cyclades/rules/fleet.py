"""Poseidon's special action (C-FLEET-1..5): move fleets up to 3 steps with pick-up and drop-off.

Granularity: one step per decision, so the lists stay small (at most fleets × neighbours):

* ``sail <from> <count> <to>`` (e.g. ``sail S3 2 S4``) buys a move (1 GP, C-DATA-9) and makes its
  first step: ``count`` of the mover's fleets in ``from`` go to the neighbouring sea ``to``;
* ``sail <count> <to>`` (e.g. ``sail 3 S7``) is the next step of that move, free, while it has steps
  left (3 in all): ``count`` fleets of those now in the group's sea go on. Fewer than the group leaves
  the rest behind there, more picks up the mover's fleets that were already there (C-FLEET-2); any
  count is both at once, so no separate drop or pick decision is needed.

A move continues only as the very next decision of the game: the state keeps the ``steps`` value of
its last step (``voyage_step``), so any other action (recruit, build, ``end``…) closes it without a
``stop`` decision and without the dispatcher knowing about moves. Entering a sea with another
player's fleets ends the move there and starts a naval battle with the mover as attacker (C-FLEET-3,
C-BATTLE-15). A fleet may move in several bought moves (C-FLEET-4, C-AMB-12).

Rulebook note (seed 002): it speaks of moving "the fleets in one space", the spec of "some or all of
them"; its worked example leaves 2 of 4 fleets behind, so a count is asked for at every step.

:func:`sail_step` is one step, for creature effects that move fleets in other ways.
"""

from __future__ import annotations

from kleos.core.action import Action, Arg
from kleos.core.errors import N_
from kleos.games.cyclades.rules import battle, figures
from kleos.games.cyclades.rules.common import Violation, broken, counted
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, NOBODY, POSEIDON, Tables

VERBS: tuple[str, ...] = ("sail",)

MAX_STEPS = 3  # C-FLEET-1


def cost(t: Tables) -> int:
    return t.data.gods.gods[POSEIDON].special_cost


def continuing(s: CycladesState, seat: int) -> bool:
    """Whether the last decision was a step of ``seat``'s move that has steps left (C-FLEET-1/2)."""
    sea = s.voyage_sea
    return (sea != EMPTY and s.voyage_step == s.steps and s.voyage_left > 0
            and s.fleet_owner[sea] == seat and s.fleets[sea] > 0)


def legal(t: Tables, s: CycladesState, seat: int, god: int) -> list[Action]:
    """The next step of the current move, then every move ``seat`` may buy (C-FLEET-1/2/4)."""
    if god != POSEIDON:
        return []
    found: list[Action] = []
    blocked = figures.blocked_seas(t, s)
    if continuing(s, seat):
        sea = s.voyage_sea
        for to in t.sea_seas[sea]:
            if to not in blocked:
                found += counted("sail", (), (t.sea_ids[to],), s.fleets[sea])
    if s.gold[seat] >= cost(t):
        for sea, owner in enumerate(s.fleet_owner):
            fleets = s.fleets[sea]
            if owner == seat and fleets > 0:
                here = (t.sea_ids[sea],)
                for to in t.sea_seas[sea]:
                    if to not in blocked:
                        found += counted("sail", here, (t.sea_ids[to],), fleets)
    return found


def check(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks, or ``None`` when it is legal."""
    args = action.args
    shape = (len(args) == 3 and isinstance(args[1], int)) or (len(args) == 2 and isinstance(args[0], int))
    if not shape:
        return broken("C-FLEET-1", N_("write 'sail <from sea> <count> <to sea>' or, to go on, 'sail <count> <to sea>'"))
    if god != POSEIDON:
        return broken("C-ACTION-5", N_("fleets move only on Poseidon's turn"))
    origin = _origin(t, s, seat, args)
    if isinstance(origin, tuple):
        return origin
    count, name = int(args[-2]), str(args[-1])
    if s.fleet_owner[origin] != seat or not 1 <= count <= s.fleets[origin]:
        return broken("C-FLEET-1", N_("you have no {count} fleets in {sea}"), count=count, sea=t.sea_ids[origin])
    if name in t.island_index:
        return broken("C-FLEET-5", N_("fleets never move onto islands"))
    to = t.sea_index.get(name)
    if to is None or to not in t.sea_seas[origin]:
        return broken("C-FLEET-1", N_("{name} is not a sea next to {sea}"), name=name, sea=t.sea_ids[origin])
    return figures.sea_violation(t, s, to)


def _origin(t: Tables, s: CycladesState, seat: int, args: tuple[Arg, ...]) -> int | Violation:
    """Where the step starts: the group's sea for a next step, the named sea for a bought move."""
    if len(args) == 2:
        if not continuing(s, seat):
            return broken("C-FLEET-1",
                          N_("no move of yours with steps left is going on: buy one with 'sail <from> ...'"))
        return s.voyage_sea
    if s.gold[seat] < cost(t):
        return broken("C-ACTION-4", N_("moving fleets costs {cost} GP"), cost=cost(t))
    origin = t.sea_index.get(str(args[0]))
    return broken("C-FLEET-1", N_("unknown sea {sea}"), sea=args[0]) if origin is None else origin


def apply(t: Tables, s: CycladesState, seat: int, god: int, action: Action) -> None:
    args = action.args
    if len(args) == 3:
        s.gold[seat] -= cost(t)
        origin, left = t.sea_index[str(args[0])], MAX_STEPS
    else:
        origin, left = s.voyage_sea, s.voyage_left
    to = t.sea_index[str(args[-1])]
    fought = sail_step(t, s, seat, origin, int(args[-2]), to)
    s.voyage_sea = EMPTY if fought else to
    s.voyage_left = 0 if fought else left - 1
    s.voyage_step = s.steps


def sail_step(t: Tables, s: CycladesState, seat: int, origin: int, count: int, to: int) -> bool:
    """Move ``count`` fleets of ``seat`` from ``origin`` to the sea ``to`` (checked by the caller); True
    when another player's fleets were there, so a naval battle has started (C-FLEET-3, C-BATTLE-15)."""
    s.fleets[origin] -= count
    if s.fleets[origin] == 0:
        s.fleet_owner[origin] = NOBODY
    if s.fleets[to] and s.fleet_owner[to] != seat:
        battle.start_naval(t, s, seat, to, count)
        return True
    s.fleets[to] += count
    s.fleet_owner[to] = seat
    return False
