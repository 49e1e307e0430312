"""The agent part of the Pericles kit.

Built on first use by :meth:`kleos.games.pericles.kit.PericlesKit.agent_parts`: the ``heuristic``
faction player, the baselines it is measured against (``always-accept``, ``always-decline``,
``beginner``), the evaluation ISMCTS scores positions with, and the paired search's knowledge.
"""

from __future__ import annotations

from kleos.core.kit.agents import AgentParts, SearchKnowledge
from kleos.core.kit.calibration import read_calibration
from kleos.games.pericles.agents.baselines import AlwaysAccept, AlwaysDecline, Beginner
from kleos.games.pericles.agents.evaluation import evaluator_for
from kleos.games.pericles.agents.explain import explain
from kleos.games.pericles.agents.heuristic import HeuristicAgent
from kleos.games.pericles.agents.search import knowledge_for
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.view import PericlesView


def _knowledge(game: PericlesGame, paired: bool) -> SearchKnowledge | None:
    """The paired search's knowledge; the tree mode (``paired=False``) plays without knowledge."""
    if not paired:
        return None
    return knowledge_for(game)


MARKS = (0.04, 0.08, 0.15)
"""Losses of faction standing (the search's evaluation: the side's war and the duel with the
compatriot, P-VICTORY-11) marked inaccuracy, mistake, blunder by the post-game analysis: narrower
than a winning chance's, since a standing moves less from one decision than a two-seat game's
chance does."""


ABOUT = N_("The computer factions are Kleos's own players, not the official Phormio bot: the solitaire "
           "rules and their Strategic Matrix and Phormio Decisions cards are not in the rulebook.")
"""Said wherever opponents are chosen: the bots replace Phormio, whose flowcharts are lost
(pericles-data.md §8)."""


def agent_parts() -> AgentParts[PericlesGame, PericlesState, PericlesView]:
    agents = {"heuristic": HeuristicAgent, "always-accept": AlwaysAccept, "always-decline": AlwaysDecline,
              "beginner": Beginner}
    return AgentParts(agents=agents, evaluator=evaluator_for, knowledge=_knowledge, hint="heuristic",
                      default_opponent="heuristic", explain=explain, marks=MARKS,
                      value_words=N_("faction standing"), calibration=read_calibration("kleos.games.pericles"),
                      about=ABOUT)
