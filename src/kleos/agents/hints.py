"""How close a hint's call was, for every surface that gives hints (terminal and browser alike).

A hint named its action and, for a few decisions, a reason; the rest ("put into the entourage A21")
left a newcomer unable to tell a clear best from a toss-up. An agent that ranks its choices (a
:class:`~kleos.core.kit.agents.Ranking`) gives its candidates with the values it ranks by, and the
hint then says its value and the next best's, naming the next best.
"""

from __future__ import annotations

import math
import random
from typing import Any

from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.agents import Agent, Ranking
from kleos.i18n.platform import _

Ranked = list[tuple[float, Action]]
"""Choices best first, each with the value the agent ranks it by (``nan``: the agent gave none)."""


def ranking(agent: Agent, view: Any, legal: list[Action], rng: random.Random) -> Ranked:
    """The agent's choice first, then the others it weighed, when it ranks its choices and there are
    two or more; else its one choice, valued ``nan``."""
    if len(legal) > 1 and isinstance(agent, Ranking):
        return agent.ranked(view, legal, rng)
    return [(math.nan, agent.choose(view, legal, rng))]


def lookahead_words(kit: GameKit, game: Any, view: Any, ranked: Ranked) -> str:
    """How close the call was: the choice's value and the next best's, with what the values measure
    and the next best in words and notation, as every surface shows an action ("" when the agent
    ranked nothing)."""
    if len(ranked) < 2 or math.isnan(ranked[0][0]):
        return ""
    parts = kit.agent_parts()
    measure = kit.word(parts.value_words) if parts is not None else ""
    (best, _chosen), (second, runner_up) = ranked[:2]
    words = kit.describe_action(game, view, runner_up)
    if round(best, 3) == round(second, 3):
        return _("Looking ahead, it rates this and the next best alike ({best:.3f}, {measure}; {count} choices "
                 "weighed), so either will do: {words} [{action}]", best=best, measure=measure, count=len(ranked),
                 words=words, action=runner_up)
    return _("Looking ahead, it rates this {best:.3f} and the next best {second:.3f} ({measure}; {count} choices "
             "weighed): {words} [{action}]", best=best, second=second, measure=measure, count=len(ranked),
             words=words, action=runner_up)
