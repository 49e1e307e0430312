"""The agent part of the Cyclades kit.

Built on first use by :meth:`kleos.games.cyclades.kit.CycladesKit.agent_parts`: the ``heuristic``
player, and the evaluation ISMCTS scores leaves with.
"""

from __future__ import annotations

from typing import Any

from kleos.core.kit.agents import AgentParts, Evaluator
from kleos.core.protocol import Game
from kleos.games.cyclades.agents.evaluation import evaluator_for
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.game import CycladesGame


def _evaluator(game: Game[Any, Any]) -> Evaluator:
    if not isinstance(game, CycladesGame):
        raise TypeError(f"the Cyclades evaluation was handed a {type(game).__name__}")
    return evaluator_for(game)


def agent_parts() -> AgentParts:
    return AgentParts(agents={"heuristic": HeuristicAgent}, evaluator=_evaluator, hint="ismcts:normal",
                      default_opponent="ismcts:normal")
