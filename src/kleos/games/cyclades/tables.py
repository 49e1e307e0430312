"""Index tables compiled once per player count and options from the validated data.

The rules work on small integers (island, sea, god, creature, marker indices) so that states are
flat lists that copy fast; this module is the only place that maps names to indices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from kleos.core.frozen import reduce_frozen
from kleos.games.cyclades.datamodel import CycladesData, StartData
from kleos.games.cyclades.loader import BOARD_FOR_PLAYERS, load_data
from kleos.games.cyclades.options import BASE_DECK, CycladesOptions

GODS = ("poseidon", "ares", "zeus", "athena")
POSEIDON, ARES, ZEUS, ATHENA = range(4)
N_GODS = 4
APOLLO = "apollo"
NOBODY = -1
EMPTY = -1

# option values that decide component supplies (C-AMB-28)
_PRIEST_PHILOSOPHER = {"seed": None, "en": (16, 16), "unlimited": (-1, -1)}


@dataclass(frozen=True)
class Tables:
    """Everything the rules need for one player count and set of options, as indices."""

    data: CycladesData
    options: CycladesOptions
    bank_size: int | None
    """GP in the bank (``gold_supply``, C-COMP-3), ``None`` when unlimited (C-AMB-28)."""
    territory_markers: int | None
    """Territory markers per player, ``None`` when unlimited."""
    players: int
    seat_names: tuple[str, ...]
    board: str
    island_ids: tuple[str, ...]
    sea_ids: tuple[str, ...]
    island_index: Mapping[str, int]
    sea_index: Mapping[str, int]
    island_seas: tuple[tuple[int, ...], ...]
    sea_seas: tuple[tuple[int, ...], ...]
    sea_islands: tuple[tuple[int, ...], ...]
    island_prosperity: tuple[int, ...]
    island_slots: tuple[int, ...]
    slot_offset: tuple[int, ...]
    n_slots: int
    sea_trade: tuple[int, ...]
    start_troops: tuple[tuple[int, ...], ...]
    start_fleets: tuple[tuple[int, ...], ...]
    markers_per_player: int
    n_markers: int
    marker_owner: tuple[int, ...]
    face_up: int
    procedure: str
    god_names: tuple[str, ...]
    creature_keys: tuple[str, ...]
    creature_index: Mapping[str, int]
    deck_counts: tuple[int, ...]
    slot_costs: tuple[int, ...]
    slots_by_cycle: tuple[int, ...]
    offering_min: int
    starting_gold: int
    prosperity_markers: int
    priests: int  # supply; -1: unlimited
    philosophers: int
    win_metropolises: int
    apollo_one_island: int
    apollo_more_islands: int
    apollo_no_island: int
    fleets_max: int
    troops_max: int
    metropolis_covers: tuple[int, ...]  # slots under each island's Metropolis space (C-METRO-1, C-DATA-3)
    building_names: tuple[str, ...]  # building index = the god who builds it (C-BUILD-1)
    building_supply: tuple[int, ...]  # per building index (C-COMP-10)
    metropolis_supply: int
    recruit_costs: tuple[tuple[int, ...], ...]  # per god: price of the 1st, 2nd, ... unit of a turn
    building_cost: tuple[int, ...]  # per god (C-BUILD-2)
    special_cost: tuple[int, ...]  # per god (C-FLEET-1, C-TROOP-1, C-ZEUS-1)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles rebuild the tables through the constructor (see :mod:`kleos.core.frozen`)."""
        return reduce_frozen(self)

    @property
    def n_islands(self) -> int:
        return len(self.island_ids)

    @property
    def n_seas(self) -> int:
        return len(self.sea_ids)

    def active_slots(self, cycle: int) -> int:
        """How many creature slots (from the 4 GP end) are in use in ``cycle`` (C-CREATURE-6..8)."""
        by_cycle = self.slots_by_cycle
        return by_cycle[min(cycle, len(by_cycle)) - 1]


def tables_for(options: CycladesOptions) -> Tables:
    """The tables for ``options`` (those of the packaged data compiled once per options)."""
    if options.data_dir is None:
        return _packaged(options)
    return compile_tables(load_data(Path(options.data_dir)), options)


@lru_cache(maxsize=64)
def _packaged(options: CycladesOptions) -> Tables:
    return compile_tables(load_data(), options)


def default_tables(players: int) -> Tables:
    return tables_for(CycladesOptions(players=players))


def _start_rows(start: StartData, options: CycladesOptions) -> list[tuple[list[str], list[str]]]:
    rows = {r.seat: (list(r.troops), list(r.fleets)) for r in start.seats}
    for v in start.variants:
        if getattr(options, v.option) == v.value:  # a start variant names the switch that picks it
            rows[v.seat] = (list(v.troops), list(v.fleets))
    return [rows[r.seat] for r in start.seats]


def compile_tables(data: CycladesData, options: CycladesOptions) -> Tables:
    players = options.players
    board_name = BOARD_FOR_PLAYERS[players]
    b = data.board(board_name)
    island_ids = tuple(i.id for i in b.islands)
    sea_ids = tuple(s.id for s in b.seas)
    ii = {x: n for n, x in enumerate(island_ids)}
    si = {x: n for n, x in enumerate(sea_ids)}
    slots = tuple(i.slots for i in b.islands)
    offsets = tuple(sum(slots[:n]) for n in range(len(slots)))
    rows = _start_rows(data.start(players), options)
    count = next(p for p in data.tracks.player_counts if p.players == players)
    deck_option = options.creature_deck
    keys = tuple(c.key for c in data.creatures.creatures)
    in_deck = set(keys) if deck_option == BASE_DECK else set(deck_option)
    counts = tuple(c.count if c.key in in_deck else 0 for c in data.creatures.creatures)
    comp = data.components
    supply = _PRIEST_PHILOSOPHER[options.priest_philosopher_supply]
    priests, philosophers = (comp.priests, comp.philosophers) if supply is None else supply
    apollo = data.gods.apollo
    mpp = count.markers_per_player
    return Tables(
        data=data, options=options, bank_size=CycladesOptions.bank(options.gold_supply),
        territory_markers=CycladesOptions.bank(options.territory_markers), players=players,
        seat_names=tuple(comp.colours[:players]),
        board=board_name, island_ids=island_ids, sea_ids=sea_ids, island_index=ii, sea_index=si,
        island_seas=tuple(tuple(si[s] for s in i.seas) for i in b.islands),
        sea_seas=tuple(tuple(si[x] for x in s.seas) for s in b.seas),
        sea_islands=tuple(tuple(ii[x] for x in s.islands) for s in b.seas),
        island_prosperity=tuple(i.prosperity for i in b.islands), island_slots=slots, slot_offset=offsets,
        n_slots=sum(slots), sea_trade=tuple(s.trade for s in b.seas),
        start_troops=tuple(tuple(ii[t] for t in troops) for troops, _ in rows),
        start_fleets=tuple(tuple(si[f] for f in fleets) for _, fleets in rows),
        markers_per_player=mpp, n_markers=players * mpp, marker_owner=tuple(m // mpp for m in range(players * mpp)),
        face_up=count.face_up, procedure=count.procedure, god_names=tuple(g.name for g in data.gods.gods),
        creature_keys=keys, creature_index={k: n for n, k in enumerate(keys)}, deck_counts=counts,
        slot_costs=tuple(data.tracks.creature_slot_costs), slots_by_cycle=tuple(data.tracks.creature_slots_by_cycle),
        offering_min=data.tracks.offering_min, starting_gold=comp.starting_gold,
        prosperity_markers=comp.prosperity_markers, priests=priests, philosophers=philosophers,
        win_metropolises=next(v for k, v in comp.win_metropolises.items() if k == str(players)),
        apollo_one_island=apollo.gold_one_island, apollo_more_islands=apollo.gold_more_islands,
        apollo_no_island=apollo.gold_no_island, fleets_max=comp.per_colour.fleets, troops_max=comp.per_colour.troops,
        metropolis_covers=tuple(i.metropolis_covers for i in b.islands),
        building_names=tuple(g.building for g in data.gods.gods),
        building_supply=tuple(comp.buildings[g.building] for g in data.gods.gods),
        metropolis_supply=comp.metropolises,
        recruit_costs=tuple(tuple(g.recruit_costs) for g in data.gods.gods),
        building_cost=tuple(g.building_cost for g in data.gods.gods),
        special_cost=tuple(g.special_cost for g in data.gods.gods),
    )
