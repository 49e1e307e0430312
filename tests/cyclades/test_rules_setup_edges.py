"""Edges of the set-up (C-SETUP-2/4): the state a new game starts from holds exactly the pieces the
layout lists, for every player count, and counts each listed piece once even when two share a space."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cyc_helpers import game

from kleos.games.cyclades.rules import setup
from kleos.games.cyclades.state import CH_ORDER
from kleos.games.cyclades.tables import EMPTY, NOBODY


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_starts_with_its_two_troops_and_two_fleets_only(players: int) -> None:
    """C-SETUP-4 ("Coloca los tableros, Flotas y Tropas en función del número de jugadores"; each player
    2 fleets and 2 troops where the layout shows them), C-SETUP-2 (5 GP each): one troop on each listed
    island, one fleet in each listed sea, nothing anywhere else, for every seat."""
    t = game(players).tables
    s = setup.new_state(t, 1)
    assert s.players == players and s.gold == [5] * players
    for seat in range(players):
        islands = [i for i in range(t.n_islands) if s.owner[i] == seat]
        seas = [sea for sea in range(t.n_seas) if s.fleet_owner[sea] == seat]
        assert sorted(islands) == sorted(t.start_troops[seat]) and sorted(seas) == sorted(t.start_fleets[seat])
        assert [s.troops[i] for i in islands] == [1, 1] and [s.fleets[sea] for sea in seas] == [1, 1]
    held = {i for troops in t.start_troops for i in troops}
    assert all(s.troops[i] == 0 and s.owner[i] == NOBODY for i in range(t.n_islands) if i not in held)
    assert sum(s.troops) == sum(s.fleets) == 2 * players


def test_two_pieces_listed_on_one_space_stack() -> None:
    """C-SETUP-4: each piece the layout lists is put on the board, so a layout listing a seat's two
    fleets in one sea, or its two troops on one island, starts it with 2 there (no printed layout does
    today; the set-up must not depend on that)."""
    t = game(2).tables
    sea, island = t.start_fleets[0][0], t.start_troops[0][0]
    stacked = replace(t, start_fleets=((sea, sea), t.start_fleets[1]),
                      start_troops=((island, island), t.start_troops[1]))
    s = setup.new_state(stacked, 1)
    assert s.fleets[sea] == 2 and s.fleet_owner[sea] == 0 and sum(s.fleets) == 4
    assert s.troops[island] == 2 and s.owner[island] == 0 and sum(s.troops) == 4


def test_no_god_is_face_up_and_no_offering_placed_before_the_first_cycle() -> None:
    """C-SETUP-10 ("Deja los cuatro tableros de Dioses junto al tablero de juego"): the god boards wait
    beside the board, so before cycle 1's god track none is face up and no god holds an offering."""
    t = game(5).tables
    s = setup.new_state(t, 1)
    assert s.gods_up == [0, 0, 0, 0] and s.bid == [0, 0, 0, 0] and s.bidder == [EMPTY] * 4


def test_nothing_is_under_way_before_the_turn_order_is_drawn() -> None:
    """C-SETUP-7/8 ("Estos marcadores se mezclan y se colocan al azar en las casillas de orden de
    juego"): the new state waits for the turn order's draw and nothing else: no cycle begun (the first
    is numbered 1), no decision made, no offering, battle, fleet move, creature effect or figure under
    way, every value at its "none" (``EMPTY``) or zero, never unset (``None``)."""
    s = setup.new_state(game(3).tables, 1)
    assert (s.cycle, s.steps, s.chance) == (0, 0, CH_ORDER)
    assert (s.offer_index, s.displaced, s.displaced_from, s.pair_second, s.apollo_choice) == (0, EMPTY, EMPTY, 0, 0)
    battle = (s.battle_place, s.battle_attacker, s.battle_defender, s.battle_naval, s.battle_attack, s.battle_stage)
    assert battle == (EMPTY, EMPTY, EMPTY, 0, 0, 0)
    assert (s.voyage_sea, s.voyage_step, s.voyage_left) == (EMPTY, EMPTY, 0)
    assert (s.effect_seat, s.effect_card, s.effect_from) == (EMPTY, EMPTY, EMPTY)
    assert (s.effect_stage, s.effect_left, s.effect_chimera) == (0, 0, 0)
    assert s.figure_at == s.figure_seat == [EMPTY] * 5 and s.figure_cycle == s.figure_turn == [0] * 5
