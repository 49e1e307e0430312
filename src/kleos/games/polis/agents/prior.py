"""Polis knowledge for search: a prior over actions, a cheap step policy and the "settled" test.

* ``prior``: the rule-of-thumb scores of :mod:`kleos.games.polis.agents.simple` turned into weights
  in [0, 1] (best action 1, the others by rank), used by ISMCTS as progressive bias and to order
  expansion, so the few thousand forward-model calls go to sensible actions first.
* ``policy``: the same scores' best action (ties by the search generator), used to finish the inner
  steps of a compound action (``march`` … ``from`` … ``done``) before the leaf is evaluated.
* ``unsettled``: true while a compound action of the turn phase is half done, or a die of the
  acting player's action is pending: the evaluation is only meaningful between actions.

Everything reads the (determinized) state handed in by the search, never the true game state.
"""

from __future__ import annotations

import random
from typing import Any

from kleos.core.action import Action
from kleos.core.kit.agents import SearchKnowledge
from kleos.games.polis.agents.simple import _context, _score
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import ROUND_START, TURN, PolisState
from kleos.games.polis.tables import Tables

ROOT_WIDTH = 4  # actions of the heuristic player's ranking that the paired search compares


def scores(t: Tables, s: PolisState, seat: int, legal: list[Action]) -> list[float]:
    ctx = _context(t, s, seat)
    return [_score(ctx, a) for a in legal]


def prior(t: Tables, s: PolisState, seat: int, legal: list[Action]) -> list[float]:
    """Weights in [0, 1] by rank of the rule-of-thumb score (equal scores, equal weights)."""
    values = scores(t, s, seat, legal)
    distinct = sorted(set(values), reverse=True)
    if len(distinct) == 1:
        return [0.5] * len(legal)
    rank = {v: i for i, v in enumerate(distinct)}
    top = len(distinct) - 1
    return [1.0 - rank[v] / top if rank[v] < 4 else 0.25 * (1.0 - rank[v] / top) for v in values]


def policy(t: Tables, s: PolisState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    values = scores(t, s, seat, legal)
    best = max(values)
    picks = [a for a, v in zip(legal, values, strict=True) if v == best]
    return picks[0] if len(picks) == 1 else picks[rng.randrange(len(picks))]


def unsettled(s: PolisState) -> bool:
    return s.outcome is None and s.phase == TURN and s.pending is not None


def knowledge_for(game: PolisGame, paired: bool = True) -> SearchKnowledge | None:
    """Polis knowledge for ``game`` (as :class:`SearchKnowledge`).
    ``paired``: search only the turn phase's actions, by paired rollouts of the heuristic player to
    the end of the round (see :meth:`kleos.agents.ismcts.ISMCTSAgent._choose_paired`); otherwise a
    tree over every decision with a one-step evaluation."""
    from kleos.games.polis.agents.evaluation import register

    t = game.tables
    guide = register(game)  # the heuristic player: root prior, inner steps, and the evaluation

    def prior_of(s: Any, seat: int, legal: list[Action]) -> list[float]:
        return prior(t, s, seat, legal)

    def policy_of(s: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return policy(t, s, seat, legal, rng)

    def root_prior(view: Any, legal: list[Action], rng: random.Random) -> list[float]:
        """The heuristic player's choice first, the rule-of-thumb ranks (halved) for the rest."""
        pick = guide.choose(view, legal, random.Random(rng.getrandbits(64)))
        base = prior(t, view.state, int(view.seat), legal)
        return [1.0 if a == pick else 0.5 * w for a, w in zip(legal, base, strict=True)]

    def shortcut(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """Inner steps of a compound action of the turn (which good to pay, where units come
        from, which tribute column) follow the heuristic player's step policy without search."""
        if not unsettled(view.state):
            return None
        return guide.choose(view, legal, random.Random(rng.getrandbits(64)))

    if not paired:
        return SearchKnowledge(prior_of, policy_of, unsettled, root_prior, shortcut)

    def turn_only(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """Only the choice of a whole action in the turn phase is searched; inner steps, battles,
        events and the end of round follow the heuristic player."""
        s = view.state
        if s.phase == TURN and s.pending is None:
            return None
        return guide.choose(view, legal, random.Random(rng.getrandbits(64)))

    def candidates(view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        """The heuristic player's ``ROOT_WIDTH`` best actions by its own valuation, best first."""
        guide.forget()  # a new search: start from empty memos
        scored = guide.action_values(view.state, int(view.seat), legal)
        ranked = sorted(range(len(scored)), key=lambda i: -scored[i][0])  # stable: ties keep legal order
        return [scored[i][1] for i in ranked[:ROOT_WIDTH]]

    def heuristic_rollout(s: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return guide.choose(game.view(s, seat), legal, rng)

    return SearchKnowledge(prior_of, policy_of, unsettled, root_prior, turn_only, candidates=candidates,
                     horizon=round_over, rollout=heuristic_rollout)


def round_over(start: PolisState, s: PolisState) -> bool:
    """The rollout horizon: the round in which the search began is over (its end of round played,
    the next round being prepared). Positions at the same point of the game are compared, and the
    evaluation there no longer has to guess what either side will still do this round."""
    return s.round != start.round or s.phase == ROUND_START
