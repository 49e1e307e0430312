"""Setup (C-SETUP): pieces on their start spaces, 5 GP each, the turn-order track drawn by chance."""

from __future__ import annotations

from itertools import permutations

from kleos.core.action import Action
from kleos.core.rng import Rng
from kleos.games.cyclades.state import CH_ORDER, SETUP, CycladesState
from kleos.games.cyclades.tables import EMPTY, N_GODS, NOBODY, Tables

N_FIGURES = 5  # kraken, minotaur, medusa, polyphemus, chiron (rules/figures.py, C-COMP-5)


def new_state(t: Tables, seed: int) -> CycladesState:
    """The position before the turn order is drawn (C-SETUP-1..10)."""
    s = CycladesState.__new__(CycladesState)
    n = t.players
    s.players = n
    s.gold = [t.starting_gold] * n  # C-SETUP-2
    s.priests = [0] * n
    s.philosophers = [0] * n
    s.owner = [NOBODY] * t.n_islands
    s.troops = [0] * t.n_islands
    s.markers = [0] * t.n_islands
    s.metropolis = [0] * t.n_islands
    s.buildings = [0] * t.n_slots
    s.fleets = [0] * t.n_seas
    s.fleet_owner = [NOBODY] * t.n_seas
    for seat in range(n):  # C-SETUP-4
        for island in t.start_troops[seat]:
            s.owner[island] = seat
            s.troops[island] += 1
        for sea in t.start_fleets[seat]:
            s.fleet_owner[sea] = seat
            s.fleets[sea] += 1
    s.track = [EMPTY] * len(t.slot_costs)  # C-SETUP-8: the track starts empty
    s.deck = list(t.deck_counts)
    s.discard = []
    s.gods = list(range(N_GODS))
    s.gods_up = [0] * N_GODS
    s.turn_order = [EMPTY] * t.n_markers
    s.bid = [0] * N_GODS
    s.bidder = [EMPTY] * N_GODS
    s.apollo = []
    s.next_order = [EMPTY] * t.n_markers
    s.queue = []
    s.cycle = 0
    s.phase = SETUP
    s.chance = CH_ORDER
    s.offer_index = 0
    s.displaced = EMPTY
    s.displaced_from = EMPTY
    s.pair_second = 0
    s.apollo_choice = 0
    s.steps = 0
    s.battle_place = s.battle_attacker = s.battle_defender = EMPTY
    s.battle_naval = s.battle_attack = s.battle_stage = 0
    s.voyage_sea = s.voyage_step = EMPTY
    s.voyage_left = 0
    s.figure_at = [EMPTY] * N_FIGURES  # rules/figures.py
    s.figure_seat = [EMPTY] * N_FIGURES
    s.figure_cycle = [0] * N_FIGURES
    s.figure_turn = [0] * N_FIGURES
    s.effect_seat = s.effect_card = s.effect_from = EMPTY  # rules/effects.py
    s.effect_stage = s.effect_left = s.effect_chimera = 0
    s.outcome = None
    s.rng = Rng.from_seed(seed)
    return s


def order_outcomes(t: Tables) -> list[tuple[Action, float]]:
    """Every placement of the offering markers on spaces 1..N, equally likely (C-SETUP-6/7, C-TWO-2)."""
    orders = list(permutations(range(t.n_markers)))
    return [(Action("order", order), 1.0 / len(orders)) for order in orders]


def apply_order(s: CycladesState, action: Action) -> None:
    s.turn_order = [int(m) for m in action.args]
    s.chance = None
