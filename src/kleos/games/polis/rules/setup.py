"""Setup (R-SETUP): the starting position of an edition, read from its data; then the first round begins."""

from __future__ import annotations

from kleos.core.rng import Rng
from kleos.games.polis.datamodel import SideSetup
from kleos.games.polis.rules import flow
from kleos.games.polis.state import ROUND_START, PolisState
from kleos.games.polis.tables import GOOD_INDEX, N_GOODS, NO_ONE, SIDES, Tables

UNLIMITED_DISCS = 100  # [2012] discs are unlimited (R-COMP-7); substitutes stand in past 20


def empty_board(t: Tables) -> PolisState:
    """A state with no unit, cube, good or prestige anywhere, every polis neutral, before the first
    round: where setup places the sides, and where the compact form reads a position into (the
    other fields are the caller's)."""
    s = PolisState.__new__(PolisState)
    n_poleis = len(t.polis_ids)
    s.units = [0] * (t.n_regions * 2)
    s.owner = [NO_ONE] * n_poleis  # R-SETUP-7: the others start neutral
    s.pop = [0] * n_poleis
    s.goods = [0] * (2 * N_GOODS)
    s.prestige = [0, 0]
    s.supply_cubes = [0, 0]
    s.supply_discs = [0, 0]
    s.merchants_supply = [0, 0]
    s.merchants_port = [0, 0]
    s.proxenos = [NO_ONE, NO_ONE]
    s.passed = [False, False]
    s.edition = t.edition
    s.round = 0  # R-SETUP-8, R-SETUP-17
    s.phase = ROUND_START
    s.active = NO_ONE
    return s


def new_state(t: Tables, seed: int) -> PolisState:
    s = empty_board(t)
    n_poleis = len(t.polis_ids)
    s.slot_merchant = [NO_ONE] * len(t.slots)
    s.tribute_disc = [NO_ONE] * t.n_territories
    s.siege_discs = [0] * (n_poleis * 2)
    s.market_pos = list(t.market_start)  # R-SETUP-11, R-SETUP-18
    s.project_pile = list(range(len(t.projects)))  # R-SETUP-9, R-SETUP-15: shuffled face down
    s.projects_face_up = []
    s.project_started = [-1] * n_poleis
    s.projects_done = [() for _ in range(n_poleis)]
    s.battle_queue = []
    s.event_flags = []
    s.turn_actions = ()
    s.turn_create_polis = ()
    s.sieged_this_turn = ()
    s.first_passer = NO_ONE
    s.last_passer = NO_ONE
    s.eor_marker = NO_ONE  # R-SETUP-13
    s.pending = None
    s.chance = None
    s.chance_left = 0
    s.after_battles = ""
    s.battle_chooser = NO_ONE
    s.eor_step = 0
    s.eor_seat = 0
    s.eor_pending = None
    s.event = None
    s.event_pending = None
    s.steps = 0
    s.battle = None
    s.outcome = None
    s.rng = Rng.from_seed(seed)
    limits = t.bundle.setup.limits
    for side, setup in enumerate((t.bundle.setup.athens, t.bundle.setup.sparta)):
        _place_side(t, s, side, setup)
        on_board = sum(s.pop[p] for p in range(n_poleis) if s.owner[p] == side)
        on_board += sum(s.units[side::2])  # a region's units are stored as an (Athens, Sparta) pair
        s.supply_cubes[side] = limits.cubes - on_board  # R-COMP-4
        discs = limits.discs if limits.discs is not None else UNLIMITED_DISCS
        s.supply_discs[side] = discs - sum(1 for o in s.owner if o == side)
        s.merchants_supply[side] = limits.merchants - s.merchants_port[side]
    flow.begin_round(t, s)
    return s


def _place_side(t: Tables, s: PolisState, side: int, setup: SideSetup) -> None:
    """R-SETUP-1 … R-SETUP-6 ([2020]); R-SETUP-19 ([2012], reconstructed)."""
    for name, cubes in setup.poleis.items():
        polis = t.polis_index[name]
        s.owner[polis] = side
        s.pop[polis] = cubes
    for name, n in (*setup.hoplites.items(), *setup.galleys.items()):
        s.units[t.region_index[name] * 2 + side] = n
    s.merchants_port[side] = setup.merchants
    s.proxenos[side] = t.polis_index[setup.proxenos]
    for good, n in setup.goods.items():
        s.goods[side * N_GOODS + GOOD_INDEX[good]] = n
    s.prestige[side] = setup.prestige
    assert SIDES[side] in ("athens", "sparta")
