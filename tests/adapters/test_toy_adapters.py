"""Both research adapters drive a game they know nothing about: Sealed Bids (``tests/toygame``),
with 2 to 5 seats, hidden hands dealt by chance and every seat bidding at once in secret.

PettingZoo's ``api_test`` and ``seed_test`` and OpenSpiel's ``random_sim_test`` pass with 3 and 5
seats; the OpenSpiel states are also checked by hand over seeded random games (legal actions,
chance outcomes, returns, serialization). No observation changes when only another seat's hidden
hand or secret bid changes.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from kleos.adapters import openspiel as kos  # noqa: E402
from kleos.adapters.encoding import NoEncoding, encoding_for, terminal_rewards  # noqa: E402
from kleos.adapters.observation import VectorEncoder, json_key  # noqa: E402
from kleos.adapters.pettingzoo import KleosAECEnv, agent_names, env, raw_env  # noqa: E402
from kleos.core import registry  # noqa: E402
from kleos.core.action import Action  # noqa: E402
from kleos.core.kit import GameKit, JsonDict  # noqa: E402
from kleos.core.kit.encoding import ObservationSpec  # noqa: E402
from kleos.core.protocol import CHANCE  # noqa: E402
from toygame.game import CARDS, BidsGame, BidsState, BidsView  # noqa: E402
from toygame.kit import KIT as TOY  # noqa: E402

SEATS = [3, 5]


class PlainBids(BidsGame):
    name = "plainbids"


class PlainKit(GameKit[PlainBids, BidsState, BidsView]):
    """Sealed Bids under another name, without an encoding part."""

    name = "plainbids"
    title = "Plain Bids"
    summary = "Sealed Bids without a research encoding"
    min_seats = 2
    max_seats = 5

    def make_game(self, options: Mapping[str, Any]) -> PlainBids:
        return PlainBids(int(options.get("players", 3)))

    def describe_view(self, game: PlainBids, view: BidsView, seat: int | None) -> str:
        return TOY.describe_view(game, view, seat)

    def describe_action(self, game: PlainBids, view: BidsView, action: Action) -> str:
        return TOY.describe_action(game, view, action)

    def view_json(self, game: PlainBids, view: BidsView) -> JsonDict:
        return TOY.view_json(game, view)


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


def bids_of(game: kos.KleosSpielGame) -> BidsGame:
    kleos = game.kleos
    assert isinstance(kleos, BidsGame)
    return kleos


def first_bids(game: BidsGame, seed: int) -> BidsState:
    """A seeded game dealt and with its prize turned: every seat is to bid."""
    state = game.new_state(seed)
    while game.is_chance(state):
        game.step_chance(state)
    return state


def others_redrawn(state: BidsState, seat: int) -> BidsState:
    """The same position with every card ``seat`` cannot see (the deck, the other hands, the other
    secret bids) moved one place along: the others hold and bid other cards."""
    other = state.copy()
    places: list[tuple[list[Any], int]] = [(other.deck, i) for i in range(len(other.deck))]
    for s in range(other.players):
        if s != seat:
            places += [(other.hands[s], i) for i in range(len(other.hands[s]))]
            if other.played[s] is not None:
                places.append((other.played, s))
    cards = [where[i] for where, i in places]
    for (where, i), card in zip(places, cards[1:] + cards[:1], strict=True):
        where[i] = card
    return other


# ----- PettingZoo ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", SEATS)
def test_pettingzoo_api_and_seed_tests_pass(seats: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only (Dict observation space)
        api_test(env("bids", players=seats), num_cycles=200)
        seed_test(lambda: env("bids", players=seats), num_cycles=200)


def test_agents_are_named_after_the_seats() -> None:
    assert raw_env("bids", players=5).possible_agents == [f"player_{i}" for i in range(1, 6)]
    assert agent_names(("Athens", "Sparta")) == ["athens", "sparta"]
    assert agent_names(("Red Team", "red team", "")) == ["red_team", "red_team_1", "seat_2"]
    assert raw_env("bids").metadata["name"] == "kleos_bids_v0"


@pytest.mark.parametrize("seats", SEATS)
def test_seats_bidding_at_once_act_in_turn_and_never_see_the_others_bids(seats: int) -> None:
    """Each seat acts in seat order; whatever a seat bid, the next seat's observation is the same
    (only the fact that it has bid shows)."""
    seen = []
    for pick in (0, -1):
        e = raw_env("bids", players=seats)
        e.reset(seed=6)
        assert e.agent_selection == "player_1"
        mask = e.observe("player_1")["action_mask"]
        e.step(int(np.flatnonzero(mask)[pick]))
        assert e.agent_selection == "player_2"
        seen.append(e.observe("player_2")["observation"])
        assert not e.observe("player_1")["action_mask"].any()
    assert np.array_equal(seen[0], seen[1])


@pytest.mark.parametrize("seats", SEATS)
def test_the_pettingzoo_observation_never_shows_another_seats_hand(seats: int) -> None:
    e = raw_env("bids", players=seats)
    rnd = random.Random(seats)
    for seed in range(6):
        e.reset(seed=seed)
        while not all(e.terminations.values()):
            agent = e.agent_selection
            state = e.kleos_state
            for seat, name in enumerate(e.possible_agents):
                before = e.observe(name)["observation"]
                e._kleos_state = others_redrawn(state, seat)
                assert np.array_equal(e.observe(name)["observation"], before)
                e._kleos_state = state
            mine = state.copy()
            mine.hands[0], mine.deck = mine.deck[:len(mine.hands[0])], mine.hands[0] + mine.deck[len(mine.hands[0]):]
            if mine.hands[0] != state.hands[0]:  # the check can fail: the seat's own hand does show
                e._kleos_state = mine
                assert not np.array_equal(e.observe("player_1")["observation"],
                                          e.encoder.encode(e.game.view(state, 0)))
                e._kleos_state = state
            e.step(int(rnd.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))


@pytest.mark.parametrize("seats", SEATS)
def test_pettingzoo_rewards_are_zero_sum(seats: int) -> None:
    """+1 for the winner, -1/(n-1) for each other seat, 0 for everybody after a draw."""
    results = set()
    for seed in range(30):
        e = env("bids", players=seats)
        e.reset(seed=seed)
        rnd = random.Random(seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            totals[agent] += reward
            e.step(None if terminated or truncated else int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
        u: KleosAECEnv = e.unwrapped
        outcome = u.game.outcome(u.kleos_state)
        assert outcome is not None
        assert list(totals.values()) == terminal_rewards(outcome.winner, seats)
        assert abs(sum(totals.values())) < 1e-9
        results.add(outcome.winner is None)
    # both a win and a draw were checked (five seats empty the deck in one round: one card is highest)
    assert results == ({True, False} if seats == 3 else {False})
    assert terminal_rewards(1, 3) == [-0.5, 1.0, -0.5] and terminal_rewards(0, 2) == [1.0, -1.0]


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    registry.register(PlainKit())
    try:
        with pytest.raises(NoEncoding, match="game 'plainbids' has no research encoding"):
            raw_env("plainbids")
        with pytest.raises(NoEncoding, match="plainbids"):
            kos.load("plainbids")
        with pytest.raises(NoEncoding):
            encoding_for(PlainBids(3))
    finally:
        registry.unregister("plainbids")


def test_the_vector_encoder_checks_shapes_and_bounds() -> None:
    spec = ObservationSpec(shape=(2, 3), encode=lambda view: (float(x) for x in view), high=[1, 2, 3, 4, 5, 6])
    encoder = VectorEncoder(spec, json_key(lambda view: view))
    vector = encoder.encode([1, 2, 3, 4, 5, 6])
    assert vector.shape == (2, 3) and vector.dtype == np.float32 and vector[1, 2] == 6
    assert encoder.high.shape == (2, 3) and encoder.low.sum() == 0
    assert encoder.key([1, 2]) == "[1,2]"
    with pytest.raises(ValueError, match="7 features"):
        encoder.encode(range(7))
    with pytest.raises(ValueError, match="high bound has 2 values"):
        VectorEncoder(ObservationSpec(shape=(3,), encode=list, high=[1, 2]), str)
    with pytest.raises(ValueError, match="low bound exceeds"):
        VectorEncoder(ObservationSpec(shape=(1,), encode=list, low=2.0), str)


# ----- OpenSpiel ----------------------------------------------------------------------------------
def random_step(state: Any, rnd: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rnd.choices(actions, probs)[0])
    else:
        state.apply_action(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize("seats", SEATS)
def test_openspiel_random_simulation_test_passes(seats: int) -> None:
    pyspiel.random_sim_test(kos.load("bids", players=seats), num_sims=10, serialize=True, verbose=False)


def test_openspiel_game_type_follows_the_kit() -> None:
    game = kos.load("bids", players=5)
    assert str(game) == "kleos_bids(max_game_length=2000,players=5)"
    assert pyspiel.load_game("kleos_bids(players=4)").num_players() == 4
    gt = game.get_type()
    assert (gt.min_num_players, gt.max_num_players) == (2, 5)
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 5 and game.min_utility() == -0.25 and game.max_utility() == 1.0
    assert game.num_distinct_actions() == len(CARDS) and game.max_chance_outcomes() == 5 * len(CARDS) + 3
    assert game.observation_tensor_shape() == [encoding_for(game.kleos).observation.size]


@pytest.mark.parametrize("seats", SEATS)
def test_openspiel_states_follow_the_kleos_game(seats: int) -> None:
    """Over seeded random games: legal actions are the Kleos seat's, numbered and sorted; chance
    outcomes are Kleos's with their probabilities; a serialized state reads back equal; returns are
    zero-sum; and the game ends when Kleos says so."""
    game = kos.load("bids", players=seats)
    kleos, cat = game.kleos, game.catalogue
    for seed in range(8):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            s = state.kleos_state
            actors = kleos.actors(s)
            if state.is_chance_node():
                assert actors == (CHANCE,)
                expected = sorted((cat.encode_chance(a), p) for a, p in kleos.chance_outcomes(s))
                assert state.chance_outcomes() == expected
                assert abs(sum(p for _, p in expected) - 1.0) < 1e-9
            else:
                assert state.current_player() == actors[0]
                assert state.legal_actions() == sorted(cat.encode(a) for a in kleos.legal_actions(s, actors[0]))
            again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
            assert str(again) == str(state) and again.history() == state.history()
            random_step(state, rnd)
        outcome = kleos.outcome(state.kleos_state)
        assert outcome is not None
        assert state.returns() == terminal_rewards(outcome.winner, seats)
        assert abs(sum(state.returns())) < 1e-9


@pytest.mark.parametrize("seats", SEATS)
def test_openspiel_observations_never_show_another_seats_hand_or_bid(seats: int) -> None:
    game = kos.load("bids", players=seats)
    for seed in range(4):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                for p in range(seats):
                    seen = (state.information_state_string(p), state.observation_string(p),
                            state.information_state_tensor(p), state.observation_tensor(p))
                    other = game.state_from_kleos(others_redrawn(state.kleos_state, p))
                    other._core.decisions, other._core.chances = state.decisions, state.chances
                    assert (other.information_state_string(p), other.observation_string(p),
                            other.information_state_tensor(p), other.observation_tensor(p)) == seen
                    if state.kleos_state.hands[p]:  # the check can fail: the seat's own hand does show
                        mine = game.state_from_kleos(others_redrawn(state.kleos_state, (p + 1) % seats))
                        mine._core.decisions, mine._core.chances = state.decisions, state.chances
                        assert mine.information_state_string(p) != seen[0]
                        assert mine.information_state_tensor(p) != seen[2]
            random_step(state, rnd)


def test_openspiel_resampling_keeps_the_players_information() -> None:
    game = kos.load("bids", players=3)
    state = game.state_from_kleos(first_bids(bids_of(game), 3))
    state.apply_action(state.legal_actions()[0])  # player 1 bids in secret
    assert state.current_player() == 1
    key = state.information_state_string(1)
    bids = set()
    draws = random.Random(2)
    for _ in range(20):
        other = state.resample_from_infostate(1, draws.random)
        assert other.information_state_string(1) == key
        assert other.legal_actions() == state.legal_actions()
        bids.add(other.kleos_state.played[0])
    assert len(bids) > 1  # the first bid is redrawn: seat 2 never learns it


def test_openspiel_ismcts_bot_and_agent_play_a_bidding_round() -> None:
    """The ISMCTS bot (random rollouts: Sealed Bids brings no evaluation) plays whole games, and as
    a Kleos agent it may bid for a seat after whom nobody has bid yet."""
    game = kos.load("bids", players=3)
    bots = [kos.make_ismcts_bot(game, max_simulations=10, seed=p) for p in range(3)]
    rnd = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rnd)
        else:
            action = int(bots[state.current_player()].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == 0.0
    kleos = bids_of(game)
    s = first_bids(kleos, 5)
    agent = kos.SpielBotAgent(game, kos.make_ismcts_bot(game, max_simulations=10, seed=1))
    legal = kleos.legal_actions(s, 2)
    assert agent.choose(kleos.view(s, 2), legal, random.Random(0)) in legal
    assert all(isinstance(a, Action) for a in legal)
