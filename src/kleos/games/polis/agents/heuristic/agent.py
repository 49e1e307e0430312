"""The agent itself: :class:`HeuristicAgent` puts the parts together and routes each decision."""

from __future__ import annotations

import random
from typing import Any

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.battle import BattleMixin
from kleos.games.polis.agents.heuristic.end_of_round import EndOfRoundMixin
from kleos.games.polis.agents.heuristic.events import EventMixin
from kleos.games.polis.agents.heuristic.model import Option, Params, Valuers
from kleos.games.polis.agents.heuristic.plan import PlanMixin
from kleos.games.polis.agents.heuristic.steps import StepMixin
from kleos.games.polis.agents.heuristic.turn import TurnMixin
from kleos.games.polis.agents.heuristic.valuation import ValuationMixin
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, TURN
from kleos.games.polis.tables import NO_ONE
from kleos.games.polis.view import PolisView


class HeuristicAgent(ValuationMixin, PlanMixin, TurnMixin, StepMixin, BattleMixin, EndOfRoundMixin, EventMixin,
                     AgentBase):
    """Rule-based play for Polis (both editions); ``game`` gives the public tables."""

    name = "heuristic"

    def __init__(self, game: PolisGame | None = None, params: Params | None = None) -> None:
        self.p = params or Params()
        self.game = game
        self._reach: dict[tuple[Any, ...], frozenset[int]] = {}
        self._tribute: dict[tuple[int, int, bool], list[tuple[tuple[int, ...], float, int]]] = {}
        self._trades: dict[tuple[Any, ...], list[Option]] = {}
        self._reach_poleis: tuple[int, ...] = ()
        self._slots_memo: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}
        self._values_memo: dict[int, tuple[Any, list[tuple[float, Action]]]] = {}
        self._eval_memo: dict[int, tuple[Any, tuple[float, float]]] = {}
        self._paths_memo: dict[tuple[Any, ...], dict[int, tuple[int, list[int]]]] = {}
        self._valuers: Valuers = {}
        if self.game is not None:
            t = self.t = self.game.tables
            self._reach_poleis = tuple(
                sorted({t.diolkos_polis, *t.land_trade, *(p for p, c in enumerate(t.polis_commercial) if c != NO_ONE)}))
            self._last_round = t.last_round
            # per territory with tribute: its poleis, whether it is each seat's home, its columns
            self._tribute_columns = tuple(
                (r, t.territory_poleis[r], tuple(t.polis_territory[t.capital[side]] == r for side in (0, 1)),
                 t.tribute[r])
                for r in range(t.n_territories) if t.tribute[r])
            self._tradable = tuple((g, g in t.perishable) for g in t.tradable)

    def forget(self) -> None:
        """Empty the memos of positions (choices and evaluations): a search that calls this when it
        starts reuses only what it computed itself, so its speed does not depend on what came before."""
        self._values_memo.clear()
        self._eval_memo.clear()
        self._valuers.clear()

    # ----- entry point ------------------------------------------------------------------------
    def choose(self, view: PolisView, legal: list[Action], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.game is None or view.seat not in (0, 1):
            acting = [a for a in legal if a.verb != "pass"]
            return rng.choice(acting or legal)
        s = view.state
        me = int(view.seat)
        if s.phase == TURN:
            if s.pending is None:
                return self._turn_choice(s, me, legal, rng)
            return self._step_policy(s, me, legal)
        if s.phase == BATTLES:
            return self._battle(view, s, me, legal, rng)
        if s.phase == END_OF_ROUND:
            return self._end_of_round(s, me, legal)
        if s.phase == EVENT:
            return self._event(view, s, me, legal, rng)
        return legal[0]
