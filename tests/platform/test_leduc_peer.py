"""The Leduc poker test game plays exactly like OpenSpiel's ``leduc_poker`` (so that timing the two
searches on it compares like with like): same legal actions, chance outcomes and returns along
hundreds of random deals and betting lines."""

from __future__ import annotations

import random

import pytest

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from leduc.game import VERBS, LeducGame
from step_cap import WHOLE_GAME_STEPS, StepCap

pyspiel = pytest.importorskip("pyspiel")


@pytest.mark.parametrize("seed", range(300))
def test_same_game_as_openspiel(seed: int) -> None:
    rnd = random.Random(seed)
    ours = LeducGame()
    state = ours.new_state(seed)
    theirs = pyspiel.load_game("leduc_poker").new_initial_state()
    cap = StepCap("not theirs.is_terminal()", WHOLE_GAME_STEPS)
    while not theirs.is_terminal() and cap():
        assert not ours.is_terminal(state)
        if theirs.is_chance_node():
            assert ours.actors(state) == (CHANCE,)
            outcomes = [a for a, _ in theirs.chance_outcomes()]
            assert sorted(int(a.args[0]) for a, _ in ours.chance_outcomes(state)) == outcomes
            card = rnd.choice(outcomes)
            theirs.apply_action(card)
            ours.apply_in_place(state, Action("deal", (card,)))
            continue
        seat = theirs.current_player()
        assert ours.actors(state) == (seat,)
        legal = theirs.legal_actions()
        assert [VERBS.index(a.verb) for a in ours.legal_actions(state, seat)] == legal
        move = rnd.choice(legal)
        theirs.apply_action(move)
        ours.apply_in_place(state, Action(VERBS[move]), seat)
    assert ours.is_terminal(state)
    assert list(ours.returns(state)) == [int(r) for r in theirs.returns()]
