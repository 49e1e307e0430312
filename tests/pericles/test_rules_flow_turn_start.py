"""What the start of a turn records for the Final phase (``flow.start_turn``), stated directly: the
granary turn-start condition of P-VICTORY-4 was guarded only by the recorded golden games.

P-VICTORY-4: "if Athens started the turn with no base (Athenian or Delian) in any granary theater, and
still has none in the Final phase, Sparta wins"; P-AMB-42: "The turn-start state is recorded at the start
of the Aristophanes phase."
"""

from __future__ import annotations

import pytest
from per_helpers import clear_board, game, put

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import final, flow
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import PIECES


def _board() -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(1)
    clear_board(s)
    return g, s


@pytest.mark.parametrize(("theater", "pieces", "fed"), [
    ("Sicily", {"Ab": 1}, 1),
    ("Hellespont", {"Db": 1}, 1),
    ("Sparta", {"Ab": 1}, 1),
    ("Athens", {"Ab": 1, "Db": 1}, 0),
    ("Hellespont", {"Dn": 3, "Al": 2}, 0),
])
def test_turn_start_records_a_granary_base(theater: str, pieces: dict[str, int], fed: int) -> None:
    """P-VICTORY-4, P-AMB-42: the start of the turn records whether Athens has an Athenian or Delian base
    in a granary theater; units there, or bases elsewhere, do not count."""
    g, s = _board()
    put(g, s, theater, **pieces)
    flow.start_turn(g.tables, s)
    assert s.granary_start == [fed]


def test_base_lost_during_the_turn_does_not_starve_athens() -> None:
    """P-VICTORY-4: Athens fed at the start of the turn is not starved by losing the base before the
    Final phase: the record of the turn's start is what counts."""
    g, s = _board()
    put(g, s, "Sicily", Ab=1)
    flow.start_turn(g.tables, s)
    put(g, s, "Sicily", Ab=0)
    assert not final.automatic_victory(g.tables, s) and s.outcome is None


def test_unfed_at_start_and_at_the_end_starves_athens() -> None:
    """P-VICTORY-4: no granary base at the turn's start and none in the Final phase: Sparta wins."""
    g, s = _board()
    put(g, s, "Athens", Ab=1)
    flow.start_turn(g.tables, s)
    assert final.automatic_victory(g.tables, s) and s.outcome is not None
    assert s.outcome.winner is not None and s.outcome.winner // 2 == 1


@pytest.mark.parametrize("side", [0, 1])
def test_turn_start_records_no_base_left(side: int) -> None:
    """P-WILL-6: "If that side had no base pieces left to build during the Aristophanes phase": recorded at
    the turn's start, for each side on its own."""
    g, s = _board()
    t = g.tables
    for name in (("Ab", "Db"), ("Sb", "Pb"))[side]:
        s.gone[PIECES.index(name)] = t.piece_limits[PIECES.index(name)]
    flow.start_turn(t, s)
    assert s.no_bases == [int(side == 0), int(side == 1)]
