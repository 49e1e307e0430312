"""Trade (R-ACT-TRADE).

``trade Persia 2 wine`` sends a merchant from the commercial port to Persia's second slot and
barters wine at the market value; ``trade Persia 2 silver`` buys a wheat cargo with silver
instead (R-ACT-TRADE-13). The market die rolls that follow are chance events ``roll n``. Which
markets a route reaches is :mod:`kleos.games.polis.rules.routes`'s (re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import by_owners
from kleos.games.polis.rules import turn
from kleos.games.polis.rules.common import POLITICAL, ActionKind, Violation, arg_good, arg_name, broken, rolling_step
from kleos.games.polis.rules.routes import land_route as land_route
from kleos.games.polis.rules.routes import markets_by_sea as markets_by_sea
from kleos.games.polis.rules.routes import sea_route_free as sea_route_free
from kleos.games.polis.state import CH_DIE, PolisState
from kleos.games.polis.tables import GOODS, N_GOODS, SILVER, WHEAT, SlotInfo, Tables

VERB = "trade"


def owns_own_commercial_polis(t: Tables, s: PolisState, side: int) -> bool:
    """R-ACT-TRADE-2, R-ACT-TRADE-24: Athens needs Athinae; Sparta Pylos or Gythion."""
    return any(s.owner[p] == side for p in t.commercial_poleis[side])


def price(t: Tables, s: PolisState, slot: int, good: int) -> int:
    """Goods due for a cargo: the value table at the good's track space (R-ACT-TRADE-12)."""
    return t.value_table[t.slots[slot].value][s.market_pos[good]]


def _parse(t: Tables, action: Action) -> tuple[int, int, int] | None:
    if len(action.args) != 3:
        return None
    market, number, pay = arg_name(action, 0, t.market_index), action.args[1], arg_good(action, 2)
    if market is None or not isinstance(number, int) or pay is None:
        return None
    slots = t.market_slots[market]
    if not 1 <= number <= len(slots):
        return None
    return market, slots[number - 1], pay


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    parsed = _parse(t, action)
    if parsed is None:
        return broken("R-ACT-TRADE-4", N_("usage: trade <market> <slot number> <good paid | silver>"))
    market, slot, pay = parsed
    info = t.slots[slot]
    name = t.market_ids[market]
    if not owns_own_commercial_polis(t, s, side):
        return broken("R-ACT-TRADE-2", N_("you own none of your commercial poleis"))
    if s.merchants_port[side] < 1:
        return broken("R-ACT-TRADE-3", N_("no merchant in your commercial port"))
    if s.slot_merchant[slot] != -1:
        return broken("R-ACT-TRADE-20", N_("that slot is occupied this round"))
    if info.value > t.round_values[s.round]:
        return broken("R-ACT-TRADE-5", N_("cargoes of {value} are not available this round"), value=info.value)
    if s.flag(f"market_closed:{name}"):
        return broken("R-EVENT-4", N_("this round's event closed {name}"), name=name)
    if not (land_route(t, s, side, market) or sea_route_free(t, s, side, market)):
        return broken("R-ACT-TRADE-7", N_("no free route to {name}"), name=name)
    if pay == SILVER and info.reward == WHEAT:
        if pieces.good(s, side, SILVER) < info.value:
            return broken("R-ACT-TRADE-13", N_("buying needs {value} silver"), value=info.value)
        return None
    if pay == SILVER:
        return broken("R-ACT-TRADE-14", N_("a silver cargo must be bartered"))
    if pay not in info.accepts:
        return broken("R-ACT-TRADE-11", N_("that slot accepts {good}"), good=', '.join(GOODS[g] for g in info.accepts))
    if pieces.good(s, side, pay) < price(t, s, slot, pay):
        return broken("R-ACT-TRADE-12", N_("needs {value} {good}"), value=price(t, s, slot, pay), good=GOODS[pay])
    return None


def candidates(t: Tables, s: PolisState, side: int) -> Iterable[Action]:
    if s.merchants_port[side] < 1 or not owns_own_commercial_polis(t, s, side):
        return
    n = t.round_values[s.round]
    by_sea = markets_by_sea(t, s, side)
    base = side * N_GOODS
    for market, slots in enumerate(t.market_slots):
        if market not in by_sea and not land_route(t, s, side, market):
            continue  # R-ACT-TRADE-7 (``check`` still decides)
        for number, slot in enumerate(slots, start=1):
            info = t.slots[slot]
            if s.slot_merchant[slot] != -1 or info.value > n:
                continue
            for g in info.accepts:
                if s.goods[base + g] >= t.value_table[info.value][s.market_pos[g]]:
                    yield Action(VERB, (t.market_ids[market], number, GOODS[g]))
            if info.reward == WHEAT and s.goods[base + SILVER] >= info.value:
                yield Action(VERB, (t.market_ids[market], number, "silver"))


# per market: its name, and per slot: (index, info, row of the value table, barter action per good, purchase)
MarketPlan = tuple[tuple[str, tuple[tuple[int, SlotInfo, tuple[int, ...], dict[int, Action], Action], ...]], ...]


def _market_plan(t: Tables) -> MarketPlan:
    """Per market its name and per slot its index, its data, the row of the value table for its
    cargo, the barter action per good it accepts and the purchase action, built once per edition."""
    key = (VERB,)
    found: MarketPlan | None = t.plans.get(key)
    if found is None:
        found = t.plans[key] = tuple(
            (t.market_ids[market], tuple(
                (slot, t.slots[slot], t.value_table[t.slots[slot].value],
                 {g: Action(VERB, (t.market_ids[market], number, GOODS[g])) for g in t.slots[slot].accepts},
                 Action(VERB, (t.market_ids[market], number, "silver")))
                for number, slot in enumerate(slots, start=1)))
            for market, slots in enumerate(t.market_slots))
    return found


def _by_owners(t: Tables, owner: list[int]) -> tuple[tuple[bool, tuple[int, ...]], ...]:
    """Per side: whether it owns one of its commercial poleis (R-ACT-TRADE-2), and the markets it
    reaches by land (R-ACT-TRADE-10; see :func:`~kleos.games.polis.board.by_owners`)."""
    return tuple((any(owner[p] == side for p in t.commercial_poleis[side]),
                  tuple(m for p, m in t.land_trade.items() if owner[p] == side)) for side in (0, 1))


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`check` accepts: those of closed markets (R-EVENT-4) fall, and a
    silver cargo is only bought (R-ACT-TRADE-13, R-ACT-TRADE-14)."""
    out: list[Action] = []
    if s.merchants_port[side] < 1:
        return out  # R-ACT-TRADE-3
    trades, by_land = by_owners(t, s, VERB, _by_owners)[side]
    if not trades:
        return out  # R-ACT-TRADE-2
    n = t.round_values[s.round]
    by_sea = markets_by_sea(t, s, side)
    base = side * N_GOODS
    goods, market_pos, slot_merchant = s.goods, s.market_pos, s.slot_merchant
    silver = goods[base + SILVER]
    closed = s.flagged("market_closed:") if s.event_flags else ()
    for market, (name, slots) in enumerate(_market_plan(t)):
        if market not in by_sea and market not in by_land:
            continue  # R-ACT-TRADE-7
        if name in closed:
            continue  # R-EVENT-4
        for slot, info, row, barter, purchase in slots:
            if slot_merchant[slot] != -1 or info.value > n:
                continue  # R-ACT-TRADE-20, R-ACT-TRADE-5
            buys = info.reward == WHEAT and silver >= info.value
            for g in info.accepts:  # R-ACT-TRADE-11, R-ACT-TRADE-12
                if goods[base + g] >= row[market_pos[g]] and (g != SILVER or buys):
                    out.append(barter[g])
            if buys:  # R-ACT-TRADE-13
                out.append(purchase)
    return out


def start(t: Tables, s: PolisState, side: int, action: Action) -> None:
    parsed = _parse(t, action)
    assert parsed is not None
    _, slot, pay = parsed
    info = t.slots[slot]
    s.merchants_port[side] -= 1
    s.slot_merchant[slot] = side  # R-ACT-TRADE-20
    if pay == SILVER and info.reward == WHEAT:
        pieces.pay_good(s, side, SILVER, info.value)  # R-ACT-TRADE-13
        purchase = True
        if t.rules.purchase_dice == "higher_of_two":
            dice: tuple[tuple[int, ...], ...] = ((info.accepts[0],), (info.accepts[0],))
        else:
            dice = tuple((g,) for g in info.accepts)
    else:
        pieces.pay_good(s, side, pay, price(t, s, slot, pay))  # R-ACT-TRADE-12
        purchase = False
        dice = ((pay,),) if t.rules.barter_dice == "one" else ((pay,), (pay,))
    pieces.gain_good(t, s, side, info.reward, info.value)  # R-ACT-TRADE-15
    s.pending = (VERB, purchase, tuple(g for (g,) in dice), ())
    s.chance = CH_DIE


def _roll_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    """Collect the rolls, then move the markers (R-ACT-TRADE-16 … R-ACT-TRADE-19)."""
    assert s.pending is not None
    _, purchase, goods, rolls = s.pending
    rolls = (*rolls, int(action.args[0]))
    if len(rolls) < len(goods):
        s.pending = (VERB, purchase, goods, rolls)
        return
    s.chance = None
    last = t.track_len - 1
    if not purchase:
        step = min(rolls)  # the one die, or the lower of two (R-ACT-TRADE-16, R-ACT-TRADE-17)
        g = goods[0]
        s.market_pos[g] = min(last, s.market_pos[g] + step)
    elif t.rules.purchase_dice == "higher_of_two":
        g = goods[0]
        s.market_pos[g] = max(0, s.market_pos[g] - max(rolls))
    else:
        for g, r in zip(goods, rolls, strict=True):
            s.market_pos[g] = max(0, s.market_pos[g] - r)
    turn.finish_action(s)


def reads(t: Tables, action: Action) -> frozenset[int]:
    """The goods :func:`check` looks at for ``action``: the good paid (silver for a purchase)."""
    parsed = _parse(t, action)
    return frozenset() if parsed is None else frozenset((parsed[2],))


KINDS = [ActionKind(VERB, POLITICAL, candidates, check, start, legal=legal, reads=reads)]
STEPS = [rolling_step(VERB, N_("the market dice are being rolled"), _roll_apply)]
