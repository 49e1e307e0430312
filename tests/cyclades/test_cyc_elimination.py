"""Player elimination (C-AMB-26): losing the last island puts a player out of the game."""

from __future__ import annotations

from cyc_helpers import at_offers, finish_cycle, play, put, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import offer
from kleos.games.cyclades.rules.elimination import is_out
from kleos.games.cyclades.state import OVER, CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON
from step_cap import StepCap


def _last_island_for_the_win(players: int) -> tuple[CycladesGame, CycladesState]:
    """Seat 0 on Ares' turn, one Metropolis short of the win, next to seat 1's only island (a Metropolis
    held by a territory marker); seat 1 has fleets, gold, Priests and a Poseidon turn still to play."""
    g, s = war_turn(players, ARES)
    t = g.tables
    put(g, s, 0, I1=2, S6=1, I3=1)
    s.metropolis[t.island_index["I3"]] = 1
    if players == 2:
        put(g, s, 0, I5=1)
        s.metropolis[t.island_index["I5"]] = 1
    put(g, s, 1, I2=0, S9=2)
    s.metropolis[t.island_index["I2"]] = 1
    s.priests[1] = 1
    seat1 = t.markers_per_player  # seat 1's first marker
    s.bidder[POSEIDON], s.bid[POSEIDON] = seat1, 2
    s.queue = [0, seat1]
    for seat in range(2, players):
        put(g, s, seat, **{f"I{4 + seat * 2}": 1})
    return g, s


def test_losing_the_last_island_removes_the_player() -> None:
    """C-AMB-26 (with C-TROOP-7): taking another player's last island puts them out: their fleets,
    gold and Priests go, and their offering's turn this cycle is lost."""
    g, s = _last_island_for_the_win(3)
    t = g.tables
    assert not is_out(s, 1)
    play(g, s, "march I1 1 I2")
    assert is_out(s, 1)
    assert s.owner[t.island_index["I2"]] == 0
    assert not any(o == 1 for o in s.fleet_owner) and s.fleets[t.sea_index["S9"]] == 0
    assert s.gold[1] == 0 and s.priests[1] == 0
    assert all(t.marker_owner[m] != 1 for m in s.queue)
    play(g, s, "end")
    assert s.phase == OVER  # nobody else had a turn: the cycle ends and seat 0 wins (C-END-3)
    assert s.outcome is not None and s.outcome.winner == 0


def test_a_two_player_game_ends_with_the_captor_winning() -> None:
    """C-AMB-26, C-TWO-9: with 2 players the captor of the last island (3 Metropolises) wins at the end of
    the cycle; the other player's remaining turn is skipped."""
    g, s = _last_island_for_the_win(2)
    play(g, s, "march I1 1 I2")
    assert is_out(s, 1)
    play(g, s, "end")
    assert s.phase == OVER and s.outcome is not None and s.outcome.winner == 0


def test_eliminated_markers_are_not_placed_at_the_offerings() -> None:
    """C-AMB-26, C-OFFER-1: from the next cycle on, an eliminated player's marker is passed over, so the
    auction asks only the players still in the game and reaches payment."""
    g, s = at_offers(4)
    t = g.tables
    for i, owner in enumerate(s.owner):
        if owner == 2:
            s.owner[i], s.troops[i] = -1, 0
    offer.start(t, s)
    asked = []
    cap = StepCap("s.phase == 'offer'")
    while s.phase == "offer" and cap():
        seat = offer.actor(t, s)
        asked.append(seat)
        play(g, s, "apollo")
    assert 2 not in asked and sorted(asked) == [0, 1, 3]


def test_a_player_with_islands_is_not_out() -> None:
    """C-AMB-26: an island held only by a territory marker still counts; the player stays in."""
    g, s = war_turn(3, ARES)
    put(g, s, 1, I2=0)
    assert not is_out(s, 1)
    assert is_out(s, 2)


def test_losing_the_last_island_in_a_land_battle() -> None:
    """C-AMB-26, C-BATTLE-11: a land battle won on another player's last island puts them out too."""
    g, s = _last_island_for_the_win(3)
    i2 = g.tables.island_index["I2"]
    s.troops[i2] = 1
    g.apply_in_place(s, Action.parse("march I1 1 I2"))
    assert s.battle_place == i2 and not is_out(s, 1)
    g.apply_in_place(s, Action("dice", (3, 0)), CHANCE)
    assert s.owner[i2] == 0 and is_out(s, 1)
    assert not any(o == 1 for o in s.fleet_owner) and s.gold[1] == 0


def test_the_last_player_standing_wins_at_the_end_of_the_cycle() -> None:
    """C-AMB-26 (ruling of this engine): when eliminations leave one player, the game ends at the end of
    the cycle with that player winning, even short of the Metropolises."""
    g, s = at_offers(3)
    for i, owner in enumerate(s.owner):
        if owner in (1, 2):
            s.owner[i], s.troops[i] = -1, 0
    for seat in (1, 2):
        s.gold[seat] = 0
    s.fleet_owner = [o if o == 0 else -1 for o in s.fleet_owner]
    s.fleets = [n if s.fleet_owner[x] == 0 else 0 for x, n in enumerate(s.fleets)]
    finish_cycle(g, s)
    assert s.phase == OVER and s.outcome is not None
    assert s.outcome.reason == "last standing" and s.outcome.winner == 0
