"""Civil war / stasis (R-ACT-STASIS): ``stasis`` takes the polis where one's proxenos stands."""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import POLITICAL, ActionKind, Violation, broken
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import NO_ONE, SILVER, Tables

VERB = "stasis"


def silver_cost(t: Tables, s: PolisState, polis: int) -> int:
    """2 × base population for a neutral polis, 3 × population for the opponent's (R-ACT-STASIS-4)."""
    if s.owner[polis] == NO_ONE:
        return 2 * t.polis_base[polis]
    return 3 * s.pop[polis]


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if action.args:
        return broken("R-ACT-STASIS-2", N_("usage: stasis (in the polis where your proxenos is)"))
    polis = s.proxenos[side]
    if polis == NO_ONE:
        return broken("R-ACT-STASIS-2", N_("your proxenos is held captive"))
    if s.owner[polis] == side:
        return broken("R-ACT-STASIS-2", N_("{polis} is already yours"), polis=t.polis_ids[polis])
    if polis in t.capital:
        return broken("R-ACT-STASIS-3", N_("never in the opponent's capital"))
    cubes = t.polis_base[polis] if s.owner[polis] == NO_ONE else s.pop[polis]
    if s.supply_cubes[side] < cubes:
        return broken("R-ACT-STASIS-5", N_("needs {cubes} cubes in your supply"), cubes=cubes)
    if not pieces.discs_available(t, s, side):
        return broken("R-ACT-STASIS-5", N_("needs a disc in your supply"))
    if pieces.good(s, side, SILVER) < silver_cost(t, s, polis):
        return broken("R-ACT-STASIS-4", N_("costs {value} silver"), value=silver_cost(t, s, polis))
    return None


STASIS = (Action(VERB),)


def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    return STASIS


def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    polis = s.proxenos[side]
    pieces.pay_good(s, side, SILVER, silver_cost(t, s, polis))  # to the bank
    placed = pieces.take_polis(t, s, polis, side)  # R-ACT-STASIS-6/7/8
    pieces.gain_prestige(t, s, side, placed)  # R-ACT-STASIS-9
    pieces.return_siege_discs(s, polis, side)  # R-ACT-SIEGE-31
    turn.finish_action(s)


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The one candidate if :func:`check` accepts it (no generic filtering: a menu at every node).
    The usual refusals (no proxenos free in another player's or a neutral polis) are found first
    without building the violation that :func:`check` would explain them with."""
    polis = s.proxenos[side]
    if polis == NO_ONE or s.owner[polis] == side or polis in t.capital:
        return []  # R-ACT-STASIS-2, R-ACT-STASIS-3
    return [STASIS[0]] if check(t, s, side, STASIS[0]) is None else []


KINDS = [ActionKind(VERB, POLITICAL, candidates, check, start, goods_read=frozenset((SILVER,)), legal=legal)]
