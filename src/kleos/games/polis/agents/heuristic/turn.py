"""The turn phase: each sensible legal action is carried out to its end on a copy (its inner steps
answered by the step policy, a siege die branching) and the end positions are compared.
"""

from __future__ import annotations

import random

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import remember, state_key
from kleos.games.polis.agents.heuristic.steps import COUNT_KINDS
from kleos.games.polis.board import controls, units
from kleos.games.polis.state import CH_DIE, TURN, PolisState
from kleos.games.polis.tables import NO_ONE, other


@trait
class TurnMixin(AgentBase):
    """The choice of a turn action by the evaluation of where it ends."""

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
        be carried out at once instead (first action of a turn, or after the opponent's pass).

        Remembered per position: the values depend on nothing else, and the paired search meets
        the same turn positions again on every sampled future of a round."""
        key = (me, state_key(s), tuple(legal))
        code = hash(key)  # hashed once (the memo is keyed by the hash, the key kept to compare)
        found = self._values_memo.get(code)
        if found is not None and found[0] == key:
            return list(found[1])
        values = self._action_values(s, me, legal)
        remember(self._values_memo, code, (key, values))
        return list(values)

    def _action_values(self, s: PolisState, me: int, legal: list[Action]) -> list[tuple[float, Action]]:
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
