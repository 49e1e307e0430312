"""The rest of the round: a greedy plan over what a side can still do with its goods, prestige and
merchants (tribute, trades, sieges, a civil war), the preconditions and odds of those actions, the
markets its merchants reach, and the threats and battles it faces.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import (
    LOSS,
    SIEGE,
    STASIS,
    TRADE,
    TRIBUTE,
    VALUER_MEMO,
    Option,
    Valuer,
    cached_goods_values,
)
from kleos.games.polis.rules import stasis, trade, tribute
from kleos.games.polis.state import BATTLES, TURN, PolisState
from kleos.games.polis.tables import NO_ONE, SILVER, WHEAT, other


@trait
class PlanMixin(AgentBase):
    """What a side can still make of this round, and what the opponent can still take from it."""

    # ----- the rest of the round --------------------------------------------------------------
    def plan_gain(self, s: PolisState, side: int, valuer: Valuer, reach: frozenset[int]) -> float:
        """What the side can still make of this round: a greedy plan over its options sharing
        goods, prestige and merchants, each step counted at what it adds less a little for the
        action it takes. Tried twice: as it comes, and with every rich tribute first (tribute
        costs prestige now and pays in the trades it makes possible)."""
        options = self.options(s, side, valuer, reach)
        if not options:
            return 0.0
        # the plan reads nothing else of the position: remembered on the (shared) Valuer
        key = (*options, s.merchants_port[side], s.phase in (TURN, BATTLES) and s.passed[other(side)])
        found = valuer.gains.get(key)
        if found is not None:
            return found
        best, used = self._greedy(s, side, valuer, options, ())
        rich = tuple(o for o in options if o[0] == TRIBUTE and o[4] + o[5] + o[7] > 0.5)
        if rich and self.p.rich_tribute and any((o[0], o[1]) not in used for o in rich):
            best = max(best, self._greedy(s, side, valuer, options, rich)[0])
        if len(valuer.gains) >= VALUER_MEMO:  # bounded: a Valuer may stay shared for a long time
            valuer.gains.clear()
        valuer.gains[key] = best
        return best

    def _greedy(self, s: PolisState, side: int, valuer: Valuer, options: list[Option],
                forced: tuple[Option, ...]) -> tuple[float, set[tuple[int, int]]]:
        toll = self._toll_cost(s, side, valuer) + self.p.plan_step
        goods = list(valuer.goods)
        lin = wheat = need = prestige = 0.0
        merchants = s.merchants_port[side]
        current = start = valuer.value()
        used: set[tuple[int, int]] = set()
        value = valuer.value
        have_prestige = valuer.prestige
        for _ in range(8):
            best: Option | None = None
            best_gain = 0.0
            for opt in forced or options:
                kind, key, pay_g, pay_n, d_lin, d_wheat, d_need, d_prestige, extra, needs = opt
                if (kind == TRADE and merchants < 1) or (kind, key) in used:
                    continue
                if pay_n and goods[pay_g] < pay_n:
                    continue
                if needs and have_prestige + prestige < needs:
                    continue
                gain = value(lin + d_lin, wheat + d_wheat, need + d_need, prestige + d_prestige) + extra - toll
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
        for territory, _, _, _ in self._tribute_columns:  # can_collect needs a tribute
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
            land = t.n_territories * 2
            for territory, (mine, theirs) in enumerate(zip(u[side:land:2], u[1 - side:land:2], strict=True)):
                if mine > theirs:
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
        gv = cached_goods_values(t.goods, s.round >= t.last_round, self.p)
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
        gv = cached_goods_values(t.goods, last, self.p)
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
        found = valuer.plans.get((territory, h))  # the same Valuer serves positions with other units
        if found is not None:
            return found
        choices = self.tribute_choices(territory, h, valuer.last)
        base = valuer.value()
        best: tuple[tuple[int, ...], float, float] = (tuple(0 for _ in t.tribute[territory]), 0.0, 0.0)
        best_gain = 0.0
        for plan, lin, wheat in choices:
            gain = valuer.value(lin, wheat) - base
            if gain > best_gain:
                best, best_gain = (plan, lin, float(wheat)), gain
        valuer.plans[(territory, h)] = best
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
            theirs = s.units[territory * 2 + opp]
            if theirs > s.units[territory * 2 + side] and theirs >= t.polis_base[polis]:  # controls, enough
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
        fought = s.battle.region if s.battle is not None else -1
        end = t.n_regions * 2
        for r, (a, b) in enumerate(zip(u[side:end:2], u[1 - side:end:2], strict=True)):
            if (a and b and a + b >= size) or r == fought:
                value += 0.4 * (a - b)
                if s.prestige[side] < 1:  # the fewer its units, the sooner it must lay every card it holds
                    value -= 0.1 * LOSS * (1.0 if a <= 2 else 0.6 if a <= 3 else 0.3)
        return value
