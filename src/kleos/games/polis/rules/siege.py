"""Besiege a polis (R-ACT-SIEGE).

``siege Thibae`` pays 1 prestige and rolls the d4 (a chance event ``roll n``), unless the
fortification is 1, which succeeds without a roll (R-ACT-SIEGE-10).
"""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import controls, units
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import (
    MILITARY,
    ActionKind,
    Violation,
    arg_name,
    broken,
    rolling_step,
    unary_actions,
)
from kleos.games.polis.state import CH_DIE, PolisState
from kleos.games.polis.tables import NO_ONE, Tables, other

VERB = "siege"


def cubes_needed(t: Tables, s: PolisState, polis: int) -> int:
    """Cubes to place on success: base population if neutral, else its current population."""
    return t.polis_base[polis] if s.owner[polis] == NO_ONE else s.pop[polis]


def siege_bonus(t: Tables, s: PolisState, side: int, polis: int) -> int:
    """[2020] +1 per own siege disc on this polis (A-10; or in its territory, by option)."""
    if not t.rules.siege_discs:
        return 0
    if t.rules.siege_disc_scope == "territory":
        return sum(s.siege_discs[p * 2 + side] for p in t.territory_poleis[t.polis_territory[polis]])
    return s.siege_discs[polis * 2 + side]


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    polis = arg_name(action, 0, t.polis_index)
    if polis is None or len(action.args) != 1:
        return broken("R-ACT-SIEGE-2", N_("usage: siege <polis>"))
    name = t.polis_ids[polis]
    if polis in t.capital:
        return broken("R-ACT-SIEGE-3", N_("{name} is a capital and can never be besieged"), name=name)
    territory = t.polis_territory[polis]
    if territory == NO_ONE:
        return broken("R-ACT-SIEGE-4", N_("{name} lies in a neutral area and cannot be besieged"), name=name)
    if s.owner[polis] == side:
        return broken("R-ACT-SIEGE-2", N_("{name} is already yours"), name=name)
    if not controls(s, territory, side):
        return broken("R-ACT-SIEGE-5", N_("you do not control {region}"), region=t.region_ids[territory])
    if units(s, territory, side) < t.polis_base[polis]:
        return broken("R-ACT-SIEGE-6", N_("needs {value} hoplites in {region}"),
                      value=t.polis_base[polis], region=t.region_ids[territory])
    if s.supply_cubes[side] < cubes_needed(t, s, polis):
        return broken("R-ACT-SIEGE-7", N_("needs {value} cubes in your supply"), value=cubes_needed(t, s, polis))
    if not pieces.discs_available(t, s, side):
        return broken("R-ACT-SIEGE-8", N_("needs a disc in your supply"))
    if t.rules.siege_once_per_turn and polis in s.sieged_this_turn:
        return broken("R-ACT-SIEGE-27", N_("{name} was already besieged this turn"), name=name)
    return None


def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    """Poleis not one's own in territories one controls (``check`` still decides)."""
    return (Action(VERB, (t.polis_ids[p],)) for p in range(len(t.polis_ids))
            if s.owner[p] != side and t.polis_territory[p] != NO_ONE and controls(s, t.polis_territory[p], side))


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`check` accepts."""
    if not pieces.discs_available(t, s, side):
        return []  # R-ACT-SIEGE-8
    named = unary_actions(t, VERB, t.polis_ids)
    out: list[Action] = []
    units_, owner, opp, cubes = s.units, s.owner, 1 - side, s.supply_cubes[side]
    sieged = s.sieged_this_turn if t.rules.siege_once_per_turn else ()
    for p, territory, base in t.siege_targets:
        own = units_[territory * 2 + side]
        if own < base or own <= units_[territory * 2 + opp] or owner[p] == side:
            continue  # R-ACT-SIEGE-6, R-ACT-SIEGE-5, R-ACT-SIEGE-2
        if cubes < (base if owner[p] == NO_ONE else s.pop[p]):
            continue  # R-ACT-SIEGE-7
        if p in sieged:
            continue  # R-ACT-SIEGE-27
        out.append(named[p])
    return out


def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    polis = t.polis_index[str(action.args[0])]
    if t.rules.siege_once_per_turn and not (t.rules.post_pass_siege_repeat and turn.opponent_passed(s, side)):
        s.sieged_this_turn = (*s.sieged_this_turn, polis)
    if t.rules.siege_discs and s.owner[polis] == NO_ONE:
        pieces.return_siege_discs(s, polis, other(side))  # R-ACT-SIEGE-29
    if t.polis_base[polis] == 1:
        _resolve(t, s, side, polis, success=True)  # R-ACT-SIEGE-10
        return
    s.pending = (VERB, polis)
    s.chance = CH_DIE


def _resolve(t: Tables, s: PolisState, side: int, polis: int, success: bool) -> None:
    territory = t.polis_territory[polis]
    if success:
        base = t.polis_base[polis]
        if s.proxenos[other(side)] == polis:
            s.proxenos[other(side)] = NO_ONE  # R-ACT-SIEGE-20: captured
        pieces.take_polis(t, s, polis, side)  # R-ACT-SIEGE-18/21/22/23
        pieces.gain_prestige(t, s, side, base)  # R-ACT-SIEGE-19
        pieces.return_siege_discs(s, polis, side)  # R-ACT-SIEGE-24
    else:
        pieces.remove_unit(t, s, territory, side, to_supply=True)  # R-ACT-SIEGE-12
        if t.rules.siege_discs:
            s.siege_discs[polis * 2 + side] += 1  # R-ACT-SIEGE-14
            s.supply_discs[side] -= 1
        if s.owner[polis] != NO_ONE:
            pieces.remove_population(t, s, polis)  # R-ACT-SIEGE-15, R-ACT-SIEGE-17
    turn.finish_action(s)


def _roll_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    _, polis = s.pending
    besieger = s.active
    s.chance = None
    roll = int(action.args[0])
    total = roll + siege_bonus(t, s, besieger, polis)  # R-ACT-SIEGE-9
    _resolve(t, s, besieger, polis, success=total >= t.polis_base[polis])  # R-ACT-SIEGE-11


KINDS = [ActionKind(VERB, MILITARY, candidates, check, start, uses_goods=False, legal=legal)]
STEPS = [rolling_step(VERB, N_("the siege die is being rolled"), _roll_apply)]
