"""The agent part of a kit: what a game teaches the generic agents (random, ISMCTS).

An agent sees only its seat's view, its legal actions and its own generator: :class:`Agent`.
A game may add agent kinds of its own (a heuristic player), an evaluation for search and the
search hints of :class:`SearchKnowledge`; without them the generic agents still play it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, runtime_checkable

from typing_extensions import TypeVar

from kleos.core.action import Action
from kleos.core.kit.calibration import Knots
from kleos.core.kit.params import G, S, V

ViewIn = TypeVar("ViewIn", contravariant=True, default=Any)
"""The view an agent reads: a game's agent names its game's view (``Agent[PolisView]``), so mypy
checks it against what the kit hands it; a generic agent takes ``object`` and so plays every game;
plain ``Agent`` is an agent of any game, as the generic layers hold them."""


@runtime_checkable
class Agent(Protocol[ViewIn]):
    """Chooses one of ``legal`` from a seat's ``view``; randomness only from ``rng``."""

    name: str

    def choose(self, view: ViewIn, legal: list[Action], rng: random.Random) -> Action: ...


@runtime_checkable
class Ranking(Protocol[ViewIn]):
    """An agent that can say how it ranks the choices: ``ranked`` gives the candidates it weighed,
    best first, each with the value it ranks by; its first is what ``choose`` would pick from the
    same view, legal actions and generator when there are two or more. A hint shows the next best
    and how close the call was, so that a newcomer learns why as well as what."""

    def ranked(self, view: ViewIn, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]: ...


Evaluator = Callable[[S, int], float]
"""(state, seat) -> expected result for ``seat`` in [0, 1], from a determinized state."""


@dataclass(frozen=True)
class SearchKnowledge:
    """What a game offers ISMCTS (see :mod:`kleos.agents.ismcts` for each member's use).

    ``zero_sum``: the game has two seats whose results sum to 1, so a leaf is evaluated once (it is
    ignored for more seats)."""

    prior: Callable[[Any, int, list[Action]], list[float]]
    policy: Callable[[Any, int, list[Action], random.Random], Action]
    settle: Callable[[Any], bool]
    root_prior: Callable[[Any, list[Action], random.Random], list[float]] | None = None
    shortcut: Callable[[Any, list[Action], random.Random], Action | None] | None = None
    candidates: Callable[[Any, list[Action], random.Random], list[Action]] | None = None
    horizon: Callable[[Any, Any], bool] | None = None
    rollout: Callable[[Any, int, list[Action], random.Random], Action] | None = None
    determinize: Callable[[Any, random.Random], Any] | None = None
    settle_steps: int = 12
    zero_sum: bool = True
    exploration: float = 0.15
    prior_weight: float = 0.3
    root_weight: float = 1.0
    keep_margin: float = 0.1


AgentFactory = Callable[[G], Agent[V]]
"""Builds an agent of a game's kind for one game (a game's agent takes its own game and view)."""


@dataclass(frozen=True)
class AgentParts(Generic[G, S, V]):
    """A game's agents and search knowledge.

    ``agents``: extra agent kinds by name (``heuristic``, ``simple``), each built for a game;
    ``evaluator``: builds the evaluation ISMCTS scores leaves with;
    ``knowledge``: builds the search hints (``paired``: compare a few candidates on shared futures);
    ``hint``: the agent spec that gives players hints; ``default_opponent``: the spec ``kleos play``
    and the lobby start with; ``explain``: why the hint agent chose an action, in plain words, from
    the seat's view and legal actions ("" when it has nothing to add).

    For the post-game analysis (:mod:`kleos.analysis`): ``marks`` are the losses of estimated value
    (inaccuracy, mistake, blunder; increasing, in [0, 1]) from which a move is marked, and
    ``value_words`` what the evaluation measures for a seat ("winning chance" unless a game's
    evaluation measures something else, such as a standing), and ``calibration`` the knots that
    turn that value into a chance of winning (:mod:`kleos.core.kit.calibration`; empty: reported
    as it is).

    ``about``: what players should know of the game's computer players before they choose one (a
    text in the game's catalogue, shown wherever opponents are chosen; "" when there is nothing).
    """

    agents: Mapping[str, AgentFactory[G, V]] = field(default_factory=dict)
    evaluator: Callable[[G], Evaluator[S]] | None = None
    knowledge: Callable[[G, bool], SearchKnowledge | None] | None = None
    hint: str = "random"
    default_opponent: str = "random"
    explain: Callable[[G, V, list[Action], Action], str] | None = None
    marks: tuple[float, float, float] = (0.05, 0.10, 0.20)
    value_words: str = "winning chance"
    calibration: Knots = ()
    about: str = ""
