"""Agents: players driven by the computer. Each sees only its seat's view (never the state)."""

from __future__ import annotations

from typing import Any

from kleos.agents.base import Agent, RandomAgent, agent_rng, seat_chooser
from kleos.agents.simple import SimpleAgent
from kleos.core.protocol import Game

AGENT_NAMES = ("simple", "random")


def make_agent(name: str, game: Game[Any, Any]) -> Agent:
    """An agent by name ('simple' or 'random') for ``game``."""
    if name == "random":
        return RandomAgent()
    if name == "simple":
        return SimpleAgent(game)
    raise ValueError(f"unknown agent {name!r}; expected one of {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "Agent", "RandomAgent", "SimpleAgent", "agent_rng", "make_agent", "seat_chooser"]
