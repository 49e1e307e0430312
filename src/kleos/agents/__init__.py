"""Agents: players driven by the computer. Each sees only its seat's view (never the state).

The generic agents (random, ISMCTS) play every game; a game adds its own kinds and teaches ISMCTS
through its kit's :class:`~kleos.core.kit.agents.AgentParts`.
"""

from __future__ import annotations

from kleos.agents.base import Agent, RandomAgent, agent_parts_of, agent_rng, seat_chooser
from kleos.agents.registry import AgentSpecError, agent_names, agents_about, make_agent, parse_spec

__all__ = [
    "Agent",
    "AgentSpecError",
    "RandomAgent",
    "agent_names",
    "agent_parts_of",
    "agent_rng",
    "agents_about",
    "make_agent",
    "parse_spec",
    "seat_chooser",
]
