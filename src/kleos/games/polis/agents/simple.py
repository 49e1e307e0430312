"""A simple rule-of-thumb opponent, good enough to give a person a real game.

:class:`SimpleAgent` scores every legal action with a few sensible preferences and picks the best
(ties broken by its own generator). For Polis it reads the seat's :class:`PolisView` and the
edition's public tables; for any other game it just prefers acting over passing.

Preferences for Polis: take actions rather than pass early in the round; keep enough prestige to
feed the population; get wheat when the food requirement is not covered (tribute, trade, marching
to a wheat territory); start projects; besiege when the odds are good; attack and defend with the
best-valued cards; feed rather than release poleis when it can; grow poleis with spare wheat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kleos.core.action import Action
from kleos.games.polis.board import controls, units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round, siege, stasis
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import BATTLES, END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import GOOD_INDEX, IRON, N_GOODS, NO_ONE, SILVER, WHEAT, WOOD, Tables, other
from kleos.games.polis.view import PolisView

PASS_VERBS = frozenset({"pass"})


@dataclass
class _Ctx:
    t: Tables
    s: PolisState
    me: int
    need: int
    wheat: int
    short: int
    spare: int  # prestige left after paying the food shortfall in prestige

    def good(self, g: int, side: int | None = None) -> int:
        return self.s.goods[(self.me if side is None else side) * N_GOODS + g]


class SimpleAgent:
    """Rule-of-thumb play. ``game`` gives the public tables (card values, polis cards); the agent
    still sees only the view it is handed. Without a game or a seat's view it only prefers acting to
    passing."""

    name = "simple"

    def __init__(self, game: PolisGame | None = None) -> None:
        self.tables: Tables | None = None if game is None else game.tables

    def choose(self, view: PolisView | None, legal: list[Action], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.tables is None or view is None or view.seat not in (0, 1):
            acting = [a for a in legal if a.verb not in PASS_VERBS]
            return rng.choice(acting or legal)
        ctx = _context(self.tables, view.state, view.seat)
        scores = [_score(ctx, a) for a in legal]
        best = max(scores)
        return rng.choice([a for a, sc in zip(legal, scores, strict=True) if sc == best])


def _context(t: Tables, s: PolisState, me: int) -> _Ctx:
    need = end_of_round.requirement(s, me)
    wheat = s.goods[me * N_GOODS + WHEAT]
    short = max(0, need - wheat)
    return _Ctx(t, s, me, need, wheat, short, s.prestige[me] - short)


def _score(c: _Ctx, a: Action) -> float:
    s = c.s
    if s.phase == TURN:
        if s.pending is None:
            return _turn_choice(c, a)
        return _turn_step(c, a)
    if s.phase == BATTLES:
        return _battle(c, a)
    if s.phase == END_OF_ROUND:
        return _end_of_round(c, a)
    return _event(c, a)


# ----- choosing the next action ---------------------------------------------------------------
def _siege_odds(c: _Ctx, polis: int) -> float:
    base = c.t.polis_base[polis]
    if base == 1:
        return 1.0
    need = base - siege.siege_bonus(c.t, c.s, c.me, polis)
    return max(0, min(4, 5 - need)) / 4


def _targets(c: _Ctx, territory: int) -> list[int]:
    """Poleis in ``territory`` that could be besieged (not ours, not a capital)."""
    if c.t.is_sea(territory):
        return []
    return [p for p in c.t.territory_poleis[territory] if c.s.owner[p] != c.me and p not in c.t.capital]


def _tribute_value(c: _Ctx, territory: int, hoplites: int) -> float:
    best = 0.0
    for g, amounts in c.t.tribute[territory]:
        k = min(hoplites, len(amounts))
        if k <= 0:
            continue
        weight = 2.0 if g == WHEAT and c.short > 0 else 1.0
        best = max(best, amounts[k - 1] * weight)
    return best


def _wheat_urgency(c: _Ctx) -> float:
    """How much getting wheat matters: above projects when feeding would cost the last prestige."""
    return 85.0 if c.short >= c.s.prestige[c.me] else 60.0


def _turn_choice(c: _Ctx, a: Action) -> float:
    t, s, me = c.t, c.s, c.me
    v = a.verb
    late = s.passed[other(me)]  # every action now costs an extra good
    if v == "pass":
        return 10.0 if late else 1.0
    military_ok = c.spare >= 3
    if v == "project":
        tile = t.projects[t.project_index[str(a.args[0])]]
        return 70.0 + max(tile.prestige, 1) + tile.posterity - 2 * (len(a.args) - 2)
    if v == "stasis":
        return 68.0 + t.polis_base[s.proxenos[me]]
    if v == "ransom":
        return 40.0
    if v == "siege":
        polis = t.polis_index[str(a.args[0])]
        p = _siege_odds(c, polis)
        if c.spare < 2 or (p < 1.0 and c.spare < 3):
            return -5.0
        if p >= 0.75:
            return 65.0 + t.polis_base[polis]
        if p >= 0.5:
            return 50.0 + t.polis_base[polis]
        return 12.0 * p
    if v == "tribute":
        territory = t.region_index[str(a.args[0])]
        free = territory == t.polis_territory[t.capital[me]]
        wheat_here = c.short > 0 and any(g == WHEAT for g, _ in t.tribute[territory])
        value = _tribute_value(c, territory, units(s, territory, me))
        if not free and (value < 3 or c.spare < 3) and not (wheat_here and s.prestige[me] >= 2):
            return -5.0
        if wheat_here:
            return _wheat_urgency(c) - 10.0 + min(value, 20.0)
        return (35.0 if free else 28.0) + min(value, 20.0)
    if v == "trade":
        market = t.market_index[str(a.args[0])]
        slot = t.market_slots[market][int(a.args[1]) - 1]
        info = t.slots[slot]
        pay = GOOD_INDEX[str(a.args[2])]
        if pay == SILVER:
            return _wheat_urgency(c) - 5.0 + info.value if c.short > 0 else 5.0
        have = c.good(pay)
        if info.reward == WHEAT:
            return (_wheat_urgency(c) if c.short > 0 else 22.0) + info.value + have / 10
        return 35.0 + info.value + have / 10
    if v == "march":
        dest = t.region_index[str(a.args[0])]
        owns_here = any(s.owner[p] == me for p in t.territory_poleis[dest])
        wheat_cols = [len(amounts) for g, amounts in t.tribute[dest] if g == WHEAT]
        wheat_there = (c.short > 0 and owns_here and s.tribute_disc[dest] == NO_ONE and bool(wheat_cols)
                       and units(s, dest, me) < wheat_cols[0] and "tribute" not in s.turn_actions)
        if wheat_there and s.prestige[me] >= 3:
            return _wheat_urgency(c) - 15.0
        if c.spare < 4:  # the march and the siege after it cost 1 prestige each
            return -5.0
        score = -1.0
        for p in _targets(c, dest):
            if c.t.polis_base[p] <= 3 and units(s, dest, other(me)) < t.polis_base[p]:
                score = max(score, 40.0 + t.polis_base[p] - 2 * units(s, dest, other(me)))
        return score
    if v == "sail":
        return 2.0 if military_ok else -5.0
    if v == "hoplites":
        polis = t.polis_index[str(a.args[0])]
        territory = t.polis_territory[polis]
        useful = bool(_targets(c, territory)) or any(_targets(c, n) for n in t.land_adj[territory])
        return (30.0 if useful else 12.0) if s.pop[polis] >= max(3, t.polis_base[polis]) else -1.0
    if v == "merchants":
        polis = t.polis_index[str(a.args[0])]
        return 24.0 if s.merchants_port[me] == 0 and s.pop[polis] >= t.polis_base[polis] else -1.0
    if v == "galleys":
        polis = t.polis_index[str(a.args[0])]
        return 8.0 if s.pop[polis] > t.polis_base[polis] else -1.0
    if v == "proxenos":
        return 15.0 if c.good(SILVER) >= 4 else 2.0
    return 5.0


def _turn_step(c: _Ctx, a: Action) -> float:
    t, s, me = c.t, c.s, c.me
    assert s.pending is not None
    kind = s.pending[0]
    v = a.verb
    if kind == "toll":
        g = GOOD_INDEX[str(a.args[0])]
        have = c.good(g)
        if g == WHEAT and c.short > 0:
            have -= 20
        if g == SILVER:
            have -= 3
        return float(have)
    if kind in ("hoplites", "galleys", "merchants"):
        _, polis, made = s.pending
        if v == "done":
            target = 2 if kind == "hoplites" else 1
            return 25.0 if made >= target or s.pop[polis] <= t.polis_base[polis] - 1 else 0.0
        g = GOOD_INDEX[str(a.args[0])]
        if g in (IRON, WOOD):
            return 20.0
        return 12.0 if c.good(SILVER) >= 6 else 5.0
    if kind in ("march", "sail"):
        _, dest, _moved = s.pending
        if v == "done":
            goal = max([t.polis_base[p] for p in _targets(c, dest)] or [1])
            return 12.0 if units(s, dest, me) >= goal else 0.0
        start = t.region_index[str(a.args[0])]
        mine_here = not t.is_sea(start) and any(s.owner[p] == me for p in t.territory_poleis[start])
        keep = 1 if mine_here and controls(s, start, me) else 0
        return 10.0 + units(s, start, me) - (8.0 if units(s, start, me) <= keep else 0.0)
    if kind == "tribute":
        _, territory, assigned = s.pending
        if v == "done":
            return 0.0
        g = GOOD_INDEX[str(a.args[0])]
        columns = [col for col, _ in t.tribute[territory]]
        i = columns.index(g)
        amounts = t.tribute[territory][i][1]
        k = int(assigned[i])
        gain = amounts[k] - (amounts[k - 1] if k else 0)
        weight = 2.0 if g == WHEAT and c.short > 0 else 1.0
        return float(1.0 + gain * weight + k)  # concentrate: later hoplites in a column yield more
    if kind == "proxenos":
        if v == "enter":
            polis = t.polis_index[str(a.args[0])]
            if s.owner[polis] != me and polis not in t.capital:
                cost = stasis.silver_cost(t, s, polis)
                return 30.0 if cost <= c.good(SILVER) else 10.0
            return 4.0
        return 5.0
    return 1.0


# ----- battles --------------------------------------------------------------------------------
def _battle(c: _Ctx, a: Action) -> float:
    s, t = c.s, c.t
    v = a.verb
    if v == "fight":
        return 10.0
    if v == "retreat":
        b = s.battle
        if b is not None and units(s, b.region, c.me) * 2 < units(s, b.region, other(c.me)) and c.spare >= 4:
            return 11.0
        return 0.0
    b = s.battle
    if b is None:
        return 0.0
    cards = {card.code: card for card in t.cards(b.sea)}
    mine = [cards[str(x)] for x in a.args]
    if v == "attack":
        return sum(card.value for card in mine) + 0.5 * sum(1 for card in mine if card.special != "mercenaries")
    if v == "defend" and len(b.played) == 2:
        theirs = [t.cards(b.sea)[i] for i in b.played]
        losses, gain = 0, 0
        for att, dfn in zip(theirs, mine, strict=True):
            lost, g = pair_result(att, dfn)
            losses += lost
            gain += g
        return -(3.0 * losses + gain)
    return 0.0


# ----- end of round ---------------------------------------------------------------------------
def _end_of_round(c: _Ctx, a: Action) -> float:
    t, s, me = c.t, c.s, c.me
    v = a.verb
    if v == "feed":
        return 20.0 if s.prestige[me] - c.short >= 1 else 0.0
    if v == "release":
        deficit = c.short - (s.prestige[me] - 1)
        pop = s.pop[t.polis_index[str(a.args[0])]]
        if deficit <= 0:
            return -10.0
        return 15.0 - abs(pop - deficit) - (0.5 if pop < deficit else 0.0)
    if v == "grow":
        polis = t.polis_index[str(a.args[0])]
        if s.round < t.last_round and s.pop[polis] > t.polis_base[polis]:
            # more mouths to feed next round for no Megalopolis bonus: only with wheat that would spoil
            return 9.0 if c.wheat >= 2 else 5.0
        return 10.0 + (5.0 if s.pop[polis] == t.polis_base[polis] else 0.0) + t.polis_max[polis] / 10
    if v == "done":
        return 8.0
    if v == "phoros":
        n = int(a.args[0])
        if n == 0:
            return 10.0
        return 12.0 if s.prestige[me] - n >= 8 and n == 2 else 0.0
    if v == "discard":
        tile = t.project_index[str(a.args[0])]
        poleis = t.projects[tile].poleis
        mine = any(s.owner[p] == me for p in poleis)
        theirs = any(s.owner[p] == other(me) for p in poleis)
        return (0.0 if mine else 10.0) + (5.0 if theirs else 0.0)
    return 0.0


# ----- event choices --------------------------------------------------------------------------
def _event(c: _Ctx, a: Action) -> float:
    """Keep prestige; take what is offered for free."""
    t, s, me = c.t, c.s, c.me
    v = a.verb
    if v == "give":
        return -float(int(a.args[0]))  # as little prestige as the card allows
    if v == "suppress":
        return float(int(a.args[0]))
    if v == "remove":
        return float(units(s, t.region_index[str(a.args[0])], me))
    if v == "hire":
        return 1.0 if c.good(SILVER) >= 6 else -1.0
    if v == "take":
        return 2.0
    return 0.0
