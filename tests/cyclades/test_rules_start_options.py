"""The start-layout options (C-SETUP-4, C-SETUP-5, C-DATA-2; data sheet §3.4), each in every position:
the second player's pieces stand where the chosen reading puts them, everyone else's where the layout
does, and every reading keeps the starting income of 2 GP."""

from __future__ import annotations

import pytest
from cyc_helpers import game, settle

from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import CycladesState

# (players, option, value, the second player's troops and fleets under that value)
READINGS = (
    (2, "start_2p", "corrected", ("I2", "I5"), ("S9", "S15")),
    (2, "start_2p", "literal", ("I2", "I8"), ("S9", "S15")),
    (2, "start_2p", "corner", ("I2", "I8"), ("S9", "S30")),
    (4, "start_4p_p2_fleet", "r1c4", ("I7", "I2"), ("S21", "S7")),
    (4, "start_4p_p2_fleet", "r3c5", ("I7", "I2"), ("S21", "S14")),
    (5, "start_5p_p2_fleet", "r4c6", ("I2", "I8"), ("S6", "S25")),
    (5, "start_5p_p2_fleet", "r6c5", ("I2", "I8"), ("S6", "S40")),
)


def _set_up(players: int, option: str, value: str) -> tuple[CycladesGame, CycladesState]:
    """A game of ``players`` with one start reading, past its set-up."""
    g = game(players, **{option: value})
    s = g.new_state(1)
    settle(g, s)
    return g, s


def _pieces(g: CycladesGame, s: CycladesState, seat: int) -> tuple[set[str], set[str]]:
    t = g.tables
    islands = {t.island_ids[i] for i in range(t.n_islands) if s.owner[i] == seat and s.troops[i]}
    seas = {t.sea_ids[x] for x in range(t.n_seas) if s.fleet_owner[x] == seat and s.fleets[x]}
    return islands, seas


@pytest.mark.parametrize(("players", "option", "value", "troops", "fleets"), READINGS)
def test_each_start_reading_puts_the_second_player_where_it_says(
        players: int, option: str, value: str, troops: tuple[str, ...], fleets: tuple[str, ...]) -> None:
    """C-SETUP-4 ("Each player puts 2 fleets and 2 troops on the positions the layout shows"), C-DATA-2,
    C-SETUP-5 ("each player owns exactly 2 islands and has a starting income of exactly 2 GP"): under
    each reading of the second player's start the set-up puts its troops and fleets there; the other
    players stand as in the default layout; everyone starts with 2 islands and 2 GP of income."""
    g, s = _set_up(players, option, value)
    assert _pieces(g, s, 1) == (set(troops), set(fleets))
    default = next(row for row in READINGS if row[1] == option)
    g0, s0 = _set_up(players, option, default[2])
    for seat in range(players):
        if seat != 1:
            assert _pieces(g, s, seat) == _pieces(g0, s0, seat), seat
        assert sum(1 for o in s.owner if o == seat) == 2 and income(g.tables, s, seat) == 2, seat

