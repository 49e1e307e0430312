"""Edges of the limited territory markers (C-AMB-27, C-DATA-10, option ``territory_markers=3``): a
player already past the limit, and the words of each refusal."""

from __future__ import annotations

from cyc_helpers import game, put, war_turn

from kleos.games.cyclades.rules import territory
from kleos.games.cyclades.tables import ARES


def test_past_the_limit_landing_on_an_own_empty_island_does_not_help() -> None:
    """C-AMB-27 (ruling of this engine, after "Si sus Tropas dejan vacía la isla de la que partieron, el
    jugador debe dejar allí un marcador de territorio"): a player holding 4 islands without troops with 3
    markers (a Harpy emptied one) cannot empty another, even by landing on an own empty island: that
    frees one marker, and leaving I1 takes one, so 4 stay in use, one more than the 3."""
    g = game(3, territory_markers="3")
    _, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=2, I3=0, I4=0, I5=0, I8=0, S6=1)
    assert territory.in_use(s, 0) == 4
    i1, i5 = t.island_index["I1"], t.island_index["I5"]
    refused = territory.move_violation(t, s, 0, i1, 2, i5)
    assert refused is not None and refused.rule == "C-AMB-27"
    assert refused.message == "leaving I1 without troops needs a territory marker, and all 3 of yours are in use"
    assert territory.move_violation(t, s, 0, i1, 1, i5) is None  # one troop stays on I1


def test_a_refused_sale_names_the_island_and_the_limit() -> None:
    """C-AMB-27: the Sphinx's sale of a last troop with all 3 markers in use is refused in words that
    name the island and the limit."""
    g = game(3, territory_markers="3")
    _, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=1, I3=0, I4=0, I5=0, S6=1)
    refused = territory.sale_violation(t, s, 0, t.island_index["I1"])
    assert refused is not None and refused.rule == "C-AMB-27"
    assert refused.message == ("selling the last troop on I1 needs a territory marker, "
                               "and all 3 of yours are in use")
