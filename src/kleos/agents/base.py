"""The interface every Kleos agent implements (:class:`Agent`, defined with the kit in
:mod:`kleos.core.kit.agents` and re-exported here), and the glue that lets agents play a game.

An agent sees only what its seat may know: ``game.view(state, seat)``, the legal actions and its
own random generator. It never receives the state itself, so an agent cannot peek at the
opponent's hand or at the game's generator (which decides future dice and cards).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit.agents import Agent, AgentParts
from kleos.core.protocol import Game

S = TypeVar("S")


class RandomAgent:
    """Picks a legal action uniformly at random (works for every game)."""

    name = "random"

    def choose(self, view: object, legal: list[Action], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]


def seat_chooser(game: Game[S, Any], agents: Mapping[int, Agent],
                 rngs: Mapping[int, random.Random]) -> Callable[[S, int, list[Action]], Action]:
    """A chooser for :func:`kleos.core.record.play_out` that hands each agent only its seat's view."""

    def choose(state: S, seat: int, legal: list[Action]) -> Action:
        return agents[seat].choose(game.view(state, seat), legal, rngs[seat])

    return choose


def agent_rng(seed: int, seat: int) -> random.Random:
    """The generator of the agent in ``seat`` for a game seeded by ``seed`` (independent of chance)."""
    return random.Random(f"kleos-agent:{seed}:{seat}")


def agent_parts_of(game: Game[Any, Any]) -> AgentParts | None:
    """What ``game``'s kit teaches the agents, or None for a game without a kit or without agent parts
    (a game built by hand in a test): the generic agents then play it on their own."""
    try:
        kit = registry.kit(game.name)
    except registry.UnknownGame:
        return None
    return kit.agent_parts()


__all__ = ["Agent", "RandomAgent", "agent_parts_of", "agent_rng", "seat_chooser"]
