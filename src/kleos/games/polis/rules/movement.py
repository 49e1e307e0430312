"""Move hoplites (``march``) and move galleys (``sail``) (R-MOVE, R-ACT-MOVEHOP, R-ACT-MOVEGAL).

``march Thessalia`` names the destination and pays 1 prestige; then ``from <region>`` moves one
unit at a time, each checked against the board as it stands after the units before it moved
(R-MOVE-4, R-MOVE-5); ``done`` stops. Only reachability matters, so a unit step names its start
region, not its path.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import (
    galley_can_reach,
    hoplite_can_reach,
    move_destinations,
    reach_table,
    reachers,
    stack_limit,
    units,
)
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import MILITARY, ActionKind, StepKind, Violation, arg_name, broken, unary_actions
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import NO_ONE, Tables

MARCH, SAIL = "march", "sail"
DONE = Action("done")


def _is_destination_kind(t: Tables, verb: str, region: int) -> bool:
    return t.is_sea(region) == (verb == SAIL)


def _reach(t: Tables, s: PolisState, side: int, verb: str, start: int, dest: int, *,
           control: bool = True, stacking: bool = True) -> bool:
    if verb == MARCH:
        return hoplite_can_reach(t, s, side, start, dest, control=control, stacking=stacking)
    return galley_can_reach(t, s, side, start, dest, control=control, stacking=stacking)


def _why_unreachable(t: Tables, s: PolisState, side: int, verb: str, start: int, dest: int) -> Violation:
    """The rule that keeps a unit in ``start`` from reaching ``dest`` now: its owner's stacking limit in a
    region it would cross (R-MOVE-9; named first when lifting it alone would free a path), the
    opponent's control (R-MOVE-7), or no path at all."""
    march = verb == MARCH
    route = {"start": t.region_ids[start], "dest": t.region_ids[dest]}
    if _reach(t, s, side, verb, start, dest, stacking=False):
        return broken("R-ACT-MOVEHOP-9" if march else "R-ACT-MOVEGAL-5",
                      N_("a path from {start} to {dest} would cross a region where you already have N units "
                         "(R-MOVE-9)"), **route)
    if _reach(t, s, side, verb, start, dest, control=False, stacking=False):
        return broken("R-ACT-MOVEHOP-8" if march else "R-ACT-MOVEGAL-4",
                      N_("every path from {start} to {dest} crosses a region the opponent controls (R-MOVE-7)"),
                      **route)
    if not march:
        return broken("R-ACT-MOVEGAL-3", N_("no chain of adjacent seas leads from {start} to {dest}"), **route)
    if start in t.sea_only or dest in t.sea_only:
        return broken("R-ACT-MOVEHOP-11",
                      N_("Ionia and Sikelia are reached only by sea: no sea path leads from {start} to {dest}"),
                      **route)
    return broken("R-ACT-MOVEHOP-3", N_("neither a land path nor a sea path leads from {start} to {dest}"), **route)


def _neutral_area(t: Tables, name: str) -> bool:
    """The areas around Epidamnos, Abdera and the external markets (R-MAP-5)."""
    polis = t.polis_index.get(name)
    return name in t.market_index or (polis is not None and t.polis_territory[polis] == NO_ONE)


def movable_from(t: Tables, s: PolisState, side: int, verb: str, dest: int) -> list[int]:
    """Regions holding a unit that could move to ``dest`` now (R-MOVE-2)."""
    if s.units[dest * 2 + side] >= t.round_values[s.round]:
        return []  # R-MOVE-3, R-STACK-5
    return list(reachers(t, s, side, dest, verb == SAIL))


def _check_start(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    dest = arg_name(action, 0, t.region_index)
    if dest is not None and len(action.args) == 1 and _is_destination_kind(t, action.verb, dest):
        if s.units[dest * 2 + side] >= t.round_values[s.round]:
            return broken("R-MOVE-3", N_("already {value} units in {region}"),
                          value=stack_limit(t, s), region=t.region_ids[dest])
        if dest not in reach_table(t, s, side, action.verb == SAIL):
            return broken("R-ACT-GEN-6", N_("no unit can reach {region}"), region=t.region_ids[dest])
        return None
    if len(action.args) == 1 and _neutral_area(t, str(action.args[0])):
        if action.verb == SAIL:
            return broken("R-ACT-MOVEGAL-2", N_("{action} is not a sea"), action=action.args[0])
        return broken("R-ACT-MOVEHOP-10", N_("hoplites can never enter the neutral area of {action}"),
                      action=action.args[0])
    if dest is None or len(action.args) != 1:
        return broken("R-MOVE-1", N_("usage: {verb} <{verb2}>"),
                      verb=action.verb, verb2='sea' if action.verb == SAIL else 'territory')
    # ``dest`` is a region of the other kind: destinations of the verb's kind returned above
    if action.verb == SAIL:
        return broken("R-ACT-MOVEGAL-2", N_("{region} is not a sea"), region=t.region_ids[dest])
    return broken("R-ACT-MOVEHOP-2", N_("{region} is not a territory"), region=t.region_ids[dest])


def _start_candidates(verb: str, t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    """Destinations some unit can reach (:func:`_check_start` still decides)."""
    return (Action(verb, (t.region_ids[r],)) for r in sorted(reach_table(t, s, side, verb == SAIL)))


def _start_legal(verb: str, t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_check_start` accepts: reachable destinations of the verb's kind
    (territory or sea) below the stacking limit (R-MOVE-3)."""
    named = unary_actions(t, verb, t.region_ids)
    return [named[r] for r in move_destinations(t, s, side, verb == SAIL)]


def _start(verb: str, t: Tables, s: PolisState, side: int, action: Action) -> None:
    s.pending = (verb, t.region_index[str(action.args[0])], 0)


def _step_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    assert s.pending is not None
    verb, dest, moved = s.pending
    out = [Action("from", (t.region_ids[r],)) for r in movable_from(t, s, side, verb, dest)]
    if moved >= 1:
        out.append(Action("done"))
    return out


def _step_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_step_check` accepts: every start in the reach table can reach the
    destination by a legal path (R-MOVE-2 … R-MOVE-9), so the candidates need no path search."""
    assert s.pending is not None
    verb, dest, moved = s.pending
    named = unary_actions(t, "from", t.region_ids)
    out = [named[r] for r in movable_from(t, s, side, verb, dest)]
    if moved >= 1:
        out.append(DONE)
    return out


def _step_check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    assert s.pending is not None
    if action.verb == "done":
        return turn.done_refused(s, action, N_("move at least one unit"))
    verb, dest, _moved = s.pending
    start = arg_name(action, 0, t.region_index)
    if action.verb != "from" or start is None or len(action.args) != 1:
        return broken("R-MOVE-4", N_("move the next unit with 'from <region>', or 'done'"))
    if units(s, dest, side) >= stack_limit(t, s):
        return broken("R-MOVE-3", N_("{region} is full"), region=t.region_ids[dest])
    if start == dest:
        return broken("R-MOVE-1", N_("units already in {region} do not move"), region=t.region_ids[dest])
    if not _is_destination_kind(t, verb, start) or units(s, start, side) == 0:
        return broken("R-MOVE-2", N_("you have no unit to move in {region}"), region=t.region_ids[start])
    if not _reach(t, s, side, verb, start, dest):
        return _why_unreachable(t, s, side, verb, start, dest)
    return None


def _step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    if turn.finished_by(s, action):
        return
    verb, dest, moved = s.pending
    start = t.region_index[str(action.args[0])]
    pieces.remove_unit(t, s, start, side, to_supply=False)
    pieces.add_unit(s, dest, side)
    s.pending = (verb, dest, moved + 1)
    if not movable_from(t, s, side, verb, dest):
        turn.finish_action(s)


# The start functions are bound to their verb with ``partial``, not built as closures, so that each is
# a module-level function which a mutation run can switch (docs/mutation.md).
KINDS = [ActionKind(v, MILITARY, partial(_start_candidates, v), _check_start, partial(_start, v), uses_goods=False,
                    legal=partial(_start_legal, v)) for v in (MARCH, SAIL)]
STEPS = [StepKind(v, _step_candidates, _step_check, _step_apply, _step_legal) for v in (MARCH, SAIL)]
