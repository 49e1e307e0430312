"""A static evaluation of Polis positions, for search (ISMCTS).

Polis games are mostly decided by survival: a side that cannot feed its poleis pays prestige, and a
side left with 0 prestige after the end of round is ostracised (R-END-3); a capital that cannot be
fed ends the game (R-END-2). The estimate is therefore built around the coming end of round:

* the score a side would have now (population + prestige + posterity, R-END-7), plus the round
  prestige and posterity of projects it has started (they complete before feeding, R-EOR-6);
* food security: the wheat shortfall at the coming feeding costs prestige one for one (R-EOR-11);
  a shortfall that prestige cannot pay (and still leave at least 1 after Megalopolis, R-EOR-19)
  forces poleis to be released or loses the game; the cost is weighed less while the side can still
  act this round (it may yet find wheat);
* a prestige reserve: 1 or 2 prestige left after the end of round is a risk of ostracism by events,
  battles and the next feeding;
* wheat beyond the requirement feeds growth (population and Megalopolis), goods, silver, units and
  merchants turn into points later; all of these fade as the last round approaches.

``win_probability`` maps the points margin between the two sides to [0, 1] with a logistic, and is
exact once the game is over. The margin is the heuristic player's valuation of both sides once
:func:`register` has been called for the edition's tables (ISMCTS does this: that valuation also
credits what a side can still do this round), else the difference of the two ``estimate``s.
Everything is read from the state alone (search calls it on determinized states built from the
agent's view; the state's generator is never read).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from kleos.core.kit.agents import Evaluator
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import N_GOODS, NO_ONE, SILVER, WHEAT, Tables, ceil_half, other

if TYPE_CHECKING:
    from kleos.games.polis.agents.heuristic import HeuristicAgent
    from kleos.games.polis.game import PolisGame

SCALE = 5.0  # points of margin for which the win probability moves from 50% to about 73%
LOSS = 40.0  # points: starvation or ostracism ends the game
RELEASE = 2.5  # per cube of requirement shed by releasing poleis (the cube and the polis behind it)
RESERVE = (6.0, 2.5, 1.0, 0.3)  # risk of ending the round with 0, 1, 2, 3 prestige (0: ostracism)
UNIT = 0.3  # a hoplite or galley on the map
MERCHANT = 0.6  # a merchant in play, per round left
USE_GUIDE = True  # value positions with the heuristic player's valuation when one is registered


def food_cost(gap: int, prestige: int, mega: int, releasable: int) -> float:
    """Points lost at the coming feeding: a wheat ``gap`` paid in prestige, releases when prestige
    cannot pay it and keep 1 after Megalopolis, or the game (R-EOR-11 … R-EOR-15, R-END-2, R-END-3)."""
    after = prestige - max(0, gap) + mega  # prestige once fed and Megalopolis scored
    if gap <= 0:
        return 0.0 if after >= 1 else LOSS
    if prestige >= gap and after >= 1:
        return float(gap)
    shed = max(gap - prestige, 1 - after)  # cubes of requirement to release
    if releasable >= shed:
        return float(gap - shed) + RELEASE * shed + 2.0
    return LOSS + gap


def _eor_pending(s: PolisState, side: int) -> tuple[bool, bool]:
    """(feeding still ahead for ``side``, growth still ahead for ``side``)."""
    if s.phase != END_OF_ROUND:
        return True, True
    late = end_of_round.order(s).index(side) < s.eor_seat
    feed = s.eor_step == end_of_round.FEED and not late
    grow = feed or (s.eor_step == end_of_round.GROW and not late)
    return feed, grow


def estimate(t: Tables, s: PolisState, side: int) -> float:
    """Expected final points of ``side`` (a fast guess)."""
    rounds_left = max(0, t.last_round - s.round)
    last = rounds_left == 0
    points = float(s.prestige[side])
    need = mega = releasable = room = 0
    pending = 0
    capital = t.capital[side]
    for polis, owner in enumerate(s.owner):
        if owner != side:
            continue
        pop = s.pop[polis]
        points += pop
        need += pop
        base = t.polis_base[polis]
        if pop > base:
            mega += 1
        if polis != capital:
            releasable += pop
            points += 0.0 if last else 0.5  # a polis beyond its cubes: tribute, projects, growth room
        room += max(0, min(t.polis_growth[polis], t.polis_max[polis] - pop))
        for tile in s.projects_done[polis]:
            points += t.projects[tile].posterity
        tile = s.project_started[polis]
        if tile != -1:
            info = t.projects[tile]
            pending += ceil_half(pop) if info.prestige < 0 else info.prestige
            points += info.posterity
    if s.phase == END_OF_ROUND and s.eor_step != end_of_round.FEED:
        pending = 0  # projects were completed when the end of round began
    points += pending
    prestige = s.prestige[side] + pending
    goods = s.goods[side * N_GOODS:(side + 1) * N_GOODS]
    wheat = goods[WHEAT]
    feed_ahead, grow_ahead = _eor_pending(s, side)
    acting = s.phase == TURN and not s.passed[side] and s.outcome is None
    if feed_ahead:
        gap = need - wheat
        cost = food_cost(gap, prestige, mega, releasable)
        if acting and cost > 0:
            cost *= 0.75  # the side may still find wheat this round
        points -= cost
        after = prestige - max(0, gap) + mega
        surplus = max(0, wheat - need)
    else:
        after = prestige + (mega if s.eor_step <= end_of_round.GROW else 0)
        surplus = wheat if grow_ahead else 0
    if not last and 0 <= after < len(RESERVE):
        points -= RESERVE[after] * (0.6 if acting else 1.0)
    # wheat beyond the requirement: growth (a cube, maybe Megalopolis) while room and cubes last
    growth = min(surplus, room, s.supply_cubes[side]) if grow_ahead and not last else 0
    points += 0.8 * growth + 0.1 * (surplus - growth)
    fade = 1.0 if rounds_left >= 2 else (0.7 if rounds_left == 1 else 0.25)
    other_goods = sum(goods[g] for g in t.goods if g not in (WHEAT, SILVER))
    points += fade * (0.35 * other_goods + 0.55 * goods[SILVER])
    points += fade * UNIT * sum(s.units[r * 2 + side] for r in range(t.n_regions))
    merchants = s.merchants_port[side] + sum(1 for x in s.slot_merchant if x == side)
    points += MERCHANT * rounds_left * min(merchants, 4) * 0.5
    if s.proxenos[side] != NO_ONE and not last:
        points += 0.5
    return points


_GUIDES: dict[int, HeuristicAgent] = {}  # id(tables) -> the heuristic player whose valuation search uses


def register(game: Any) -> HeuristicAgent:
    """The heuristic player of ``game`` (one per edition's tables); from now on
    :func:`win_probability` for these tables uses its valuation."""
    guide = _GUIDES.get(id(game.tables))
    if guide is None:
        from kleos.games.polis.agents.heuristic import HeuristicAgent

        guide = HeuristicAgent(game)
        _GUIDES[id(game.tables)] = guide
    return guide


def margin(t: Tables, s: PolisState, side: int) -> float:
    """Points by which ``side`` is ahead: the heuristic player's valuation of both sides when one is
    registered for these tables (it credits what each side can still do this round), else
    :func:`estimate`."""
    guide = _GUIDES.get(id(t))
    if guide is not None and USE_GUIDE:
        return float(guide.evaluate(s, side) - guide.evaluate(s, other(side))) / 1.5
    return estimate(t, s, side) - estimate(t, s, other(side))


def win_probability(t: Tables, s: PolisState, side: int) -> float:
    """The evaluation in [0, 1]: the result itself once the game is over."""
    if s.outcome is not None:
        if s.outcome.winner is None:
            return 0.5
        return 1.0 if s.outcome.winner == side else 0.0
    margin_ = margin(t, s, side)
    if margin_ > 60.0:
        return 1.0
    if margin_ < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-margin_ / SCALE))


def evaluator_for(game: PolisGame) -> Evaluator:
    """The evaluation ISMCTS scores its leaves with: :func:`win_probability` for ``game``'s tables."""
    tables = game.tables

    def evaluate(state: Any, seat: int) -> float:
        return win_probability(tables, state, seat)

    return evaluate
