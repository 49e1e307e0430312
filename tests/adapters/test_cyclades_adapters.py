"""Cyclades through the generic research adapters: a PettingZoo AEC environment and an OpenSpiel game
for 2 to 5 players (kleos.adapters.pettingzoo / kleos.adapters.openspiel, game "cyclades").

PettingZoo's ``api_test`` and ``seed_test`` and OpenSpiel's ``random_sim_test`` pass with 2 and 5
players; the legal mask is the Kleos seat's legal actions, numbered by the Cyclades catalogue; the
observations and information states come from the seat's view, so the other seats' gold (C-INFO-1)
never shows.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from kleos.adapters import openspiel as kos  # noqa: E402
from kleos.adapters.actions import UnknownAction  # noqa: E402
from kleos.adapters.encoding import terminal_rewards  # noqa: E402
from kleos.adapters.pettingzoo import KleosAECEnv, env, raw_env  # noqa: E402
from kleos.core.action import Action  # noqa: E402
from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.games.cyclades.encoding.catalogue import OFFER_CAP, catalogue_for  # noqa: E402
from kleos.games.cyclades.encoding.observation import encoder_for, view_key  # noqa: E402
from kleos.games.cyclades.game import CycladesGame  # noqa: E402
from kleos.games.cyclades.state import CycladesState  # noqa: E402
from step_cap import WHOLE_GAME_STEPS, StepCap  # noqa: E402

PLAYERS = [2, 3, 4, 5]
ENDS = [2, 5]


def cyclades_of(e: Any) -> CycladesGame:
    game = e.unwrapped.game
    assert isinstance(game, CycladesGame)
    return game


def gold_redrawn(s: CycladesState, seat: int, rnd: random.Random) -> CycladesState:
    """The same position with every other seat's gold (hidden from ``seat``, C-INFO-1) drawn anew."""
    other = s.copy()
    other.gold = [g if k == seat else rnd.randint(0, 40) for k, g in enumerate(s.gold)]
    return other


# ----- PettingZoo ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", ENDS)
def test_pettingzoo_api_and_seed_tests_pass(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names, Dict observation space
        api_test(env("cyclades", players=players), num_cycles=400)
        seed_test(lambda: env("cyclades", players=players), num_cycles=400)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_legal_mask_is_the_seats_legal_actions_and_the_observation_its_view(players: int) -> None:
    """Over seeded random episodes to the end: the agent to act is the Kleos seat to act, its mask marks
    exactly the catalogue numbers of its legal actions, every other agent's mask is empty, and each
    observation is the vector of that agent's view, unchanged when the others' gold is redrawn."""
    e = raw_env("cyclades", players=players)
    agents = e.possible_agents
    assert agents == [name.lower() for name in CycladesGame({"players": players}).seat_names]
    rnd = random.Random(players)
    for seed in range(2):
        e.reset(seed=seed)
        game = cyclades_of(e)
        cat, enc = catalogue_for(game), encoder_for(game)
        assert e.action_space(agents[0]).n == len(cat)  # type: ignore[attr-defined]
        assert e.observation_space(agents[0])["observation"].shape == (enc.size,)  # type: ignore[index]
        steps = 0
        while not all(e.terminations.values()):
            s: CycladesState = e.kleos_state
            seat = e.seat(e.agent_selection)
            assert game.actors(s) == (seat,)
            legal = game.legal_actions(s, seat)
            assert e.legal_actions() == legal
            for other, name in enumerate(agents):
                if other != seat and steps % 10:
                    continue  # every step for the seat to act, every tenth for the others
                obs = e.observe(name)
                assert np.array_equal(obs["observation"], enc.encode(game.view(s, other)))
                if other == seat:
                    assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(cat.encode(a) for a in legal)
                else:
                    assert not obs["action_mask"].any()
            if steps % 25 == 0:
                name = agents[(seat + 1) % players]
                before = e.observe(name)["observation"]
                e._kleos_state = gold_redrawn(s, (seat + 1) % players, rnd)
                assert np.array_equal(e.observe(name)["observation"], before)
                e._kleos_state = s
            e.step(cat.encode(legal[rnd.randrange(len(legal))]))
            steps += 1
        assert steps > 100 and game.outcome(e.kleos_state) is not None


@pytest.mark.parametrize("players", ENDS)
def test_pettingzoo_rewards_are_zero_sum(players: int) -> None:
    """+1 for the winner, -1/(n-1) for each other seat (0 for everybody without a winner)."""
    e = env("cyclades", players=players)
    e.reset(seed=3)
    rnd = random.Random(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    cap = StepCap("agent in e.agent_iter()", WHOLE_GAME_STEPS)
    for agent in e.agent_iter():
        cap()
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
    u: KleosAECEnv = e.unwrapped
    outcome = u.game.outcome(u.kleos_state)
    assert outcome is not None
    assert list(totals.values()) == terminal_rewards(outcome.winner, players)


# ----- OpenSpiel ----------------------------------------------------------------------------------
def random_step(state: Any, rnd: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rnd.choices(actions, probs)[0])
    else:
        state.apply_action(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize("players", ENDS)
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    """pyspiel's own checks over a whole game: legal actions sorted, clones and serialization equal,
    chance outcomes summing to 1, returns within the utility range, length within the maximum."""
    pyspiel.random_sim_test(kos.load("cyclades", players=players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", ENDS)
def test_openspiel_game_type_and_sizes_follow_the_catalogue(players: int) -> None:
    game = pyspiel.load_game(f"kleos_cyclades(players={players})")
    assert isinstance(game, kos.KleosSpielGame)
    cat = catalogue_for(game.kleos)  # type: ignore[arg-type]
    assert game.num_players() == players
    assert game.num_distinct_actions() == len(cat) and game.max_chance_outcomes() == len(cat.chance)
    assert game.min_utility() == -1.0 / (players - 1) and game.max_utility() == 1.0
    size = encoder_for(game.kleos).size  # type: ignore[arg-type]
    assert game.information_state_tensor_shape() == [size] == game.observation_tensor_shape()
    gt = game.get_type()
    assert (gt.min_num_players, gt.max_num_players) == (2, 5)
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert "die_faces" not in str(game)  # its texts ("0-1-1-2-2-3") do not read back from a game string
    assert kos.load("cyclades", players=3, end_tie_order="metropolises_first").kleos.options["end_tie_order"] \
        == "metropolises_first"


@pytest.mark.parametrize("players", ENDS)
def test_openspiel_states_follow_the_kleos_game_and_show_only_the_view(players: int) -> None:
    """Legal actions are the seat's, numbered and sorted; chance outcomes are Kleos's; the information
    state string and tensor are the view's and do not change when the others' gold is redrawn."""
    game = kos.load("cyclades", players=players)
    kleos, cat = game.kleos, game.catalogue
    assert isinstance(kleos, CycladesGame)
    enc = encoder_for(kleos)
    rnd = random.Random(players)
    state = game.new_initial_state()
    checked = 0
    cap = StepCap("not state.is_terminal()", WHOLE_GAME_STEPS)
    while not state.is_terminal() and cap():
        s = state.kleos_state
        if state.is_chance_node():
            assert kleos.actors(s) == (CHANCE,)
            assert state.chance_outcomes() == sorted((cat.encode_chance(a), p) for a, p in kleos.chance_outcomes(s))
        else:
            player = state.current_player()
            assert state.legal_actions() == sorted(cat.encode(a) for a in kleos.legal_actions(s, player))
            if state.decisions % 20 == 0:
                checked += 1
                for p in range(players):
                    view = kleos.view(s, p)
                    key = state.information_state_string(p)
                    assert key == f"decisions={state.decisions} chances={state.chances} {view_key(view)}"
                    tensor = state.information_state_tensor(p)
                    assert np.array_equal(np.asarray(tensor, dtype=np.float32), enc.encode(view))
                    other = game.state_from_kleos(gold_redrawn(s, p, rnd))
                    other._core.decisions, other._core.chances = state.decisions, state.chances
                    assert other.information_state_string(p) == key and other.information_state_tensor(p) == tensor
        random_step(state, rnd)
    assert checked > 5 and kleos.outcome(state.kleos_state) is not None
    assert abs(sum(state.returns())) < 1e-9


def test_openspiel_resampling_redraws_only_the_others_gold() -> None:
    """C-INFO-1: a resampled state keeps the player's information state; the others' gold changes."""
    game = kos.load("cyclades", players=3)
    state = game.new_initial_state()
    rnd = random.Random(1)
    cap = StepCap("state.is_chance_node() or state.kleos_state.phase != 'offer'")
    while (state.is_chance_node() or state.kleos_state.phase != "offer") and cap():
        random_step(state, rnd)
    player = state.current_player()
    key = state.information_state_string(player)
    golds = set()
    draws = random.Random(2)
    for _ in range(10):
        other = state.resample_from_infostate(player, draws.random)
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        golds.add(tuple(g for k, g in enumerate(other.kleos_state.gold) if k != player))
    assert len(golds) > 1


def test_an_offer_above_the_cap_stops_both_adapters_loudly() -> None:
    """C-OFFER-11 with unlimited gold: a seat richer than OFFER_CAP may offer more than the catalogue
    lists. Neither adapter hands out a wrong number: both raise UnknownAction naming the offer."""
    e = raw_env("cyclades", players=3)
    e.reset(seed=1)
    s: CycladesState = e.kleos_state
    assert s.phase == "offer"
    s.gold = [OFFER_CAP + 5] * 3
    with pytest.raises(UnknownAction, match=f"offer [a-z]+ {OFFER_CAP + 1}' is not in the cyclades-3p"):
        e.step(catalogue_for(cyclades_of(e)).encode(Action("apollo")))
    game = kos.load("cyclades", players=3)
    state = game.state_from_kleos(s)
    with pytest.raises(UnknownAction, match=f"{OFFER_CAP + 1}"):
        state.legal_actions()
