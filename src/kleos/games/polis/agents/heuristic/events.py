"""Event choices: each answer is tried on determinized copies."""

from __future__ import annotations

import random

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.state import PolisState
from kleos.games.polis.view import PolisView


@trait
class EventMixin(AgentBase):
    """Event choices."""

    # ===== events ===============================================================================
    def _event(self, view: PolisView, s: PolisState, me: int, legal: list[Action], rng: random.Random) -> Action:
        """Try each answer on a determinized copy and keep the best position (R-EVENT-*)."""
        game = self._game()
        best: tuple[float, Action] | None = None
        for a in legal:
            state = game.determinize(view, rng)
            game.apply_in_place(state, a, me, validate=False)
            value = self.evaluate(state, me)
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1]
