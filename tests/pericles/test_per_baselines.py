"""The Pericles baselines (``always-accept``, ``always-decline``, ``beginner``) and the hint a person
who plays their issues is given (P-THEATER-14): seeded, each from its faction's view only."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from per_helpers import registered  # noqa: F401  (installs the Pericles kit for a test that asks)

from kleos.agents import make_agent
from kleos.agents.base import Agent, agent_rng
from kleos.core.action import Action
from kleos.games.pericles.agents.baselines import AlwaysAccept, AlwaysDecline, Beginner
from kleos.games.pericles.agents.explain import reason
from kleos.games.pericles.agents.heuristic import HeuristicAgent
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.view import PericlesView

STEP_CAP = 20_000  # a vignette takes a few hundred steps
Maker = Callable[[PericlesGame], Agent]
Watcher = dict[int, list[tuple[PericlesView, list[Action], Action]]]


def play(game: PericlesGame, seed: int, agents: dict[int, Agent], watch: Watcher | None = None) -> PericlesState:
    """One seeded game to its end; the decisions on one's own revealed issue are kept in ``watch``."""
    state = game.new_state(seed)
    rngs = {seat: agent_rng(seed, seat) for seat in range(4)}
    for _ in range(STEP_CAP):
        if game.is_terminal(state):
            return state
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = agents[seat].choose(view, legal, rngs[seat])
        assert action in legal
        own = state.step == "resolve" and entry_parts(state.revealed)[2] == seat and len(legal) > 1
        if watch is not None and own:
            watch.setdefault(seat, []).append((view, legal, action))
        game.apply_in_place(state, action, seat)
    raise AssertionError(f"seed {seed}: the game did not end within {STEP_CAP} steps")


def test_kit_offers_the_baselines(registered: None) -> None:  # noqa: F811
    """The baselines are agent specs like ``heuristic`` (the arena and the CLI make them by name)."""
    game = PericlesGame({"scenario": "14_1_09a"})
    assert isinstance(make_agent("always-accept", game), AlwaysAccept)
    assert isinstance(make_agent("always-decline", game), AlwaysDecline)
    assert isinstance(make_agent("beginner", game), Beginner)


@pytest.mark.parametrize("maker", [AlwaysAccept, AlwaysDecline, Beginner])
def test_baselines_are_seeded_and_deterministic(maker: Maker) -> None:
    """The same seed gives the same game; a baseline draws only from the generator it is handed."""
    game = PericlesGame({"scenario": "14_1_09a"})
    first = play(game, 3, {f: maker(game) for f in range(4)})
    again = play(game, 3, {f: maker(game) for f in range(4)})
    assert first.honor == again.honor and first.steps == again.steps


def test_always_accept_takes_and_always_decline_declines_every_issue() -> None:
    """P-THEATER-14: one takes every issue it resolves with a choice, the other declines each one."""
    game = PericlesGame({"scenario": "14_1_09a"})
    makers: tuple[tuple[Maker, bool], ...] = ((AlwaysAccept, False), (AlwaysDecline, True))
    for maker, declined in makers:
        watch: Watcher = {}
        play(game, 5, {f: maker(game) for f in range(4)}, watch)
        choices = [action for seen in watch.values() for _, _, action in seen]
        assert choices, "no issue with a choice was revealed"
        assert all((action.verb == "decline") == declined for action in choices)


def test_beginner_takes_most_of_its_own_issues() -> None:
    """The beginner takes its own issues when it can pay (P-THEATER-14): more taken than declined."""
    game = PericlesGame({"scenario": "14_1_09a"})
    watch: Watcher = {}
    for seed in range(3):
        play(game, seed, {f: Beginner(game) for f in range(4)}, watch)
    choices = [action.verb for seen in watch.values() for _, _, action in seen]
    assert sum(verb != "decline" for verb in choices) > len(choices) / 2, choices


@pytest.mark.parametrize("seed", [11, 12])
def test_the_hint_does_not_advise_against_an_issue_a_person_takes(seed: int) -> None:
    """Issue 24, finding 7 (P-THEATER-14): a person who takes their own issue when they can pay for
    it and their side is not the weaker (the beginner's plan) is not told to decline by the hint
    (the ``heuristic`` player), and the hint says why in words, not in notation."""
    game = PericlesGame({"scenario": "14_1_09a"})
    hint = HeuristicAgent(game)
    watch: Watcher = {}
    play(game, seed, {f: Beginner(game) for f in range(4)}, watch)
    taken = [(view, legal, action) for seen in watch.values() for view, legal, action in seen
             if action.verb != "decline"]
    assert len(taken) >= 3, "too few issues taken to check the hint"
    for view, legal, action in taken:
        advice = hint.choose(view, legal, random.Random(f"hint:{seed}:{view.state.steps}"))
        words = reason(game, view, advice, legal)
        assert advice.verb != "decline", (str(action), words)
        assert words.startswith("Take the ") and str(advice) not in words


def test_heuristic_side_takes_its_issues_and_beats_always_decline() -> None:
    """Issue 25's smoke check on one seeded vignette (P-THEATER-14, P-VICTORY-11): the ``heuristic``
    factions of Athens take most of their own issues, and their side wins the war against two
    ``always-decline`` factions of Sparta."""
    game = PericlesGame({"scenario": "14_1_09a"})
    agents: dict[int, Agent] = {0: HeuristicAgent(game), 1: HeuristicAgent(game),
                                2: AlwaysDecline(game), 3: AlwaysDecline(game)}
    watch: Watcher = {}
    end = play(game, 21, agents, watch)
    taken = [action.verb != "decline" for seat in (0, 1) for _, _, action in watch.get(seat, [])]
    assert len(taken) >= 4 and sum(taken) > len(taken) / 2, taken
    assert end.outcome is not None and end.outcome.winner is not None and end.outcome.winner // 2 == 0, end.honor
    assert sum(end.honor[:2]) > sum(end.honor[2:]), end.honor
