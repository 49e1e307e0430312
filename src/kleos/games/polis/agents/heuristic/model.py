"""What every part of the heuristic player shares, kept apart so that no part imports another in a
circle: the weights of the evaluation (:class:`Params`), what goods are worth, the food plan
(:func:`food_cost`, :class:`Valuer`) and the shape of an option of the rest-of-round plan.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import END_OF_ROUND, PolisState
from kleos.games.polis.tables import IRON, N_GOODS, OIL, SILVER, WHEAT, WINE, WOOD, Tables, ceil_half

TRADE, TRIBUTE, SIEGE, STASIS = 0, 1, 2, 3


# An option of the rest-of-round plan:
# (kind, key, pay good, pay amount, d_lin, d_wheat, d_need, d_prestige, extra points, needs prestige)
Option = tuple[int, int, int, int, float, float, float, float, float, int]


LOSS = 500.0  # losing the game
MEMO_SIZE = 8192  # positions remembered per memo of the agent (cleared when full)
VALUER_MEMO = 256  # answers a shared Valuer remembers per kind (plan gains, next round's supply)

# The fields of PolisState that state_key leaves out: the generator (the agent's choices never draw
# from it: chance steps of its look-ahead take fixed rolls) and the step counter (read by no rule).
UNKEYED = frozenset({"rng", "steps"})


def state_key(s: PolisState) -> Hashable:
    """Everything of a position the rules and the agent's choices read, as one hashable value, so
    that a choice or an evaluation computed once is reused when the same position comes back: the
    paired search replays the same opening moves of a round on every sampled future, and a unit-by-
    unit step re-walks the chain the action's look-ahead walked.

    One flat tuple (one object to build, hash and free, not one per field): the lists whose length
    the game's tables fix (per region, polis, slot, market or side) follow each other as they are;
    the four whose length changes (the project pile and face-up row, the battle queue, the event
    flags) come with their length first, so two different positions never give the same tuple."""
    b = s.battle
    o = s.outcome
    return (s.edition, *s.units, *s.owner, *s.pop, *s.goods, *s.prestige, *s.supply_cubes, *s.supply_discs,
            *s.merchants_supply, *s.merchants_port, *s.slot_merchant, *s.proxenos, *s.tribute_disc,
            *s.siege_discs, *s.market_pos, *s.project_started, *s.projects_done, *s.passed,
            len(s.project_pile), *s.project_pile, len(s.projects_face_up), *s.projects_face_up,
            len(s.battle_queue), *s.battle_queue, len(s.event_flags), *s.event_flags,
            s.round, s.phase, s.active, s.turn_actions, s.turn_create_polis, s.sieged_this_turn,
            s.first_passer, s.last_passer, s.eor_marker, s.pending, s.chance, s.chance_left, s.after_battles,
            s.battle_chooser, s.eor_step, s.eor_seat, s.eor_pending, s.event, s.event_pending,
            None if b is None else (b.region, b.sea, b.attacker, tuple(b.deck), tuple(b.hands[0]),
                                    tuple(b.hands[1]), tuple(b.deal), b.played, b.losses, b.phase,
                                    b.retreat_queue, b.rounds),
            None if o is None else (o.reason, o.winner, o.scores))


def remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    """Store ``value`` under ``key``, emptying the memo first when it is full (bounded memory)."""
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value


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


_GOODS_VALUES: dict[int, tuple[Params, dict[tuple[tuple[int, ...], bool], tuple[float, ...]]]] = {}


def cached_goods_values(goods: tuple[int, ...], last: bool, p: Params) -> tuple[float, ...]:
    """:func:`goods_values` without hashing ``p`` at every call (a Valuer is built per position):
    remembered per weights object, checked by identity."""
    entry = _GOODS_VALUES.get(id(p))
    if entry is None or entry[0] is not p:
        entry = _GOODS_VALUES[id(p)] = (p, {})
    found = entry[1].get((goods, last))
    if found is None:
        found = entry[1][(goods, last)] = goods_values(goods, last, p)
    return found


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


# (need, mega, releasable, pending, growth cubes best first, points) per side and position's poleis
Polity = tuple[int, int, int, int, tuple[float, ...], float]
# per (tables, weights): the memo, and per (side, last round?) the latest answer with its inputs
_POLITY: dict[tuple[int, int], tuple[Tables, Params, dict[tuple[Any, ...], Polity],
                                     dict[tuple[int, bool], tuple[list[int], list[int], list[int],
                                                                  list[tuple[int, ...]], Polity]]]] = {}


def polity(t: Tables, s: PolisState, side: int, p: Params, last: bool) -> Polity:
    """What a side's poleis make of a position, for the :class:`Valuer` and the evaluation's points:
    the mouths to feed, Megalopolis poleis, the cubes it could release, the prestige of projects
    under way, the value of each growth cube it could still place (best first; not yet cut to its
    supply) and its points (population, a polis's use, posterity, projects under way).

    Remembered per tables and weights (checked by identity) on the owners, populations and
    projects: these change rarely within a round, and every evaluation needs them for both sides."""
    entry = _POLITY.get((id(t), id(p)))
    if entry is None or entry[0] is not t or entry[1] is not p:
        if len(_POLITY) >= 8:  # tables and weights of games gone by are let go
            _POLITY.clear()
        entry = _POLITY[(id(t), id(p))] = (t, p, {}, {})
    recent = entry[3].get((side, last))  # asked again for the same poleis: compared, not hashed
    if (recent is not None and recent[0] == s.owner and recent[1] == s.pop and recent[2] == s.project_started
            and recent[3] == s.projects_done):
        return recent[4]
    memo = entry[2]
    key = (side, last, tuple(s.owner), tuple(s.pop), tuple(s.project_started), tuple(s.projects_done))
    found = memo.get(key)
    if found is not None:
        entry[3][(side, last)] = (s.owner[:], s.pop[:], s.project_started[:], s.projects_done[:], found)
        return found
    if len(memo) >= MEMO_SIZE // 2:
        memo.clear()
    need = mega = releasable = pending = 0
    points = 0.0
    cube = 1.0 if last else p.cube  # a cube grown: a point at the end, mouths to feed before
    use = p.polis
    cubes: list[float] = []
    capital = t.capital[side]
    bases, growths, tops, projects = t.polis_base, t.polis_growth, t.polis_max, t.projects
    pops, started, done = s.pop, s.project_started, s.projects_done
    for polis, owner in enumerate(s.owner):
        if owner != side:
            continue
        pop = pops[polis]
        need += pop
        base = bases[polis]
        if pop > base:
            mega += 1
        for j in range(1, min(growths[polis], tops[polis] - pop) + 1):
            # the cube that lifts the polis above its base brings Megalopolis prestige (R-EOR-19)
            cubes.append(cube + (1.0 if pop + j == base + 1 else 0.0))
        if polis != capital:
            releasable += pop
        points += pop + use
        for tile in done[polis]:
            points += projects[tile].posterity
        tile = started[polis]
        if tile != -1:
            info = projects[tile]
            gain = info.prestige
            pending += ceil_half(pop) if gain < 0 else gain
            points += (ceil_half(pop) if gain < 0 else gain) + info.posterity
    cubes.sort(reverse=True)
    found = memo[key] = (need, mega, releasable, pending, tuple(cubes), points)
    entry[3][(side, last)] = (s.owner[:], s.pop[:], s.project_started[:], s.projects_done[:], found)
    return found


class Valuer:
    """One side's prestige, goods and food plan in one position, valued fast in points.

    ``value(d_lin, d_wheat, d_need, d_prestige)`` values the same position with some changes:
    ``d_lin`` in points of goods other than wheat, the others in units."""

    __slots__ = ("ahead", "cubes", "gains", "goods", "grow_ahead", "gv", "last", "lin", "mega", "need", "p",
                 "pending", "plans", "prestige", "releasable", "supply", "wheat")

    def __init__(self, t: Tables, s: PolisState, side: int, p: Params) -> None:
        self.p = p
        # what the plan remembers per Valuer: tribute plans, and plan gains per options and toll
        self.plans: dict[tuple[int, int], tuple[tuple[int, ...], float, float]] = {}
        self.gains: dict[tuple[Any, ...], float] = {}
        self.supply: dict[tuple[Any, ...], float] = {}  # next round's wheat (the evaluation's)
        self.last = last = s.round >= t.last_round
        self.gv = gv = cached_goods_values(t.goods, last, p)
        self.goods = goods = s.goods[side * N_GOODS:(side + 1) * N_GOODS]
        self.lin = sum([goods[g] * gv[g] for g in t.goods if g != WHEAT])
        self.wheat = goods[WHEAT]
        self.prestige: float = float(s.prestige[side])
        need, mega, releasable, pending, cubes, _ = polity(t, s, side, p, last)
        self.need, self.mega, self.releasable, self.pending = need, mega, releasable, pending
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
        """The position's value with the changes: ``prestige + lin + wheat_term``, with
        :meth:`wheat_term` written out here (the plan calls this for every option at every greedy
        step); the same operations in the same order, so the same floats."""
        p = self.prestige + d_prestige
        wheat = self.wheat + d_wheat
        if not self.ahead:
            return p + self.lin + d_lin + (self.growth(wheat) if self.grow_ahead else 0.2 * wheat)
        need = self.need + d_need
        gap = need - wheat
        releasable = self.releasable + (need - self.need if need > self.need else 0.0)
        cost = food_cost(gap, p + self.pending, self.mega, releasable, self.p, self.last)
        return p + self.lin + d_lin + ((self.growth(-gap) if gap < 0 else 0.0) - cost)

    def delta_lin(self, changes: Sequence[tuple[int, float]]) -> tuple[float, float]:
        """(d_lin, d_wheat) of a list of (good, change)."""
        lin = wheat = 0.0
        for g, n in changes:
            if g == WHEAT:
                wheat += n
            else:
                lin += n * self.gv[g]
        return lin, wheat


Valuers = dict[tuple[Any, ...], tuple[Polity, "Valuer"]]  # an agent's memo of Valuers (valuer_for)


def valuer_for(memo: Valuers, t: Tables, s: PolisState, side: int, p: Params) -> Valuer:
    """``Valuer(t, s, side, p)``, shared through ``memo`` (one agent's, for one game's tables and
    its weights) by the positions that agree on everything it reads (its poleis, goods, prestige,
    cube supply and where the end of round stands): the positions of a move's unit steps, or of one
    turn's candidate moves, do. The Valuer returned must not be changed (build one of its own to
    change); it remembers its tribute plans, plan gains and next round's supply. The polity is in the
    key by value: compiled code hands out a new tuple for the same polity, so its id would never match."""
    last = s.round >= t.last_round
    pol = polity(t, s, side, p, last)
    at = side * N_GOODS
    key = (side, last, pol, tuple(s.goods[at:at + N_GOODS]), s.prestige[side], s.supply_cubes[side],
           s.outcome is None, (s.first_passer, s.eor_seat, s.eor_step) if s.phase == END_OF_ROUND else None)
    found = memo.get(key)
    if found is not None:
        return found[1]
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    valuer = Valuer(t, s, side, p)
    memo[key] = (pol, valuer)
    return valuer
