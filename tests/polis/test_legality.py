"""One source of legality: the fast list of choices equals the candidates that the checks accept."""

from __future__ import annotations

import random

import pytest

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import actions
from kleos.games.polis.state import TURN


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_choices_equal_checked_candidates(edition: str) -> None:
    """R-ACT-GEN-5, R-TURN-3, R-TURN-7: every offered action passes check_choice, and every
    candidate that passes it is offered, at every turn choice of 15 random games."""
    game = PolisGame(edition)
    t = game.tables
    compared = 0
    for seed in range(15):
        s = game.new_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(s):
            if game.is_chance(s):
                game.step_chance(s)
                continue
            seat = game.actors(s)[0]
            legal = game.legal_actions(s, seat)
            if s.phase == TURN and s.pending is None:
                candidates = [a for kind in actions.KINDS.values() for a in kind.candidates(t, s, seat)]
                checked = [a for a in [*candidates, Action("pass")]
                           if actions.check_choice(t, s, seat, a) is None]
                assert sorted(map(str, legal)) == sorted(map(str, checked))
                compared += 1
            game.apply_in_place(s, legal[rng.randrange(len(legal))], seat, validate=False)
    assert compared > 100
