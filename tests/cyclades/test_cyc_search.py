"""ISMCTS with Cyclades knowledge (agents/search.py): the paired search compares the heuristic
player's candidates on shared futures played to the end of the cycle, and sees only its seat's view."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from cyc_kit import registered  # noqa: F401  (installs the Cyclades kit for every test here)

from kleos.agents import make_agent
from kleos.agents.ismcts import ISMCTSAgent
from kleos.core.action import Action
from kleos.core.rng import Rng
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.agents.search import (
    OFFER_WIDTH,
    TURN_WIDTH,
    cycle_over,
    offer_candidates,
    searched,
    turn_candidates,
)
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.actions import pending_prompt
from kleos.games.cyclades.state import ACTION, OFFER, CycladesState
from step_cap import StepCap

BUDGET = 400  # ismcts:normal


def agent(game: CycladesGame, budget: int = BUDGET) -> ISMCTSAgent:
    made = make_agent(f"ismcts:{budget}", game)
    assert isinstance(made, ISMCTSAgent)
    return made


def drive(players: int, seed: int, stop: Callable[[CycladesState, list[Action]], bool],
          limit: int = 3000) -> tuple[CycladesGame, CycladesState]:
    """A seeded game of heuristic players, stopped at the first decision where ``stop`` holds."""
    game = CycladesGame({"players": players})
    s = game.new_state(seed)
    players_ = [HeuristicAgent(game) for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(limit):
        assert not game.is_terminal(s)
        if game.is_chance(s):
            game.step_chance(s)
            continue
        seat = game.actors(s)[0]
        legal = game.legal_actions(s, seat)
        if len(legal) > 1 and stop(s, legal):
            return game, s
        game.apply_in_place(s, players_[seat].choose(game.view(s, seat), legal, rng), seat)
    raise AssertionError("no such decision in the game")


def offer_position(players: int, seed: int = 3) -> tuple[CycladesGame, CycladesState]:
    """An offering of cycle 2 with at least two gods to choose from."""
    return drive(players, seed, lambda s, legal: s.phase == OFFER and s.cycle == 2
                 and len({a.args[0] for a in legal if a.verb == "offer"}) >= 2)


def turn_position(players: int, seed: int = 3) -> tuple[CycladesGame, CycladesState]:
    """A main-god turn's menu of cycle 2 with more actions than the search compares."""
    return drive(players, seed, lambda s, legal: s.phase == ACTION and s.cycle == 2 and not s.apollo_choice
                 and pending_prompt(s) is None and len(legal) > TURN_WIDTH)


def redrawn(game: CycladesGame, s: CycladesState, seat: int) -> CycladesState:
    """Another state the seat cannot tell from ``s`` (C-INFO-1): every other seat's gold raised
    (it stays above what the offerings on the table prove) and another generator."""
    other = s.copy()
    other.gold = [g if n == seat else g + 3 + 4 * n for n, g in enumerate(s.gold)]
    other.rng = Rng.from_seed(777)
    assert game.view(s, seat).state == game.view(other, seat).state
    return other


def test_the_kit_gives_ismcts_the_paired_knowledge() -> None:
    game = CycladesGame({"players": 3})
    a = agent(game)
    assert a.candidates is not None and a.horizon is cycle_over and a.rollout is not None
    assert not a.zero_sum
    assert agent(CycladesGame({"players": 2})).zero_sum


@pytest.mark.parametrize("players", [2, 3])
def test_offerings_compare_the_heuristic_candidates_on_the_same_futures(players: int) -> None:
    """C-OFFER-2/9: an offering compares the heuristic's own choice, the cheapest offering to each
    other god and Apollo, each played on every sampled future; the best mean is the answer."""
    game, s = offer_position(players)
    seat = game.actors(s)[0]
    view = game.view(s, seat)
    legal = game.legal_actions(s, seat)
    a = agent(game)
    chosen = a.choose(view, legal, random.Random(1))
    root = a.last_root
    assert root is not None
    picks = list(root.children)
    pick = HeuristicAgent(game).choose(view, legal, random.Random(random.Random(1).getrandbits(64)))
    assert picks == offer_candidates(game.tables, s, seat, legal, pick)
    assert picks[0] == pick and Action("apollo") in picks and 3 <= len(picks) <= OFFER_WIDTH
    assert {child.visits for child in root.children.values()} == {a.last_stats.iterations}
    assert a.last_stats.iterations >= 2 and a.last_stats.model_calls >= BUDGET
    assert root.children[chosen] is max(root.children.values(), key=lambda child: child.total)


@pytest.mark.parametrize("players", [2, 4])
def test_turn_actions_compare_the_heuristic_best_with_ending_the_turn(players: int) -> None:
    """C-ACTION-3/6: at a turn's menu the search compares the heuristic's best actions by its
    look-ahead, ending the turn always among them."""
    game, s = turn_position(players)
    seat = game.actors(s)[0]
    view = game.view(s, seat)
    legal = game.legal_actions(s, seat)
    a = agent(game)
    chosen = a.choose(view, legal, random.Random(2))
    root = a.last_root
    assert root is not None
    expected = turn_candidates(HeuristicAgent(game), view, legal, random.Random(random.Random(2).getrandbits(64)))
    assert list(root.children) == expected
    assert len(expected) == TURN_WIDTH and Action("end") in expected
    assert chosen in expected and a.last_stats.iterations >= 2


def test_rollouts_stop_at_the_end_of_the_cycle() -> None:
    """C-END-1: rollouts play every seat through the rest of the cycle and stop when the next
    cycle begins (or the game is over)."""
    game, s = offer_position(3)
    seat = game.actors(s)[0]
    a = agent(game)
    start = game.determinize(game.view(s, seat), random.Random(2))
    state = game.copy(start)
    calls = a._rollout_to_horizon(start, state, random.Random(3))
    assert calls > 10
    assert game.is_terminal(state) or state.cycle == start.cycle + 1
    assert cycle_over(start, state) and not cycle_over(start, start)


def test_prosperity_marker_follows_the_heuristic_without_search() -> None:
    """C-APOLLO-2: the first Apollo player's marker is not searched: the heuristic places it."""
    game, s = drive(3, 4, lambda s, legal: bool(s.apollo_choice))
    assert not searched(s)
    seat = game.actors(s)[0]
    legal = game.legal_actions(s, seat)
    a = agent(game)
    chosen = a.choose(game.view(s, seat), legal, random.Random(5))
    assert a.last_stats.iterations == 0
    assert chosen == HeuristicAgent(game).choose(game.view(s, seat), legal,
                                                 random.Random(random.Random(5).getrandbits(64)))


@pytest.mark.parametrize("position", [offer_position, turn_position])
@pytest.mark.parametrize("players", [2, 3])
def test_the_choice_ignores_hidden_gold_and_the_generator(
        position: Callable[[int], tuple[CycladesGame, CycladesState]], players: int) -> None:
    """C-INFO-1: other seats' gold is secret and the state's generator decides future draws and
    dice; a state redrawn consistently with the view gives the same choice, and so do views with
    another generator."""
    game, s = position(players)
    seat = game.actors(s)[0]
    legal = game.legal_actions(s, seat)
    first = agent(game).choose(game.view(s, seat), legal, random.Random(8))
    other = redrawn(game, s, seat)
    assert game.legal_actions(other, seat) == legal
    second = agent(game)
    assert second.choose(game.view(other, seat), legal, random.Random(8)) == first
    assert second.last_stats.iterations >= 2
    view = game.view(s, seat)
    view.state.rng = Rng.from_seed(12345)
    assert agent(game).choose(view, legal, random.Random(8)) == first


def test_same_seed_same_choice_and_statistics() -> None:
    """Determinism: the agent's randomness comes only from the generator it is handed."""
    game, s = turn_position(3, seed=6)
    seat = game.actors(s)[0]
    legal = game.legal_actions(s, seat)
    runs = []
    for _ in range(2):
        a = agent(game)
        action = a.choose(game.view(s, seat), legal, random.Random(42))
        runs.append((action, a.last_stats.iterations, a.last_stats.model_calls))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (5, 13)])
def test_chosen_actions_are_legal_in_seeded_games(players: int, seed: int) -> None:
    """Every action the searching agent picks against heuristic players is legal (a small budget)."""
    game = CycladesGame({"players": players})
    s = game.new_state(seed)
    me = seed % players
    searching = agent(game, 60)
    others = HeuristicAgent(game)
    rng = random.Random(seed)
    decisions = 0
    cap = StepCap("not game.is_terminal(s) and decisions < 150")
    while not game.is_terminal(s) and decisions < 150 and cap():
        if game.is_chance(s):
            game.step_chance(s)
            continue
        seat = game.actors(s)[0]
        legal = game.legal_actions(s, seat)
        action = (searching if seat == me else others).choose(game.view(s, seat), legal, rng)
        assert action in legal
        game.apply_in_place(s, action, seat)
        decisions += 1
