"""The order of play (``rules/flow.py``): the hand-overs between phases end, or stop with a message."""

from __future__ import annotations

import pytest

from compiled_build import SPIES_ON_RULES
from kleos.core.errors import RunawayLoop
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import flow, round_start
from kleos.games.polis.rules.common import Handover
from kleos.games.polis.state import CH_PROJECT, ROUND_START


@SPIES_ON_RULES
def test_a_round_that_never_reaches_a_decision_fails_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-ROUND-4: a round's phases follow one another up to its first decision or draw. Were a phase to end at
    once for ever (a broken rule: here every round start ends the round again), the chain of
    hand-overs stops with :class:`RunawayLoop` after ``flow.HAND_OVERS`` phases instead of spinning."""
    game = PolisGame("2020")
    s = game.new_state(1)
    begun: list[int] = []

    def round_over_at_once(t: object, state: object) -> Handover:
        begun.append(1)
        return Handover.ROUND_OVER

    monkeypatch.setattr(round_start, "begin", round_over_at_once)
    with pytest.raises(RunawayLoop, match="hand-overs between two decisions"):
        flow.hand_over(game.tables, s, Handover.ROUND_OVER)
    assert len(begun) == flow.HAND_OVERS


def test_a_round_start_hands_over_to_its_first_draw() -> None:
    """R-ROUND-4, R-ROUND-5 [2012]: a round that begins goes on by itself to its first draw, the
    round's project tiles, well within the cap."""
    game = PolisGame("2012")
    s = game.new_state(3)
    s.projects_face_up = []
    flow.hand_over(game.tables, s, Handover.ROUND_OVER)
    assert (s.phase, s.chance) == (ROUND_START, CH_PROJECT)
