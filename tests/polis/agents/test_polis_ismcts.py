"""The ISMCTS agent for Polis: it plays fair (R-GEN-17), is deterministic and plays legal actions.

Fairness is checked directly: the agent's choice must not change when the hidden parts of the
true state (the opponent's battle hand, how the unseen cards split between that hand and the deck,
the state's generator and so every future die and card) are replaced by others consistent with the
agent's view; and the agent must never touch the generator of the state it is handed.
"""

from __future__ import annotations

import random

import pytest

from kleos.agents.base import Agent
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import evaluator_for, make_agent
from kleos.core.action import Action
from kleos.core.protocol import Outcome
from kleos.core.rng import Rng
from kleos.games.polis.agents.evaluation import LOSS, estimate, food_cost, win_probability
from kleos.games.polis.agents.heuristic import HeuristicAgent
from kleos.games.polis.agents.prior import ROOT_WIDTH, round_over
from kleos.games.polis.agents.simple import SimpleAgent
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_goods, set_prestige, set_units, turn_position
from kleos.games.polis.state import PolisState
from step_cap import StepCap

BUDGET = 400  # forward-model calls: small, so the tests stay fast


def agent(game: PolisGame, budget: int = BUDGET) -> ISMCTSAgent:
    """The agent of ``ismcts:N``: paired rollouts of the turn phase's actions."""
    a = make_agent(f"ismcts:{budget}", game)
    assert isinstance(a, ISMCTSAgent)
    return a


def tree_agent(game: PolisGame, budget: int = BUDGET) -> ISMCTSAgent:
    """The same agent in tree mode: every decision searched with a one-step evaluation."""
    return ISMCTSAgent(game, evaluator_for(game), model_calls=budget, paired=False)


def battle_at_attack(game: PolisGame) -> PolisState:
    """Round 2: 4 galleys each in Kyklades; Athens ends a turn, a sea battle starts and is played
    up to the attacker's choice of two cards (both hands dealt)."""
    s = turn_position(game, round=1, active="athens")
    set_units(game, s, "Kyklades", athens=4, sparta=4)
    play(game, s, "tribute Attika", "assign wine", "done", "march Ionia", "from Attika", "done")
    cap = StepCap("game.current_seat(s) is not None and s.battle is not None and s.battle.phase != 'attack'")
    while game.current_seat(s) is not None and s.battle is not None and s.battle.phase != "attack" and cap():
        if game.is_chance(s):
            game.step_chance(s)
        else:
            game.apply_in_place(s, Action("fight"))
    assert s.battle is not None and s.battle.phase == "attack"
    return s


def other_hidden_parts(s: PolisState, hidden_side: int, seed: int) -> PolisState:
    """A state the seat that is not ``hidden_side`` cannot tell from ``s``: the hidden hand redealt
    from the unseen cards (so the deck's composition changes too) and a different generator."""
    new = s.copy()
    new.rng = Rng.from_seed(seed)
    b = new.battle
    if b is None:
        return new
    unseen = [d + h for d, h in zip(b.deck, b.hands[hidden_side], strict=True)]
    size = sum(b.hands[hidden_side])
    rng = random.Random(seed)
    while True:
        pool = [i for i, n in enumerate(unseen) for _ in range(n)]
        hand = [0] * len(unseen)
        for i in rng.sample(pool, size):
            hand[i] += 1
        if hand != b.hands[hidden_side]:
            break
    b.hands[hidden_side] = hand
    b.deck = [u - h for u, h in zip(unseen, hand, strict=True)]
    return new


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_battle_choice_ignores_the_hidden_hand_deck_split_and_dice(edition: str) -> None:
    """R-GEN-17: the attacker's card choice is the same whatever the defender's hidden hand, the
    deck that goes with it and the future dice, as long as the attacker's view is the same."""
    game = PolisGame(edition)
    s = battle_at_attack(game)
    assert s.battle is not None
    seat = s.battle.attacker
    hidden = 1 - seat
    legal = game.legal_actions(s, seat)
    assert len(legal) > 1
    for k in range(2):
        twin = other_hidden_parts(s, hidden, 100 + k)
        assert twin.battle is not None
        assert twin.battle.hands[hidden] != s.battle.hands[hidden]
        assert twin.battle.deck != s.battle.deck
        assert twin.rng.state != s.rng.state
        assert game.view(twin, seat).state == game.view(s, seat).state
        assert game.legal_actions(twin, seat) == legal
        for seed in (1, 2):
            for make in (agent, tree_agent):
                mine = make(game).choose(game.view(s, seat), legal, random.Random(seed))
                theirs = make(game).choose(game.view(twin, seat), legal, random.Random(seed))
                assert mine == theirs
                assert mine in legal


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_turn_choice_ignores_the_generator(edition: str) -> None:
    """R-GEN-17: in a normal turn the only hidden part is the generator (future dice, events,
    projects); two states that differ in it give the same choice."""
    game = PolisGame(edition)
    s = turn_position(game, round=1, active="athens", seed=5)
    set_goods(s, "athens", wheat=1)
    twin = other_hidden_parts(s, 1, 7)
    assert twin.rng.state != s.rng.state
    assert game.view(twin, 0).state == game.view(s, 0).state
    legal = game.legal_actions(s, 0)
    assert len(legal) > 5
    for seed in (3, 4):
        for make in (agent, tree_agent):
            searcher = make(game)
            mine = searcher.choose(game.view(s, 0), legal, random.Random(seed))
            assert searcher.last_stats.iterations > 0
            theirs = make(game).choose(game.view(twin, 0), legal, random.Random(seed))
            assert mine == theirs
            assert mine in legal


class PoisonedRng(Rng):
    """A generator that fails the test if anything draws from it."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(0)

    def next_u64(self) -> int:
        raise AssertionError("the agent read the state's generator")

    def copy(self) -> Rng:
        return self


def test_the_agent_never_reads_the_state_generator() -> None:
    """R-GEN-17: views carry a zeroed generator, and the search never draws from the generator
    of the state it is handed (a poisoned one fails on any draw), nor depends on it through copies
    (another generator in the view gives the same choice): chance in its simulations comes from
    the agent's own generator."""
    game = PolisGame("2020")
    for s in (battle_at_attack(game), turn_position(game, round=1, active="athens")):
        seat = game.actors(s)[0]
        view = game.view(s, seat)
        assert view.state.rng.state == 0
        legal = game.legal_actions(s, seat)
        for make in (agent, tree_agent):
            view.state.rng = Rng(0)
            expected = make(game).choose(view, legal, random.Random(9))
            view.state.rng = PoisonedRng()
            a = make(game)
            assert a.choose(view, legal, random.Random(9)) == expected
            if make is tree_agent or s.battle is None:  # the paired mode leaves battles to the heuristic
                assert a.last_stats.iterations > (10 if make is tree_agent else 1)
            view.state.rng = Rng.from_seed(12345)
            assert make(game).choose(view, legal, random.Random(9)) == expected


def test_same_seed_same_choice_and_statistics() -> None:
    """Determinism: the agent's randomness comes only from the generator it is handed."""
    game = PolisGame("2012")
    s = turn_position(game, round=1, active="sparta")
    legal = game.legal_actions(s, 1)
    runs = []
    for _ in range(2):
        a = agent(game)
        action = a.choose(game.view(s, 1), legal, random.Random(42))
        runs.append((action, a.last_stats.iterations, a.last_stats.model_calls))
    assert runs[0] == runs[1]
    assert runs[0][2] >= BUDGET


@pytest.mark.parametrize(("edition", "seed"), [("2012", 3), ("2020", 4)])
def test_chosen_actions_are_legal_in_whole_games(edition: str, seed: int) -> None:
    """Every action the agent picks in a seeded game against the simple agent is legal."""
    game = PolisGame(edition)
    players: list[Agent] = [agent(game, 120), SimpleAgent(game)]
    if seed % 2:
        players.reverse()
    rngs = [random.Random(seed * 10 + i) for i in range(2)]
    state = game.new_state(seed)
    steps = 0
    while not game.is_terminal(state) and steps < 400:
        steps += 1
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        action = players[seat].choose(game.view(state, seat), legal, rngs[seat])
        assert action in legal
        game.apply_in_place(state, action, seat)


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_paired_search_compares_the_heuristic_candidates_on_the_same_futures(edition: str) -> None:
    """The turn choice is searched among the heuristic player's best ``ROOT_WIDTH`` actions, each
    played on every sampled future (same visits), and the answer is the best mean."""
    game = PolisGame(edition)
    s = turn_position(game, round=1, active="athens", seed=5)
    view = game.view(s, 0)
    legal = game.legal_actions(s, 0)
    scored = HeuristicAgent(game).action_values(s, 0, legal)
    ranked = [a for _, a in sorted(scored, key=lambda va: -va[0])][:ROOT_WIDTH]
    a = agent(game)
    chosen = a.choose(view, legal, random.Random(1))
    root = a.last_root
    assert root is not None
    assert list(root.children) == ranked
    visits = {child.visits for child in root.children.values()}
    assert visits == {a.last_stats.iterations} and a.last_stats.iterations >= 2
    assert a.last_stats.model_calls >= BUDGET
    best = max(root.children.values(), key=lambda child: child.total)
    assert root.children[chosen] is best


def test_rollouts_stop_when_the_round_is_over() -> None:
    """The horizon: rollouts play both seats through the rest of the round, its battles and its
    end of round, and stop when the next round is being prepared (or the game is over)."""
    game = PolisGame("2012")
    s = turn_position(game, round=1, active="athens", seed=5)
    a = agent(game)
    start = game.determinize(game.view(s, 0), random.Random(2))
    state = game.copy(start)
    calls = a._rollout_to_horizon(start, state, random.Random(3))
    assert calls > 10
    assert game.is_terminal(state) or state.round == start.round + 1
    assert round_over(start, state)
    assert not round_over(start, start)


def test_food_cost_follows_feeding_and_ostracism() -> None:
    """R-EOR-11: each missing wheat costs a prestige; R-END-3: ending the round on 0 prestige loses;
    R-EOR-15/R-END-2: a shortfall prestige cannot pay costs poleis, or the game."""
    assert food_cost(0, 3, 0, 0) == 0.0
    assert food_cost(2, 5, 0, 0) == 2.0
    assert food_cost(2, 2, 0, 0) > 2.0  # paying leaves 0: releases needed
    assert food_cost(2, 2, 1, 0) == 2.0  # Megalopolis brings prestige back to 1 (R-EOR-19)
    assert food_cost(4, 1, 0, 0) >= LOSS
    assert food_cost(4, 1, 0, 5) < LOSS


def test_evaluation_prefers_the_fed_side_and_is_exact_at_the_end() -> None:
    """R-EOR-11, R-END-3: a side that cannot pay its feeding is judged losing; R-END-4: a finished
    game evaluates to its result."""
    game = PolisGame("2020")
    t = game.tables
    s = turn_position(game, round=1, active="athens")
    set_goods(s, "athens", wheat=20)
    set_goods(s, "sparta", wheat=0)
    set_prestige(s, "sparta", 1)
    assert estimate(t, s, 0) > estimate(t, s, 1)
    assert win_probability(t, s, 0) > 0.9
    assert abs(win_probability(t, s, 0) + win_probability(t, s, 1) - 1.0) < 1e-9
    s.outcome = Outcome("ostracism", 1, (0, 0))
    assert win_probability(t, s, 1) == 1.0 and win_probability(t, s, 0) == 0.0
