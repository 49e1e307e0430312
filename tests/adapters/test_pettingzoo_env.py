"""Polis as a PettingZoo AEC environment (kleos.adapters.pettingzoo, game "polis")."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from kleos.adapters import pettingzoo as adapter
from kleos.adapters.actions import UnknownAction
from kleos.adapters.pettingzoo import KleosAECEnv, env, raw_env
from kleos.core.action import Action
from kleos.core.errors import IllegalAction, RunawayLoop
from kleos.core.protocol import CHANCE
from kleos.games.polis.encoding.catalogue import catalogue_for
from kleos.games.polis.encoding.observation import encoder_for
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import describe
from step_cap import WHOLE_GAME_STEPS, StepCap

EDITIONS = ["2012", "2020"]


def polis_of(e: Any) -> PolisGame:
    game = e.unwrapped.game
    assert isinstance(game, PolisGame)
    return game


def state_of(e: Any) -> PolisState:
    state: PolisState = e.unwrapped.kleos_state
    return state


def play_random(e: Any, seed: int, rnd: random.Random) -> list[tuple[int, Action]]:
    """A whole episode with random unmasked actions; returns the (seat, action) decisions."""
    e.reset(seed=seed)
    u: KleosAECEnv = e.unwrapped
    taken: list[tuple[int, Action]] = []
    cap = StepCap("agent in e.agent_iter()", WHOLE_GAME_STEPS)
    for agent in e.agent_iter():
        cap()
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        number = int(rnd.choice(np.flatnonzero(obs["action_mask"])))
        taken.append((u.possible_agents.index(agent), u.catalogue.decode(number)))
        e.step(number)
    return taken


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_api_and_seed_tests_pass(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observation space
        api_test(env("polis", edition=edition), num_cycles=400)
        seed_test(lambda: env("polis", edition=edition), num_cycles=400)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_seeded_episode_is_the_kleos_game_of_that_seed(edition: str) -> None:
    """reset(seed=s) starts new_state(s); chance comes from the state's generator, so replaying the
    decisions on a Kleos state with step_chance ends in the same position."""
    e = env("polis", edition=edition)
    game = PolisGame(edition)
    for seed in range(5):
        taken = play_random(e, seed, random.Random(seed))
        s = game.new_state(seed)
        decisions = iter(taken)
        cap = StepCap("game.actors(s)", WHOLE_GAME_STEPS)
        while game.actors(s) and cap():
            if game.is_chance(s):
                game.step_chance(s)
            else:
                seat, action = next(decisions)
                assert game.actors(s) == (seat,)
                game.apply_in_place(s, action, seat)
        assert next(decisions, None) is None
        assert s == e.unwrapped.kleos_state
        again = play_random(e, seed, random.Random(seed))
        assert again == taken


@pytest.mark.parametrize("edition", EDITIONS)
def test_observations_are_view_vectors_and_legal_masks(edition: str) -> None:
    e = raw_env("polis", edition=edition)
    e.reset(seed=3)
    game = polis_of(e)
    cat, enc = catalogue_for(game), encoder_for(game)
    obs_space: Any = e.observation_space("athens")
    act_space: Any = e.action_space("sparta")
    assert obs_space["observation"].shape == (enc.size,)
    assert act_space.n == len(cat)
    for _ in range(30):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        seat = e.possible_agents.index(agent)
        obs = e.observe(agent)
        assert np.array_equal(obs["observation"], enc.encode(game.view(state_of(e), seat)))
        legal = game.legal_actions(state_of(e), seat)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(cat.encode(a) for a in legal)
        assert e.legal_actions() == legal
        other = e.possible_agents[1 - seat]
        assert not e.observe(other)["action_mask"].any()
        e.step(cat.encode(legal[0]))


def test_illegal_and_unknown_actions_are_refused_without_changing_the_game() -> None:
    e = raw_env("polis", edition="2020")
    e.reset(seed=1)
    before = e.kleos_state.copy()
    mask = e.observe(e.agent_selection)["action_mask"]
    masked_out = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(masked_out)
    with pytest.raises(UnknownAction):
        e.step(len(e.catalogue))
    assert e.kleos_state == before


def test_the_winner_gets_plus_one_and_the_loser_minus_one() -> None:
    e = env("polis", edition="2020")
    rewards = {a: 0.0 for a in e.possible_agents}
    e.reset(seed=11)
    rnd = random.Random(11)
    finals: dict[str, Any] = {}
    cap = StepCap("agent in e.agent_iter()", WHOLE_GAME_STEPS)
    for agent in e.agent_iter():
        cap()
        obs, reward, terminated, truncated, info = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            finals[agent] = info
            e.step(None)
            continue
        e.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
    outcome = e.unwrapped.game.outcome(e.unwrapped.kleos_state)
    assert outcome is not None and set(finals) == {"athens", "sparta"}
    if outcome.winner is None:
        assert rewards == {"athens": 0.0, "sparta": 0.0}
    else:
        winner = e.possible_agents[outcome.winner]
        assert rewards[winner] == 1.0 and sum(rewards.values()) == 0.0
        assert finals[winner]["winner"] == winner


def test_long_games_are_truncated_with_no_reward() -> None:
    e = env("polis", edition="2012", max_decisions=5)
    e.reset(seed=2)
    decisions = 0
    cap = StepCap("_agent in e.agent_iter()", WHOLE_GAME_STEPS)
    for _agent in e.agent_iter():
        cap()
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            assert info["truncated_after"] == 5
            e.step(None)
            continue
        decisions += 1
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert decisions == 5


def test_chance_that_never_hands_over_fails_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment resolves chance events until a seat decides: past its cap (lowered here to 2, below
    the set-up's chance steps) it raises instead of spinning when a broken rule never hands over."""
    monkeypatch.setattr(adapter, "CHANCE_STEPS", 2)
    e = raw_env("polis")
    with pytest.raises(RunawayLoop, match="the chance steps between two decisions: still going after 2 steps"):
        e.reset(seed=1)
    monkeypatch.setattr(adapter, "CHANCE_STEPS", 1_000)
    e.reset(seed=1)
    assert e.agent_selection in e.possible_agents


def test_the_text_view_comes_by_render_and_by_info(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("polis", render_mode="ansi", text_in_info=True, edition="2020")
    e.reset(seed=4)
    seat = e.possible_agents.index(e.agent_selection)
    text = describe(polis_of(e), e.game.view(state_of(e), seat), seat)
    assert e.render() == text
    assert e.infos[e.agent_selection]["text"] == text
    assert e.text("athens") == describe(polis_of(e), e.game.view(state_of(e), 0), 0)
    human = raw_env("polis", render_mode="human", edition="2020")
    human.reset(seed=4)
    assert human.render() is None
    assert "You are" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("polis", render_mode="rgb_array", edition="2020")


def test_reset_without_seed_draws_from_the_last_seed() -> None:
    a, b = raw_env("polis", edition="2020"), raw_env("polis", edition="2020")
    a.reset(seed=9)
    b.reset(seed=9)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed and a.kleos_state == b.kleos_state
    assert a.game_seed != 9
    assert CHANCE not in a.game.actors(a.kleos_state)


def test_the_wrapped_environment_still_enforces_the_call_order() -> None:
    e = env("polis", edition="2020")
    with pytest.raises(AssertionError, match="reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=0)
    obs, *_ = e.last()
    assert np.array_equal(obs["observation"], e.unwrapped.observe(e.agent_selection)["observation"])


def test_example_plays_seeded_random_episodes() -> None:
    script = Path(__file__).resolve().parents[2] / "examples" / "pettingzoo_random.py"
    result = subprocess.run([sys.executable, str(script), "--option", "edition=2012", "--episodes", "1"],
                            capture_output=True, text=True, timeout=300, check=True)
    assert result.stdout.startswith("episode 1 (seed 1000): ")
    assert "athens" in result.stdout and "sparta" in result.stdout
