"""The cycle's automatic steps are capped (rules/flow.py): a broken rule that never hands a decision to
a seat or to chance fails with a message instead of spinning."""

from __future__ import annotations

import pytest
from cyc_helpers import at_offers

from kleos.core.errors import RunawayLoop
from kleos.games.cyclades.rules import flow, gods
from kleos.games.cyclades.state import OFFER


def test_advance_past_its_cap_fails_with_a_message() -> None:
    """C-CYCLE-1: from income the cycle reaches the offerings in two automatic steps; with the cap
    lowered to one it raises, with the default it arrives."""
    g, s = at_offers(3)
    t = g.tables
    s.phase = gods.INCOME
    stuck = s.copy()
    with pytest.raises(RunawayLoop, match="the cycle's automatic steps: still going after 1 steps"):
        flow.advance(t, stuck, limit=1)
    flow.advance(t, s)
    assert s.phase == OFFER
