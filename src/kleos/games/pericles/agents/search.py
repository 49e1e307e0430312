"""Pericles knowledge for the paired search of ISMCTS (:class:`~kleos.core.kit.agents.SearchKnowledge`).

* ``candidates``: the ``heuristic`` player's ``TOP`` best actions by its own look-ahead (its choice
  first), that look-ahead wider and deeper than the plain heuristic's (``GUIDE_WIDTH`` candidates,
  ``GUIDE_ROLLOUTS`` rollouts): the search spends its budget telling those few apart rather than
  spreading it over every marker placement or unit move; a favourite ``CLEAR`` ahead of the next is
  played without search (``shortcut``);
* ``rollout``: the heuristic's quick policy for every seat, on the determinized state itself (already
  one sample of what the searching faction cannot see). :func:`campaign` (``purpose=True``, for
  experiments) plays expeditions on purpose instead, in the rollouts and the guide's look-ahead: the
  quick policy commits a random number of Strategos and mostly stops moving at once, so in its
  futures most battles are lost and a Raid (+3 Honor at once) looks better than fighting for a
  contested theater, the one way a Dominant faction could stop the enemy Raids that drain it
  (P-RAID-1, P-RAID-3, P-RAID-4). Measured on the vignette it changed nothing that 60 games could
  show, and made decisions slower, so it is not the default (``docs/pericles.md``, Bots);
* ``determinize``: the guide and the search draw the markers they cannot see from the scenario's
  public sheet (:mod:`~kleos.games.pericles.agents.belief`), not all as Rumors as the kit does, so
  their futures hold the enemy's Raids and the compatriot's issues;
* ``horizon``: ``HORIZON`` steps (chance included) after the candidate, or the end of the game, where
  the evaluation (:mod:`~kleos.games.pericles.agents.evaluation`) scores the result.

The guide and the search score positions with the same ``OBJECTIVE``: ``duel``
(:func:`~kleos.games.pericles.agents.evaluation.duel_value`, mostly the Honor duel with the
compatriot, as only the faction with more Honor on the winning side wins, P-VICTORY-11). With the
former ``product`` objective the search out-scored its ``heuristic`` compatriot no more often than a
heuristic in its seat; ``benchmarks/per_strength.py`` compares the settings (``knowledge_for``'s
keywords) on seeded games. ``pending`` (an experiment) scores a position with the Raids still face down
on the map played out, so that a Dominant's Strategos held against the enemy's Raids count as the
Honor they will spare it; measured on the vignette it did no better than ``duel``.

Four seats, so not zero-sum. Everything reads the view, or the determinized state the search hands
in, never the true state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kleos.core.action import Action
from kleos.core.kit.agents import Evaluator, SearchKnowledge
from kleos.games.pericles.agents.belief import believer
from kleos.games.pericles.agents.evaluation import (
    SEARCH_SIDE_SHARE,
    SIDE_SHARE,
    Score,
    duel_value,
    evaluator_for,
    pending_value,
    value,
)
from kleos.games.pericles.agents.heuristic import HeuristicAgent, Policy, quick, stop_action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.battle import commander, theater_of
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import Tables

TOP = 3  # candidates the search compares
HORIZON = 40  # rollout steps after a candidate
GUIDE_WIDTH, GUIDE_ROLLOUTS = 12, 60  # the guide's look-ahead, wider and deeper than the plain heuristic's
GUIDE_HORIZON = 120  # the guide's rollout steps after a candidate
CLEAR = 0.03  # a guide's favourite this far ahead of the next candidate is played without search
OBJECTIVE = "duel"  # the value the guide and the search score positions with (:data:`OBJECTIVES`)


def _product(t: Tables, s: PericlesState, f: int) -> float:
    return value(t, s, f, SEARCH_SIDE_SHARE)


def _selfish(t: Tables, s: PericlesState, f: int) -> float:
    return duel_value(t, s, f, 0.1)


def _side(t: Tables, s: PericlesState, f: int) -> float:
    """The heuristic's weights (three quarters the side's war) in the search's sum, for comparison."""
    return duel_value(t, s, f, SIDE_SHARE)


OBJECTIVES: dict[str, Score] = {"product": _product, "duel": duel_value, "selfish": _selfish, "side": _side,
                                "pending": pending_value}


def evaluator(game: PericlesGame, objective: str = OBJECTIVE) -> Evaluator:
    """The search's evaluation of a position for a seat, under ``objective``."""
    return evaluator_for(game, OBJECTIVES[objective])


def campaign(t: Tables) -> Policy:
    """The quick policy, but an expedition is fought to be won: the Commander commits all the
    Strategos it may (P-EXPED-2: each is a unit moved and a point of strength, P-MOVE-1, P-EXPED-8),
    units move into the Expedition theater when they can reach it at once, and the movement stops
    rather than wander elsewhere."""

    def policy(s: PericlesState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        step = s.step
        if step == "exped_secret" and seat == commander(s):
            return max(legal, key=lambda a: int(a.args[0]))
        if step in ("move", "move_on"):
            target = t.theater_keys[theater_of(s)]
            into = [a for a in legal if a.args and a.args[-1] == target]
            if into:
                return into[rng.randrange(len(into))]
            stop = stop_action(legal)
            if stop is not None:
                return stop
        return quick(s, legal, rng, t)

    return policy


def horizon_of(steps: int) -> Callable[[Any, Any], bool]:
    """The rollout stops ``steps`` steps after the search's start, or at the end of the game."""

    def horizon(start: Any, s: Any) -> bool:
        assert isinstance(start, PericlesState) and isinstance(s, PericlesState)
        return s.outcome is not None or s.steps - start.steps >= steps

    return horizon


def knowledge_for(game: PericlesGame, *, top: int = TOP, steps: int = HORIZON, clear: float = CLEAR,
                  guide_width: int = GUIDE_WIDTH, guide_rollouts: int = GUIDE_ROLLOUTS,
                  guide_horizon: int = GUIDE_HORIZON, objective: str = OBJECTIVE,
                  belief: bool = True, purpose: bool = False) -> SearchKnowledge:
    """The paired-search knowledge for ``game`` (the defaults are the kit's; the others are for
    benchmarks/per_strength.py's experiments; ``belief=False``: the kit's determinization;
    ``purpose=True``: expeditions played on purpose in the rollouts, :func:`campaign`)."""
    t = game.tables
    determinize = believer(game) if belief else game.determinize
    fight = campaign(t) if purpose else None
    guide = HeuristicAgent(game, width=guide_width, rollouts=guide_rollouts, horizon=guide_horizon,
                           evaluate=OBJECTIVES[objective], determinize=determinize, policy=fight)

    def prior(s: Any, seat: int, legal: list[Action]) -> list[float]:
        """Flat: the tree mode is not used for Pericles."""
        return [0.5] * len(legal)

    def policy(s: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return quick(s, legal, rng, t) if fight is None else fight(s, seat, legal, rng)

    def settled(s: Any) -> bool:
        return False

    ranked: list[list[Action]] = [[]]  # the guide's ranking of the decision being searched

    def shortcut(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """The guide ranks the candidates; a clear favourite is played at once, else the search
        compares the ``top`` best."""
        values = guide.action_values(view, legal, random.Random(rng.getrandbits(64)))
        ranked[0] = [action for _, action in values[:top]]
        if len(values) < 2 or values[0][0] - values[1][0] > clear:
            return values[0][1]
        return None

    def candidates(view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        if ranked[0] and all(action in legal for action in ranked[0]):
            return ranked[0]
        return [action for _, action in guide.action_values(view, legal, rng)[:top]]

    return SearchKnowledge(prior, policy, settled, shortcut=shortcut, candidates=candidates,
                           horizon=horizon_of(steps), rollout=policy, determinize=determinize, zero_sum=False)
