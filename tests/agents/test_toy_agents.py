"""The generic agents play a game they know nothing about: the test game of ``tests/toygame`` (2 to
5 seats, hidden hands dealt by chance, every seat choosing at once in secret).

Random and ISMCTS (which has no evaluation from this kit and so plays leaves out to the end) must
finish seeded games with only legal choices, give the same game for the same seed, and choose the
same whatever the other seats hold, as long as their own view is the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kleos.agents import Agent, agent_rng, make_agent, seat_chooser
from kleos.agents.ismcts import ISMCTSAgent, outcome_share, outcome_value, random_step
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.errors import RunawayLoop
from kleos.core.protocol import CHANCE, Outcome
from kleos.core.record import GameRecord, play_out
from kleos.core.rng import Rng
from step_cap import StepCap
from toygame.game import ROUNDS, BidsGame, BidsState
from toygame.kit import KIT as TOY

SPECS = ("random", "ismcts:easy", "ismcts:200")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


def play(players: int, specs: tuple[str, ...], seed: int) -> tuple[BidsState, GameRecord]:
    """A seeded game, the seats taking ``specs`` in turn; every choice is checked to be legal."""
    game = BidsGame(players)
    agents = {seat: make_agent(specs[seat % len(specs)], game) for seat in range(players)}
    choose = seat_chooser(game, agents, {seat: agent_rng(seed, seat) for seat in range(players)})

    def checked(state: BidsState, seat: int, legal: list[Action]) -> Action:
        assert seat in game.actors(state)
        action = choose(state, seat, legal)
        assert action in game.legal_actions(state, seat)
        return action

    record = GameRecord(game.name, game.options, seed)
    state = game.new_state(seed)
    play_out(game, state, checked, record)
    return state, record


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("spec", SPECS)
def test_whole_seeded_games_end_with_legal_choices(players: int, spec: str) -> None:
    for seed in range(2):
        state, record = play(players, (spec, "random"), seed)
        assert state.over
        assert any(seat != CHANCE for seat, _ in record.actions)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_same_seed_gives_the_same_game(players: int) -> None:
    specs = ("ismcts:easy", "random", "ismcts:200")
    first = play(players, specs, 7)[1].actions
    assert play(players, specs, 7)[1].actions == first
    assert play(players, specs, 8)[1].actions != first


def at_the_bids(players: int, seed: int, played: int) -> BidsState:
    """A position where every seat holds its cards and the first ``played`` seats have chosen."""
    game = BidsGame(players)
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    for seat in range(played):
        game.apply_in_place(state, game.legal_actions(state, seat)[-1], seat)
    return state


def hands_redrawn(state: BidsState, seat: int, seed: int) -> BidsState:
    """The same position as ``seat`` sees it: the others' hands and the cards they have chosen drawn
    again from every card ``seat`` has not seen, and another generator (so other future deals)."""
    twin = state.copy()
    twin.rng = Rng.from_seed(seed)
    others = [s for s in range(state.players) if s != seat]
    unseen = list(state.deck) + [c for s in others for c in state.hands[s]]
    unseen += [c for s in others if (c := state.played[s]) is not None]
    rng = random.Random(seed)
    rng.shuffle(unseen)
    for s in others:
        twin.hands[s] = sorted(unseen.pop() for _ in state.hands[s])
        if state.played[s] is not None:
            twin.played[s] = unseen.pop()
    twin.deck = sorted(unseen)
    return twin


@pytest.mark.parametrize(("players", "seat", "played"), [(2, 1, 1), (3, 2, 1), (5, 3, 2), (5, 0, 0)])
def test_the_choice_ignores_what_the_others_hold(players: int, seat: int, played: int) -> None:
    """R-GEN-17: with the other seats' hands, their secret choices and the future deals redrawn
    consistently with the agent's view, ISMCTS chooses the same."""
    game = BidsGame(players)
    state = at_the_bids(players, 3, played)
    assert seat in game.actors(state) and len(game.actors(state)) == players - played
    legal = game.legal_actions(state, seat)
    assert len(legal) > 1
    for k in range(2):
        twin = hands_redrawn(state, seat, 50 + k)
        assert [twin.hands[s] for s in range(players) if s != seat] != \
               [state.hands[s] for s in range(players) if s != seat]
        assert game.view(twin, seat) == game.view(state, seat)
        for spec in ("ismcts:easy", "ismcts:200"):
            mine = make_agent(spec, game).choose(game.view(state, seat), legal, random.Random(k))
            theirs = make_agent(spec, game).choose(game.view(twin, seat), legal, random.Random(k))
            assert mine == theirs and mine in legal


def test_the_root_is_the_agents_decision_when_several_seats_act() -> None:
    """Seat 2 chooses while seats 0 and 1 have still to: the tree's first level holds seat 2's own
    cards, the levels below the others' choices, every statistic from the chooser's point of view."""
    game = BidsGame(3)
    state = at_the_bids(3, 5, 0)
    assert game.actors(state) == (0, 1, 2)
    searcher = make_agent("ismcts:300", game)
    assert isinstance(searcher, ISMCTSAgent)
    legal = game.legal_actions(state, 2)
    searcher.choose(game.view(state, 2), legal, random.Random(1))
    root = searcher.last_root
    assert root is not None and set(root.children) == set(legal)
    assert {child.seat for child in root.children.values()} == {2}
    below = {grand.seat for child in root.children.values() for grand in child.children.values()}
    assert below == {0}
    assert searcher.last_stats.iterations > 1 and searcher.last_stats.model_calls >= 300


def test_results_are_shared_among_any_number_of_seats() -> None:
    """1 to the winner, 0.5 to each seat tied for the best score when nobody wins alone, else 0."""
    assert [outcome_share(Outcome("points", 1, (1, 3, 0)), s) for s in range(3)] == [0.0, 1.0, 0.0]
    assert [outcome_share(Outcome("points", None, (2, 2, 1, 0)), s) for s in range(4)] == [0.5, 0.5, 0.0, 0.0]
    assert outcome_share(Outcome("agreed", None, ()), 0) == 0.5
    game = BidsGame(3)
    value = outcome_value(game)
    state = game.new_state(1)
    assert value(state, 0) == 0.5  # not over: no result yet
    play_out(game, state, seat_chooser(game, {s: make_agent("random", game) for s in range(3)},
                                       {s: agent_rng(1, s) for s in range(3)}))
    outcome = game.outcome(state)
    assert outcome is not None
    assert [value(state, s) for s in range(3)] == [outcome_share(outcome, s) for s in range(3)]


def last_round_for_the_game(players: int, me: int) -> BidsState:
    """The last round, a 3-point prize: ``me`` holds 1 and 12 with no points, every other seat has 2
    points and two middle cards. Bidding 12 takes the prize and the game; bidding 1 loses it."""
    game = BidsGame(players)
    state = game.new_state(0)
    middle = list(range(2, 12))
    for seat in range(players):
        state.hands[seat] = [1, 12] if seat == me else sorted(middle.pop() for _ in range(2))
    state.deck = sorted(middle)
    state.scores = [0 if seat == me else 2 for seat in range(players)]
    state.round, state.prize = ROUNDS - 1, 3
    assert game.actors(state) == tuple(range(players))
    return state


@pytest.mark.parametrize(("players", "me"), [(2, 0), (3, 2), (5, 1)])
def test_search_bids_the_card_that_wins_the_game(players: int, me: int) -> None:
    """Playouts to the end see that only the 12 wins: ISMCTS bids it whatever its generator (the
    random agent, for comparison, bids the 1 for some of the same generators)."""
    game = BidsGame(players)
    state = last_round_for_the_game(players, me)
    view, legal = game.view(state, me), game.legal_actions(state, me)
    winning = Action("play", (12,))
    seeds = range(6)
    assert all(make_agent("ismcts:easy", game).choose(view, legal, random.Random(k)) == winning for k in seeds)
    assert any(make_agent("random", game).choose(view, legal, random.Random(k)) != winning for k in seeds)


def test_agents_fit_the_protocol() -> None:
    game = BidsGame(2)
    agents: list[Agent] = [make_agent(spec, game) for spec in SPECS]
    assert [a.name for a in agents] == list(SPECS)
    assert all(isinstance(a, Agent) for a in agents)


def test_a_rollout_that_never_reaches_its_horizon_fails_with_a_message() -> None:
    """Paired search plays each candidate on until ``horizon`` says stop: a horizon that never comes
    (here: the game's end is further than the cap of 2 steps) raises instead of spinning."""
    game = BidsGame(2)
    state = at_the_bids(2, seed=3, played=0)
    legal = game.legal_actions(state, 0)
    agent = ISMCTSAgent(game, model_calls=10, candidates=lambda view, legal, rng: legal[:2],
                        horizon=lambda start, now: False, rollout=random_step, knowledge=False)
    agent.horizon_cap = 2
    with pytest.raises(RunawayLoop, match="a rollout to the search horizon: still going after 2 steps"):
        agent.choose(game.view(state, 0), legal, random.Random(1))
    agent.horizon_cap = 10_000
    assert agent.choose(game.view(state, 0), legal, random.Random(1)) in legal[:2]


def test_a_descent_that_never_reaches_a_leaf_fails_with_a_message() -> None:
    """Each iteration descends the tree through chance and forced steps until it expands an action: a
    descent longer than its cap (here 1 step: the root's choice, then the next seat's) raises instead
    of spinning when a broken rule keeps the game from moving on."""
    game = BidsGame(2)
    state = at_the_bids(2, seed=3, played=0)
    legal = game.legal_actions(state, 0)
    agent = ISMCTSAgent(game, model_calls=400, knowledge=False)
    agent.descent_cap = 1
    with pytest.raises(RunawayLoop, match="a descent of the search tree: still going after 1 steps"):
        agent.choose(game.view(state, 0), legal, random.Random(1))
    agent.descent_cap = 10_000
    assert agent.choose(game.view(state, 0), legal, random.Random(1)) in legal
