"""Every creature effect played out with random choices on random boards keeps the game's invariants
(C-COMP-12/13: at most 8 fleets and 8 troops per colour; no negative gold; one Metropolis per island;
C-SUMMON-4: the card ends on the discard pile or, after a Chimera, in the deck), and states with an
effect in progress round-trip through JSON."""

from __future__ import annotations

import random

import pytest
from cyc_helpers import assert_invariants, begin_effect, put, war_turn

from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle, effects, metro
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import N_GODS, default_tables

KEYS = default_tables(5).creature_keys


def _random_board(g: CycladesGame, s: CycladesState, rng: random.Random) -> None:
    t = g.tables
    islands = rng.sample(range(t.n_islands), 2 * t.players)
    seas = rng.sample(range(t.n_seas), 2 * t.players)
    for seat in range(t.players):
        put(g, s, seat, **{t.island_ids[i]: rng.randint(0, 3) for i in islands[2 * seat:2 * seat + 2]})
        put(g, s, seat, **{t.sea_ids[x]: rng.randint(1, 3) for x in seas[2 * seat:2 * seat + 2]})
        s.priests[seat], s.philosophers[seat] = rng.randint(0, 2), rng.randint(0, 3)
        s.gold[seat] = rng.randint(0, 9)
    for slot in rng.sample(range(t.n_slots), 8):
        s.buildings[slot] = rng.randint(1, 4)
    s.discard = rng.sample(range(len(t.creature_keys)), 3)


def _busy(s: CycladesState) -> bool:
    return effects.pending(s) or battle.in_battle(s) or metro.pending(s) or s.chance is not None


@pytest.mark.parametrize("key", KEYS)
def test_random_effects_keep_invariants(key: str) -> None:
    """C-COMP-12, C-COMP-13, C-SUMMON-3, C-SUMMON-4, C-DATA-6: 12 random boards per creature."""
    for seed in range(12):
        rng = random.Random(seed)
        g, s = war_turn(5, rng.randrange(N_GODS))
        _random_board(g, s, rng)
        card = g.tables.creature_index[key]
        piles = s.discard.count(card) + s.deck[card]
        begin_effect(g, s, key, seat=rng.randrange(5))
        for _ in range(300):
            if not _busy(s):
                break
            if g.is_chance(s):
                g.step_chance(s)
                continue
            assert g.state_from_json(g.state_to_json(s)) == s and s.copy() == s
            g.apply_in_place(s, rng.choice(g.legal_actions(s)))
            assert_invariants(g, s)
        assert not _busy(s), (key, seed)
        assert_invariants(g, s)
        assert s.discard.count(card) + s.deck[card] == piles + 1 or key == "chimera"
