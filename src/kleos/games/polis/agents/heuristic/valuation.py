"""The evaluation of a position in points of final score: the agent's evaluation methods, built on
the weights, goods values and food plan of :mod:`~kleos.games.polis.agents.heuristic.model`.
"""

from __future__ import annotations

from mypy_extensions import trait

from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import (
    LOSS,
    VALUER_MEMO,
    Valuer,
    polity,
    remember,
    state_key,
    valuer_for,
)
from kleos.games.polis.rules import events
from kleos.games.polis.state import BATTLES, EVENT, ROUND_START, TURN, PolisState
from kleos.games.polis.tables import NO_ONE, ceil_half, other


@trait
class ValuationMixin(AgentBase):
    """The position for a side in points: score, goods, food, the coming rounds, less the opponent's."""

    # ===== evaluation ===========================================================================
    def evaluate(self, s: PolisState, me: int) -> float:
        """The position for ``me`` in points: its own value minus half the opponent's."""
        return self.evaluate_parts(s, me)[0]

    def evaluate_parts(self, s: PolisState, me: int) -> tuple[float, float]:
        """The evaluation and the part of it that is the credit for the rest-of-round plan
        (remembered per position: look-aheads reach the same positions again)."""
        key = (me, state_key(s))
        code = hash(key)  # hashed once (the memo is keyed by the hash, the key kept to compare)
        found = self._eval_memo.get(code)
        if found is not None and found[0] == key:
            return found[1]
        value = self._evaluate_parts(s, me)
        remember(self._eval_memo, code, (key, value))
        return value

    def _evaluate_parts(self, s: PolisState, me: int) -> tuple[float, float]:
        if s.outcome is not None:
            if s.outcome.winner is None:
                return 0.0, 0.0
            return (LOSS if s.outcome.winner == me else -LOSS), 0.0
        value, plan = self._side_value(s, me)
        return value - self.p.opponent * self._opponent_value(s, other(me)), plan

    def acting(self, s: PolisState, side: int) -> bool:
        """Can ``side`` still take actions this round?"""
        if s.outcome is not None:
            return False
        if s.phase in (EVENT, ROUND_START):
            return True
        if s.phase == TURN:
            return not s.passed[side]
        if s.phase == BATTLES:
            return s.after_battles == "turn" and not s.passed[side]
        return False

    def points(self, s: PolisState, side: int) -> float:
        """Population, posterity and the projects under way (prestige is in the Valuer)."""
        return polity(self.t, s, side, self.p, s.round >= self.t.last_round)[5]

    def _side_value(self, s: PolisState, side: int) -> tuple[float, float]:
        t = self.t
        valuer = valuer_for(self._valuers, t, s, side, self.p)
        value = self.points(s, side)
        if s.event_flags and s.flag(events.HOOK):
            expected, fatal = self._hook_losses(s, side)
            valuer = Valuer(t, s, side, self.p)  # its own, to change: equal to the shared one but for its memos
            valuer.prestige -= expected
            if fatal:
                value -= LOSS
        value += valuer.value()
        future = t.last_round - s.round
        # Megalopolis: a prestige at this round's end (if still to come) and at each later one
        value += valuer.mega * ((1.0 if valuer.grow_ahead else 0.0) + self.p.mega_future * future)
        acting = self.acting(s, side)
        reach = self.reachable_markets(s, side)
        if future and self.p.excess:
            # mouths the next round could not feed (poleis taken beyond the means to feed them); while
            # the side can still act, its goods may yet become wheat, so the estimate counts less
            left = max(0, valuer.wheat - valuer.need) if valuer.ahead else valuer.wheat
            # what it reads beyond the Valuer's inputs (poleis, goods, prestige): remembered on it
            key = (left, s.round, *s.units[side:t.n_territories * 2:2], s.merchants_port[side],
                   s.slot_merchant.count(side), reach)
            supply = valuer.supply.get(key)
            if supply is None:
                if len(valuer.supply) >= VALUER_MEMO:
                    valuer.supply.clear()
                supply = valuer.supply[key] = self.next_round_supply(s, side, left, reach)
            short = max(0.0, valuer.need - supply)
            value -= self.p.excess * (self.p.excess_acting if acting else 1.0) * short
        merchants = s.merchants_port[side] + s.slot_merchant.count(side)
        value += future * self.p.merchants[min(merchants, len(self.p.merchants) - 1)]
        land = t.n_territories * 2
        hoplites = sum(s.units[side:land:2])
        galleys = sum(s.units[land + side:t.n_regions * 2:2])
        value += self.p.hoplite * hoplites + self.p.galley * galleys
        if s.proxenos[side] != NO_ONE:
            value += 1.0 + 0.5 * future
        value += self.p.reach * future * len(reach)
        plan = self.p.plan_weight * self.plan_gain(s, side, valuer, reach) if acting else 0.0
        value += plan - self._threats(s, side) + self._battle_outlook(s, side)
        return value, plan

    def _hook_losses(self, s: PolisState, side: int) -> tuple[float, bool]:
        """Prestige this round's event will still take from ``side`` at the ends of turns (e.g. for
        cutting the opponent off from a market, or for hoplites left where the event forbids them):
        the expected loss, and whether the end of the side's own next turn would cost the game."""
        t = self.t
        losses = []
        for whose in (side, other(side)):
            copy = s.copy()
            events.on_turn_end(t, copy, whose)
            losses.append(s.prestige[side] + 1 if copy.outcome is not None else s.prestige[side] - copy.prestige[side])
        own = (1 if s.passed[other(side)] else 2) if self.acting(s, side) else 0
        theirs = 2 if self.acting(s, other(side)) else 0
        fatal = own > 0 and losses[0] > s.prestige[side]
        return losses[0] * own + losses[1] * theirs, fatal

    def _opponent_value(self, s: PolisState, side: int) -> float:
        t = self.t
        future = t.last_round - s.round
        value = self.points(s, side) + s.prestige[side]
        value += self.p.reach * future * len(self.reachable_markets(s, side))
        return value


    def polis_worth(self, s: PolisState, polis: int, cubes: int) -> float:
        """Points a polis is worth to its owner: cubes, posterity, projects under way, its use."""
        t = self.t
        worth = float(cubes) + self.p.polis
        for tile in s.projects_done[polis]:
            worth += t.projects[tile].posterity
        tile = s.project_started[polis]
        if tile != -1:
            info = t.projects[tile]
            worth += (ceil_half(cubes) if info.prestige < 0 else info.prestige) + info.posterity
        return worth
