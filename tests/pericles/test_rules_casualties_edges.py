"""Battle casualties at their edges (rules/casualties.py): the cap on the automatic steps between two
choices, and the cases the other battle tests leave out."""

from __future__ import annotations

import pytest
from per_helpers import EK, play
from test_rules_battle_edges import expedition

from kleos.core.action import Action
from kleos.core.errors import RunawayLoop
from kleos.games.pericles.rules import casualties
from kleos.games.pericles.state import M_STAGE


def test_the_automatic_casualty_steps_past_their_cap_fail_with_a_message() -> None:
    """P-BATTLE-14: once the loser's row is chosen, units of a single kind are eliminated without a
    choice, one step each, then the bases' stage and the winner's row follow. Sparta loses in Boeotia
    with three Peloponnesian units (row L1 takes two): with the cap lowered to one step it raises;
    with the default it reaches the winner's row, Athens' choice."""
    g, s = expedition("Boeotia", EK, (0, 0, 1, 0), Al=4, Dl=2, Pl=3)
    play(g, s, "done")
    t = g.tables
    casualties.row_apply(t, s, Action.parse("row L1"))
    assert s.mil[M_STAGE] == casualties.LOSER_PICK
    stuck = s.copy()
    with pytest.raises(RunawayLoop, match="the casualties' automatic steps: still going after 1 steps"):
        casualties.next_decision(t, stuck, limit=1)
    assert casualties.next_decision(t, s) == ("row", casualties.chooser(s, casualties.WINNER_ROW))
    assert s.mil[M_STAGE] == casualties.WINNER_ROW
