"""The cycle: creature track, god track, income (C-CYCLE, C-CREATURE, C-GODS, C-INCOME, C-SETUP)."""

from __future__ import annotations

from cyc_helpers import at_offers, finish_cycle, game, rule_of, settle

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import CH_CREATURE, CH_GODS, CH_ORDER, OFFER, CycladesState
from step_cap import StepCap


def _chance(g: CycladesGame, s: CycladesState, verb: str, *args: str | int) -> None:
    g.apply_in_place(s, Action(verb, tuple(args)), CHANCE)


def test_setup_order_gold_and_first_cycle() -> None:
    """C-SETUP-2, C-SETUP-6, C-SETUP-7, C-CYCLE-1, C-CYCLE-2, C-AMB-30, C-CREATURE-6, C-INCOME-1: the
    turn order is a chance draw over all markers; cycle 1 shows one card in the 4 GP slot; players enter
    the first auction with 5 + 2 = 7 GP."""
    g = game(4)
    s = g.new_state(7)
    assert s.chance == CH_ORDER and len(g.chance_outcomes(s)) == 24 and s.gold == [5] * 4
    _chance(g, s, "order", 2, 0, 3, 1)
    assert s.turn_order == [2, 0, 3, 1] and s.chance == CH_CREATURE
    _chance(g, s, "creature", "pegasus")
    assert s.track == [g.tables.creature_index["pegasus"], -1, -1] and s.chance == CH_GODS
    settle(g, s)
    assert s.phase == OFFER and s.gold == [7] * 4 and s.cycle == 1
    assert g.actors(s) == (2,)


def test_creature_track_cycles_two_and_three() -> None:
    """C-CREATURE-1..5, C-CREATURE-7, C-CREATURE-8, C-AMB-7: an unused first card slides to 3 GP in cycle 2,
    all three slots fill from cycle 3, the unused 2 GP card is discarded, new cards fill from the cheap end."""
    g, s = at_offers(5, seed=3)
    first = s.track[0]
    finish_cycle(g, s)
    assert s.chance == CH_CREATURE and s.track[1] == first and s.track[0] == -1
    _chance(g, s, "creature", next(k for k in g.tables.creature_keys if g.tables.creature_index[k] != first))
    assert s.track[0] != -1 and s.track[2] == -1
    settle(g, s)
    a, b = s.track[0], s.track[1]
    finish_cycle(g, s)
    assert s.track[1:] == [a, b] and s.track[0] == -1  # slid right, keeping order
    settle(g, s)
    finish_cycle(g, s)
    assert s.discard == [b] and s.track[2] == a  # C-CREATURE-2: the 2 GP card was discarded
    assert sum(s.deck) + len(s.discard) + sum(1 for c in s.track if c >= 0) == 17


def test_empty_deck_reshuffles_discards() -> None:
    """C-CREATURE-5: when the deck is empty the discard pile becomes the deck."""
    g, s = at_offers(5, seed=4)
    s.discard = [c for c, n in enumerate(s.deck) if n]
    s.deck = [0] * len(s.deck)
    finish_cycle(g, s)
    assert s.chance == CH_CREATURE and s.discard == [] and sum(s.deck) == 16


def test_god_track_by_player_count() -> None:
    """C-GODS-1, C-GODS-2, C-GODS-3, C-GODS-4, C-GODS-8, C-GODS-9: 5 players all four up; 4 and 2 players
    three up and the face-down god comes first next cycle, the rest reshuffled (6 outcomes)."""
    g, s = at_offers(5)
    assert s.gods_up == [1, 1, 1, 1] and sorted(s.gods) == [0, 1, 2, 3]
    for players in (4, 2):
        g, s = at_offers(players)
        assert s.gods_up == [1, 1, 1, 0]
        down = s.gods[3]
        finish_cycle(g, s)
        cap = StepCap("s.chance != CH_GODS")
        while s.chance != CH_GODS and cap():
            g.step_chance(s)
        assert len(g.chance_outcomes(s)) == 6
        settle(g, s)
        assert s.gods[0] == down and s.gods_up == [1, 1, 1, 0]


def test_three_player_pairs() -> None:
    """C-GODS-5, C-GODS-6, C-GODS-7, C-AMB-3: two up, two down; next cycle the down pair comes up in its
    order, then a full reshuffle."""
    g, s = at_offers(3)
    assert s.gods_up == [1, 1, 0, 0]
    old = list(s.gods)
    finish_cycle(g, s)
    settle(g, s)
    assert s.gods == [old[2], old[3], old[0], old[1]]
    finish_cycle(g, s)
    cap = StepCap("s.chance != CH_GODS")
    while s.chance != CH_GODS and cap():
        g.step_chance(s)
    assert len(g.chance_outcomes(s)) == 24


def test_face_down_god_refuses_offers() -> None:
    """C-GODS-9: a face-down god cannot receive offerings."""
    g, s = at_offers(4)
    down = g.tables.data.gods.gods[s.gods[3]].key
    assert rule_of(g, s, f"offer {down} 1") == "C-GODS-9"


def test_income_counts_islands_markers_and_trade() -> None:
    """C-INCOME-1..4, C-APOLLO-4: printed prosperity and markers of owned islands, trade seas with a fleet."""
    g, s = at_offers(5)
    t = g.tables
    assert [income(t, s, p) for p in range(5)] == [2] * 5
    island = t.start_troops[0][0]
    s.markers[island] = 2
    assert income(t, s, 0) == 4
    trade = t.start_fleets[0][1]  # P1's second fleet is on a trade space (S57)
    assert t.sea_trade[trade] == 1
    s.fleets[trade] = 0
    s.fleet_owner[trade] = -1
    assert income(t, s, 0) == 3
    gold = list(s.gold)
    finish_cycle(g, s)
    settle(g, s)
    # everyone took Apollo (1 GP with two islands, C-APOLLO-1), then next cycle's income
    assert s.gold[0] == gold[0] + 1 + income(t, s, 0)
