"""The end of a cycle and victory, stated directly on ``rules.end`` (C-END-2..5, C-AMB-24, C-ACTION-7).

The rulebook, "Fin de la partida y victoria": "Si varios jugadores poseen 2 metrópolis al final de un
ciclo, el que tenga más piezas de oro tras su pantalla gana." Ties past gold are a ruling (C-AMB-24):
more Metropolises, then a shared win; the FAQ's order (Metropolises first) is the option
``end_tie_order=metropolises_first``, tested here in both positions.
"""

from __future__ import annotations

import pytest
from cyc_helpers import at_offers

from kleos.games.cyclades.rules.end import end_cycle
from kleos.games.cyclades.state import OVER, CycladesState

GOLD_FIRST, METROPOLISES_FIRST = "gold_first", "metropolises_first"


def _give_metropolises(s: CycladesState, seat: int, count: int) -> None:
    """Seat ``seat`` owns exactly ``count`` Metropolises, one per island, taking free islands if needed."""
    for island in range(len(s.metropolis)):
        if s.owner[island] == seat:
            s.metropolis[island] = 0
    free = [i for i, owner in enumerate(s.owner) if owner in (seat, -1)]
    for island in free[:count]:
        s.owner[island], s.metropolis[island] = seat, 1
    assert len(free) >= count, "the map has too few islands for this position"


def _ended(order: str, metropolises: list[int], gold: list[int]) -> CycladesState:
    """Three players at the end of cycle 1 holding these Metropolises and this gold."""
    g, s = at_offers(3, seed=2, end_tie_order=order)
    for seat, count in enumerate(metropolises):
        _give_metropolises(s, seat, count)
    s.gold = list(gold)
    end_cycle(g.tables, s)
    return s


@pytest.mark.parametrize("order", [GOLD_FIRST, METROPOLISES_FIRST])
def test_one_qualifier_wins_whatever_the_gold(order: str) -> None:
    """C-END-2, C-END-3: "El primer jugador que posea 2 metrópolis al final de un ciclo gana la partida":
    the one qualifier wins though poorer, the reason says Metropolises and the scores are the counts."""
    s = _ended(order, [1, 2, 0], [9, 0, 9])
    assert s.phase == OVER and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner, s.outcome.scores) == ("metropolises", 1, (1, 2, 0))


@pytest.mark.parametrize(("order", "winner"), [(GOLD_FIRST, 1), (METROPOLISES_FIRST, 0)])
def test_richer_or_more_metropolises_first_by_option(order: str, winner: int) -> None:
    """C-END-4, C-AMB-24: "el que tenga más piezas de oro tras su pantalla gana" (seat 1, 7 GP over 5);
    with the FAQ's order the three Metropolises of seat 0 win before gold."""
    s = _ended(order, [3, 2, 0], [5, 7, 9])
    assert s.outcome is not None and s.outcome.winner == winner


@pytest.mark.parametrize(("order", "winner"), [(GOLD_FIRST, 0), (METROPOLISES_FIRST, 1)])
def test_second_key_breaks_an_equal_first(order: str, winner: int) -> None:
    """C-END-5, C-AMB-24: at equal gold the one with more Metropolises wins (seat 0); with the FAQ's
    order, at equal Metropolises the richer wins (seat 1, 6 GP over 4)."""
    metropolises, gold = ([3, 2, 0], [4, 4, 0]) if order == GOLD_FIRST else ([2, 2, 0], [4, 6, 0])
    s = _ended(order, metropolises, gold)
    assert s.outcome is not None and s.outcome.winner == winner


@pytest.mark.parametrize("order", [GOLD_FIRST, METROPOLISES_FIRST])
def test_equal_on_both_keys_is_a_shared_win(order: str) -> None:
    """C-END-5, C-AMB-24: qualifiers equal on gold and on Metropolises share the win (no single winner),
    while a richer non-qualifier does not count."""
    s = _ended(order, [2, 2, 1], [5, 5, 20])
    assert s.phase == OVER and s.outcome is not None and s.outcome.winner is None


def test_no_qualifier_sets_next_cycle_order() -> None:
    """C-END-2, C-ACTION-7: with nobody at 2 Metropolises the game goes on; next cycle's turn order is
    this cycle's finishing order and the new finishing track starts empty (every slot -1)."""
    g, s = at_offers(3, seed=2)
    _give_metropolises(s, 0, 1)
    s.next_order = [2, 0, 1]
    cycle = s.cycle
    end_cycle(g.tables, s)
    assert s.phase != OVER and s.outcome is None and s.cycle == cycle + 1
    assert s.turn_order == [2, 0, 1] and s.next_order == [-1] * g.tables.n_markers
