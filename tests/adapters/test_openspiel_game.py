"""Polis as an OpenSpiel game (kleos.adapters.openspiel, game "kleos_polis")."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from kleos.adapters import openspiel as kos  # noqa: E402
from kleos.games.polis import positions as pos  # noqa: E402
from kleos.games.polis.encoding.catalogue import catalogue_for  # noqa: E402
from kleos.games.polis.encoding.observation import encoder_for, view_key  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402
from kleos.games.polis.text import describe  # noqa: E402
from step_cap import WHOLE_GAME_STEPS, StepCap  # noqa: E402

EDITIONS = ["2012", "2020"]
ROOT = Path(__file__).resolve().parents[2]


def polis_of(game: kos.KleosSpielGame) -> PolisGame:
    kleos = game.kleos
    assert isinstance(kleos, PolisGame)
    return kleos


def random_step(state: kos.KleosSpielState, rnd: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rnd.choices(actions, probs)[0])
    else:
        state.apply_action(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_random_simulation_test_passes(edition: str) -> None:
    """pyspiel's own checks: legal actions sorted and masked, clones and serialization equal,
    chance outcomes, history, returns within the utility range, game length within the maximum."""
    pyspiel.random_sim_test(kos.load("polis", edition=edition), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("edition", EDITIONS)
def test_game_type_and_sizes(edition: str) -> None:
    game = pyspiel.load_game(f"kleos_polis(edition={edition})")
    assert isinstance(game, kos.KleosSpielGame)
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    cat = catalogue_for(polis_of(game))
    assert game.num_distinct_actions() == len(cat)
    assert game.max_chance_outcomes() == len(cat.chance)
    assert game.max_game_length() == 2000 == game.max_chance_nodes_in_history()
    assert game.num_players() == 2 and game.min_utility() == -1.0 and game.max_utility() == 1.0
    size = encoder_for(polis_of(game)).size
    assert game.information_state_tensor_shape() == [size] == game.observation_tensor_shape()
    assert kos.load("polis", edition=edition, max_game_length=50).max_game_length() == 50


@pytest.mark.parametrize("edition", EDITIONS)
def test_strings_and_tensors_come_from_the_view(edition: str) -> None:
    game = kos.load("polis", edition=edition)
    kleos = polis_of(game)
    enc = encoder_for(kleos)
    rnd = random.Random(5)
    state = game.new_initial_state()
    seen_players = 0
    cap = StepCap("not state.is_terminal()", WHOLE_GAME_STEPS)
    while not state.is_terminal() and cap():
        if not state.is_chance_node():
            seen_players += 1
            s = state.kleos_state
            for p in (0, 1):
                view = kleos.view(s, p)
                assert state.information_state_string(p) == (
                    f"decisions={state.decisions} chances={state.chances} {view_key(view)}")
                assert state.observation_string(p) == describe(kleos, view, p)
                vector = enc.encode(view)
                assert np.array_equal(np.asarray(state.information_state_tensor(p), dtype=np.float32), vector)
                assert np.array_equal(np.asarray(state.observation_tensor(p), dtype=np.float32), vector)
        else:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
        random_step(state, rnd)
    assert seen_players > 5
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_resampling_redeals_only_what_the_player_cannot_see() -> None:
    """R-GEN-17: the battle hands are secret. Resampled states keep the player's information
    state (and own hand) and redeal the opponent's hand from the unseen cards."""
    game = kos.load("polis", edition="2020")
    kleos = polis_of(game)
    s = pos.turn_position(kleos, round=1, active="sparta")
    pos.set_units(kleos, s, "Boiotia", 4, 4)
    pos.play(kleos, s, "hoplites Sparti", "pay iron", "galleys Pylos", "pay wood IonionPelagos")
    pos.play(kleos, s, "fight", "fight")
    state = game.state_from_kleos(s)
    rnd = random.Random(0)
    cap = StepCap("state.is_chance_node()")
    while state.is_chance_node() and cap():
        random_step(state, rnd)
    b = state.kleos_state.battle
    assert b is not None and b.phase == "attack" and sum(b.hands[0]) > 0 and sum(b.hands[1]) > 0
    player = state.current_player()
    key = state.information_state_string(player)
    hands = set()
    draws = random.Random(1)
    for _ in range(20):
        other = state.resample_from_infostate(player, draws.random)
        assert other.information_state_string(player) == key
        assert other.current_player() == player
        assert other.legal_actions() == state.legal_actions()
        ob = other.kleos_state.battle
        assert ob is not None and ob.hands[player] == b.hands[player]
        hands.add(tuple(ob.hands[1 - player]))
    assert len(hands) > 1


def test_truncated_games_end_as_draws() -> None:
    """A game stops as a draw after max_game_length decisions or chance outcomes."""
    for length in (4, 30):
        game = kos.load("polis", edition="2012", max_game_length=length)
        state = game.new_initial_state()
        rnd = random.Random(3)
        cap = StepCap("not state.is_terminal()", WHOLE_GAME_STEPS)
        while not state.is_terminal() and cap():
            random_step(state, rnd)
        assert max(state.decisions, state.chances) == length and state.kleos_state.outcome is None
        assert state.returns() == [0.0, 0.0]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.decisions == 30  # (the second game) decisions first


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_ismcts_bot_plays_whole_games(edition: str) -> None:
    """OpenSpiel's own ISMCTS bot (open_spiel.python.algorithms.ismcts) searches the game through
    resample_from_infostate, for both sides, to the end of two games."""
    game = kos.load("polis", edition=edition)
    for k in range(2):
        bots = [kos.make_ismcts_bot(game, max_simulations=10, seed=10 * k + p) for p in (0, 1)]
        rnd = random.Random(k)
        state = game.new_initial_state()
        cap = StepCap("not state.is_terminal()", WHOLE_GAME_STEPS)
        while not state.is_terminal() and cap():
            if state.is_chance_node():
                random_step(state, rnd)
            else:
                action = int(bots[state.current_player()].step(state))
                assert action in state.legal_actions()
                state.apply_action(action)
        assert state.kleos_state.outcome is not None
        assert sum(state.returns()) == 0.0


def test_example_plays_openspiel_ismcts_against_the_heuristic_agent() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_vs_heuristic.py"), "--games", "1", "--simulations", "5"],
        capture_output=True, text=True, timeout=300, check=True,
    )
    assert "openspiel-ismcts:5 vs heuristic" in result.stdout
    assert "in 1 games" in result.stdout
