"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any Kleos game.

Each iteration draws a determinization of the agent's view with the agent's own generator (the
opponent's hidden cards, and through a fresh generator every future die and card), then descends
one shared tree of the agent's and the opponent's actions, choosing among the children that are
legal in this determinization by UCB with availability counts, expands one action and scores the
leaf with an evaluation function (optionally after a short rollout). Chance events are not tree
nodes: their outcomes are sampled and the tree is keyed by players' actions only ("open loop").

The budget is counted in forward-model calls (actions applied, chance included), so an agent's
strength does not depend on the speed of the machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kleos.core.action import Action
from kleos.core.protocol import Game

Evaluator = Callable[[Any, int], float]  # (state, seat) -> expected result for seat in [0, 1]
RolloutPolicy = Callable[[Any, int, list[Action], random.Random], Action]


@dataclass
class Node:
    """Statistics of one action in the tree, from the point of view of the seat that took it."""

    seat: int
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)


@dataclass
class SearchStats:
    iterations: int = 0
    model_calls: int = 0
    max_depth: int = 0


class ISMCTSAgent:
    """ISMCTS with a budget of ``model_calls`` forward-model calls per decision."""

    def __init__(self, game: Game[Any, Any], evaluate: Evaluator, model_calls: int = 4000,
                 exploration: float = 0.7, rollout: RolloutPolicy | None = None, rollout_steps: int = 0,
                 name: str = "ismcts") -> None:
        self.game = game
        self.evaluate = evaluate
        self.model_calls = model_calls
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_steps = rollout_steps
        self.name = name
        self.last_stats = SearchStats()

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        root = Node(seat=-1)
        stats = SearchStats()
        while stats.model_calls < self.model_calls:
            state = self.game.determinize(view, rng)
            self._iterate(root, state, rng, stats)
            stats.iterations += 1
        self.last_stats = stats
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].total)
                   if a in root.children else (-1, 0.0))
        return best

    # ----- one iteration ---------------------------------------------------------------------
    def _iterate(self, root: Node, state: Any, rng: random.Random, stats: SearchStats) -> None:
        game = self.game
        node = root
        path: list[Node] = []
        while True:
            actors = game.actors(state)
            if not actors:
                break
            if game.is_chance(state):
                self._apply_chance(state, rng)
                stats.model_calls += 1
                continue
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node(seat=seat, available=1)
                node.children[action] = child
                game.apply_in_place(state, action, seat, validate=False)
                stats.model_calls += 1
                path.append(child)
                break
            action, child = self._select(node, legal)
            game.apply_in_place(state, action, seat, validate=False)
            stats.model_calls += 1
            path.append(child)
            node = child
        stats.max_depth = max(stats.max_depth, len(path))
        stats.model_calls += self._rollout(state, rng)
        values = (self.evaluate(state, 0), self.evaluate(state, 1))
        for child in path:
            child.visits += 1
            child.total += values[child.seat]

    def _select(self, node: Node, legal: list[Action]) -> tuple[Action, Node]:
        c = self.exploration
        best: tuple[Action, Node] | None = None
        best_score = -math.inf
        for a in legal:
            child = node.children[a]
            score = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best = score, (a, child)
        assert best is not None
        return best

    def _apply_chance(self, state: Any, rng: random.Random) -> None:
        outcomes = self.game.chance_outcomes(state)
        index = _weighted_index([p for _, p in outcomes], rng.random())
        self.game.apply_in_place(state, outcomes[index][0], validate=False)

    def _rollout(self, state: Any, rng: random.Random) -> int:
        if self.rollout is None or self.rollout_steps <= 0:
            return 0
        game = self.game
        calls = 0
        while calls < self.rollout_steps and not game.is_terminal(state):
            if game.is_chance(state):
                self._apply_chance(state, rng)
            else:
                seat = game.actors(state)[0]
                legal = game.legal_actions(state, seat)
                game.apply_in_place(state, self.rollout(state, seat, legal, rng), seat, validate=False)
            calls += 1
        return calls


def _weighted_index(weights: list[float], x: float) -> int:
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1
