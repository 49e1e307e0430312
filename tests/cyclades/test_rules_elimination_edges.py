"""Edges of player elimination (C-AMB-26) that the whole-game tests never reach: an island lost by a
player who still holds another one takes nothing else from them."""

from __future__ import annotations

from cyc_helpers import play, put, war_turn

from kleos.games.cyclades.rules import figures
from kleos.games.cyclades.rules.elimination import is_out
from kleos.games.cyclades.rules.figures import KRAKEN, MEDUSA
from kleos.games.cyclades.tables import ARES, EMPTY, POSEIDON


def test_losing_an_island_but_not_the_last_keeps_everything() -> None:
    """C-AMB-26: "a player who loses their last island is out of the game and their possessions are
    removed" — only the last: seat 1 loses I2 but keeps I4, so its fleets, gold, Priests and the
    offering marker still to act this cycle all stay."""
    g, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I2=0, I4=1, S9=2)
    put(g, s, 2, I8=1)
    s.priests[1], s.philosophers[1] = 1, 1
    seat1 = t.markers_per_player
    s.bidder[POSEIDON], s.bid[POSEIDON] = seat1, 2
    s.queue = [0, seat1]
    play(g, s, "march I1 1 I2")
    assert s.owner[t.island_index["I2"]] == 0 and not is_out(s, 1)
    assert s.fleet_owner[t.sea_index["S9"]] == 1 and s.fleets[t.sea_index["S9"]] == 2
    assert (s.gold[1], s.priests[1], s.philosophers[1]) == (10, 1, 1)
    assert s.queue == [0, seat1]


def test_taking_a_neutral_island_puts_nobody_out() -> None:
    """C-AMB-26: an island that nobody held has no former owner to put out; the others keep all."""
    g, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I4=1, S9=2)
    put(g, s, 2, I8=1)
    play(g, s, "march I1 1 I2")
    assert s.owner[t.island_index["I2"]] == 0
    assert not any(is_out(s, seat) for seat in range(3))
    assert s.gold[1:] == [10, 10]
    assert s.fleets[t.sea_index["S9"]] == 2


def test_the_figures_of_the_player_put_out_leave_the_board() -> None:
    """C-AMB-26 (ruling of this engine): of the possessions removed, the figures the player summoned
    leave the board; another player's figure stays. Seat 1's Kraken and seat 2's Medusa stand when
    seat 0 takes seat 1's only island for its second Metropolis (C-TROOP-7)."""
    g, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=2, S6=1, I3=1)
    put(g, s, 1, I2=0)
    put(g, s, 2, I8=1)
    s.metropolis[t.island_index["I3"]] = s.metropolis[t.island_index["I2"]] = 1
    figures.place(t, s, KRAKEN, t.sea_index["S1"], 1)
    figures.place(t, s, MEDUSA, t.island_index["I8"], 2)
    play(g, s, "march I1 1 I2")
    assert is_out(s, 1)
    assert (s.figure_at[KRAKEN], s.figure_seat[KRAKEN]) == (EMPTY, EMPTY)
    assert (s.figure_at[MEDUSA], s.figure_seat[MEDUSA]) == (t.island_index["I8"], 2)
