"""Move hoplites (``march``) and move galleys (``sail``) (R-MOVE, R-ACT-MOVEHOP, R-ACT-MOVEGAL).

``march Thessalia`` names the destination and pays 1 prestige; then ``from <region>`` moves one
unit at a time, each checked against the board as it stands after the units before it moved
(R-MOVE-4, R-MOVE-5); ``done`` stops. Only reachability matters, so a unit step names its start
region, not its path.
"""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
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
from kleos.games.polis.rules.common import MILITARY, ActionKind, StepKind, Violation, arg_name, unary_actions
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
    route = f"from {t.region_ids[start]} to {t.region_ids[dest]}"
    if _reach(t, s, side, verb, start, dest, stacking=False):
        return ("R-ACT-MOVEHOP-9" if march else "R-ACT-MOVEGAL-5",
                f"a path {route} would cross a region where you already have N units (R-MOVE-9)")
    if _reach(t, s, side, verb, start, dest, control=False, stacking=False):
        return ("R-ACT-MOVEHOP-8" if march else "R-ACT-MOVEGAL-4",
                f"every path {route} crosses a region the opponent controls (R-MOVE-7)")
    if not march:
        return ("R-ACT-MOVEGAL-3", f"no chain of adjacent seas leads {route}")
    if start in t.sea_only or dest in t.sea_only:
        return ("R-ACT-MOVEHOP-11", f"Ionia and Sikelia are reached only by sea: no sea path leads {route}")
    return ("R-ACT-MOVEHOP-3", f"neither a land path nor a sea path leads {route}")


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
            return ("R-MOVE-3", f"already {stack_limit(t, s)} units in {t.region_ids[dest]}")
        if dest not in reach_table(t, s, side, action.verb == SAIL):
            return ("R-ACT-GEN-6", f"no unit can reach {t.region_ids[dest]}")
        return None
    if len(action.args) == 1 and _neutral_area(t, str(action.args[0])):
        if action.verb == SAIL:
            return ("R-ACT-MOVEGAL-2", f"{action.args[0]} is not a sea")
        return ("R-ACT-MOVEHOP-10", f"hoplites can never enter the neutral area of {action.args[0]}")
    if dest is None or len(action.args) != 1:
        return ("R-MOVE-1", f"usage: {action.verb} <{'sea' if action.verb == SAIL else 'territory'}>")
    if not _is_destination_kind(t, action.verb, dest):
        rule = "R-ACT-MOVEGAL-2" if action.verb == SAIL else "R-ACT-MOVEHOP-2"
        return (rule, f"{t.region_ids[dest]} is not a {'sea' if action.verb == SAIL else 'territory'}")
    if units(s, dest, side) >= stack_limit(t, s):
        return ("R-MOVE-3", f"already {stack_limit(t, s)} units in {t.region_ids[dest]}")
    if not movable_from(t, s, side, action.verb, dest):
        return ("R-ACT-GEN-6", f"no unit can reach {t.region_ids[dest]}")
    return None


def _candidates_start(verb: str) -> ActionKind:
    def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
        """Destinations some unit can reach (``check`` still decides)."""
        return (Action(verb, (t.region_ids[r],)) for r in sorted(reach_table(t, s, side, verb == SAIL)))

    def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
        """The candidates :func:`_check_start` accepts: reachable destinations of the verb's kind
        (territory or sea) below the stacking limit (R-MOVE-3)."""
        named = unary_actions(t, verb, t.region_ids)
        return [named[r] for r in move_destinations(t, s, side, verb == SAIL)]

    def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
        s.pending = (verb, t.region_index[str(action.args[0])], 0)

    return ActionKind(verb, MILITARY, candidates, _check_start, start, uses_goods=False, legal=legal)


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
    verb, dest, moved = s.pending
    if action.verb == "done":
        return None if moved >= 1 and not action.args else ("R-ACT-GEN-6", "move at least one unit")
    start = arg_name(action, 0, t.region_index)
    if action.verb != "from" or start is None or len(action.args) != 1:
        return ("R-MOVE-4", "move the next unit with 'from <region>', or 'done'")
    if units(s, dest, side) >= stack_limit(t, s):
        return ("R-MOVE-3", f"{t.region_ids[dest]} is full")
    if start == dest:
        return ("R-MOVE-1", f"units already in {t.region_ids[dest]} do not move")
    if not _is_destination_kind(t, verb, start) or units(s, start, side) == 0:
        return ("R-MOVE-2", f"you have no unit to move in {t.region_ids[start]}")
    if not _reach(t, s, side, verb, start, dest):
        return _why_unreachable(t, s, side, verb, start, dest)
    return None


def _step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    verb, dest, moved = s.pending
    if action.verb == "done":
        turn.finish_action(s)
        return
    start = t.region_index[str(action.args[0])]
    pieces.remove_unit(t, s, start, side, to_supply=False)
    pieces.add_unit(s, dest, side)
    s.pending = (verb, dest, moved + 1)
    if not movable_from(t, s, side, verb, dest):
        turn.finish_action(s)


KINDS = [_candidates_start(MARCH), _candidates_start(SAIL)]
STEPS = [StepKind(v, _step_candidates, _step_check, _step_apply, _step_legal) for v in (MARCH, SAIL)]
