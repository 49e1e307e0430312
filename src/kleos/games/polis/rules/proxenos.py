"""Move the proxenos (R-ACT-PROXENOS) and ransom it (R-ACT-RANSOM).

``proxenos`` starts the move; ``via <region>`` adds the next region of the exact path (bribes
depend on it, R-ACT-PROXENOS-14); ``enter <polis>`` ends it and pays 1 silver per opponent unit
in every region of the path (R-ACT-PROXENOS-10). A step is offered only if the move can still
be finished with the silver the player has (R-ACT-GEN-5, R-ACT-PROXENOS-12).
"""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import sea_neighbours, units
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import POLITICAL, ActionKind, StepKind, Violation, arg_name, broken, unary_actions
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import N_GOODS, NO_ONE, SILVER, Tables, other

MOVE, RANSOM = "proxenos", turn.RANSOM
RANSOM_PRICE = 2


def _first_regions(t: Tables, start: int) -> tuple[int, ...]:
    """Into the polis's territory (land) or onto a sea of its ports (R-ACT-PROXENOS-2/7/8)."""
    return _plan(t)[0][start]


def _plan(t: Tables) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per polis the first regions of a move from it; per region the poleis entered from it (a
    territory's own, the poleis with a port on a sea); worked out once per edition."""
    key = (MOVE,)
    found: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = t.plans.get(key)
    if found is None:
        first = tuple(((t.polis_territory[p],) if t.polis_territory[p] != NO_ONE else ()) + t.polis_ports[p]
                      for p in range(len(t.polis_ids)))
        entries = tuple(tuple(p for p in range(len(t.polis_ids)) if r in t.polis_ports[p]) if t.is_sea(r)
                        else t.territory_poleis[r] for r in range(t.n_regions))
        found = t.plans[key] = (first, entries)
    return found


def _next_regions(t: Tables, s: PolisState, side: int, region: int) -> tuple[int, ...]:
    """Land moves go through adjacent territories, sea moves through adjacent seas (R-ACT-PROXENOS-3)."""
    if t.is_sea(region):
        return sea_neighbours(t, s, region, side)
    return t.land_adj[region]


def _exits(t: Tables, s: PolisState, side: int, start: int, region: int) -> list[int]:
    """Poleis the proxenos may enter from the last region (R-ACT-PROXENOS-4/5/13, R-MAP-23)."""
    held = s.proxenos[other(side)]
    return [p for p in _plan(t)[1][region] if p != start and p != held]


def bribe(s: PolisState, side: int, region: int) -> int:
    return units(s, region, other(side))


def _completable(t: Tables, s: PolisState, side: int, start: int, path: tuple[int, ...], spent: int) -> bool:
    """Can a path beginning with ``path`` end in a polis with the bribes affordable?"""
    if spent > s.goods[side * N_GOODS + SILVER]:
        return False
    last = path[-1]
    held = s.proxenos[1 - side]
    for p in _plan(t)[1][last]:
        if p != start and p != held:
            return True  # an exit (:func:`_exits`)
    for nxt in _next_regions(t, s, side, last):
        if nxt not in path and _completable(t, s, side, start, (*path, nxt), spent + s.units[nxt * 2 + 1 - side]):
            return True
    return False


def can_move(t: Tables, s: PolisState, side: int) -> bool:
    """A proxenos on the board with a destination whose bribes its player can pay (R-ACT-PROXENOS-1,
    R-ACT-PROXENOS-12)."""
    start = s.proxenos[side]
    if start == NO_ONE:
        return False
    first, entries = _plan(t)
    budget, held, units_ = s.goods[side * N_GOODS + SILVER], s.proxenos[1 - side], s.units
    for r in first[start]:  # the usual case, at once: a first region with an exit and its bribe paid
        if units_[r * 2 + 1 - side] <= budget:
            for p in entries[r]:
                if p != start and p != held:
                    return True
    return any(_completable(t, s, side, start, (r,), bribe(s, side, r)) for r in first[start])


def _check_start(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if action.args:
        return broken("R-ACT-PROXENOS-14", N_("usage: proxenos, then 'via <region>' ... 'enter <polis>'"))
    if s.proxenos[side] == NO_ONE:
        return broken("R-ACT-PROXENOS-1", N_("your proxenos is held captive"))
    if not can_move(t, s, side):
        return broken("R-ACT-PROXENOS-12", N_("no destination whose bribes you can pay"))
    return None


def _start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    s.pending = (MOVE, ())


def _step_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    assert s.pending is not None
    path: tuple[int, ...] = s.pending[1]
    start = s.proxenos[side]
    if not path:
        return [Action("via", (t.region_ids[r],)) for r in _first_regions(t, start)]
    out = [Action("enter", (t.polis_ids[p],)) for p in _exits(t, s, side, start, path[-1])]
    out += [Action("via", (t.region_ids[r],)) for r in _next_regions(t, s, side, path[-1])]
    return out


def _spent(s: PolisState, side: int, path: tuple[int, ...]) -> int:
    return sum(bribe(s, side, r) for r in path)


def _step_check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    assert s.pending is not None
    path: tuple[int, ...] = s.pending[1]
    start = s.proxenos[side]
    elsewhere = turn.between_actions_only(t, action, "proxenos")
    if elsewhere is not None:
        return elsewhere
    if action.verb == "via":
        region = arg_name(action, 0, t.region_index)
        if region is None or len(action.args) != 1:
            return broken("R-ACT-PROXENOS-14", N_("usage: via <region>"))
        allowed = _first_regions(t, start) if not path else _next_regions(t, s, side, path[-1])
        if region not in allowed:
            rule = "R-ACT-PROXENOS-2" if not path else "R-ACT-PROXENOS-3"
            return broken(rule, N_("{region} does not continue this path"), region=t.region_ids[region])
        if region in path:
            return broken("R-MOVE-12", N_("a path never passes the same region twice"))
        new = (*path, region)
        if not _completable(t, s, side, start, new, _spent(s, side, new)):
            return broken("R-ACT-PROXENOS-12", N_("the bribes on any way on from there are more than your silver"))
        return None
    if action.verb == "enter":
        polis = arg_name(action, 0, t.polis_index)
        if not path or polis is None or len(action.args) != 1:
            return broken("R-ACT-PROXENOS-4", N_("name the path first with 'via <region>'"))
        if polis == start:
            return broken("R-ACT-PROXENOS-5", N_("the proxenos must move to another polis"))
        if s.proxenos[other(side)] == polis:
            return broken("R-MAP-23", N_("{polis} holds the opponent's proxenos"), polis=t.polis_ids[polis])
        if polis not in _exits(t, s, side, start, path[-1]):
            return broken("R-ACT-PROXENOS-4", N_("{polis} cannot be entered from {region}"),
                          polis=t.polis_ids[polis], region=t.region_ids[path[-1]])
        if _spent(s, side, path) > pieces.good(s, side, SILVER):
            return broken("R-ACT-PROXENOS-12", N_("not enough silver for the bribes"))
        return None
    return broken("R-ACT-PROXENOS-14", N_("continue the path with 'via <region>' or end it with 'enter <polis>'"))


def _step_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_step_check` accepts: the exits if the bribes so far are affordable, and
    the next regions not yet on the path from which some exit stays affordable."""
    assert s.pending is not None
    path: tuple[int, ...] = s.pending[1]
    start = s.proxenos[side]
    via = unary_actions(t, "via", t.region_ids)
    units_, opp = s.units, 1 - side  # the bribes (:func:`bribe`)
    if not path:
        return [via[r] for r in _first_regions(t, start) if _completable(t, s, side, start, (r,), units_[r * 2 + opp])]
    spent = 0
    for r in path:
        spent += units_[r * 2 + opp]
    out: list[Action] = []
    if spent <= s.goods[side * N_GOODS + SILVER]:
        enter = unary_actions(t, "enter", t.polis_ids)
        out.extend([enter[p] for p in _exits(t, s, side, start, path[-1])])
    out.extend([via[r] for r in _next_regions(t, s, side, path[-1])
                if r not in path and _completable(t, s, side, start, (*path, r), spent + units_[r * 2 + opp])])
    return out


def _step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    path: tuple[int, ...] = s.pending[1]
    if action.verb == "via":
        s.pending = (MOVE, (*path, t.region_index[str(action.args[0])]))
        return
    pieces.pay_good(s, side, SILVER, _spent(s, side, path))  # R-ACT-PROXENOS-10/11: to the bank
    s.proxenos[side] = t.polis_index[str(action.args[0])]
    turn.finish_action(s)


# ----- ransom -------------------------------------------------------------------------------
def _check_ransom(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if action.args:
        return broken("R-ACT-RANSOM-4", N_("usage: ransom"))
    if s.proxenos[side] != NO_ONE:
        return broken("R-ACT-RANSOM-3", N_("your proxenos is not captive"))
    if pieces.good(s, side, SILVER) < RANSOM_PRICE:
        return broken("R-ACT-RANSOM-4", N_("ransom costs {value} silver"), value=RANSOM_PRICE)
    if _capital_held(t, s, side):
        return broken("R-ACT-RANSOM-5", N_("the opponent's proxenos stands in {capital}: no ransom while it is there"),
                      capital=t.polis_ids[t.capital[side]])
    return None


def _capital_held(t: Tables, s: PolisState, side: int) -> bool:
    """The reading A-20 rejects (config ``ransom_to_capital_even_if_occupied`` off): one proxenos per
    polis (R-MAP-23) blocks the ransom while the opponent's proxenos stands in the capital."""
    return not t.rules.ransom_to_capital_even_if_occupied and s.proxenos[other(side)] == t.capital[side]


def _ransom(t: Tables, s: PolisState, side: int, action: Action) -> None:
    pieces.pay_good(s, side, SILVER, RANSOM_PRICE)
    pieces.gain_good(t, s, other(side), SILVER, RANSOM_PRICE)  # R-ACT-RANSOM-4: to the opponent
    s.proxenos[side] = t.capital[side]  # R-ACT-RANSOM-5, A-20
    if t.rules.ransom_is_action:
        turn.finish_action(s)


_RANSOM, _MOVE = (Action(RANSOM),), (Action(MOVE),)


def _ransom_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    return _RANSOM


def _move_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    return _MOVE


def _move_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The one candidate if :func:`_check_start` accepts it (no generic filtering: a menu at every node)."""
    return [_MOVE[0]] if can_move(t, s, side) else []


def _ransom_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The one candidate if :func:`_check_ransom` accepts it: a captive proxenos, the price in
    silver and, under one reading, a capital free of the opponent's proxenos (asked at every menu,
    so without building the refusal)."""
    captive = s.proxenos[side] == NO_ONE  # R-ACT-RANSOM-3
    if not captive or pieces.good(s, side, SILVER) < RANSOM_PRICE:  # R-ACT-RANSOM-4
        return []
    return [] if _capital_held(t, s, side) else [_RANSOM[0]]  # R-ACT-RANSOM-5, A-20


KINDS = [
    ActionKind(MOVE, POLITICAL, _move_candidates, _check_start, _start, goods_read=frozenset((SILVER,)),
               legal=_move_legal),
    ActionKind(RANSOM, POLITICAL, _ransom_candidates, _check_ransom, _ransom, goods_read=frozenset((SILVER,)),
               legal=_ransom_legal),
]
STEPS = [StepKind(MOVE, _step_candidates, _step_check, _step_apply, _step_legal)]
