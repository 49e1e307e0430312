"""Battles: the attacker's cards against sampled defender hands, the defender's answer, and rollouts
to decide between fighting on and retreating.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.base import AgentBase
from kleos.games.polis.agents.heuristic.model import Valuer
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import BATTLES, PolisState
from kleos.games.polis.tables import CardInfo, other
from kleos.games.polis.view import PolisView

BATTLE_SAMPLES = 24  # defender hands drawn to choose an attack
BATTLE_ROLLOUTS = 12  # rollouts of a battle to decide whether to retreat


@trait
class BattleMixin(AgentBase):
    """Battle choices: attack, defend, retreat or fight."""

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
