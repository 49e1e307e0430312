"""Collect tribute (R-ACT-TRIBUTE).

``tribute Sikelia`` (1 prestige, free in one's own capital's territory), then ``assign <good>``
puts one more hoplite on that good's column, and ``done`` collects: each column with k
hoplites yields its k-th amount (R-ACT-TRIBUTE-9). The hoplites stay where they are.
"""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import by_owners, units
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import (
    MILITARY,
    ActionKind,
    StepKind,
    Violation,
    arg_good,
    arg_name,
    broken,
    unary_actions,
)
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS, NO_ONE, Tables

VERB = "tribute"


def prestige_cost(t: Tables, side: int, action: Action) -> int:
    """Free in one's own capital's territory (R-ACT-TRIBUTE-2), else 1 (R-ACT-TRIBUTE-1)."""
    territory = arg_name(action, 0, t.region_index)
    return 0 if territory == t.polis_territory[t.capital[side]] else 1


def hoplite_cap(t: Tables, s: PolisState, territory: int) -> int:
    """Events may limit how many hoplites count in a territory's tribute."""
    return s.flag(f"tribute_cap:{t.region_ids[territory]}", 99)


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    territory = arg_name(action, 0, t.region_index)
    if territory is None or t.is_sea(territory) or len(action.args) != 1:
        return broken("R-ACT-TRIBUTE-3", N_("usage: tribute <territory>"))
    name = t.region_ids[territory]
    if s.tribute_disc[territory] != NO_ONE:
        return broken("R-ACT-TRIBUTE-6", N_("tribute was already collected in {name} this round"), name=name)
    if s.flag(f"no_tribute:{name}"):
        return broken("R-EVENT-4", N_("this round's event forbids tribute in {name}"), name=name)
    if units(s, territory, side) < 1:
        return broken("R-ACT-TRIBUTE-3", N_("you have no hoplite in {name}"), name=name)
    poleis = t.territory_poleis[territory]
    if poleis and not any(s.owner[p] == side for p in poleis):
        return broken("R-ACT-TRIBUTE-3", N_("you own no polis in {name}"),
                      name=name)  # R-ACT-TRIBUTE-4: Achaia has none
    if not t.tribute[territory]:
        return broken("R-ACT-TRIBUTE-7", N_("{name} has no tribute table"), name=name)
    if not pieces.discs_available(t, s, side):
        return broken("R-ACT-TRIBUTE-13", N_("needs a disc in your supply"))
    return None


def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    return (Action(VERB, (t.region_ids[r],)) for r in range(t.n_territories) if units(s, r, side) > 0)


def _places(t: Tables, owner: list[int]) -> tuple[tuple[tuple[int, Action], ...], ...]:
    """Per side: the territories with a tribute table (R-ACT-TRIBUTE-7) where it owns a polis
    (R-ACT-TRIBUTE-3; Achaia has none to own, R-ACT-TRIBUTE-4), each with its action (see
    :func:`~kleos.games.polis.board.by_owners`)."""
    named = unary_actions(t, VERB, t.region_ids)
    return tuple(tuple((r, named[r]) for r in range(t.n_territories) if t.tribute[r] and (
        not t.territory_poleis[r] or any(owner[p] == side for p in t.territory_poleis[r]))) for side in (0, 1))


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`check` accepts."""
    if not pieces.discs_available(t, s, side):
        return []  # R-ACT-TRIBUTE-13
    forbidden = s.flagged("no_tribute:") if s.event_flags else ()
    units_, discs = s.units, s.tribute_disc
    out: list[Action] = []
    for r, action in by_owners(t, s, VERB, _places)[side]:
        if units_[r * 2 + side] < 1 or discs[r] != NO_ONE:
            continue  # R-ACT-TRIBUTE-3, R-ACT-TRIBUTE-6
        if forbidden and t.region_ids[r] in forbidden:
            continue  # R-EVENT-4
        out.append(action)
    return out


def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    territory = t.region_index[str(action.args[0])]
    s.pending = (VERB, territory, tuple(0 for _ in t.tribute[territory]))


def _free_hoplites(t: Tables, s: PolisState, side: int, territory: int, assigned: tuple[int, ...]) -> int:
    return min(units(s, territory, side), hoplite_cap(t, s, territory)) - sum(assigned)


def _step_candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    assert s.pending is not None
    _, territory, assigned = s.pending
    out = [Action("assign", (GOODS[g],)) for g, _ in t.tribute[territory]]
    if sum(assigned) >= 1:
        out.append(Action("done"))
    return out


def _step_check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    assert s.pending is not None
    _, territory, assigned = s.pending
    elsewhere = turn.between_actions_only(t, action, "tribute")
    if elsewhere is not None:
        return elsewhere
    if action.verb == "done":
        if sum(assigned) >= 1 and not action.args:
            return None
        return broken("R-ACT-TRIBUTE-8", N_("assign a hoplite first"))
    g = arg_good(action, 0)
    columns = [col for col, _ in t.tribute[territory]]
    if action.verb != "assign" or g not in columns or len(action.args) != 1:
        return broken("R-ACT-TRIBUTE-7", N_("assign a hoplite to one of: {good}"),
                      good=', '.join(GOODS[c] for c in columns))
    i = columns.index(g)
    if assigned[i] >= len(t.tribute[territory][i][1]):
        return broken("R-ACT-TRIBUTE-8", N_("the {good} column is full"), good=GOODS[columns[i]])
    if _free_hoplites(t, s, side, territory, assigned) < 1:
        return broken("R-ACT-TRIBUTE-8", N_("every hoplite there is already assigned"))
    return None


def _step_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`_step_check` accepts: columns not yet full while a hoplite is free."""
    assert s.pending is not None
    _, territory, assigned = s.pending
    out: list[Action] = []
    if _free_hoplites(t, s, side, territory, assigned) >= 1:
        columns = [col for col, _ in t.tribute[territory]]
        for g in columns:
            i = columns.index(g)
            if assigned[i] < len(t.tribute[territory][i][1]):
                out.append(Action("assign", (GOODS[g],)))
    if sum(assigned) >= 1:
        out.append(Action("done"))
    return out


def _step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    _, territory, assigned = s.pending
    if action.verb == "assign":
        columns = [col for col, _ in t.tribute[territory]]
        i = columns.index(arg_good(action, 0))
        assigned = tuple(n + (1 if j == i else 0) for j, n in enumerate(assigned))
        s.pending = (VERB, territory, assigned)
        full = all(n >= len(amounts) for n, (_, amounts) in zip(assigned, t.tribute[territory], strict=True))
        if _free_hoplites(t, s, side, territory, assigned) > 0 and not full:
            return
    collect(t, s, side, territory, assigned)
    turn.finish_action(s)


def collect(t: Tables, s: PolisState, side: int, territory: int, assigned: tuple[int, ...]) -> None:
    """Gain the k-th amount of each column with k hoplites; place the disc (R-ACT-TRIBUTE-9/11)."""
    for k, (g, amounts) in zip(assigned, t.tribute[territory], strict=True):
        if k:
            pieces.gain_good(t, s, side, g, amounts[k - 1])
    s.tribute_disc[territory] = side
    s.supply_discs[side] -= 1


KINDS = [ActionKind(VERB, MILITARY, candidates, check, start, uses_goods=False, prestige_cost=prestige_cost,
                    legal=legal)]
STEPS = [StepKind(VERB, _step_candidates, _step_check, _step_apply, _step_legal)]
