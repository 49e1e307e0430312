"""The agent part of the Cyclades kit: the evaluation ISMCTS scores leaves with.

Built on first use by :meth:`kleos.games.cyclades.kit.CycladesKit.agent_parts`. No Cyclades player
of its own yet (a heuristic player is part of the next issue); ISMCTS plays with this evaluation.
"""

from __future__ import annotations

from typing import Any

from kleos.core.kit.agents import AgentParts, Evaluator
from kleos.core.protocol import Game
from kleos.games.cyclades.agents.evaluation import evaluator_for
from kleos.games.cyclades.game import CycladesGame


def _evaluator(game: Game[Any, Any]) -> Evaluator:
    if not isinstance(game, CycladesGame):
        raise TypeError(f"the Cyclades evaluation was handed a {type(game).__name__}")
    return evaluator_for(game)


def agent_parts() -> AgentParts:
    return AgentParts(evaluator=_evaluator, hint="ismcts:normal", default_opponent="ismcts:normal")
