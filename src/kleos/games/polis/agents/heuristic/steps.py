"""The inner decisions of an action (the agent's step policy): the toll good, tribute columns, how
many units to create or move and from where, the proxenos' path.
"""

from __future__ import annotations

import heapq

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import MEMO_SIZE, Valuer, valuer_for
from kleos.games.polis.board import units
from kleos.games.polis.rules import stasis
from kleos.games.polis.state import TURN, PolisState
from kleos.games.polis.tables import GOOD_INDEX, GOODS, NO_ONE, SILVER, other

COUNT_KINDS = frozenset({"hoplites", "galleys", "merchants", "march", "sail"})


@trait
class StepMixin(AgentBase):
    """The step policy: answers the decisions inside an action once the action is chosen."""

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
        that change something in the destination (control, a siege's fortification) and at its end.
        ``state`` is the caller's to give up: the walk goes on in it (a copy is taken only of a
        position kept as the best so far)."""
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
            if best is not None and best[1] is current:  # kept as the best so far: go on on a copy
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
            game.apply_in_place(end, done, me, validate=False)
        return value, end

    def _unit_choice(self, s: PolisState, me: int, steps: list[Action]) -> Action:
        """Which unit next: pay with the cheaper good; move from where a unit is missed least."""
        t = self.t
        assert s.pending is not None
        if s.pending[0] in ("hoplites", "galleys", "merchants"):
            valuer = valuer_for(self._valuers, t, s, me, self.p)

            def cost(a: Action) -> float:
                g = GOOD_INDEX[str(a.args[0])]
                value = valuer.value(*valuer.delta_lin(((g, -1),)))
                if len(a.args) > 1:
                    sea = t.region_index[str(a.args[1])]
                    value += 0.1 * (units(s, sea, other(me)) - units(s, sea, me))
                return -value

            return min(steps, key=cost)
        # the first start where a unit is missed least (control of own poleis, tribute, trade seas);
        # written out, not a key function: every unit step of every look-ahead asks
        index, poleis, owner, discs, land = t.region_index, t.territory_poleis, s.owner, s.tribute_disc, t.n_territories
        u = s.units
        opp = other(me)
        best: Action = steps[0]
        lowest = 0.0
        for i, a in enumerate(steps):
            region = index[str(a.args[0])]
            mine, theirs = u[region * 2 + me], u[region * 2 + opp]
            missed = -0.1 * (mine - theirs)
            if region >= land:  # a sea
                if theirs > 0 and theirs >= mine - 1:
                    missed += 2.0
            elif any(owner[p] == me for p in poleis[region]):
                if theirs > 0 and theirs >= mine - 1:
                    missed += 3.0
                if discs[region] == NO_ONE:
                    missed += 0.5
            if i == 0 or missed < lowest:
                best, lowest = a, missed
        return best

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
        R-ACT-PROXENOS-10): land and sea moves apart, each region paid for its opponent's units.
        Remembered on what it reads (the answer is shared: not to be changed)."""
        t = self.t
        opp = other(me)
        # it reads the opponent's units, who holds the diolkos polis and where his proxenos stands
        key = (me, start, s.owner[t.diolkos_polis] == me, s.proxenos[opp], *s.units[opp::2])
        found = self._paths_memo.get(key)
        if found is None:
            if len(self._paths_memo) >= MEMO_SIZE:
                self._paths_memo.clear()
            found = self._paths_memo[key] = self._proxenos_paths(s, me, start)
        return found

    def _proxenos_paths(self, s: PolisState, me: int, start: int) -> dict[int, tuple[int, list[int]]]:
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
