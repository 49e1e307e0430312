"""Seeded random play that favours moves and battles, from crowded positions, with invariants checked
after every step."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from cyc_helpers import put, war_turn

from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions
from kleos.games.cyclades.state import ACTION, CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON

WAR = ("sail", "march", "retreat", "stay")


def _crowded(god: int) -> tuple[CycladesGame, CycladesState]:
    """Three seats with 4 troops on each of two islands and fleets all around them."""
    g, s = war_turn(3, god, gold=20)
    put(g, s, 0, I1=4, I3=4, S5=2, S6=2, S8=2, S12=2)
    put(g, s, 1, I2=4, I4=4, S9=2, S13=2, S3=2, S10=2)
    put(g, s, 2, I6=4, I7=4, S17=2, S18=2, S22=2, S26=2)
    return g, s


def _check(g: CycladesGame, s: CycladesState, owned: set[int]) -> None:
    t = g.tables
    for seat in range(t.players):
        naval, land = s.battle_naval == 1, s.battle_naval == 0
        fighting = s.battle_attack if s.battle_attacker == seat else 0
        troops = sum(n for i, n in enumerate(s.troops) if s.owner[i] == seat) + (fighting if land else 0)
        fleets = sum(n for i, n in enumerate(s.fleets) if s.fleet_owner[i] == seat) + (fighting if naval else 0)
        assert troops <= t.troops_max and fleets <= t.fleets_max
    assert all(s.owner[i] != -1 for i in owned)  # C-TROOP-6: never neutral again
    assert all(n == 0 or s.owner[i] != -1 for i, n in enumerate(s.troops))
    assert all((n == 0) == (s.fleet_owner[i] == -1) for i, n in enumerate(s.fleets))
    assert CycladesState.from_json(s.to_json()) == s


@pytest.mark.parametrize("god", [POSEIDON, ARES])
def test_random_wars_keep_the_invariants(god: int) -> None:
    """C-COMP-12, C-COMP-13, C-TROOP-6, C-BATTLE-7, C-BATTLE-13: units never exceed 8 per colour, an
    empty sea has no owner, an owned island never turns neutral, every listed action passes the one
    check, states round-trip, and battles with retreats happen."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        g, s = _crowded(god)
        rng = random.Random(seed)
        owned = {i for i, o in enumerate(s.owner) if o != -1}
        for _ in range(120):
            if g.is_terminal(s) or s.phase != ACTION:
                break
            if g.is_chance(s):
                seen[str(s.chance)] += 1
                g.step_chance(s)
                continue
            seat = g.actors(s)[0]
            legal = g.legal_actions(s)
            assert all(actions.check(g.tables, s, seat, a) is None for a in legal)
            war = [a for a in legal if a.verb in WAR]
            action = rng.choice(war) if war and rng.random() < 0.9 else rng.choice(legal)
            seen[action.verb] += 1
            g.apply_in_place(s, action)
            owned |= {i for i, o in enumerate(s.owner) if o != -1}
            _check(g, s, owned)
    assert seen["battle"] > 20 and seen["retreat"] > 0 and seen["stay"] > 0
