"""Create hoplites, galleys and merchants (R-ACT-HOPLITES, R-ACT-GALLEYS, R-ACT-MERCHANTS).

Each is a compound action: choose the polis (``hoplites Athinae``), then pay for one unit at a
time (``pay iron``, ``pay silver``; galleys also name the sea: ``pay wood Kyklades``), then
``done``. It ends by itself when no further unit could be created.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import by_owners, stack_limit, units
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import (
    DEVELOPMENT,
    ActionKind,
    StepKind,
    Violation,
    arg_good,
    arg_name,
    broken,
    unary_actions,
)
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS, IRON, N_GOODS, NO_ONE, SILVER, WOOD, Tables

HOPLITES, GALLEYS, MERCHANTS = "hoplites", "galleys", "merchants"
UNIT_GOOD = {HOPLITES: IRON, GALLEYS: WOOD, MERCHANTS: WOOD}
OWN_POLIS_RULE = {HOPLITES: "R-ACT-HOPLITES-1", GALLEYS: "R-ACT-GALLEYS-1", MERCHANTS: "R-ACT-MERCHANTS-1"}
COST_RULE = {HOPLITES: "R-ACT-HOPLITES-3", GALLEYS: "R-ACT-GALLEYS-2", MERCHANTS: "R-ACT-MERCHANTS-3"}


def _pay_options(s: PolisState, side: int, verb: str) -> list[int]:
    """Each unit costs 1 iron (hoplites) or 1 wood (galleys, merchants), or 1 silver (R-ACT-GEN-9)."""
    return [g for g in (UNIT_GOOD[verb], SILVER) if pieces.good(s, side, g) >= 1]


def _has_spare_cube(s: PolisState, polis: int) -> bool:
    """Last-cube rule: one cube must stay on the card (R-ACT-GEN-7)."""
    return s.pop[polis] >= 2


def _open_seas(t: Tables, s: PolisState, side: int, polis: int) -> list[int]:
    limit = stack_limit(t, s)
    return [sea for sea in t.polis_ports[polis] if units(s, sea, side) < limit]


def _room_for_one(t: Tables, s: PolisState, side: int, verb: str, polis: int) -> Violation | None:
    """Why no further unit of ``verb`` fits in ``polis`` now, or None."""
    if not _has_spare_cube(s, polis):
        return broken("R-ACT-GEN-7", N_("{polis} would lose its last cube"), polis=t.polis_ids[polis])
    if not _pay_options(s, side, verb):
        return broken(COST_RULE[verb], N_("each unit costs 1 {good} or 1 silver"), good=GOODS[UNIT_GOOD[verb]])
    if verb == HOPLITES:
        territory = t.polis_territory[polis]
        if units(s, territory, side) >= stack_limit(t, s):
            return broken("R-ACT-HOPLITES-6", N_("already {value} hoplites in {region}"),
                          value=stack_limit(t, s), region=t.region_ids[territory])
    elif verb == GALLEYS:
        if not _open_seas(t, s, side, polis):
            return broken("R-ACT-GALLEYS-6", N_("every sea of its ports is at the stacking limit"))
    elif s.merchants_supply[side] < 1:
        return broken("R-ACT-MERCHANTS-6", N_("all {value} merchants are in play"),
                      value=t.bundle.setup.limits.merchants)
    return None


def _not_commercial(t: Tables, polis: int) -> Violation:
    """Merchants only in one's own commercial poleis (R-ACT-MERCHANTS-1), never in the opponent's,
    even when one owns it (R-ACT-MERCHANTS-2)."""
    name = t.polis_ids[polis]
    if t.polis_commercial[polis] == NO_ONE:
        return broken("R-ACT-MERCHANTS-1", N_("{name} is not a commercial polis"), name=name)
    return broken("R-ACT-MERCHANTS-2", N_("{name} is loyal to your opponent: you can never build merchants there"),
                  name=name)


def _check_start(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    verb = action.verb
    polis = arg_name(action, 0, t.polis_index)
    if polis is None or len(action.args) != 1:
        return broken("R-TURN-2", N_("usage: {verb} <polis>"), verb=verb)
    name = t.polis_ids[polis]
    if s.owner[polis] != side:
        return broken(OWN_POLIS_RULE[verb], N_("{name} is not yours"), name=name)
    if verb == HOPLITES and t.polis_territory[polis] == NO_ONE:
        return broken("R-ACT-HOPLITES-2", N_("{name} lies in no territory"), name=name)
    if verb == GALLEYS and not t.polis_ports[polis]:
        return broken("R-ACT-GALLEYS-1", N_("{name} has no port"), name=name)
    if verb == MERCHANTS and t.polis_commercial[polis] != side:
        return _not_commercial(t, polis)
    used = dict(s.turn_create_polis)
    if verb in used and used[verb] != polis:
        return broken("R-ACT-GEN-8", N_("this turn you create {verb} only in {polis}"),
                      verb=verb, polis=t.polis_ids[used[verb]])
    return _room_for_one(t, s, side, verb, polis)


def _start_candidates(verb: str, t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    """Own poleis with a cube to spare (R-ACT-GEN-7); ``check`` still decides."""
    return (Action(verb, (t.polis_ids[p],)) for p in range(len(t.polis_ids))
            if s.owner[p] == side and s.pop[p] >= 2)


def _start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    verb, polis = action.verb, t.polis_index[str(action.args[0])]
    if not t.rules.post_pass_create_other_polis:
        s.turn_create_polis = (*((v, p) for v, p in s.turn_create_polis if v != verb), (verb, polis))
    s.pending = (verb, polis, 0)


def _start_legal(verb: str, t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_check_start` accepts: own poleis that may make one more unit."""
    base = side * N_GOODS
    if s.goods[base + UNIT_GOOD[verb]] < 1 and s.goods[base + SILVER] < 1:
        return []  # R-ACT-GEN-9
    if verb == MERCHANTS and s.merchants_supply[side] < 1:
        return []  # R-ACT-MERCHANTS-6
    only = dict(s.turn_create_polis).get(verb) if s.turn_create_polis else None  # R-ACT-GEN-8
    limit = t.round_values[s.round]
    pop, units_ = s.pop, s.units
    out: list[Action] = []
    for p, regions, action in by_owners(t, s, "create", _own_places)[verb][side]:
        if pop[p] < 2 or (only is not None and only != p):
            continue
        if regions:  # R-ACT-HOPLITES-6: its territory / R-ACT-GALLEYS-6: some port's sea
            for r in regions:
                if units_[r * 2 + side] < limit:
                    break
            else:
                continue
        out.append(action)
    return out


def _places(t: Tables, verb: str, side: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The poleis where ``side`` could ever create ``verb`` (R-ACT-HOPLITES-2: in a territory,
    R-ACT-GALLEYS-1: with a port, R-ACT-MERCHANTS-1/2: his own commercial poleis), each with the
    regions one of which must be below the stacking limit (none for merchants); worked out once
    per edition."""
    key = ("places", verb, side)
    found: tuple[tuple[int, tuple[int, ...]], ...] | None = t.plans.get(key)
    if found is None:
        out: list[tuple[int, tuple[int, ...]]] = []
        for p in range(len(t.polis_ids)):
            if verb == HOPLITES and t.polis_territory[p] != NO_ONE:
                out.append((p, (t.polis_territory[p],)))
            elif verb == GALLEYS and t.polis_ports[p]:
                out.append((p, t.polis_ports[p]))
            elif verb == MERCHANTS and t.polis_commercial[p] == side:
                out.append((p, ()))
        found = t.plans[key] = tuple(out)
    return found


def _own_places(t: Tables, owner: list[int]) -> dict[str, tuple[tuple[tuple[int, tuple[int, ...], Action], ...], ...]]:
    """Per verb and side: the :func:`_places` the side owns (R-ACT-HOPLITES-1, R-ACT-GALLEYS-1,
    R-ACT-MERCHANTS-1), each with its action (see :func:`~kleos.games.polis.board.by_owners`)."""
    found = {}
    for verb in UNIT_GOOD:
        named = unary_actions(t, verb, t.polis_ids)
        found[verb] = tuple(tuple((p, regions, named[p]) for p, regions in _places(t, verb, side) if owner[p] == side)
                            for side in (0, 1))
    return found


# ----- the per-unit step ----------------------------------------------------------------------
def _step_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    assert s.pending is not None
    verb, polis, made = s.pending
    out: list[Action] = []
    if made >= 1:
        out.append(Action("done"))
    for g in (UNIT_GOOD[verb], SILVER):
        if verb == GALLEYS:
            out.extend(Action("pay", (GOODS[g], t.region_ids[sea])) for sea in t.polis_ports[polis])
        else:
            out.append(Action("pay", (GOODS[g],)))
    return out


def _step_check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    assert s.pending is not None
    if action.verb == "done":
        return turn.done_refused(s, action, N_("create at least one unit"))
    verb, polis, _made = s.pending
    if action.verb != "pay":
        return broken("R-ACT-GEN-5", N_("finish the {verb} action first: pay for a unit or 'done'"), verb=verb)
    g = arg_good(action, 0)
    if g not in (UNIT_GOOD[verb], SILVER):
        return broken(COST_RULE[verb], N_("pay 1 {good} or 1 silver"), good=GOODS[UNIT_GOOD[verb]])  # R-ACT-GEN-9
    assert g is not None
    room = _room_for_one(t, s, side, verb, polis)
    if room is not None:
        return room
    if pieces.good(s, side, g) < 1:
        return broken("R-GEN-9", N_("no {good} left"), good=GOODS[g])
    if verb == GALLEYS:
        sea = arg_name(action, 1, t.region_index)
        if sea is None or sea not in t.polis_ports[polis] or len(action.args) != 2:
            return broken("R-ACT-GALLEYS-4", N_("name one of the seas of {polis}'s ports"), polis=t.polis_ids[polis])
        if units(s, sea, side) >= stack_limit(t, s):
            return broken("R-ACT-GALLEYS-6", N_("already {value} galleys in {region}"),
                          value=stack_limit(t, s), region=t.region_ids[sea])
    elif len(action.args) != 1:
        return broken("R-ACT-GEN-9", N_("usage: pay <good>"))
    return None


def _step_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_step_check` accepts."""
    assert s.pending is not None
    verb, polis, made = s.pending
    out: list[Action] = [Action("done")] if made >= 1 else []
    if _room_for_one(t, s, side, verb, polis) is not None:
        return out
    base = side * N_GOODS
    limit = t.round_values[s.round]
    for g in (UNIT_GOOD[verb], SILVER):
        if s.goods[base + g] < 1:
            continue
        if verb == GALLEYS:
            out.extend(Action("pay", (GOODS[g], t.region_ids[sea])) for sea in t.polis_ports[polis]
                       if s.units[sea * 2 + side] < limit)
        else:
            out.append(Action("pay", (GOODS[g],)))
    return out


def _step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    if turn.finished_by(s, action):
        return
    verb, polis, made = s.pending
    g = arg_good(action, 0)
    assert g is not None
    pieces.pay_good(s, side, g, 1)
    s.pop[polis] -= 1
    if verb == HOPLITES:
        pieces.add_unit(s, t.polis_territory[polis], side)  # R-ACT-HOPLITES-4
    elif verb == GALLEYS:
        pieces.add_unit(s, t.region_index[str(action.args[1])], side)  # R-ACT-GALLEYS-3
    else:
        s.supply_cubes[side] += 1  # R-ACT-MERCHANTS-4
        s.merchants_supply[side] -= 1
        s.merchants_port[side] += 1
    s.pending = (verb, polis, made + 1)
    if _room_for_one(t, s, side, verb, polis) is not None:
        turn.finish_action(s)


# The start functions are bound to their verb with ``partial``, not built as closures, so that each is
# a module-level function which a mutation run can switch (docs/mutation.md).
KINDS = [ActionKind(v, DEVELOPMENT, partial(_start_candidates, v), _check_start, _start, legal=partial(_start_legal, v),
                    goods_read=frozenset((UNIT_GOOD[v], SILVER))) for v in (HOPLITES, GALLEYS, MERCHANTS)]
STEPS = [StepKind(v, _step_candidates, _step_check, _step_apply, _step_legal) for v in (HOPLITES, GALLEYS, MERCHANTS)]
