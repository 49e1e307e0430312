"""The agent part of the Polis kit: the Polis players and what ISMCTS learns about Polis.

Built on first use by :meth:`kleos.games.polis.kit.PolisKit.agent_parts`, so that importing the kit
does not load the players.
"""

from __future__ import annotations

from kleos.core.kit.agents import AgentParts
from kleos.core.kit.calibration import read_calibration
from kleos.games.polis.agents.evaluation import evaluator_for
from kleos.games.polis.agents.heuristic import HeuristicAgent
from kleos.games.polis.agents.prior import knowledge_for
from kleos.games.polis.agents.simple import SimpleAgent
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.view import PolisView

MARKS = (0.05, 0.10, 0.20)
"""Losses of winning chance marked inaccuracy, mistake, blunder by the post-game analysis: two seats,
a zero-sum game whose estimates separate moves well, so the usual steps of a chess review."""


def agent_parts() -> AgentParts[PolisGame, PolisState, PolisView]:
    """``simple`` (rules of thumb) and ``heuristic`` (plans a round ahead; also the players' hint);
    ISMCTS scores leaves by :func:`~kleos.games.polis.agents.evaluation.win_probability` and is
    guided by :func:`~kleos.games.polis.agents.prior.knowledge_for`."""
    return AgentParts(
        agents={"simple": SimpleAgent, "heuristic": HeuristicAgent},
        evaluator=evaluator_for,
        knowledge=knowledge_for,
        hint="heuristic",
        default_opponent="ismcts:normal",
        marks=MARKS,
        calibration=read_calibration("kleos.games.polis"),
    )
