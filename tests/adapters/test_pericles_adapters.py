"""Pericles through the generic research adapters, with 4 agents (the four factions): a PettingZoo AEC
environment and an OpenSpiel game (kleos.adapters.pettingzoo / kleos.adapters.openspiel, game
"pericles", the kit registered as the tests do until it is an entry point).

PettingZoo's ``api_test`` and OpenSpiel's ``random_sim_test`` pass on the short scenario 14_1_09a;
the legal mask is the faction's legal actions numbered by the Pericles catalogue, and the observation
is the vector of the faction's own view (P-INFO)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test  # noqa: E402

from kleos.adapters import openspiel as kos  # noqa: E402
from kleos.adapters.pettingzoo import env, raw_env  # noqa: E402
from kleos.core import registry  # noqa: E402
from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.games.pericles.encoding.catalogue import catalogue_for  # noqa: E402
from kleos.games.pericles.encoding.observation import encoder_for  # noqa: E402
from kleos.games.pericles.game import PericlesGame  # noqa: E402
from kleos.games.pericles.kit import KIT  # noqa: E402
from step_cap import WHOLE_GAME_STEPS, StepCap  # noqa: E402

SHORT = "14_1_09a"


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    registry.register(KIT)
    try:
        yield
    finally:
        registry.unregister(KIT.name)


def test_pettingzoo_api_test_passes_with_four_agents() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observation space
        e = env("pericles", scenario=SHORT)
        assert len(e.possible_agents) == 4
        api_test(e, num_cycles=300)


def test_pettingzoo_mask_is_the_factions_legal_actions_and_the_observation_its_view() -> None:
    e = raw_env("pericles", scenario=SHORT)
    agents = e.possible_agents
    assert len(agents) == 4
    rnd = random.Random(1)
    e.reset(seed=1)
    game = e.game
    assert isinstance(game, PericlesGame)
    cat, enc = catalogue_for(game), encoder_for(game)
    assert e.action_space(agents[0]).n == len(cat)  # type: ignore[attr-defined]
    steps = 0
    while not all(e.terminations.values()) and not all(e.truncations.values()):
        s = e.kleos_state
        seat = e.seat(e.agent_selection)
        assert seat in game.actors(s)
        legal = game.legal_actions(s, seat)
        obs = e.observe(agents[seat])
        assert np.array_equal(obs["observation"], enc.encode(game.view(s, seat)))
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(cat.encode(a) for a in legal)
        e.step(cat.encode(legal[rnd.randrange(len(legal))]))
        steps += 1
    assert steps > 30 and game.outcome(e.kleos_state) is not None


def test_openspiel_random_simulation_test_passes_with_four_players() -> None:
    """pyspiel's own checks over whole games: legal actions sorted, clones and serialization equal,
    chance outcomes summing to 1, returns within the utility range."""
    game = kos.load("pericles", scenario=SHORT)
    assert game.num_players() == 4
    cat = catalogue_for(game.kleos)  # type: ignore[arg-type]
    assert game.num_distinct_actions() == len(cat) and game.max_chance_outcomes() == len(cat.chance)
    assert game.information_state_tensor_shape() == [encoder_for(game.kleos).size]  # type: ignore[arg-type]
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_states_follow_the_kleos_game() -> None:
    game = kos.load("pericles", scenario=SHORT)
    kleos, cat = game.kleos, game.catalogue
    rnd = random.Random(4)
    state = game.new_initial_state()
    cap = StepCap("not state.is_terminal()", WHOLE_GAME_STEPS)
    while not state.is_terminal() and cap():
        s = state.kleos_state
        if state.is_chance_node():
            assert kleos.actors(s) == (CHANCE,)
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rnd.choices(actions, probs)[0])
            continue
        player = state.current_player()
        assert state.legal_actions() == sorted(cat.encode(a) for a in kleos.legal_actions(s, player))
        state.apply_action(rnd.choice(state.legal_actions()))
    assert kleos.outcome(state.kleos_state) is not None and len(state.returns()) == 4
