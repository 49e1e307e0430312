"""The end of round: feeding (and releasing poleis), growth, Phoros, the project to discard, and the
wheat a side can expect for the next feeding.
"""

from __future__ import annotations

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import LOSS
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import N_GOODS, SILVER, WHEAT, ceil_half, other


@trait
class EndOfRoundMixin(AgentBase):
    """End-of-round choices."""

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

    def next_round_supply(self, s: PolisState, me: int, wheat_left: int,
                          reach: frozenset[int] | None = None) -> float:
        """Wheat the side can expect for the next feeding: what is left after spoilage (R-EOR-20),
        tribute where its hoplites stand, its merchants' cargoes that its goods can pay for
        (``reach``: the markets its merchants reach, when the caller has them already)."""
        t = self.t
        last = self._last_round
        rnd = s.round
        carry = ceil_half(wheat_left) if rnd < last else 0
        nxt = min(rnd + 1, last)
        n = t.round_values[nxt]
        units = s.units
        owner = s.owner
        free_wheat = free_goods = 0
        tributes = []
        for territory, poleis, home, columns in self._tribute_columns:  # the territories with tribute
            h = min(units[territory * 2 + me], n)
            if not h:
                continue
            if poleis:
                for p in poleis:
                    if owner[p] == me:
                        break
                else:
                    continue
            at_home = home[me]
            for g, amounts in columns:
                amount = amounts[min(h, len(amounts)) - 1]
                if g == WHEAT:
                    if at_home:
                        free_wheat = amount
                    else:
                        tributes.append(amount)
                elif at_home and amount > free_goods:
                    free_goods = amount  # to trade for wheat
        tributes.sort(reverse=True)
        affordable = max(0, s.prestige[me] - self.p.supply_prestige)  # each other tribute costs a prestige
        tribute_wheat = free_wheat + sum(tributes[:affordable])
        merchants = s.merchants_port[me] + s.slot_merchant.count(me)
        slots = self._wheat_slots(n, self.reachable_markets(s, me) if reach is None else reach)
        goods = s.goods
        at = me * N_GOODS
        payable = goods[at + SILVER]
        for g, perishable in self._tradable:
            payable += ceil_half(goods[at + g]) if perishable else goods[at + g]
        payable += free_goods
        cargo = 0
        for value in slots[:merchants]:
            if payable >= value:
                cargo += value
                payable -= value
        reserve = max(0, s.prestige[me] - 3)
        return carry + tribute_wheat + 0.75 * cargo + reserve

    def _wheat_slots(self, n: int, reach: frozenset[int]) -> tuple[int, ...]:
        """Values of the wheat cargo slots open at round value ``n`` in the markets reached, largest first."""
        key = (n, reach)
        found = self._slots_memo.get(key)
        if found is None:
            found = tuple(sorted((info.value for info in self.t.slots
                                  if info.reward == WHEAT and info.value <= n and info.market in reach), reverse=True))
            self._slots_memo[key] = found
        return found

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
