"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any Kleos game.

Each iteration draws a determinization of the agent's view with the agent's own generator (the
other seats' hidden cards, and through a fresh generator every future die and card), then descends
one shared tree of every seat's actions, choosing among the children that are legal in this
determinization by UCB with availability counts, expands one action and scores the leaf with an
evaluation function. Chance events are not tree nodes: their outcomes are sampled with the agent's
generator and the tree is keyed by players' actions only ("open loop").

Any number of seats: each node keeps its statistics from the point of view of the seat that acted,
and a leaf is evaluated for the seats on the path (once, as ``v`` and ``1 - v``, when the game's
knowledge says it is a two-seat zero-sum game). Where several seats act at once, they act one after
the other in the tree, the agent first at the root (its seat is the view's ``seat``, or the one actor
whose legal actions are those it was handed).

The evaluation comes from the game's kit (:attr:`AgentParts.evaluator`); a game without one is
scored by playing on to the end with the rollout policy (uniformly random without knowledge, at
most ``PLAYOUT_LIMIT`` steps) and reading the result: 1 for a win, 0.5 for a draw or a shared
first place, 0 for a loss (:func:`outcome_value`).

Optional game knowledge, computed from the determinized state (or, at the root, the view) only:

* ``prior(state, seat, legal)``: weights in [0, 1]; untried actions are expanded best first and the
  weight adds a progressive bias ``prior_weight * w / (visits + 1)`` to UCB, which fades as the
  action's own statistics grow; with ``widening=(k, alpha)`` a node considers only its
  ``1 + k * visits ** alpha`` best-prior actions (progressive widening);
* ``settle(state)`` with ``rollout``: after the expansion the rollout policy plays on while
  ``settle`` says the position is half way through a compound action (at most ``rollout_steps``
  steps), so the evaluation sees positions between whole actions;
* forced steps (a single legal action) are applied without spending a tree level, and at the root
  the legal actions handed in are used (the seat to act knows them: they do not depend on hidden
  information), which saves one legal-move generation per iteration;
* ``root_prior(view, legal, rng)``: weights for the root's actions (bias weight ``root_weight``);
  its favourite is kept as the answer unless the most visited action's mean value beats it by
  ``keep_margin``;
* ``shortcut(view, legal, rng)``: an answer without search for decisions a step policy settles
  (None: search);
* ``determinize(view, rng)``: the game's belief about what the view hides, in place of the game's
  own determinization (for a game whose search knows more of the public record than it does).

Paired mode (``candidates``, ``horizon`` and ``rollout`` given, for games whose knowledge names the
few actions worth comparing; the view must carry its ``seat``): the tree has one level.
``candidates(view, legal, rng)`` names the few root actions worth comparing; each iteration draws
one determinization and one seed and plays *every* candidate on it, the rollout policy then playing
every seat until ``horizon(start, state)``, where the evaluation scores the result. The candidates
are thus compared on the same sampled futures (common random numbers), which separates them with a
few dozen rollouts; the best mean wins.

A game offers these through its kit (:attr:`AgentParts.knowledge`, a :class:`SearchKnowledge`)
unless the caller passes its own. The budget is counted in forward-model calls (actions
applied, chance and rollout steps included), so an agent's strength does not depend on the speed of
the machine. In tree mode the final choice is the most visited action (subject to ``keep_margin``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kleos.agents.base import agent_parts_of
from kleos.core.action import Action
from kleos.core.kit.agents import Evaluator, SearchKnowledge
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.core.steps import RUNAWAY_STEPS, count_step

PLAYOUT_LIMIT = 500  # steps of a playout to the end, for games without an evaluation
RolloutPolicy = Callable[[Any, int, list[Action], random.Random], Action]
Prior = Callable[[Any, int, list[Action]], list[float]]  # (state, seat, legal) -> weights in [0, 1]
Settle = Callable[[Any], bool]  # true while the position is half way through a compound action
RootPrior = Callable[[Any, list[Action], random.Random], list[float]]  # (view, legal, rng) -> weights
Shortcut = Callable[[Any, list[Action], random.Random], Action | None]  # an answer without search, or None
Candidates = Callable[[Any, list[Action], random.Random], list[Action]]  # (view, legal, rng) -> best first
Horizon = Callable[[Any, Any], bool]  # (state where the rollout began, state now) -> stop the rollout here
Draw = Callable[[Any, random.Random], Any]  # (view, rng) -> a state the view could be in


@dataclass
class Node:
    """Statistics of one action in the tree, from the point of view of the seat that took it."""

    seat: int
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)
    prior: dict[Action, float] | None = None  # weights of this node's actions, once known
    bias: float = 0.0  # this action's own prior weight (kept here so selection need not look it up)


@dataclass
class SearchStats:
    iterations: int = 0
    model_calls: int = 0
    max_depth: int = 0


class ISMCTSAgent:
    """ISMCTS with a budget of ``model_calls`` forward-model calls per decision.

    ``evaluate`` defaults to the game kit's evaluation (playouts to the end without one);
    ``knowledge``: True takes the kit's :class:`SearchKnowledge` (``paired`` chooses its mode), a
    :class:`SearchKnowledge` is used as given, False plays without; knowledge is only taken when no
    ``prior``, ``settle`` or ``rollout`` is passed."""

    def __init__(self, game: Game[Any, Any], evaluate: Evaluator | None = None, model_calls: int = 4000,
                 exploration: float = 0.7, rollout: RolloutPolicy | None = None, rollout_steps: int = 0,
                 name: str = "ismcts", *, prior: Prior | None = None, prior_weight: float = 0.5,
                 widening: tuple[float, float] | None = None, settle: Settle | None = None,
                 zero_sum: bool = False, root_prior: RootPrior | None = None, root_weight: float = 1.0,
                 keep_margin: float = 0.0, shortcut: Shortcut | None = None,
                 knowledge: bool | SearchKnowledge = True, candidates: Candidates | None = None,
                 horizon: Horizon | None = None, paired: bool = True) -> None:
        self.game = game
        self.model_calls = model_calls
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_steps = rollout_steps
        self.name = name
        self.prior = prior
        self.prior_weight = prior_weight
        self.widening = widening
        self.settle = settle
        self.zero_sum = zero_sum  # two seats, results summing to 1: evaluate once per leaf
        self.root_prior = root_prior
        self.root_weight = root_weight
        self.keep_margin = keep_margin
        self.shortcut = shortcut
        self.candidates = candidates
        self.horizon = horizon
        self.belief: Draw | None = None  # the knowledge's determinize
        self.horizon_cap = RUNAWAY_STEPS  # a rollout to the horizon fails past this many steps
        self.descent_cap = RUNAWAY_STEPS  # so does a descent of the tree (chance and forced steps included)
        self.seats = len(game.seat_names)
        self.last_stats = SearchStats()
        self.last_root: Node | None = None
        parts = agent_parts_of(game) if evaluate is None or knowledge is True else None
        if knowledge and prior is None and settle is None and rollout is None:
            if isinstance(knowledge, SearchKnowledge):
                self._use_knowledge(knowledge)
            elif parts is not None and parts.knowledge is not None:
                known = parts.knowledge(game, paired)
                if known is not None:
                    self._use_knowledge(known)
        if evaluate is None and parts is not None and parts.evaluator is not None:
            evaluate = parts.evaluator(game)
        self.playout = evaluate is None  # no evaluation: leaves are played out to the end
        self.evaluate: Evaluator = outcome_value(game) if evaluate is None else evaluate
        if self.playout:
            self.settle = None
            self.rollout_steps = max(self.rollout_steps, PLAYOUT_LIMIT)
            if self.rollout is None:
                self.rollout = random_step

    def _use_knowledge(self, known: SearchKnowledge) -> None:
        """Take the prior, step policy, settle test and search settings a game offers."""
        self.prior = known.prior
        self.rollout = known.policy
        self.settle = known.settle
        self.rollout_steps = max(self.rollout_steps, known.settle_steps)
        self.zero_sum = known.zero_sum
        self.root_prior = known.root_prior
        self.shortcut = known.shortcut
        self.exploration = known.exploration
        self.root_weight = known.root_weight
        self.prior_weight = known.prior_weight
        self.keep_margin = known.keep_margin
        self.candidates = known.candidates
        self.horizon = known.horizon
        if known.rollout is not None:
            self.rollout = known.rollout
        if known.determinize is not None:
            self.belief = known.determinize

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A state the view could be in: the knowledge's belief if it has one, else the game's own draw."""
        return (self.belief or self.game.determinize)(view, rng)

    def choose(self, view: Any, legal: list[Action], rng: random.Random, draw: Draw | None = None) -> Action:
        """The move to play. ``draw`` stands in for :meth:`determinize` when the caller knows more
        than the view (the post-game analysis draws the true position)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.shortcut is not None:
            answer = self.shortcut(view, legal, rng)
            if answer is not None:
                self.last_stats = SearchStats()
                return answer
        if self.paired:
            return self._choose_paired(view, legal, rng, draw or self.determinize)
        root = Node(seat=-1)
        favourite: Action | None = None
        if self.root_prior is not None:
            weights = self.root_prior(view, legal, rng)
            root.prior = dict(zip(legal, weights, strict=True))
            favourite = legal[max(range(len(legal)), key=weights.__getitem__)]
        stats = SearchStats()
        me: int | None = None
        draw = draw or self.determinize
        while stats.model_calls < self.model_calls:
            state = draw(view, rng)
            if me is None:
                me = self._own_seat(view, state, legal)
            before = stats.model_calls
            self._iterate(root, state, rng, stats, legal, me)
            stats.iterations += 1
            if stats.model_calls == before:  # a leaf reached without a model call: count it anyway
                stats.model_calls += 1
        self.last_stats = stats
        self.last_root = root
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].total)
                   if a in root.children else (-1, 0.0))
        if favourite is not None and best != favourite and favourite in root.children:
            chosen, kept = root.children[best], root.children[favourite]
            if chosen.total / chosen.visits < kept.total / kept.visits + self.keep_margin:
                best = favourite  # the prior's favourite stays unless search finds clearly better
        return best

    @property
    def paired(self) -> bool:
        """Whether :meth:`choose` compares root candidates on shared futures (it has candidates, a horizon
        and a rollout policy) rather than growing a tree."""
        return self.candidates is not None and self.horizon is not None and self.rollout is not None

    def ranked(self, view: Any, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
        """:meth:`choose`'s pick first, then the other candidates by the same order, each valued by its mean
        evaluation over the shared futures (:class:`~kleos.core.kit.agents.Ranking`), when the paired
        search compared two or more: there the pick is the best mean, so the values agree with the order.
        The tree search picks by visits with its prior's favourite kept (a mean beside it could read as a
        contradiction), and a shortcut weighs nothing: their pick alone, valued ``nan``."""
        self.last_root = None
        pick = self.choose(view, legal, rng)
        root = self.last_root
        weighed: list[tuple[Action, Node]] = [] if root is None or not self.paired else [
            (a, n) for a, n in root.children.items() if n.visits]
        if len(weighed) < 2:
            return [(math.nan, pick)]
        order = sorted(range(len(weighed)), key=lambda i: (weighed[i][1].total, -i), reverse=True)
        out = [(weighed[i][1].total / weighed[i][1].visits, weighed[i][0]) for i in order]
        assert out[0][1] == pick, (out[0], pick)  # the same key as the paired choice's
        return out

    # ----- paired root sampling (a one-level tree with rollouts to a horizon) ---------------------
    def _choose_paired(self, view: Any, legal: list[Action], rng: random.Random, draw: Draw) -> Action:
        """Compare the root candidates on the same futures: each iteration draws one
        determinization and one seed for the rollouts and plays every candidate on a copy of it,
        then the rollout policy for every seat until ``horizon``; the candidate with the best mean
        evaluation wins (ties: the earlier candidate). Sharing the sampled futures between the
        candidates (common random numbers) lets a few dozen rollouts separate actions whose values
        differ by far less than the spread of the outcomes."""
        assert self.candidates is not None and self.rollout is not None
        seat = _view_seat(view)
        if seat is None:
            raise ValueError("paired search needs a view that names its seat")
        picks = [a for a in self.candidates(view, legal, rng) if a in legal] or list(legal)
        root = Node(seat=-1)
        for a in picks:
            root.children[a] = Node(seat=seat)
        stats = SearchStats(max_depth=1)
        if len(picks) > 1:
            while stats.model_calls < self.model_calls:
                state = draw(view, rng)
                seed = rng.getrandbits(64)
                for action in picks:
                    branch = self.game.copy(state)
                    self.game.apply_in_place(branch, action, seat, validate=False)
                    stats.model_calls += 1 + self._rollout_to_horizon(state, branch, random.Random(seed))
                    child = root.children[action]
                    child.visits += 1
                    child.total += self.evaluate(branch, seat)
                root.visits += 1
                stats.iterations += 1
        self.last_stats = stats
        self.last_root = root
        return max(picks, key=lambda a: (root.children[a].total, -picks.index(a)))

    def _rollout_to_horizon(self, start: Any, state: Any, rng: random.Random) -> int:
        """From ``state`` (reached from ``start``), play the rollout policy for every seat (chance by
        the state's own, determinized, generator; seats acting at once one after the other) until
        the game ends or ``horizon`` says stop; returns the model calls made."""
        assert self.rollout is not None and self.horizon is not None
        game = self.game
        calls = 0
        while not game.is_terminal(state) and not self.horizon(start, state):
            count_step(calls, self.horizon_cap, "a rollout to the search horizon")
            if game.is_chance(state):
                game.step_chance(state)
            else:
                seat = game.actors(state)[0]
                legal = game.legal_actions(state, seat)
                action = legal[0] if len(legal) == 1 else self.rollout(state, seat, legal, rng)
                game.apply_in_place(state, action, seat, validate=False)
            calls += 1
        return calls

    # ----- one iteration ---------------------------------------------------------------------
    def _own_seat(self, view: Any, state: Any, legal: list[Action]) -> int:
        """The agent's seat: the view's, else the one actor of ``state`` (a determinization of the
        view) whose legal actions are ``legal``."""
        actors = [seat for seat in self.game.actors(state) if seat != CHANCE]
        seat = _view_seat(view)
        if seat is not None and seat in actors:
            return seat
        if len(actors) == 1:
            return actors[0]
        for seat in actors:
            if self.game.legal_actions(state, seat) == legal:
                return seat
        raise ValueError("the agent's seat is not among the seats to act")

    def _iterate(self, root: Node, state: Any, rng: random.Random, stats: SearchStats,
                 root_legal: list[Action], me: int) -> None:
        game = self.game
        node = root
        path: list[Node] = []
        legal: list[Action] | None = root_legal  # the seat to act knows its own legal actions
        steps = 0
        while True:
            steps = count_step(steps, self.descent_cap, "a descent of the search tree")
            actors = game.actors(state)
            if not actors:
                break
            if actors[0] == CHANCE:
                self._apply_chance(state, rng)
                stats.model_calls += 1
                legal = None
                continue
            # the root's decision is the agent's, even where several seats act at once; below it
            # they act in turn (``legal`` is only set on the first pass)
            seat = me if legal is not None else actors[0]
            if legal is None:
                legal = game.legal_actions(state, seat)
            if len(legal) == 1:  # a forced step: no decision, no tree level
                game.apply_in_place(state, legal[0], seat, validate=False)
                stats.model_calls += 1
                legal = None
                continue
            kids = [node.children.get(a) for a in legal]  # one dictionary look-up per action
            untried = False
            for kid in kids:
                if kid is None:
                    untried = True
                else:
                    kid.available += 1
            action = self._expansion(node, state, seat, legal, kids, rng) if untried else None
            expanded = action is not None
            if action is not None:
                child = Node(seat=seat, available=1)
                if node.prior is not None:
                    child.bias = node.prior.get(action, 0.0)
                node.children[action] = child
            else:
                action, child = self._select(node, legal, kids, self.root_weight if node is root else self.prior_weight)
            game.apply_in_place(state, action, seat, validate=False)
            stats.model_calls += 1
            path.append(child)
            node = child
            legal = None
            if expanded:
                break
        stats.max_depth = max(stats.max_depth, len(path))
        stats.model_calls += self._rollout(state, rng)
        values = self._leaf_values(state, {child.seat for child in path})
        root.visits += 1
        for child in path:
            child.visits += 1
            child.total += values[child.seat]

    def _leaf_values(self, state: Any, seats: set[int]) -> dict[int, float]:
        """The evaluation of ``state`` for each of ``seats`` (for both seats from one evaluation in a
        two-seat zero-sum game)."""
        if self.zero_sum and self.seats == 2:
            v0 = self.evaluate(state, 0)
            return {0: v0, 1: 1.0 - v0}
        return {seat: self.evaluate(state, seat) for seat in sorted(seats)}

    def _priors(self, node: Node, state: Any, seat: int, legal: list[Action]) -> dict[Action, float]:
        assert self.prior is not None
        known = node.prior
        if known is None or any(a not in known for a in legal):
            weights = self.prior(state, seat, legal)
            known = {} if known is None else known
            known.update(zip(legal, weights, strict=True))
            node.prior = known
        return known

    def _expansion(self, node: Node, state: Any, seat: int, legal: list[Action], kids: list[Node | None],
                   rng: random.Random) -> Action | None:
        """The action to add to the tree here, or None to select among the children."""
        untried = [a for a, kid in zip(legal, kids, strict=True) if kid is None]
        if node.prior is not None and all(a in node.prior for a in legal):
            weights = node.prior
        elif self.prior is not None:
            weights = self._priors(node, state, seat, legal)
        else:
            return untried[rng.randrange(len(untried))]
        if self.widening is not None:
            k, alpha = self.widening
            present = len(legal) - len(untried)
            if present and present >= 1 + k * node.visits ** alpha:
                return None
        best = max(weights[a] for a in untried)
        picks = [a for a in untried if weights[a] >= best]
        return picks[0] if len(picks) == 1 else picks[rng.randrange(len(picks))]

    def _select(self, node: Node, legal: list[Action], kids: list[Node | None],
                weight: float) -> tuple[Action, Node]:
        c = self.exploration
        best: tuple[Action, Node] | None = None
        best_score = -math.inf
        for a, child in zip(legal, kids, strict=True):
            if child is None:
                continue
            n = child.visits
            if n == 0:
                return a, child
            score = child.total / n + c * math.sqrt(math.log(child.available) / n) + weight * child.bias / (n + 1)
            if score > best_score:
                best_score, best = score, (a, child)
        assert best is not None
        return best

    def _apply_chance(self, state: Any, rng: random.Random) -> None:
        outcomes = self.game.chance_outcomes(state)
        index = _weighted_index([p for _, p in outcomes], rng.random())
        self.game.apply_in_place(state, outcomes[index][0], validate=False)

    def _rollout(self, state: Any, rng: random.Random) -> int:
        """Play the rollout policy: ``rollout_steps`` steps, or while ``settle`` holds (chance
        events are resolved on the way, seats acting at once move one after the other); returns
        the model calls made."""
        if self.rollout is None or self.rollout_steps <= 0:
            return 0
        game = self.game
        calls = 0
        while calls < self.rollout_steps and not game.is_terminal(state):
            if game.is_chance(state):
                self._apply_chance(state, rng)
            elif self.settle is not None and not self.settle(state):
                break
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


def random_step(state: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The rollout policy of a game without knowledge: any legal action, uniformly."""
    return legal[rng.randrange(len(legal))]


def outcome_share(outcome: Outcome, seat: int) -> float:
    """A finished game's result for ``seat``: 1 for the winner, 0.5 for a draw or for each seat that
    shares the best score when nobody wins alone, 0 otherwise."""
    if outcome.winner is not None:
        return 1.0 if outcome.winner == seat else 0.0
    scores = outcome.scores
    if not scores or not 0 <= seat < len(scores):
        return 0.5
    return 0.5 if scores[seat] == max(scores) else 0.0


def outcome_value(game: Game[Any, Any]) -> Evaluator:
    """The evaluation of a game without one: the result once the game is over, 0.5 before."""

    def value(state: Any, seat: int) -> float:
        outcome = game.outcome(state)
        return 0.5 if outcome is None else outcome_share(outcome, seat)

    return value


def _view_seat(view: Any) -> int | None:
    """The seat a view belongs to, when the view says (views conventionally carry ``seat``)."""
    seat = getattr(view, "seat", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
