"""Agent specifications: ``random``, ``ismcts``, ``ismcts:normal``, ``ismcts:5000`` (a budget in
forward-model calls) for every game, and the kinds a game's kit adds (its :class:`AgentParts`).
One place builds an agent from its name, so the arena, ``kleos play`` and the server offer the same
opponents."""

from __future__ import annotations

from typing import Any

from kleos.agents.base import Agent, RandomAgent, agent_parts_of
from kleos.agents.ismcts import ISMCTSAgent
from kleos.core import registry
from kleos.core.kit import GameKit
from kleos.core.kit.agents import Evaluator
from kleos.core.protocol import Game
from kleos.i18n.platform import _

LEVELS = {"easy": 150, "normal": 400, "hard": 1500}  # forward-model calls per decision
GENERIC_KINDS = ("random", "ismcts")


class AgentSpecError(ValueError):
    """An agent name that is not one of the known kinds or levels."""


def game_kinds(kit: GameKit) -> tuple[str, ...]:
    """The agent kinds ``kit``'s game brings besides the generic ones, in the kit's order."""
    parts = kit.agent_parts()
    return tuple(name for name in (parts.agents if parts is not None else ()) if name not in GENERIC_KINDS)


def agent_names(kit: GameKit) -> tuple[str, ...]:
    """The agent specs a game offers, for menus and ``--help``: random, the game's own kinds, and
    ISMCTS at each named level."""
    return ("random", *game_kinds(kit), *(f"ismcts:{level}" for level in LEVELS))


def agents_about(kit: GameKit) -> str:
    """What the game says of its computer players, in the reader's language ("" when nothing)."""
    parts = kit.agent_parts()
    return kit.word(parts.about) if parts is not None and parts.about else ""


def _known_kinds(kit: GameKit | None) -> tuple[str, ...]:
    if kit is not None:
        return (*GENERIC_KINDS, *game_kinds(kit))
    found = dict.fromkeys(GENERIC_KINDS)
    for each in registry.games().values():
        found.update(dict.fromkeys(game_kinds(each)))
    return tuple(found)


def parse_spec(spec: str, kit: GameKit | None = None) -> tuple[str, int | None]:
    """(kind, budget) of ``spec``; the kind must be generic or offered by ``kit`` (without a kit: by
    any installed game). The budget is ISMCTS's forward-model calls per decision, None otherwise."""
    return _parse(spec, _known_kinds(kit))


def _parse(spec: str, kinds: tuple[str, ...]) -> tuple[str, int | None]:
    kind, _colon, level = spec.partition(":")
    if kind not in kinds:
        raise AgentSpecError(_("unknown agent '{spec}': choose from {kinds} (ismcts:easy|normal|hard|N)", spec=spec,
                               kinds=", ".join(kinds)))
    if kind != "ismcts":
        if level:
            raise AgentSpecError(_("'{kind}' takes no level", kind=kind))
        return kind, None
    if not level:
        return kind, LEVELS["normal"]
    if level in LEVELS:
        return kind, LEVELS[level]
    if level.isdigit() and int(level) > 0:
        return kind, int(level)
    raise AgentSpecError(_("unknown level '{level}': easy, normal, hard or a number of model calls", level=level))


def make_agent(spec: str, game: Game[Any, Any]) -> Agent:
    """Build the agent named by ``spec`` for ``game`` (a kind its kit does not offer is refused)."""
    parts = agent_parts_of(game)
    own = {name: make for name, make in (parts.agents if parts is not None else {}).items()
           if name not in GENERIC_KINDS}
    kind, budget = _parse(spec, (*GENERIC_KINDS, *own))
    if kind == "random":
        return RandomAgent()
    if kind == "ismcts":
        assert budget is not None
        return ISMCTSAgent(game, model_calls=budget, name=spec)
    return own[kind](game)


def evaluator_for(game: Game[Any, Any]) -> Evaluator:
    """The evaluation ``game``'s kit gives ISMCTS; :class:`AgentSpecError` when it gives none."""
    parts = agent_parts_of(game)
    if parts is None or parts.evaluator is None:
        raise AgentSpecError(_("no evaluation function for {game}", game=game.name))
    return parts.evaluator(game)
