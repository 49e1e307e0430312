"""Agent specifications: ``random``, ``simple``, ``heuristic``, ``ismcts``, ``ismcts:normal``,
``ismcts:5000`` (a budget in forward-model calls). One place builds an agent from its name, so
the arena, ``kleos play`` and the server offer the same opponents."""

from __future__ import annotations

from typing import Any

from kleos.agents.base import Agent, RandomAgent
from kleos.agents.heuristic import HeuristicAgent
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.simple import SimpleAgent
from kleos.core.protocol import Game

LEVELS = {"easy": 150, "normal": 400, "hard": 1500}  # forward-model calls per decision
KINDS = ("random", "simple", "heuristic", "ismcts")


class AgentSpecError(ValueError):
    """An agent name that is not one of the known kinds or levels."""


def parse_spec(spec: str) -> tuple[str, int | None]:
    kind, _, level = spec.partition(":")
    if kind not in KINDS:
        raise AgentSpecError(f"unknown agent '{spec}': choose from {', '.join(KINDS)} (ismcts:easy|normal|hard|N)")
    if kind != "ismcts":
        if level:
            raise AgentSpecError(f"'{kind}' takes no level")
        return kind, None
    if not level:
        return kind, LEVELS["normal"]
    if level in LEVELS:
        return kind, LEVELS[level]
    if level.isdigit() and int(level) > 0:
        return kind, int(level)
    raise AgentSpecError(f"unknown level '{level}': easy, normal, hard or a number of model calls")


def make_agent(spec: str, game: Game[Any, Any]) -> Agent:
    """Build the agent named by ``spec`` for ``game``."""
    kind, budget = parse_spec(spec)
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return HeuristicAgent(game)
    if kind == "simple":
        return SimpleAgent(game)
    assert budget is not None
    return ISMCTSAgent(game, evaluator_for(game), model_calls=budget, name=spec)


def evaluator_for(game: Game[Any, Any]) -> Any:
    from kleos.agents.polis_eval import win_probability
    from kleos.games.polis.game import PolisGame

    if not isinstance(game, PolisGame):
        raise AgentSpecError(f"no evaluation function for {game.name}")
    tables = game.tables

    def evaluate(state: Any, seat: int) -> float:
        return win_probability(tables, state, seat)

    return evaluate
