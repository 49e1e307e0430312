"""One legality path: on positions of random games, ``legal`` lists exactly the recruit, build, swap,
summon and Metropolis actions that ``check`` accepts (C-ACTION-3, C-ACTION-8)."""

from __future__ import annotations

import random

import pytest
from cyc_helpers import game

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions, battle, common, gods, summon
from kleos.games.cyclades.state import ACTION, CycladesState
from step_cap import StepCap

MINE = ("recruit", "build", "swap", "summon", "discard", "metropolis", "destroy")


def _candidates(g: CycladesGame) -> list[Action]:
    """Every well-formed action of these verbs on this board, legal or not."""
    t = g.tables
    places = [*t.island_ids, *t.sea_ids]
    kinds = list(t.building_names)
    found = [Action("recruit"), *(Action("recruit", (p,)) for p in places)]
    found += [Action("build", (i,)) for i in t.island_ids]
    found += [Action("swap", (p,)) for p in (*t.slot_costs, 7)]
    found += [Action("summon", (p, n)) for p in (*t.slot_costs, 7) for n in range(5)]
    found += [Action("discard", (i, k)) for i in t.island_ids for k in kinds]
    found += [Action("metropolis", (i,)) for i in t.island_ids]
    found += [Action("destroy", (k,)) for k in kinds]
    return found


def _compare(g: CycladesGame, s: CycladesState, candidates: list[Action]) -> None:
    seat = g.actors(s)[0]
    listed = {a for a in g.legal_actions(s) if a.verb in MINE}
    accepted = {a for a in candidates if actions.check(g.tables, s, seat, a) is None}
    assert listed == accepted, (listed ^ accepted)


# The rules' per-process caches of built actions: each module's global, emptied for the test below.
ACTION_CACHES = ((common, "_NAMED"), (common, "_COUNTED"), (battle, "_ROLLS"), (gods, "_SHUFFLES"),
                 (summon, "_SUMMONS"))


@pytest.mark.parametrize("players", [2, 5])
def test_legal_lists_exactly_what_check_accepts(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """C-ACTION-3, C-ACTION-8, C-RECRUIT-1..8, C-BUILD-1..3, C-ZEUS-1, C-SUMMON-2, C-METRO-2/4/5: the
    listed actions and the accepted ones are the same set in every action-phase position visited.

    The menus look their actions up in caches filled once per process; the test starts with them empty,
    so the code that builds the actions runs inside it whatever ran before (a mutation run forks from a
    process whose caches are warm, and found the summoning actions' builder guarded by no test)."""
    for module, cache in ACTION_CACHES:
        monkeypatch.setattr(module, cache, {})
    g = game(players)
    candidates = _candidates(g)
    rng = random.Random(players)
    compared = 0
    for seed in range(3):
        s = g.new_state(seed)
        cap = StepCap("not g.is_terminal(s) and s.cycle <= 12")
        while not g.is_terminal(s) and s.cycle <= 12 and cap():
            if g.is_chance(s):
                g.step_chance(s)
                continue
            legal = g.legal_actions(s)
            if s.phase == ACTION and not s.apollo_choice and rng.random() < 0.3:
                _compare(g, s, candidates)
                compared += 1
            mine = [a for a in legal if a.verb in MINE]
            pool = mine if mine and rng.random() < 0.7 else legal
            g.apply_in_place(s, rng.choice(sorted(pool, key=str)))
    assert compared > 50
