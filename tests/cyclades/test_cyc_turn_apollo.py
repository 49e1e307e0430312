"""Apollo's prosperity marker supply (C-APOLLO-2/3, C-COMP-4)."""

from __future__ import annotations

from cyc_helpers import at_offers, play

from kleos.games.cyclades.state import OFFER


def test_no_marker_once_the_sixteen_are_placed() -> None:
    """C-APOLLO-2, C-APOLLO-3, C-COMP-4: the first Apollo player places a marker while the 16 last; with all
    16 on the board the Apollo turns run without that choice."""
    g, s = at_offers(5, seed=2)
    play(g, s, *["apollo"] * 5)
    assert {a.verb for a in g.legal_actions(s)} == {"prosper"}
    g, s = at_offers(5, seed=2)
    s.markers[0] = 16
    play(g, s, *["apollo"] * 5)
    assert s.phase == OFFER and s.cycle == 2 and sum(s.markers) == 16
