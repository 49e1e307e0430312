"""Start a project (R-ACT-PROJECT).

``project <tile> <polis> [<good> ...]``: the goods listed are paid entirely in silver instead
(R-ACT-PROJECT-5), e.g. ``project TempleOfZeus Sparti iron`` pays 3 silver for the 3 iron.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import DEVELOPMENT, ActionKind, Violation, arg_good, arg_name, broken
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS, N_GOODS, SILVER, Tables

VERB = "project"


def payment(t: Tables, tile: int, in_silver: frozenset[int]) -> dict[int, int]:
    """What a tile costs with the goods in ``in_silver`` replaced by silver."""
    due: dict[int, int] = {}
    for g, n in t.projects[tile].cost:
        key = SILVER if g in in_silver else g
        due[key] = due.get(key, 0) + n
    return due


def _parse(t: Tables, action: Action) -> tuple[int | None, int | None, frozenset[int] | None]:
    tile = arg_name(action, 0, t.project_index)
    polis = arg_name(action, 1, t.polis_index)
    subs = [arg_good(action, i) for i in range(2, len(action.args))]
    if any(g is None for g in subs) or len(set(subs)) != len(subs):
        return tile, polis, None
    return tile, polis, frozenset(g for g in subs if g is not None)


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    tile, polis, subs = _parse(t, action)
    if tile is None or polis is None or subs is None:
        return broken("R-ACT-PROJECT-1", N_("usage: project <tile> <polis> [goods paid in silver ...]"))
    info = t.projects[tile]
    if tile not in s.projects_face_up:
        return broken("R-ACT-PROJECT-1", N_("{value} is not face up on the project spaces"), value=info.id)
    if s.owner[polis] != side:
        return broken("R-ACT-PROJECT-1", N_("{polis} is not yours"), polis=t.polis_ids[polis])
    if polis not in info.poleis:
        return broken("R-ACT-PROJECT-2", N_("{value} cannot be built in {polis}"),
                      value=info.id, polis=t.polis_ids[polis])
    if s.project_started[polis] != -1:
        return broken("R-ACT-PROJECT-3", N_("{polis} already started a project this round"), polis=t.polis_ids[polis])
    cost_goods = {g for g, _ in info.cost}
    if not subs <= cost_goods - {SILVER}:
        return broken("R-ACT-PROJECT-5", N_("only goods of the cost (other than silver) can be paid in silver"))
    for g, n in payment(t, tile, subs).items():
        if pieces.good(s, side, g) < n:
            return broken("R-ACT-PROJECT-4", N_("needs {value} {good}"), value=n, good=GOODS[g])
    return None


def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    for tile in s.projects_face_up:
        info = t.projects[tile]
        optional = [g for g, _ in info.cost if g != SILVER]
        for polis in sorted(info.poleis):
            if s.owner[polis] != side or s.project_started[polis] != -1:
                continue
            for k in range(len(optional) + 1):
                for subs in combinations(optional, k):
                    yield Action(VERB, (info.id, t.polis_ids[polis], *(GOODS[g] for g in subs)))


def _ways_to_pay(t: Tables, tile: int) -> tuple[tuple[tuple[str, ...], tuple[tuple[int, int], ...]], ...]:
    """Each choice of goods paid in silver for ``tile``, in the order of :func:`candidates`, with its
    payment (R-ACT-PROJECT-4/5); worked out once per edition and tile."""
    found = t.project_payments.get(tile)
    if found is None:
        optional = [g for g, _ in t.projects[tile].cost if g != SILVER]
        found = tuple((tuple(GOODS[g] for g in subs), tuple(payment(t, tile, frozenset(subs)).items()))
                      for k in range(len(optional) + 1) for subs in combinations(optional, k)
                      if len(set(subs)) == len(subs))
        t.project_payments[tile] = found
    return found


TilePlan = tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...], dict[int, tuple[Action, ...]]]


def _tile_plans(t: Tables) -> tuple[TilePlan, ...]:
    """Per tile: the poleis that may build it, in order; the payment of each way to pay it
    (:func:`_ways_to_pay`); and per polis the action of each way, built once per edition."""
    key = (VERB,)
    found: tuple[TilePlan, ...] | None = t.plans.get(key)
    if found is None:
        plans: list[TilePlan] = []
        for tile, info in enumerate(t.projects):
            poleis = tuple(sorted(info.poleis))
            ways = _ways_to_pay(t, tile)
            named = {p: tuple(Action(VERB, (info.id, t.polis_ids[p], *names)) for names, _ in ways) for p in poleis}
            plans.append((poleis, tuple(due for _, due in ways), named))
        found = t.plans[key] = tuple(plans)
    return found


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`check` accepts: the affordable ways to pay each face-up tile, in each
    own polis that may build it and has started nothing this round."""
    out: list[Action] = []
    if not s.projects_face_up:
        return out
    base = side * N_GOODS
    goods, owner, started = s.goods, s.owner, s.project_started
    plans = _tile_plans(t)
    for tile in s.projects_face_up:
        poleis, dues, named = plans[tile]
        mine = [p for p in poleis if owner[p] == side and started[p] == -1]
        if not mine:
            continue
        payable: list[int] = []
        for way, due in enumerate(dues):
            for g, n in due:
                if goods[base + g] < n:
                    break
            else:
                payable.append(way)
        if payable:
            for polis in mine:
                actions = named[polis]
                out.extend([actions[way] for way in payable])
    return out


def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    tile, polis, subs = _parse(t, action)
    assert tile is not None and polis is not None and subs is not None
    for g, n in payment(t, tile, subs).items():
        pieces.pay_good(s, side, g, n)  # R-ACT-PROJECT-4
    s.projects_face_up.remove(tile)  # R-ACT-PROJECT-6
    s.project_started[polis] = tile
    turn.finish_action(s)


def reads(t: Tables, action: Action) -> frozenset[int]:
    """The goods :func:`check` looks at for ``action``: those of its payment (none if malformed)."""
    tile, polis, subs = _parse(t, action)
    if tile is None or polis is None or subs is None:
        return frozenset()
    return frozenset(payment(t, tile, subs))


KINDS = [ActionKind(VERB, DEVELOPMENT, candidates, check, start, legal=legal, reads=reads)]
