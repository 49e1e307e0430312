"""Set-up, components, the creature track's update and the offering rules the other test files cite
only as ranges (C-SETUP, C-COMP, C-CREATURE-3/4, C-OFFER-6/8/9/14, C-INCOME-5)."""

from __future__ import annotations

import pytest
from cyc_helpers import at_offers, game, play

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.cyclades.rules import creatures
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.rules.flow import advance
from kleos.games.cyclades.tables import EMPTY, GODS, N_GODS
from kleos.games.cyclades.view import HIDDEN


@pytest.mark.parametrize(("players", "board"), [(2, "board_2_3p"), (3, "board_2_3p"), (4, "board_4p"),
                                                (5, "board_5p")])
def test_board_and_colours_by_player_count(players: int, board: str) -> None:
    """C-SETUP-1, C-SETUP-3, C-COMP-9: each player count has its board and its colours; four god boards,
    Apollo apart; every player's pieces stand in public view."""
    g = game(players)
    t = g.tables
    assert t.board == board
    assert g.seat_names == ("Blue", "Red", "Green", "Yellow", "Black")[:players]
    assert len(t.god_names) == N_GODS == 4 and set(GODS) == {"poseidon", "ares", "zeus", "athena"}
    s = g.new_state(3)
    view = g.view(s, 0).state
    assert (view.troops, view.fleets, view.owner, view.fleet_owner) == (s.troops, s.fleets, s.owner, s.fleet_owner)


def test_supplies_at_setup() -> None:
    """C-SETUP-8, C-SETUP-9, C-SETUP-10: the shuffled deck holds every card, the track is empty and the
    figures stand beside it (not on the board); nobody has Priests or Philosophers; buildings and
    Metropolises wait in the supply (10 of each, seed counts)."""
    g = game(4)
    s = g.new_state(8)
    t = g.tables
    assert sum(s.deck) == sum(t.deck_counts) == 17 and all(card == EMPTY for card in s.track)
    assert all(place == EMPTY for place in s.figure_at)
    assert s.priests == [0] * 4 and s.philosophers == [0] * 4 and t.priests == 18 and t.philosophers == 17
    assert t.building_supply == (10, 10, 10, 10) and t.metropolis_supply == 10
    assert not any(s.buildings) and not any(s.metropolis)


def test_gold_is_unlimited() -> None:
    """C-COMP-3, C-AMB-28: the 98 GP of the box never run out: income is paid whatever is in play."""
    g, s = at_offers(3)
    s.gold = [300, 300, 300]
    before = list(s.gold)
    gained = [income(g.tables, s, seat) for seat in range(3)]
    s.phase = "income"
    advance(g.tables, s)
    assert s.gold == [b + n for b, n in zip(before, gained, strict=True)] and sum(s.gold) > 98


def test_income_is_secret() -> None:
    """C-INCOME-5, C-INFO-1: income goes behind the screen: each seat sees its own gold only."""
    g, s = at_offers(3)
    for seat in range(3):
        seen = g.view(s, seat).state.gold
        assert seen[seat] == s.gold[seat]
        assert all(gold == HIDDEN for other, gold in enumerate(seen) if other != seat)


def test_track_slides_right_then_fills_from_the_cheap_end() -> None:
    """C-CREATURE-3, C-CREATURE-4, C-AMB-7: leftover cards slide towards the 2 GP end keeping their
    order; the first card drawn goes into the cheapest empty slot."""
    g = game(5)
    t = g.tables
    s = g.new_state(1)
    s.cycle = 5  # every slot in use
    a, b = 0, 1
    s.track = [a, b, EMPTY]
    creatures.prepare(t, s)
    assert s.track == [EMPTY, a, b]
    s.track = [a, EMPTY, EMPTY]
    creatures.prepare(t, s)
    assert s.track == [EMPTY, EMPTY, a]  # the source's example: from the 4 GP slot to the 2 GP slot
    assert creatures.next_slot(t, s) == 1
    creatures.apply_draw(t, s, Action("creature", (t.creature_keys[2],)))
    assert s.track == [EMPTY, 2, a]
    assert creatures.next_slot(t, s) == 0


def test_placed_markers_stay_and_apollo_fills_in_order() -> None:
    """C-OFFER-8, C-OFFER-9, C-OFFER-6, C-OFFER-14: a placed marker is not placed again unless it is
    outbid (its owner cannot raise or move it); Apollo's spaces fill in order of arrival; a chain of
    outbids is resolved before the next marker; an outbid player pays nothing."""
    g, s = at_offers(5, seed=4)
    order = [g.tables.marker_owner[m] for m in s.turn_order]
    up = [GODS[god] for pos, god in enumerate(s.gods) if s.gods_up[pos]]
    play(g, s, f"offer {up[0]} 2")
    assert g.actors(s) == (order[1],)
    with pytest.raises(IllegalAction):
        g.apply_in_place(s, Action("offer", (up[0], 3)), order[0])  # no raising one's own bid
    play(g, s, f"offer {up[1]} 1", "apollo")
    play(g, s, f"offer {up[1]} 2")  # order[1] is outbid: it must re-bid before order[4] places
    assert g.actors(s) == (order[1],)
    play(g, s, f"offer {up[0]} 3")  # and outbids order[0] in turn: the chain goes on
    assert g.actors(s) == (order[0],)
    play(g, s, "apollo", "apollo")
    assert s.apollo == [s.turn_order[2], s.turn_order[0], s.turn_order[4]]
    assert s.gold[order[0]] == 7 and s.gold[order[2]] == 7  # outbid, then Apollo: nothing paid for the gods
