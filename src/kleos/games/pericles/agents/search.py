"""Pericles knowledge for the paired search of ISMCTS (:class:`~kleos.core.kit.agents.SearchKnowledge`).

* ``candidates``: the ``heuristic`` player's ``TOP`` best actions by its own look-ahead (its choice
  first), that look-ahead wider and deeper than the plain heuristic's (``GUIDE_WIDTH`` candidates,
  ``GUIDE_ROLLOUTS`` rollouts): the search spends its budget telling those few apart rather than
  spreading it over every marker placement or unit move; a favourite ``CLEAR`` ahead of the next is
  played without search (``shortcut``);
* ``rollout``: the heuristic's quick policy for every seat, on the determinized state itself (already
  one sample of what the searching faction cannot see);
* ``horizon``: ``HORIZON`` steps (chance included) after the candidate, or the end of the game, where
  the evaluation (:mod:`~kleos.games.pericles.agents.evaluation`) scores the result.

Four seats, so not zero-sum. Everything reads the view, or the determinized state the search hands
in, never the true state.
"""

from __future__ import annotations

import random
from typing import Any

from kleos.core.action import Action
from kleos.core.kit.agents import SearchKnowledge
from kleos.games.pericles.agents.evaluation import SEARCH_SIDE_SHARE
from kleos.games.pericles.agents.heuristic import HeuristicAgent, quick
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import PericlesState

TOP = 3  # candidates the search compares
HORIZON = 40  # rollout steps after a candidate
GUIDE_WIDTH, GUIDE_ROLLOUTS = 12, 60  # the guide's look-ahead, wider and deeper than the plain heuristic's
CLEAR = 0.03  # a guide's favourite this far ahead of the next candidate is played without search


def horizon(start: Any, s: Any) -> bool:
    """The rollout stops ``HORIZON`` steps after the search's start, or at the end of the game."""
    assert isinstance(start, PericlesState) and isinstance(s, PericlesState)
    return s.outcome is not None or s.steps - start.steps >= HORIZON


def knowledge_for(game: PericlesGame) -> SearchKnowledge:
    """The paired-search knowledge for ``game``."""
    guide = HeuristicAgent(game, width=GUIDE_WIDTH, rollouts=GUIDE_ROLLOUTS, side_weight=SEARCH_SIDE_SHARE)
    t = game.tables

    def prior(s: Any, seat: int, legal: list[Action]) -> list[float]:
        """Flat: the tree mode is not used for Pericles."""
        return [0.5] * len(legal)

    def policy(s: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return quick(s, legal, rng, t)

    def settled(s: Any) -> bool:
        return False

    ranked: list[list[Action]] = [[]]  # the guide's ranking of the decision being searched

    def shortcut(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """The guide ranks the candidates; a clear favourite is played at once, else the search
        compares the ``TOP`` best."""
        values = guide.action_values(view, legal, random.Random(rng.getrandbits(64)))
        ranked[0] = [action for _, action in values[:TOP]]
        if len(values) < 2 or values[0][0] - values[1][0] > CLEAR:
            return values[0][1]
        return None

    def candidates(view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        if ranked[0] and all(action in legal for action in ranked[0]):
            return ranked[0]
        return [action for _, action in guide.action_values(view, legal, rng)[:TOP]]

    return SearchKnowledge(prior, policy, settled, shortcut=shortcut, candidates=candidates, horizon=horizon,
                           rollout=policy, zero_sum=False)
