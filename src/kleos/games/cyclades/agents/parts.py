"""The agent part of the Cyclades kit.

Built on first use by :meth:`kleos.games.cyclades.kit.CycladesKit.agent_parts`: the ``heuristic``
player, the evaluation ISMCTS scores leaves with, and the paired search's knowledge.
"""

from __future__ import annotations

from kleos.core.kit.agents import AgentParts, SearchKnowledge
from kleos.core.kit.calibration import read_calibration
from kleos.games.cyclades.agents.evaluation import evaluator_for
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.agents.search import knowledge_for
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.view import CycladesView


def _knowledge(game: CycladesGame, paired: bool) -> SearchKnowledge | None:
    """The paired search's knowledge (:mod:`~kleos.games.cyclades.agents.search`); the tree mode
    (``paired=False``) plays without knowledge."""
    if not paired:
        return None
    return knowledge_for(game)


MARKS = (0.06, 0.12, 0.25)
"""Losses of winning chance marked inaccuracy, mistake, blunder by the post-game analysis: wider
than a two-seat game's, since the bidding and the dice of battles make the estimates noisier."""


def agent_parts() -> AgentParts[CycladesGame, CycladesState, CycladesView]:
    return AgentParts(agents={"heuristic": HeuristicAgent}, evaluator=evaluator_for, knowledge=_knowledge,
                      hint="ismcts:normal", default_opponent="ismcts:normal", marks=MARKS,
                      calibration=read_calibration("kleos.games.cyclades"))
