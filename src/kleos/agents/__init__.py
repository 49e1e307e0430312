"""Agents: players driven by the computer. Each sees only its seat's view (never the state)."""

from __future__ import annotations

from kleos.agents.base import Agent, RandomAgent, agent_rng, seat_chooser
from kleos.agents.registry import AgentSpecError, make_agent, parse_spec
from kleos.agents.simple import SimpleAgent

AGENT_NAMES = ("simple", "random", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard")

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentSpecError",
    "RandomAgent",
    "SimpleAgent",
    "agent_rng",
    "make_agent",
    "parse_spec",
    "seat_chooser",
]
