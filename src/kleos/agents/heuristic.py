"""A rule-based Polis player that plans its food, keeps a prestige reserve and fights only good battles.

:class:`HeuristicAgent` sees only its seat's :class:`PolisView`, the legal actions and its own
generator. Every choice of the turn phase is made the same way: each sensible legal action is
carried out to its end on a copy of the view's state (the agent's own step policy answers the
action's inner decisions; a siege die branches on success and failure, market dice take a middle
roll) and the positions reached are compared with one evaluation, in points of final score:

* the score now (population, prestige, posterity, projects under way);
* goods, valued by what they can still buy; wheat by the food plan: each wheat short of the
  coming feeding costs a prestige, and a shortfall that prestige cannot pay, or that would leave
  no prestige for the ostracism check, costs poleis or the game, so it weighs far more; wheat
  beyond the requirement is worth what growth makes of it;
* the rest of the round: a greedy plan over what the seat can still do with its goods, prestige
  and merchants (tribute, trades, sieges with the [2020] siege discs in the odds, a civil war
  where its proxenos stands), credited at part of its value; once the seat has passed the plan is
  gone, so it passes only when nothing is worth doing, and an action that would leave the feeding
  unpaid (or the prestige at 0 for the ostracism check) costs far more than it can bring;
* merchants, trade routes and Megalopolis for the coming rounds, mouths the next round could not
  feed, threats to its poleis, battles to come (with no prestige, a forced Salpinx loses the game),
  prestige an event takes at the ends of turns;
* less a share of the opponent's score, so taking from the opponent counts more than gaining.

Battles: the attacker lays the two cards with the best expected result against the answers the
defender could give from hands drawn from the cards this seat has not seen; the defender answers
so as to lose the fewest units and concede the least prestige; before each combat round a few
rollouts of the battle decide between fighting on and retreating (only with prestige to spare).
End of round: feeding releases the poleis that cost least only when prestige cannot pay the
shortfall and still pass the ostracism check; growth stops where the next round's need could not
be fed; Phoros only with plenty of prestige. Event choices are tried on determinized copies.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kleos.core.action import Action
from kleos.core.protocol import Game
from kleos.games.polis.board import controls, units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round, events, stasis, trade, tribute
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import (
    BATTLES,
    CH_DIE,
    END_OF_ROUND,
    EVENT,
    ROUND_START,
    TURN,
    PolisState,
)
from kleos.games.polis.tables import (
    GOOD_INDEX,
    GOODS,
    IRON,
    N_GOODS,
    NO_ONE,
    OIL,
    SILVER,
    WHEAT,
    WINE,
    WOOD,
    CardInfo,
    Tables,
    ceil_half,
    other,
)
from kleos.games.polis.view import PolisView

LOSS = 500.0  # losing the game
BATTLE_SAMPLES = 24  # defender hands drawn to choose an attack
BATTLE_ROLLOUTS = 12  # rollouts of a battle to decide whether to retreat
COUNT_KINDS = frozenset({"hoplites", "galleys", "merchants", "march", "sail"})
TRADE, TRIBUTE, SIEGE, STASIS = 0, 1, 2, 3


@dataclass(frozen=True)
class Params:
    """The weights of the evaluation, in points of final score."""

    opponent: float = 0.4  # the opponent's points count this much: taking from him counts 1.4 times
    plan_weight: float = 0.75  # share of the rest-of-round plan credited before it is carried out
    plan_step: float = 0.3  # and less this for each action it still takes
    danger: float = 25.0  # a feeding that would lose the game
    danger_slope: float = 8.0  # and per wheat or prestige missing
    release: float = 2.0  # per cube of need shed by releasing poleis (the cube and the polis behind it)
    hoplite: float = 0.15  # a unit on the map (what it is for is valued apart)
    galley: float = 0.1
    polis: float = 1.0  # owning a polis beyond its cubes: tribute, projects, growth room
    reach: float = 0.1  # per market its merchants can reach, per coming round
    merchants: tuple[float, ...] = (0.0, 0.0, 0.4, 0.6, 0.65)  # per coming round, by merchants owned
    silver: float = 0.8  # goods before the last round (what they can still buy) ...
    iron_wood: float = 0.5
    wine_oil: float = 0.45
    last_silver: float = 0.5  # ... and in the last round
    last_goods: float = 0.3
    cube: float = 0.45  # a cube grown before the last round (a point, but mouths to feed)
    rich_tribute: bool = True  # also plan with every rich tribute first
    mega_future: float = 0.6  # a polis above its base, per coming round (Megalopolis)
    excess: float = 1.0  # per cube the next round is not expected to feed
    excess_acting: float = 0.35  # the share of it counted while the side can still act this round
    reserve: float = 3.0  # prestige wanted after the round's end (to act with in the next round)
    reserve_cost: float = 1.0  # per prestige short of it
    low_reserve: float = 3.0  # and more per prestige short of 2
    supply_prestige: int = 1  # prestige kept back when counting next round's paid tributes as wheat
    growth_margin: float = 2.0  # wheat to spare next round before growing a cube (one that lifts a polis
    # above its base needs none)


@lru_cache(maxsize=64)
def goods_values(goods: tuple[int, ...], last: bool, p: Params) -> tuple[float, ...]:
    """What one unit of each good but wheat is worth: what it can still buy."""
    values = [0.0] * N_GOODS
    for g in goods:
        if g == SILVER:
            values[g] = p.last_silver if last else p.silver
        elif g in (WINE, OIL):
            values[g] = p.last_goods if last else p.wine_oil
        elif g in (IRON, WOOD):
            values[g] = p.last_goods if last else p.iron_wood
    return tuple(values)


def food_cost(gap: float, prestige: float, mega: int, releasable: float, p: Params, last: bool) -> float:
    """Points lost to a wheat shortfall of ``gap`` with ``prestige`` to pay it (R-EOR-11 … R-EOR-15):
    prestige pays as long as 1 is left after Megalopolis for the ostracism check (R-EOR-28, R-END-3),
    releasing poleis pays the rest. Beyond that the game is lost; the cost then still grows with
    every missing wheat or prestige, so that a plan sees each step out of danger."""
    pay = max(0.0, min(gap, prestige, prestige + mega - 1)) if gap > 0 else 0.0
    cost = pay
    shed = max(0.0, gap - pay)
    if shed > 0:
        cost += 3.0 + p.release * min(shed, releasable)
        if shed > releasable:
            cost += p.danger + p.danger_slope * (shed - releasable)
    final = prestige - pay + mega
    if final < 1:
        cost += p.danger + p.danger_slope * (1 - final)
    elif final < 2:
        cost += 1.0 if gap > 0 else 0.5
    if not last and final < p.reserve:
        # prestige to act with next round, and to weather an event that takes some at its start
        cost += p.reserve_cost * (p.reserve - max(final, 0.0)) + p.low_reserve * max(0.0, 2 - max(final, 0.0))
    return cost


class Valuer:
    """One side's prestige, goods and food plan in one position, valued fast in points.

    ``value(d_lin, d_wheat, d_need, d_prestige)`` values the same position with some changes:
    ``d_lin`` in points of goods other than wheat, the others in units."""

    __slots__ = ("ahead", "cubes", "goods", "grow_ahead", "gv", "last", "lin", "mega", "need", "p", "pending",
                 "prestige", "releasable", "wheat")

    def __init__(self, t: Tables, s: PolisState, side: int, p: Params) -> None:
        self.p = p
        self.last = s.round >= t.last_round
        self.gv = goods_values(t.goods, self.last, p)
        self.goods = s.goods[side * N_GOODS:(side + 1) * N_GOODS]
        self.lin = sum(self.goods[g] * self.gv[g] for g in t.goods if g != WHEAT)
        self.wheat = self.goods[WHEAT]
        self.prestige: float = s.prestige[side]
        need = mega = releasable = pending = 0
        cube = 1.0 if self.last else p.cube  # a cube grown: a point at the end, mouths to feed before
        cubes: list[float] = []
        for polis, owner in enumerate(s.owner):
            if owner != side:
                continue
            pop = s.pop[polis]
            need += pop
            base = t.polis_base[polis]
            if pop > base:
                mega += 1
            for j in range(1, min(t.polis_growth[polis], t.polis_max[polis] - pop) + 1):
                # the cube that lifts the polis above its base brings Megalopolis prestige (R-EOR-19)
                cubes.append(cube + (1.0 if pop + j == base + 1 else 0.0))
            if polis != t.capital[side]:
                releasable += pop
            tile = s.project_started[polis]
            if tile != -1:
                gain = t.projects[tile].prestige
                pending += ceil_half(pop) if gain < 0 else gain
        self.need, self.mega, self.releasable, self.pending = need, mega, releasable, pending
        cubes.sort(reverse=True)
        self.cubes = cubes[:max(0, s.supply_cubes[side])]
        self.ahead = self.grow_ahead = s.outcome is None
        if s.phase == END_OF_ROUND and s.outcome is None:
            late = end_of_round.order(s).index(side) < s.eor_seat  # its turn in this step is over
            self.ahead = s.eor_step == end_of_round.FEED and not late
            self.grow_ahead = self.ahead or (s.eor_step == end_of_round.GROW and not late)

    def growth(self, surplus: float) -> float:
        """Wheat beyond the requirement: growth cubes (R-EOR-16), Megalopolis first (R-EOR-19)."""
        if surplus <= 0:
            return 0.0
        value = 0.0
        for v in self.cubes:
            if surplus <= 0:
                return value
            take = min(1.0, surplus)
            value += take * v
            surplus -= take
        return value + surplus * (0.05 if self.last else 0.2)

    def wheat_term(self, wheat: float, need: float, prestige: float) -> float:
        if self.ahead:
            gap = need - wheat
            releasable = self.releasable + (need - self.need if need > self.need else 0.0)
            cost = food_cost(gap, prestige + self.pending, self.mega, releasable, self.p, self.last)
            return (self.growth(-gap) if gap < 0 else 0.0) - cost
        if self.grow_ahead:
            return self.growth(wheat)
        return 0.2 * wheat

    def value(self, d_lin: float = 0.0, d_wheat: float = 0.0, d_need: float = 0.0, d_prestige: float = 0.0) -> float:
        p = self.prestige + d_prestige
        return p + self.lin + d_lin + self.wheat_term(self.wheat + d_wheat, self.need + d_need, p)

    def delta_lin(self, changes: Sequence[tuple[int, float]]) -> tuple[float, float]:
        """(d_lin, d_wheat) of a list of (good, change)."""
        lin = wheat = 0.0
        for g, n in changes:
            if g == WHEAT:
                wheat += n
            else:
                lin += n * self.gv[g]
        return lin, wheat


# An option of the rest-of-round plan:
# (kind, key, pay good, pay amount, d_lin, d_wheat, d_need, d_prestige, extra points, needs prestige)
Option = tuple[int, int, int, int, float, float, float, float, float, int]


class HeuristicAgent:
    """Rule-based play for Polis (both editions); ``game`` gives the public tables."""

    name = "heuristic"
    t: Tables  # the edition's public tables (Polis only)

    def __init__(self, game: Game[Any, Any] | None = None, params: Params | None = None) -> None:
        self.p = params or Params()
        self.game: PolisGame | None = game if isinstance(game, PolisGame) else None
        self._reach: dict[tuple[Any, ...], frozenset[int]] = {}
        self._tribute: dict[tuple[int, int, bool], list[tuple[tuple[int, ...], float, int]]] = {}
        self._trades: dict[tuple[Any, ...], list[Option]] = {}
        self._reach_poleis: tuple[int, ...] = ()
        if self.game is not None:
            t = self.t = self.game.tables
            self._reach_poleis = tuple(
                sorted({t.diolkos_polis, *t.land_trade, *(p for p, c in enumerate(t.polis_commercial) if c != NO_ONE)}))

    # ----- entry point ------------------------------------------------------------------------
    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.game is None or not isinstance(view, PolisView) or view.seat not in (0, 1):
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

    # ===== evaluation ===========================================================================
    def evaluate(self, s: PolisState, me: int) -> float:
        """The position for ``me`` in points: its own value minus half the opponent's."""
        return self.evaluate_parts(s, me)[0]

    def evaluate_parts(self, s: PolisState, me: int) -> tuple[float, float]:
        """The evaluation and the part of it that is the credit for the rest-of-round plan."""
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
        t = self.t
        value = 0.0
        for p, owner in enumerate(s.owner):
            if owner != side:
                continue
            value += s.pop[p] + self.p.polis
            for tile in s.projects_done[p]:
                value += t.projects[tile].posterity
            tile = s.project_started[p]
            if tile != -1:
                info = t.projects[tile]
                value += (ceil_half(s.pop[p]) if info.prestige < 0 else info.prestige) + info.posterity
        return value

    def _side_value(self, s: PolisState, side: int) -> tuple[float, float]:
        t = self.t
        valuer = Valuer(t, s, side, self.p)
        value = self.points(s, side)
        if s.event_flags and s.flag(events.HOOK):
            expected, fatal = self._hook_losses(s, side)
            valuer.prestige -= expected
            if fatal:
                value -= LOSS
        value += valuer.value()
        future = t.last_round - s.round
        # Megalopolis: a prestige at this round's end (if still to come) and at each later one
        value += valuer.mega * ((1.0 if valuer.grow_ahead else 0.0) + self.p.mega_future * future)
        acting = self.acting(s, side)
        if future and self.p.excess:
            # mouths the next round could not feed (poleis taken beyond the means to feed them); while
            # the side can still act, its goods may yet become wheat, so the estimate counts less
            left = max(0, valuer.wheat - valuer.need) if valuer.ahead else valuer.wheat
            short = max(0.0, valuer.need - self.next_round_supply(s, side, left))
            value -= self.p.excess * (self.p.excess_acting if acting else 1.0) * short
        merchants = s.merchants_port[side] + s.slot_merchant.count(side)
        value += future * self.p.merchants[min(merchants, len(self.p.merchants) - 1)]
        hoplites = galleys = 0
        for r in range(t.n_regions):
            if r < t.n_territories:
                hoplites += s.units[r * 2 + side]
            else:
                galleys += s.units[r * 2 + side]
        value += self.p.hoplite * hoplites + self.p.galley * galleys
        if s.proxenos[side] != NO_ONE:
            value += 1.0 + 0.5 * future
        reach = self.reachable_markets(s, side)
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

    # ----- the rest of the round --------------------------------------------------------------
    def plan_gain(self, s: PolisState, side: int, valuer: Valuer, reach: frozenset[int]) -> float:
        """What the side can still make of this round: a greedy plan over its options sharing
        goods, prestige and merchants, each step counted at what it adds less a little for the
        action it takes. Tried twice: as it comes, and with every rich tribute first (tribute
        costs prestige now and pays in the trades it makes possible)."""
        options = self.options(s, side, valuer, reach)
        if not options:
            return 0.0
        best, used = self._greedy(s, side, valuer, options, ())
        rich = tuple(o for o in options if o[0] == TRIBUTE and o[4] + o[5] + o[7] > 0.5)
        if rich and self.p.rich_tribute and any((o[0], o[1]) not in used for o in rich):
            best = max(best, self._greedy(s, side, valuer, options, rich)[0])
        return best

    def _greedy(self, s: PolisState, side: int, valuer: Valuer, options: list[Option],
                forced: tuple[Option, ...]) -> tuple[float, set[tuple[int, int]]]:
        toll = self._toll_cost(s, side, valuer) + self.p.plan_step
        goods = list(valuer.goods)
        lin = wheat = need = prestige = 0.0
        merchants = s.merchants_port[side]
        current = start = valuer.value()
        used: set[tuple[int, int]] = set()
        for _ in range(8):
            best: Option | None = None
            best_gain = 0.0
            for opt in forced or options:
                kind, key, pay_g, pay_n, d_lin, d_wheat, d_need, d_prestige, extra, needs = opt
                if (kind, key) in used or (kind == TRADE and merchants < 1):
                    continue
                if pay_n and goods[pay_g] < pay_n:
                    continue
                if needs and valuer.prestige + prestige < needs:
                    continue
                gain = valuer.value(lin + d_lin, wheat + d_wheat, need + d_need, prestige + d_prestige) + extra - toll
                gain -= current
                if gain > best_gain or (forced and best is None):
                    best, best_gain = opt, gain
            if best is None:
                if forced:
                    forced = ()
                    continue
                break
            if forced:
                forced = tuple(o for o in forced if o is not best)
            kind, key, pay_g, pay_n, d_lin, d_wheat, d_need, d_prestige, extra, needs = best
            used.add((kind, key))
            if kind == TRADE:
                merchants -= 1
            if pay_n:
                goods[pay_g] -= pay_n
            lin += d_lin
            wheat += d_wheat
            need += d_need
            prestige += d_prestige
            current += best_gain
        return current - start, used

    def options(self, s: PolisState, side: int, valuer: Valuer, reach: frozenset[int]) -> list[Option]:
        t = self.t
        out: list[Option] = []
        gv = valuer.gv
        # tribute (R-ACT-TRIBUTE)
        home = t.polis_territory[t.capital[side]]
        for territory in range(t.n_territories):
            if s.units[territory * 2 + side] < 1 or s.tribute_disc[territory] != NO_ONE:
                continue
            if not self.can_collect(s, side, territory):
                continue
            cost = 0 if territory == home else 1
            if s.prestige[side] < cost:
                continue
            _, d_lin, d_wheat = self.tribute_plan(s, side, territory, valuer)
            if d_lin or d_wheat:
                out.append((TRIBUTE, territory, 0, 0, d_lin, d_wheat, 0.0, -cost, 0.0, cost))
        # trades (R-ACT-TRADE)
        if s.merchants_port[side] >= 1 and reach:
            out.extend(self._trade_options(s, reach, gv))
        # sieges (R-ACT-SIEGE)
        if s.prestige[side] >= 1:
            u = s.units
            for territory in range(t.n_territories):
                if u[territory * 2 + side] > u[territory * 2 + 1 - side]:
                    for polis in t.territory_poleis[territory]:
                        if self.can_besiege(s, side, polis):
                            out.append(self._siege_option(s, side, polis))
        # civil war where the proxenos stands (R-ACT-STASIS)
        polis = s.proxenos[side]
        if polis != NO_ONE and s.owner[polis] != side and stasis.check(t, s, side, Action("stasis")) is None:
            out.append(self._stasis_option(s, side, polis, 0))
        return out

    def _trade_options(self, s: PolisState, reach: frozenset[int], gv: Sequence[float]) -> list[Option]:
        """Every free cargo slot reachable this round and each way to pay for it (R-ACT-TRADE-4 …
        R-ACT-TRADE-15); whether the goods suffice is checked by the plan."""
        t = self.t
        key = (s.round, reach, tuple(s.slot_merchant), tuple(s.market_pos), tuple(s.event_flags))
        cached = self._trades.get(key)
        if cached is not None:
            return cached
        if len(self._trades) > 5000:
            self._trades.clear()
        out: list[Option] = []
        n = t.round_values[s.round]
        for slot, info in enumerate(t.slots):
            if s.slot_merchant[slot] != NO_ONE or info.value > n or info.market not in reach:
                continue
            if s.flag(f"market_closed:{t.market_ids[info.market]}"):
                continue
            gain_lin = info.value * gv[info.reward] if info.reward != WHEAT else 0.0
            gain_wheat = info.value if info.reward == WHEAT else 0
            for pay in info.accepts:
                cost = trade.price(t, s, slot, pay)
                out.append((TRADE, slot, pay, cost, gain_lin - cost * gv[pay], gain_wheat, 0.0, 0.0, 0.0, 0))
            if info.reward == WHEAT:
                out.append((TRADE, slot, SILVER, info.value, -info.value * gv[SILVER], gain_wheat, 0.0, 0.0, 0.0, 0))
        self._trades[key] = out
        return out

    def _toll_cost(self, s: PolisState, side: int, valuer: Valuer) -> float:
        """After the opponent's pass every action costs one good (R-TURN-7): the cheapest one."""
        if s.phase not in (TURN, BATTLES) or not s.passed[other(side)]:
            return 0.0
        t = self.t
        have = [valuer.gv[g] if g != WHEAT else 0.6 for g in t.goods if valuer.goods[g] > 0]
        return min(have) if have else 5.0

    def can_collect(self, s: PolisState, side: int, territory: int) -> bool:
        """The tribute preconditions R-ACT-TRIBUTE-3/4/6/13 and the event bans (no prestige)."""
        t = self.t
        if s.units[territory * 2 + side] < 1 or s.tribute_disc[territory] != NO_ONE or not t.tribute[territory]:
            return False
        poleis = t.territory_poleis[territory]
        if poleis and not any(s.owner[p] == side for p in poleis):
            return False
        if t.bundle.setup.limits.discs is not None and s.supply_discs[side] < 1:
            return False
        return not (s.event_flags and s.flag(f"no_tribute:{t.region_ids[territory]}"))

    def can_besiege(self, s: PolisState, side: int, polis: int) -> bool:
        """The siege preconditions R-ACT-SIEGE-2 … R-ACT-SIEGE-8 and R-ACT-SIEGE-27 (no prestige)."""
        t = self.t
        if s.owner[polis] == side or polis in t.capital:
            return False
        territory = t.polis_territory[polis]
        if territory == NO_ONE:
            return False
        mine = s.units[territory * 2 + side]
        if mine <= s.units[territory * 2 + 1 - side] or mine < t.polis_base[polis]:
            return False
        cubes = t.polis_base[polis] if s.owner[polis] == NO_ONE else s.pop[polis]
        if s.supply_cubes[side] < cubes:
            return False
        if t.bundle.setup.limits.discs is not None and s.supply_discs[side] < 1:
            return False
        return not (t.rules.siege_once_per_turn and polis in s.sieged_this_turn and s.active == side)

    def siege_odds(self, s: PolisState, side: int, polis: int) -> float:
        """d4 plus [2020] one per own siege disc on the polis ≥ fortification (R-ACT-SIEGE-9/11)."""
        t = self.t
        base = t.polis_base[polis]
        if base <= 1:
            return 1.0
        bonus = 0
        if t.rules.siege_discs:
            if t.rules.siege_disc_scope == "territory":
                bonus = sum(s.siege_discs[p * 2 + side] for p in t.territory_poleis[t.polis_territory[polis]])
            else:
                bonus = s.siege_discs[polis * 2 + side]
        return max(0, min(4, 5 - base + bonus)) / 4

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

    def _siege_option(self, s: PolisState, side: int, polis: int) -> Option:
        """A siege in expectation: costs 1 prestige; success brings the fortification in prestige and
        the polis (R-ACT-SIEGE-18 … R-ACT-SIEGE-23); failure costs a hoplite, leaves a [2020] siege
        disc and takes a cube from an opponent's polis (R-ACT-SIEGE-12 … R-ACT-SIEGE-17)."""
        t = self.t
        p = self.siege_odds(s, side, polis)
        base = t.polis_base[polis]
        owner = s.owner[polis]
        cubes = base if owner == NO_ONE else s.pop[polis]
        win = self.polis_worth(s, polis, cubes)
        if owner != NO_ONE:
            win += self.p.opponent * self.polis_worth(s, polis, cubes)
        lose = -self.p.hoplite
        territory = t.polis_territory[polis]
        left = s.units[territory * 2 + side] - 1
        if t.rules.siege_discs and p < 1 and left >= base and left > s.units[territory * 2 + 1 - side]:
            lose += 0.25 * base  # a better try next time
        if owner != NO_ONE:
            lose += self.p.opponent * ((self.polis_worth(s, polis, 0) + 1) if s.pop[polis] == 1 else 1.0)
        extra = p * win + (1 - p) * lose
        return (SIEGE, polis, 0, 0, 0.0, 0.0, p * cubes, p * base - 1, extra, 1)

    def _stasis_option(self, s: PolisState, side: int, polis: int, bribes: int) -> Option:
        """A civil war: silver to the bank, the polis and its cubes in prestige (R-ACT-STASIS-4/7/9)."""
        t = self.t
        owner = s.owner[polis]
        cubes = t.polis_base[polis] if owner == NO_ONE else s.pop[polis]
        cost = stasis.silver_cost(t, s, polis) + bribes
        gv = goods_values(t.goods, s.round >= t.last_round, self.p)
        extra = self.polis_worth(s, polis, cubes)
        if owner != NO_ONE:
            extra += self.p.opponent * self.polis_worth(s, polis, cubes)
        return (STASIS, polis, SILVER, cost, -cost * gv[SILVER], 0.0, float(cubes), float(cubes), extra, 0)

    def tribute_choices(self, territory: int, hoplites: int, last: bool) -> list[tuple[tuple[int, ...], float, int]]:
        """Per number of hoplites on the wheat column, the best other columns at the round's goods
        values: (hoplites per column, points of the other goods, wheat)."""
        key = (territory, hoplites, last)
        cached = self._tribute.get(key)
        if cached is not None:
            return cached
        t = self.t
        gv = goods_values(t.goods, last, self.p)
        columns = t.tribute[territory]
        best: dict[int, tuple[tuple[int, ...], float, int]] = {}

        def walk(i: int, left: int, chosen: list[int]) -> None:
            if i == len(columns):
                lin = 0.0
                wheat = 0
                for k, (g, amounts) in zip(chosen, columns, strict=True):
                    if k:
                        if g == WHEAT:
                            wheat = amounts[k - 1]
                        else:
                            lin += amounts[k - 1] * gv[g]
                kw = next((k for k, (g, _) in zip(chosen, columns, strict=True) if g == WHEAT), 0)
                if kw not in best or lin > best[kw][1]:
                    best[kw] = (tuple(chosen), lin, wheat)
                return
            for k in range(0, min(left, len(columns[i][1])) + 1):
                chosen.append(k)
                walk(i + 1, left - k, chosen)
                chosen.pop()

        walk(0, hoplites, [])
        result = [v for v in best.values() if sum(v[0]) > 0]
        self._tribute[key] = result
        return result

    def tribute_plan(self, s: PolisState, side: int, territory: int,
                     valuer: Valuer) -> tuple[tuple[int, ...], float, float]:
        """The best assignment of the side's hoplites to the tribute columns (R-ACT-TRIBUTE-8/9)
        for its needs now: (hoplites per column, d_lin, d_wheat)."""
        t = self.t
        h = min(s.units[territory * 2 + side], tribute.hoplite_cap(t, s, territory))
        choices = self.tribute_choices(territory, h, valuer.last)
        base = valuer.value()
        best: tuple[tuple[int, ...], float, float] = (tuple(0 for _ in t.tribute[territory]), 0.0, 0.0)
        best_gain = 0.0
        for plan, lin, wheat in choices:
            gain = valuer.value(lin, wheat) - base
            if gain > best_gain:
                best, best_gain = (plan, lin, float(wheat)), gain
        return best

    def reachable_markets(self, s: PolisState, side: int) -> frozenset[int]:
        """Markets the side's merchants can reach now (R-ACT-TRADE-2, R-ACT-TRADE-6 … R-ACT-TRADE-10)."""
        t = self.t
        key = (side, *s.units[t.n_territories * 2:], *[s.owner[p] for p in self._reach_poleis])
        found = self._reach.get(key)
        if found is None:
            if len(self._reach) > 20000:  # search runs for hours: keep the memo bounded
                self._reach.clear()
            if not trade.owns_own_commercial_polis(t, s, side):
                found = frozenset()
            else:
                found = frozenset(m for m in range(len(t.market_ids))
                                  if trade.land_route(t, s, side, m) or trade.sea_route_free(t, s, side, m))
            self._reach[key] = found
        return found

    def _threats(self, s: PolisState, side: int) -> float:
        """Expected loss of own poleis to sieges the opponent could make at his next action."""
        t = self.t
        opp = other(side)
        if not self.acting(s, opp) or s.prestige[opp] < 1:
            return 0.0
        loss = 0.0
        for polis, owner in enumerate(s.owner):
            if owner != side or polis in t.capital:
                continue
            territory = t.polis_territory[polis]
            if territory == NO_ONE:
                continue
            if controls(s, territory, opp) and units(s, territory, opp) >= t.polis_base[polis]:
                p = self.siege_odds(s, opp, polis)
                worth = self.polis_worth(s, polis, s.pop[polis])
                loss += 0.7 * (p * (worth + self.p.opponent * t.polis_base[polis]) + (1 - p) * 1.0)
        return loss

    def _battle_outlook(self, s: PolisState, side: int) -> float:
        """Battles to come: the side with more units there usually makes the other lose some. With
        no prestige a side cannot retreat, and once down to two units it must lay both its cards: a
        Salpinx among them would lose the game (R-BATTLE-24, R-BATTLE-32)."""
        t = self.t
        size = s.flag("battle_size", 8)
        value = 0.0
        u = s.units
        for r in range(t.n_regions):
            a, b = u[r * 2 + side], u[r * 2 + 1 - side]
            if (a + b >= size and a and b) or (s.battle is not None and s.battle.region == r):
                value += 0.4 * (a - b)
                if s.prestige[side] < 1:  # the fewer its units, the sooner it must lay every card it holds
                    value -= 0.1 * LOSS * (1.0 if a <= 2 else 0.6 if a <= 3 else 0.3)
        return value

    # ===== the turn phase =======================================================================
    def _turn_choice(self, s: PolisState, me: int, legal: list[Action], rng: random.Random) -> Action:
        """The legal action whose end position evaluates best (ties broken by the generator)."""
        scored = self.action_values(s, me, legal)
        best = max(v for v, _ in scored)
        picks = [a for v, a in scored if v >= best - 1e-9]
        return picks[0] if len(picks) == 1 else rng.choice(picks)

    def action_values(self, s: PolisState, me: int, legal: list[Action]) -> list[tuple[float, Action]]:
        """Expected evaluation after each action worth trying. An action that neither gains now
        nor adds to the plan only keeps the seat in the round: it is left out when the plan could
        be carried out at once instead (first action of a turn, or after the opponent's pass)."""
        now, now_plan = self.evaluate_parts(s, me)
        scored: list[tuple[float, float, float, Action]] = []
        for action in legal:
            if not self._worth_trying(s, me, action):
                continue
            total = plan = 0.0
            for p, state in self.simulate(s, me, action):
                value, part = self.evaluate_parts(state, me)
                total += p * value
                plan += p * part
            scored.append((total, total - plan - (now - now_plan), plan - now_plan, action))
        free_hand = s.passed[other(me)] or not s.turn_actions
        out = []
        for total, gain, more, action in scored:
            filler = action.verb != "pass" and gain <= 0.05 and more <= 0.05
            if filler and free_hand and now_plan > 0.1:
                continue
            out.append((total, action))
        return out or [(total, action) for total, _, _, action in scored]

    def _worth_trying(self, s: PolisState, me: int, action: Action) -> bool:
        """Leave out moves that cannot lead anywhere (to keep decisions fast)."""
        t = self.t
        if action.verb == "march":
            dest = t.region_index[str(action.args[0])]
            n = t.round_values[s.round]
            poleis = t.territory_poleis[dest]
            for p in poleis:
                if s.owner[p] != me and p not in t.capital and t.polis_base[p] <= n:
                    return True
                if s.owner[p] == me and units(s, dest, other(me)) > 0:
                    return True
            mine = any(s.owner[p] == me for p in poleis) or not poleis
            return mine and s.tribute_disc[dest] == NO_ONE and bool(t.tribute[dest])
        if action.verb == "sail":
            dest = t.region_index[str(action.args[0])]
            return not controls(s, dest, me) or units(s, dest, other(me)) >= units(s, dest, me) - 1
        if action.verb == "proxenos":
            return self.proxenos_target(s, me, fallback=False) is not None
        return True

    def simulate(self, s: PolisState, me: int, action: Action) -> list[tuple[float, PolisState]]:
        """Carry ``action`` out on a copy with the agent's own step policy; a siege die branches."""
        game = self._game()
        state = s.copy()
        game.apply_in_place(state, action, me, validate=False)
        return self._finish(state, me, 1.0)

    def _finish(self, state: PolisState, me: int, prob: float) -> list[tuple[float, PolisState]]:
        game = self._game()
        for _ in range(40):
            if state.outcome is not None or state.phase != TURN or state.pending is None:
                return [(prob, state)]
            if state.chance == CH_DIE:
                if state.pending[0] == "siege":
                    p = self.siege_odds(state, me, state.pending[1])
                    out: list[tuple[float, PolisState]] = []
                    for roll, q in ((4, p), (1, 1 - p)):
                        if q > 0:
                            branch = state.copy()
                            game.apply_in_place(branch, Action("roll", (roll,)), -1, validate=False)
                            out.extend(self._finish(branch, me, prob * q))
                    return out
                game.apply_in_place(state, Action("roll", (2,)), -1, validate=False)
                continue
            if state.active != me:
                return [(prob, state)]
            if state.pending[0] in COUNT_KINDS:
                state = self._best_chain(state, me)[1]
                continue
            legal = game.legal_actions(state, me)
            if not legal:
                return [(prob, state)]
            game.apply_in_place(state, self._step_policy(state, me, legal), me, validate=False)
        return [(prob, state)]

    # ----- the inner decisions of an action ----------------------------------------------------
    def _step_policy(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        assert s.pending is not None
        kind = s.pending[0]
        if len(legal) == 1:
            return legal[0]
        if kind == "toll":
            return self._toll(s, me, legal)
        if kind == "tribute":
            return self._tribute_step(s, me, legal)
        if kind in COUNT_KINDS:
            return self._count_step(s, me, legal)
        if kind == "proxenos":
            return self._proxenos_step(s, me, legal)
        return legal[0]

    def _toll(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Pay the post-pass good (R-TURN-7) that is worth least now."""
        valuer = Valuer(self.t, s, me, self.p)

        def loss(a: Action) -> float:
            g = GOOD_INDEX[str(a.args[0])]
            return -valuer.value(*valuer.delta_lin(((g, -1),)))

        return min(legal, key=loss)

    def _tribute_step(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Fill the columns towards the best assignment (R-ACT-TRIBUTE-8/9)."""
        t = self.t
        assert s.pending is not None
        _, territory, assigned = s.pending
        plan, _, _ = self.tribute_plan(s, me, territory, Valuer(t, s, me, self.p))
        for (g, _), want, have in zip(t.tribute[territory], plan, assigned, strict=True):
            if have < want:
                action = Action("assign", (GOODS[g],))
                if action in legal:
                    return action
        if Action("done") in legal:
            return Action("done")
        return next((a for a in legal if a.verb == "assign"), legal[0])

    def _count_step(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Create or move one more unit, or stop: the count whose end position is best."""
        done = Action("done")
        steps = [a for a in legal if a.verb != "done"]
        if not steps:
            return legal[0]
        first = self._unit_choice(s, me, steps)
        if done not in legal:
            return first
        game = self._game()
        more = s.copy()
        game.apply_in_place(more, first, me, validate=False)
        return first if self._best_chain(more, me)[0] > self.evaluate(s, me) + 1e-6 else done

    def _best_chain(self, state: PolisState, me: int) -> tuple[float, PolisState]:
        """Follow the unit steps in the agent's order and stop where the evaluation is best; the
        state returned has the action finished. A move is judged after its first unit, at the counts
        that change something in the destination (control, a siege's fortification) and at its end."""
        game = self._game()
        t = self.t
        best: tuple[float, PolisState] | None = None
        current = state
        done = Action("done")
        keys: set[int] | None = None
        if state.pending is not None and state.pending[0] in ("march", "sail"):
            dest = state.pending[1]
            theirs = units(state, dest, other(me))
            keys = {theirs, theirs + 1}
            if state.pending[0] == "march":
                keys |= {max(t.polis_base[p], theirs + 1) for p in t.territory_poleis[dest] if state.owner[p] != me}
        evaluated = True
        for _ in range(10):
            if current.pending is None or current.phase != TURN or current.pending[0] not in COUNT_KINDS:
                value = self.evaluate(current, me)
                if best is None or value > best[0]:
                    best = (value, current)
                evaluated = True
                break
            legal = game.legal_actions(current, me)
            if done in legal:
                evaluated = False
                if keys is None or best is None or units(current, current.pending[1], me) in keys:
                    value = self.evaluate(current, me)  # as if stopped here
                    evaluated = True
                    if best is None or value > best[0]:
                        best = (value, current)
            steps = [a for a in legal if a.verb != "done"]
            if not steps:
                break
            current = current.copy()
            game.apply_in_place(current, self._unit_choice(current, me, steps), me, validate=False)
        if not evaluated:
            value = self.evaluate(current, me)
            if best is None or value > best[0]:
                best = (value, current)
        if best is None:
            return self.evaluate(current, me), current
        value, end = best
        if end.pending is not None and end.phase == TURN and end.pending[0] in COUNT_KINDS:
            end = end.copy()
            game.apply_in_place(end, done, me, validate=False)
        return value, end

    def _unit_choice(self, s: PolisState, me: int, steps: list[Action]) -> Action:
        """Which unit next: pay with the cheaper good; move from where a unit is missed least."""
        t = self.t
        assert s.pending is not None
        if s.pending[0] in ("hoplites", "galleys", "merchants"):
            valuer = Valuer(t, s, me, self.p)

            def cost(a: Action) -> float:
                g = GOOD_INDEX[str(a.args[0])]
                value = valuer.value(*valuer.delta_lin(((g, -1),)))
                if len(a.args) > 1:
                    sea = t.region_index[str(a.args[1])]
                    value += 0.1 * (units(s, sea, other(me)) - units(s, sea, me))
                return -value

            return min(steps, key=cost)
        return min(steps, key=lambda a: self._source_cost(s, me, t.region_index[str(a.args[0])]))

    def _source_cost(self, s: PolisState, me: int, region: int) -> float:
        """How much a unit is missed where it stands (control of own poleis, tribute, trade seas)."""
        t = self.t
        mine, theirs = units(s, region, me), units(s, region, other(me))
        cost = -0.1 * (mine - theirs)
        if t.is_sea(region):
            if theirs > 0 and theirs >= mine - 1:
                cost += 2.0
            return cost
        owned = [p for p in t.territory_poleis[region] if s.owner[p] == me]
        if owned:
            if theirs > 0 and theirs >= mine - 1:
                cost += 3.0
            if s.tribute_disc[region] == NO_ONE:
                cost += 0.5
        return cost

    def _proxenos_step(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Follow the cheapest path to the best polis for a civil war (R-ACT-PROXENOS-10)."""
        t = self.t
        assert s.pending is not None
        path: tuple[int, ...] = s.pending[1]
        target = self.proxenos_target(s, me)
        if target is not None:
            polis, route = target
            if len(path) < len(route) and tuple(route[:len(path)]) == path:
                action = Action("via", (t.region_ids[route[len(path)]],))
                if action in legal:
                    return action
            if tuple(route) == path:
                action = Action("enter", (t.polis_ids[polis],))
                if action in legal:
                    return action
        enters = [a for a in legal if a.verb == "enter"]
        return enters[0] if enters else legal[0]

    def proxenos_target(self, s: PolisState, me: int, fallback: bool = True) -> tuple[int, list[int]] | None:
        """The polis worth a civil war that the proxenos can reach and afford, and its path; or,
        without one, the cheapest polis to enter."""
        t = self.t
        start = s.proxenos[me]
        if start == NO_ONE:
            return None
        valuer = Valuer(t, s, me, self.p)
        base = valuer.value()
        silver = valuer.goods[SILVER]
        paths = self.proxenos_paths(s, me, start)
        best: tuple[float, int, list[int]] | None = None
        for polis, (bribes, route) in paths.items():
            if s.owner[polis] == me or polis in t.capital:
                continue
            cubes = t.polis_base[polis] if s.owner[polis] == NO_ONE else s.pop[polis]
            if bribes + stasis.silver_cost(t, s, polis) > silver or s.supply_cubes[me] < cubes:
                continue
            _, _, _, _, d_lin, d_wheat, d_need, d_prestige, extra, _ = self._stasis_option(s, me, polis, bribes)
            value = valuer.value(d_lin, d_wheat, d_need, d_prestige) + extra - base
            if best is None or value > best[0]:
                best = (value, polis, route)
        if best is not None and best[0] > 0:
            return best[1], best[2]
        if not paths or not fallback:
            return None
        polis = min(paths, key=lambda p: paths[p][0])
        return polis, paths[polis][1]

    def proxenos_paths(self, s: PolisState, me: int, start: int) -> dict[int, tuple[int, list[int]]]:
        """Cheapest bribes to every polis the proxenos can enter, with the path (R-ACT-PROXENOS-2 …
        R-ACT-PROXENOS-10): land and sea moves apart, each region paid for its opponent's units."""
        t = self.t
        opp = other(me)
        firsts = list(t.polis_ports[start])
        if t.polis_territory[start] != NO_ONE:
            firsts.insert(0, t.polis_territory[start])
        heap: list[tuple[int, int, list[int]]] = [(units(s, r, opp), r, [r]) for r in firsts]
        heapq.heapify(heap)
        settled: set[int] = set()
        found: dict[int, tuple[int, list[int]]] = {}
        a, b = t.diolkos
        while heap:
            cost, region, route = heapq.heappop(heap)
            if region in settled:
                continue
            settled.add(region)
            if t.is_sea(region):
                exits = [p for p in range(len(t.polis_ids)) if region in t.polis_ports[p]]
                nxt = list(t.sea_adj[region])
                if region in (a, b) and s.owner[t.diolkos_polis] == me:
                    nxt.append(b if region == a else a)
            else:
                exits = list(t.territory_poleis[region])
                nxt = list(t.land_adj[region])
            for p in exits:
                if p != start and s.proxenos[opp] != p and p not in found:
                    found[p] = (cost, route)
            for r in nxt:
                if r not in settled and r not in route:
                    heapq.heappush(heap, (cost + units(s, r, opp), r, [*route, r]))
        return found

    # ===== battles ==============================================================================
    def _battle(self, view: PolisView, s: PolisState, me: int, legal: list[Action], rng: random.Random) -> Action:
        b = s.battle
        if b is None:
            return legal[0]
        if b.phase == "retreat":
            return self._retreat_or_fight(view, s, me, legal, rng)
        if b.phase == "attack":
            return self._attack(view, s, me, legal, rng)
        return self._defend(s, me, legal)

    def _attack(self, view: PolisView, s: PolisState, me: int, legal: list[Action], rng: random.Random) -> Action:
        """The pair with the best expected result against the defender's best answer, over hands
        drawn from the cards this seat has not seen (R-BATTLE-16 … R-BATTLE-23)."""
        t = self.t
        b = s.battle
        assert b is not None
        cards = t.cards(b.sea)
        index = {c.code: i for i, c in enumerate(cards)}
        pool = [i for i, n in enumerate(b.deck) for _ in range(n)]
        size = view.hidden_hand_sizes[other(me)]
        hands: list[list[int]] = []
        for _ in range(BATTLE_SAMPLES):
            hands.append(rng.sample(pool, size) if size <= len(pool) else pool[:])
        prestige = s.prestige[me]
        best: tuple[float, Action] | None = None
        for a in legal:
            pair = (index[str(a.args[0])], index[str(a.args[1])])
            if any(cards[i].special == "salpinx" for i in pair) and prestige < 3:
                # a Salpinx that cannot be paid loses the game (R-BATTLE-24)
                penalty = 1000.0 if prestige < 1 else 3.0 if prestige < 2 else 1.0
            else:
                penalty = 0.0
            total = 0.0
            for hand in hands:
                losses, gain = _best_defence(cards, pair, hand)
                total += 0.8 * losses + gain
            value = total / len(hands) - penalty
            value -= 0.05 * sum(cards[i].value for i in pair)  # keep strong cards for later, on a tie
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1]

    def _defend(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Lose the fewest units and concede the least prestige (R-BATTLE-17 … R-BATTLE-22)."""
        t = self.t
        b = s.battle
        assert b is not None
        cards = t.cards(b.sea)
        index = {c.code: i for i, c in enumerate(cards)}
        att = [cards[i] for i in b.played]
        best: tuple[float, Action] | None = None
        for a in legal:
            mine = [cards[index[str(x)]] for x in a.args]
            cost = 0.0
            delta = 0
            for x, y in zip(att, mine, strict=True):
                lost, gain = pair_result(x, y)
                cost += 1.0 * lost + self.p.opponent * gain
                delta += gain
            if s.prestige[b.attacker] + delta < 0:
                cost -= 1000.0  # the attacker cannot pay for his Salpinx and loses (R-BATTLE-24)
            cost += 0.05 * sum(c.value for c in mine) + (0.3 if any(c.special == "mercenaries" for c in mine) else 0.0)
            if best is None or cost < best[0]:
                best = (cost, a)
        assert best is not None
        return best[1]

    def _retreat_or_fight(self, view: PolisView, s: PolisState, me: int, legal: list[Action],
                          rng: random.Random) -> Action:
        """Retreat (1 prestige to the opponent, R-BATTLE-32) only from a battle whose rollouts look
        worse by more than that, and only with prestige to spare for the end of round."""
        fight, retreat = Action("fight"), Action("retreat")
        if retreat not in legal:
            return fight
        game = self._game()
        valuer = Valuer(self.t, s, me, self.p)
        spare = valuer.prestige + valuer.pending - max(0, valuer.need - valuer.wheat)
        if spare < 2:
            return fight
        after_retreat = s.copy()
        game.apply_in_place(after_retreat, retreat, me, validate=False)
        retreat_value = self.evaluate(after_retreat, me)
        total = 0.0
        for _ in range(BATTLE_ROLLOUTS):
            state = game.determinize(view, rng)
            game.apply_in_place(state, fight, me, validate=False)
            total += self.evaluate(self._rollout_battle(state, rng), me)
        fight_value = total / BATTLE_ROLLOUTS
        return retreat if retreat_value > fight_value + 0.25 else fight

    def _rollout_battle(self, s: PolisState, rng: random.Random) -> PolisState:
        """Play the current battle to its end with plain card play (both sides), no retreats."""
        game = self._game()
        t = self.t
        start = s.battle
        if start is None:
            return s
        region = start.region
        for _ in range(200):
            b = s.battle
            if s.outcome is not None or b is None or b.region != region or s.phase != BATTLES:
                return s
            if s.chance is not None:
                outcomes = game.chance_outcomes(s)
                if not outcomes:
                    return s
                weights = [p for _, p in outcomes]
                pick = rng.choices(range(len(outcomes)), weights)[0]
                game.apply_in_place(s, outcomes[pick][0], -1, validate=False)
                continue
            seat = game.actors(s)[0]
            legal = game.legal_actions(s, seat)
            if b.phase == "retreat":
                action = Action("fight")
            elif b.phase == "attack":
                cards = t.cards(b.sea)
                action = max(legal, key=lambda a: _plain_attack_value(cards, a))
            else:
                action = self._defend(s, seat, legal)
            game.apply_in_place(s, action, seat, validate=False)
        return s

    # ===== end of round =========================================================================
    def _end_of_round(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "feed" in verbs or "release" in verbs:
            return self._feeding(s, me, legal)
        if "grow" in verbs:
            return self._growth(s, me, legal)
        if "phoros" in verbs:
            return self._phoros(s, me, legal)
        if "discard" in verbs:
            return self._discard(s, me, legal)
        return legal[0]

    def _feeding(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Pay the shortfall in prestige when that leaves at least 1 after Megalopolis (R-EOR-11,
        R-EOR-28); otherwise release the poleis that cost least (R-EOR-12)."""
        t = self.t
        wheat = s.goods[me * N_GOODS + WHEAT]
        need = end_of_round.requirement(s, me)
        poleis = [p for p, o in enumerate(s.owner) if o == me and p != t.capital[me]]
        best: tuple[float, tuple[int, ...]] | None = None
        for mask in range(1 << len(poleis)):
            chosen = tuple(p for i, p in enumerate(poleis) if mask >> i & 1)
            rest = need - sum(s.pop[p] for p in chosen)
            pay = max(0, rest - wheat)
            if pay > s.prestige[me]:
                continue
            mega = sum(1 for p, o in enumerate(s.owner)
                       if o == me and p not in chosen and s.pop[p] > t.polis_base[p])
            end = s.prestige[me] - pay + mega
            lost = sum(self.polis_worth(s, p, s.pop[p]) for p in chosen)
            value = -pay - lost - (LOSS if end < 1 else 0.0) - (1.0 if end == 1 else 0.0)
            if best is None or value > best[0]:
                best = (value, chosen)
        if best is None or not best[1]:
            if Action("feed") in legal:
                return Action("feed")
            releases = [a for a in legal if a.verb == "release"]
            return min(releases, key=lambda a: s.pop[t.polis_index[str(a.args[0])]]) if releases else legal[0]
        # release the polis of the chosen set with the most cubes first
        polis = max(best[1], key=lambda p: s.pop[p])
        action = Action("release", (t.polis_ids[polis],))
        return action if action in legal else legal[0]

    def next_round_supply(self, s: PolisState, me: int, wheat_left: int) -> float:
        """Wheat the side can expect for the next feeding: what is left after spoilage (R-EOR-20),
        tribute where its hoplites stand, its merchants' cargoes that its goods can pay for."""
        t = self.t
        carry = ceil_half(wheat_left) if s.round < t.last_round else 0
        nxt = min(s.round + 1, t.last_round)
        n = t.round_values[nxt]
        home = t.polis_territory[t.capital[me]]
        free_wheat = free_goods = 0
        tributes = []
        for territory in range(t.n_territories):
            h = min(s.units[territory * 2 + me], n)
            if not h:
                continue
            poleis = t.territory_poleis[territory]
            if poleis and not any(s.owner[p] == me for p in poleis):
                continue
            for g, amounts in t.tribute[territory]:
                if g == WHEAT:
                    if territory == home:
                        free_wheat = amounts[min(h, len(amounts)) - 1]
                    else:
                        tributes.append(amounts[min(h, len(amounts)) - 1])
                elif territory == home:
                    free_goods = max(free_goods, amounts[min(h, len(amounts)) - 1])  # to trade for wheat
        tributes.sort(reverse=True)
        affordable = max(0, s.prestige[me] - self.p.supply_prestige)  # each other tribute costs a prestige
        tribute_wheat = free_wheat + sum(tributes[:affordable])
        merchants = s.merchants_port[me] + s.slot_merchant.count(me)
        reach = self.reachable_markets(s, me)
        slots = sorted((info.value for info in t.slots
                        if info.reward == WHEAT and info.value <= n and info.market in reach), reverse=True)
        goods = s.goods[me * N_GOODS:(me + 1) * N_GOODS]
        payable = goods[SILVER] + sum(ceil_half(goods[g]) if g in t.perishable else goods[g] for g in t.tradable)
        payable += free_goods
        cargo = 0
        for value in slots[:merchants]:
            if payable >= value:
                cargo += value
                payable -= value
        reserve = max(0, s.prestige[me] - 3)
        return carry + tribute_wheat + 0.75 * cargo + reserve

    def _growth(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Grow while the next round's need can still be fed (R-EOR-16/17); Megalopolis first."""
        t = self.t
        done = Action("done")
        grows = [a for a in legal if a.verb == "grow"]
        if not grows:
            return done
        wheat = s.goods[me * N_GOODS + WHEAT]
        need = end_of_round.requirement(s, me)

        def priority(a: Action) -> tuple[int, int, int]:
            p = t.polis_index[str(a.args[0])]
            crosses = 1 if s.pop[p] <= t.polis_base[p] else 0
            return (crosses, 1 if p == t.capital[me] else 0, t.polis_max[p] - s.pop[p])

        pick = max(grows, key=priority)
        if s.round >= t.last_round:
            return pick
        polis = t.polis_index[str(pick.args[0])]
        crosses = s.pop[polis] <= t.polis_base[polis]
        supply = self.next_round_supply(s, me, wheat - 1)
        margin = 0 if crosses else self.p.growth_margin
        if need + 1 + margin <= supply:
            return pick
        return done if done in legal else pick

    def _phoros(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Prestige for silver only with plenty to spare (R-EOR-23 … R-EOR-27)."""
        t = self.t
        best = Action("phoros", (0,))
        if t.rules.phoros == "any":
            return best if best in legal else legal[0]
        two = Action("phoros", (2,))
        if two in legal and s.prestige[me] - 2 >= 6 and s.round < t.last_round:
            return two
        return best if best in legal else legal[0]

    def _discard(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        """Remove the new project that helps the opponent most and this seat least (R-PREP-7/8)."""
        t = self.t
        opp = other(me)

        def use(side: int, tile: int) -> float:
            info = t.projects[tile]
            if not any(s.owner[p] == side for p in info.poleis):
                return 0.0
            gain = (3 if info.prestige < 0 else info.prestige) + info.posterity
            cost = sum(n for _, n in info.cost)
            return gain - 0.3 * cost

        def score(a: Action) -> float:
            tile = t.project_index[str(a.args[0])]
            return use(opp, tile) - use(me, tile)

        return max(legal, key=score)

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

    # ----- plumbing ---------------------------------------------------------------------------
    def _game(self) -> PolisGame:
        assert self.game is not None
        return self.game


def _best_defence(cards: Sequence[CardInfo], pair: tuple[int, int], hand: list[int]) -> tuple[int, int]:
    """The defender's answer from ``hand`` (card indices) that loses fewest units, then concedes
    least prestige: (units lost, attacker's prestige change)."""
    best: tuple[float, int, int] | None = None
    a0, a1 = cards[pair[0]], cards[pair[1]]
    for i, x in enumerate(hand):
        for j, y in enumerate(hand):
            if i == j:
                continue
            l0, g0 = pair_result(a0, cards[x])
            l1, g1 = pair_result(a1, cards[y])
            losses = int(l0) + int(l1)
            gain = g0 + g1
            key = 1.0 * losses + 0.5 * gain
            if best is None or key < best[0]:
                best = (key, losses, gain)
    if best is None:
        l0, g0 = pair_result(a0, a0)
        return 2, a0.value + a1.value
    return best[1], best[2]


def _plain_attack_value(cards: Sequence[CardInfo], action: Action) -> float:
    index = {c.code: c for c in cards}
    chosen = [index[str(x)] for x in action.args]
    return sum(c.value for c in chosen) + 0.5 * sum(1 for c in chosen if c.special != "mercenaries")
