"""The Polis kit hands its catalogue and observation to the research adapters through its encoding
part (kleos.games.polis.encoding.parts), unchanged: the adapters number and observe Polis exactly as
the Polis modules do."""

from __future__ import annotations

import numpy as np
import pytest

from kleos.adapters.encoding import encoding_for
from kleos.core import registry
from kleos.core.protocol import CHANCE
from kleos.games.polis.encoding.catalogue import catalogue_for
from kleos.games.polis.encoding.observation import encoder_for, view_key
from kleos.games.polis.game import PolisGame
from step_cap import StepCap


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_the_adapters_use_the_polis_catalogue_and_vector(edition: str) -> None:
    game = registry.kit("polis").make_game({"edition": edition})
    assert isinstance(game, PolisGame)
    encoding = encoding_for(game)
    assert encoding_for(game) is encoding
    assert encoding.catalogue is catalogue_for(game) and encoding.catalogue.name == edition
    encoder = encoder_for(game)
    assert encoding.observation.shape == (encoder.size,)
    assert np.array_equal(encoding.observation.high, encoder.high) and not encoding.observation.low.any()
    s = game.new_state(4)
    cap = StepCap("game.actors(s) == (CHANCE,)")
    while game.actors(s) == (CHANCE,) and cap():
        game.step_chance(s)
    for seat in (0, 1, None):
        view = game.view(s, seat)
        assert np.array_equal(encoding.observation.encode(view), encoder.encode(view))
        assert encoding.observation.key(view) == view_key(view)
