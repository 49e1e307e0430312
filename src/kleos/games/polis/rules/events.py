"""Event cards (R-EVENT): one per round, applied at round start by the reader, then the other player.

Each card in the data names an ``effect`` implemented here and its ``params``. An effect either
acts at once, sets a round-long flag the rules consult (``state.flag``), registers a check made at
the end of every turn (``TURN_END_HOOKS``), or asks players to choose (``state.event_pending``), in
which case the phase stays ``EVENT`` until the choices are made. Effects never exceed the stacking
limit or a polis's maximum population (R-EVENT-5), and a forced prestige loss that cannot be paid
loses the game (R-EVENT-6). All flags are cleared when the next round begins (R-EVENT-4). Once
the card is applied, :func:`reveal` or :func:`apply` returns :attr:`Handover.EVENT_OVER` and
:mod:`kleos.games.polis.rules.flow` begins the turns.

Effects (``params`` in brackets; a side is ``"athens"`` or ``"sparta"``):

* ``none``: no effect.
* ``grant`` [``<side>_<good>``/``<side>_prestige``: n (negative prestige is a forced loss),
  ``<side>_units``/``<side>_lose_units``: regions (one hoplite or galley each),
  ``<side>_lose_pop``: poleis (one cube each)]: what the card gives or takes, side by side.
* ``close_market`` [market], ``start_player`` [side], ``battle_size`` [size],
  ``tribute_cap`` [territory, hoplites]: round-long flags read by the rules.
* ``remove_unit`` [prestige]: each player removes one of his units and gains prestige.
* ``send_units`` [unit, sides, minimum, penalty, prestige, returns]: units leave the board (Egypt,
  Persia); prestige per unit sent; a shortfall below the minimum costs prestige; at the end of
  the round ``all`` or ``half_up`` of them come back.
* ``betrayal`` [population]: each player takes one small polis of the other.
* ``treasury`` [minimum, silver_per_prestige]: each player turns prestige into silver.
* ``mercenaries`` [silver]: each player hires units for silver, without population.
* ``pacifism`` [prestige]: hoplites in the capital's territory give prestige instead of tribute.
* ``carthage`` [territory, losses]: the stronger army there loses hoplites; none there: no tribute.
* ``long_walls`` [side, territory, polis]: hoplites move into the polis as population.
* ``free_trade`` [markets, prestige], ``hermocopidae`` [side, territory, prestige]: turn-end checks.
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import owned_poleis, stack_limit, units
from kleos.games.polis.datamodel import Event
from kleos.games.polis.rules.common import Handover, Violation, broken
from kleos.games.polis.rules.routes import land_route, sea_route_free
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOOD_INDEX, NO_ONE, SIDES, SILVER, Tables, ceil_half, other

Effect = Callable[[Tables, PolisState, Event, int], None]  # (tables, state, card, side)
EFFECTS: dict[str, Effect] = {}

ChoiceLegal = Callable[[Tables, PolisState, int], list[Action]]
ChoiceApply = Callable[[Tables, PolisState, int, Action], None]
CHOICES: dict[str, tuple[ChoiceLegal, ChoiceApply]] = {}

TurnEndHook = Callable[[Tables, PolisState, int], None]  # (tables, state, side whose turn ended)
TURN_END_HOOKS: list[TurnEndHook] = []

READER = "event_reader"  # flag: who read this round's card (R-ROUND-7)
HOOK = "turn_end_hook"  # flag: index + 1 of the hook checked at every turn's end


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return register


def choice(kind: str, legal_fn: ChoiceLegal) -> Callable[[ChoiceApply], ChoiceApply]:
    """Register a choice: its legal answers and how an answer is applied. The apply function sets
    ``event_pending`` to the next question for the same player, or to ``None`` when he is done."""
    def register(fn: ChoiceApply) -> ChoiceApply:
        CHOICES[kind] = (legal_fn, fn)
        return fn

    return register


def turn_end_hook(fn: TurnEndHook) -> TurnEndHook:
    TURN_END_HOOKS.append(fn)
    return fn


def use_hook(s: PolisState, fn: TurnEndHook) -> None:
    s.set_flag(HOOK, TURN_END_HOOKS.index(fn) + 1)


# ----- revealing a card -------------------------------------------------------------------------
def reveal(t: Tables, s: PolisState, event_id: str, reader: int) -> Handover | None:
    """Apply a card: the reader's effects first, then the other player's (R-ROUND-8). An effect
    that asks a player stops here; answering it goes on with the card (:func:`resume`)."""
    s.set_flag(READER, reader)
    for side in (reader, other(reader)):
        _apply_part(t, s, event_id, side)
        if _stopped(s):
            return None
    return Handover.EVENT_OVER


def _stopped(s: PolisState) -> bool:
    """After an effect: the game is over, or a player must answer. A call, so that it is read afresh
    where the type checker still holds ``s.outcome`` or ``s.event_pending`` narrowed from before
    the effect (and the compiled build would trust that narrowing)."""
    return s.outcome is not None or s.event_pending is not None


def _apply_part(t: Tables, s: PolisState, event_id: str, side: int) -> None:
    card = t.event_index[event_id]
    EFFECTS[card.effect](t, s, card, side)


def resume(t: Tables, s: PolisState, side: int) -> Handover | None:
    """``side`` has made his choices: the other player's part if ``side`` read the card, then the
    start player begins the turns (R-ROUND-8, R-ROUND-9)."""
    s.event_pending = None
    if s.outcome is not None:
        return None
    if side == s.flag(READER):
        assert s.event is not None
        _apply_part(t, s, s.event, other(side))
        if _stopped(s):
            return None
    return Handover.EVENT_OVER


def ask(t: Tables, s: PolisState, kind: str, side: int, *data: int | str) -> None:
    """Put a question to ``side``; a question with at most one answer is answered at once (R-EVENT-9)."""
    s.event_pending = (kind, side, *data)
    _settle(t, s)


def _settle(t: Tables, s: PolisState) -> None:
    while s.event_pending is not None and s.outcome is None:
        side = int(s.event_pending[1])
        options = legal(t, s, side)
        if len(options) > 1:
            return
        if not options:
            s.event_pending = None
            return
        CHOICES[s.event_pending[0]][1](t, s, side, options[0])


# ----- event choices (effects that ask a player) ------------------------------------------------
def actor(s: PolisState) -> int:
    assert s.event_pending is not None
    return int(s.event_pending[1])


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    assert s.event_pending is not None
    return CHOICES[s.event_pending[0]][0](t, s, side)


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if action in legal(t, s, side):
        return None
    return broken("R-EVENT-1", N_("answer the event first: {names}"),
                  names=', '.join(str(a) for a in legal(t, s, side)))


def apply(t: Tables, s: PolisState, side: int, action: Action) -> Handover | None:
    # The pending choice is read into a local: narrowing ``s.event_pending`` itself would keep it
    # "not None" in the type checker's eyes across the calls below, which may clear it.
    pending = s.event_pending
    assert pending is not None
    CHOICES[pending[0]][1](t, s, side, action)
    _settle(t, s)
    if s.event_pending is None:
        return resume(t, s, side)
    return None


def on_turn_end(t: Tables, s: PolisState, side: int) -> None:
    """Effects checked at the end of every turn (e.g. Hermocopidae [2012], R-EVENT-7)."""
    hook = s.flag(HOOK)
    if hook:
        TURN_END_HOOKS[hook - 1](t, s, side)


# ----- helpers ----------------------------------------------------------------------------------
def card_of(t: Tables, s: PolisState) -> Event:
    assert s.event is not None
    return t.event_index[s.event]


def p_int(card: Event, key: str) -> int:
    """A number the card gives its effect: the loader checked that it is there (``EFFECT_PARAMS``)."""
    value = card.params[key]
    assert isinstance(value, int), f"{card.id}: param {key} must be a number"
    return value


def p_str(card: Event, key: str) -> str:
    value = card.params[key]
    assert isinstance(value, str), f"{card.id}: param {key} must be a name"
    return value


def p_list(card: Event, key: str) -> list[str]:
    value = card.params[key]
    assert isinstance(value, list), f"{card.id}: param {key} must be a list of names"
    return value


def concerns(card: Event, side: int, key: str = "side") -> bool:
    """Blue text concerns only Athens, red only Sparta (R-EVENT-2); no side named: both."""
    named = card.params.get(key)
    if named is None:
        return True
    return SIDES[side] in (named if isinstance(named, list) else [named])


def place_unit(t: Tables, s: PolisState, side: int, region: int) -> bool:
    """One hoplite or galley from the supply, never above the stacking limit (R-EVENT-5)."""
    if units(s, region, side) >= stack_limit(t, s) or s.supply_cubes[side] < 1:
        return False
    s.supply_cubes[side] -= 1
    pieces.add_unit(s, region, side)
    return True


def capital_first(t: Tables, s: PolisState, side: int) -> list[int]:
    return sorted(owned_poleis(t, s, side), key=lambda p: p != t.capital[side])


# ----- effects that act at once -----------------------------------------------------------------
@effect("none")
def _no_event(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """A card with no effect."""


@effect("grant")
def _grant(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """Gains and losses named per side, in the order of the params (R-EVENT-2, R-EVENT-5, R-EVENT-6)."""
    for key, value in card.params.items():
        who, _, what = key.partition("_")
        if who != SIDES[side]:
            continue
        if what == "prestige":
            assert isinstance(value, int)
            if value >= 0:
                pieces.gain_prestige(t, s, side, value)
            elif not pieces.lose_prestige(s, side, -value, "event_prestige"):
                return
        elif what in GOOD_INDEX:
            assert isinstance(value, int) and value >= 0
            pieces.gain_good(t, s, side, GOOD_INDEX[what], value)
        elif what == "units":
            for name in p_list(card, key):
                place_unit(t, s, side, t.region_index[name])
        elif what == "lose_units":
            for name in p_list(card, key):
                region = t.region_index[name]
                if units(s, region, side):
                    pieces.remove_unit(t, s, region, side, to_supply=True)
        elif what == "lose_pop":
            for name in p_list(card, key):
                polis = t.polis_index[name]
                # a capital keeps its last cube; any other polis rebels with it (R-MAP-20)
                if s.owner[polis] == side and (s.pop[polis] > 1 or polis != t.capital[side]):
                    pieces.remove_population(t, s, polis)
        else:
            raise AssertionError(f"{card.id}: unknown grant {key}")


@effect("close_market")
def _close_market(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """No trade with the market this round (R-EVENT-3, R-EVENT-4)."""
    s.set_flag(f"market_closed:{p_str(card, 'market')}", 1)


@effect("start_player")
def _start_player(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """The named side starts the round, whatever the prestige (replaces R-ROUND-9 this round)."""
    s.set_flag("start_player", SIDES.index(p_str(card, "side")))


@effect("battle_size")
def _battle_size(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """Battles this round break out with fewer units than R-BATTLE-1 requires."""
    s.set_flag("battle_size", p_int(card, "size"))


@effect("tribute_cap")
def _tribute_cap(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """At most ``hoplites`` hoplites count for tribute in the territory this round."""
    s.set_flag(f"tribute_cap:{p_str(card, 'territory')}", p_int(card, "hoplites"))


@effect("carthage")
def _carthage(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """The stronger army in the territory loses up to ``losses`` hoplites (tie: both); with no
    hoplite there, no tribute there this round. Strength is judged once, on the board as the card
    is revealed, so it is all done in the reader's part."""
    if side != s.flag(READER):
        return
    name = p_str(card, "territory")
    region = t.region_index[name]
    strength = (units(s, region, 0), units(s, region, 1))
    if max(strength) == 0:
        s.set_flag(f"no_tribute:{name}", 1)
        return
    for who in (side, other(side)):
        if strength[who] == max(strength):
            for _ in range(min(p_int(card, "losses"), strength[who])):
                pieces.remove_unit(t, s, region, who, to_supply=True)


@effect("long_walls")
def _long_walls(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """The side's hoplites in the territory shelter in the polis as population, never above its
    maximum population (R-EVENT-5); the others stay where they are."""
    polis = t.polis_index[p_str(card, "polis")]
    if not concerns(card, side) or s.owner[polis] != side:
        return
    region = t.region_index[p_str(card, "territory")]
    moving = min(units(s, region, side), t.polis_max[polis] - s.pop[polis])
    for _ in range(max(0, moving)):
        pieces.remove_unit(t, s, region, side, to_supply=False)
        s.pop[polis] += 1


# ----- effects checked at every turn's end ------------------------------------------------------
@effect("free_trade")
def _free_trade(t: Tables, s: PolisState, card: Event, side: int) -> None:
    use_hook(s, _free_trade_check)


@turn_end_hook
def _free_trade_check(t: Tables, s: PolisState, side: int) -> None:
    """A player who ends his turn with the opponent cut off from one of the markets loses prestige."""
    card = card_of(t, s)
    opp = other(side)
    for name in p_list(card, "markets"):
        market = t.market_index[name]
        if not (sea_route_free(t, s, opp, market) or land_route(t, s, opp, market)):
            pieces.lose_prestige(s, side, p_int(card, "prestige"), "event_prestige")  # R-EVENT-6
            return


@effect("hermocopidae")
def _hermocopidae(t: Tables, s: PolisState, card: Event, side: int) -> None:
    use_hook(s, _hermocopidae_check)


@turn_end_hook
def _hermocopidae_check(t: Tables, s: PolisState, side: int) -> None:
    """At the end of every turn, not only at the round's end (R-EVENT-7): the named side loses
    prestige while it has hoplites in the territory."""
    card = card_of(t, s)
    who = SIDES.index(p_str(card, "side"))
    if units(s, t.region_index[p_str(card, "territory")], who):
        pieces.lose_prestige(s, who, p_int(card, "prestige"), "event_prestige")  # R-EVENT-6


# ----- effects that ask the players -------------------------------------------------------------
# remove_unit: each player removes one unit of his choice and gains prestige
def _remove_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    return [Action("remove", (t.region_ids[r],)) for r in range(t.n_regions) if units(s, r, side)]


@effect("remove_unit")
def _remove_unit(t: Tables, s: PolisState, card: Event, side: int) -> None:
    if concerns(card, side):
        ask(t, s, "remove", side)


@choice("remove", _remove_legal)
def _remove_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    pieces.remove_unit(t, s, t.region_index[str(action.args[0])], side, to_supply=True)
    pieces.gain_prestige(t, s, side, p_int(card_of(t, s), "prestige"))
    s.event_pending = None


# send_units: units leave the board for Egypt or Persia and come back at the round's end
def _is_sent(t: Tables, card: Event, region: int) -> bool:
    return t.is_sea(region) == (p_str(card, "unit") == "galley")


def _send_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    assert s.event_pending is not None
    card = card_of(t, s)
    sent = int(s.event_pending[2])
    out = [Action("send", (t.region_ids[r],)) for r in range(t.n_regions)
           if units(s, r, side) and _is_sent(t, card, r)]
    if sent >= p_int(card, "minimum") or not out:
        out.insert(0, Action("done"))
    return out


@effect("send_units")
def _send_units(t: Tables, s: PolisState, card: Event, side: int) -> None:
    if concerns(card, side, "sides"):
        ask(t, s, "send", side, 0)


@choice("send", _send_legal)
def _send_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.event_pending is not None
    card = card_of(t, s)
    sent = int(s.event_pending[2])
    if action.verb == "send":
        pieces.remove_unit(t, s, t.region_index[str(action.args[0])], side, to_supply=True)
        pieces.gain_prestige(t, s, side, p_int(card, "prestige"))
        s.event_pending = ("send", side, sent + 1)
        return
    s.event_pending = None
    if sent:
        s.set_flag(f"away:{SIDES[side]}", sent)
        use_hook(s, _return_units)
    short = max(0, p_int(card, "minimum") - sent)
    if short:
        pieces.lose_prestige(s, side, short * p_int(card, "penalty"), "event_prestige")  # R-EVENT-6


@turn_end_hook
def _return_units(t: Tables, s: PolisState, side: int) -> None:
    """When the last player passes, the units sent away come back (``half_up``: half, rounded in
    the player's favour, R-EVENT-8), one at a time to the first region near his poleis, capital
    first, that has room (R-EVENT-5); those that find no room stay in the supply."""
    if not all(s.passed):
        return
    card = card_of(t, s)
    galleys = p_str(card, "unit") == "galley"
    for who in (0, 1):
        away = s.flag(f"away:{SIDES[who]}")
        back = ceil_half(away) if p_str(card, "returns") == "half_up" else away
        s.set_flag(f"away:{SIDES[who]}", 0)
        regions: list[int] = []
        for polis in capital_first(t, s, who):
            near = t.polis_ports[polis] if galleys else (t.polis_territory[polis],)
            regions.extend(r for r in near if r != NO_ONE and r not in regions)
        for _ in range(back):
            if not any(place_unit(t, s, who, r) for r in regions):
                break


# betrayal: each player takes one polis with the given population from the other
def _betray_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    pop = p_int(card_of(t, s), "population")
    opp = other(side)
    if not pieces.discs_available(t, s, side) or s.supply_cubes[side] < pop:
        return []
    taken = s.flag("betrayed") - 1
    return [Action("take", (t.polis_ids[p],)) for p in owned_poleis(t, s, opp)
            if s.pop[p] == pop and p != t.capital[opp] and p != taken]


@effect("betrayal")
def _betrayal(t: Tables, s: PolisState, card: Event, side: int) -> None:
    ask(t, s, "betray", side)


@choice("betray", _betray_legal)
def _betray_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    """The polis changes sides with its projects; it cannot change back this card."""
    polis = t.polis_index[str(action.args[0])]
    pieces.take_polis(t, s, polis, side)
    pieces.return_siege_discs(s, polis, side)
    s.set_flag("betrayed", polis + 1)
    s.event_pending = None


# treasury: prestige for silver, at least the minimum (which may cost the game, R-EVENT-6)
def _treasury_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    low = p_int(card_of(t, s), "minimum")
    return [Action("give", (n,)) for n in range(low, s.prestige[side] + 1)]


@effect("treasury")
def _treasury(t: Tables, s: PolisState, card: Event, side: int) -> None:
    low = p_int(card, "minimum")
    if s.prestige[side] < low:
        pieces.lose_prestige(s, side, low, "event_prestige")  # R-EVENT-6: the game is lost
        return
    ask(t, s, "treasury", side)


@choice("treasury", _treasury_legal)
def _treasury_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    n = int(action.args[0])
    pieces.lose_prestige(s, side, n, "event_prestige")
    pieces.gain_good(t, s, side, SILVER, n * p_int(card_of(t, s), "silver_per_prestige"))
    s.event_pending = None


# mercenaries: units for silver, without population, near one's own poleis
def _hire_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    out = [Action("done")]
    if pieces.good(s, side, SILVER) < p_int(card_of(t, s), "silver") or s.supply_cubes[side] < 1:
        return out
    regions: set[int] = set()
    for polis in owned_poleis(t, s, side):
        regions.update(t.polis_ports[polis])
        if t.polis_territory[polis] != NO_ONE:
            regions.add(t.polis_territory[polis])
    limit = stack_limit(t, s)
    out.extend(Action("hire", (t.region_ids[r],)) for r in sorted(regions) if units(s, r, side) < limit)
    return out


@effect("mercenaries")
def _mercenaries(t: Tables, s: PolisState, card: Event, side: int) -> None:
    ask(t, s, "hire", side)


@choice("hire", _hire_legal)
def _hire_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    if action.verb == "done":
        s.event_pending = None
        return
    pieces.pay_good(s, side, SILVER, p_int(card_of(t, s), "silver"))
    place_unit(t, s, side, t.region_index[str(action.args[0])])


# pacifism: hoplites at home suppress the pacifists, for prestige instead of tribute there
def _suppress_max(t: Tables, s: PolisState, side: int) -> int:
    """Hoplites at home, at most the capital's population, if a disc can mark the space; the
    capital's territory has no tribute disc yet: every disc came back before the round (R-PREP-3,
    R-PREP-11)."""
    if not pieces.discs_available(t, s, side):
        return 0
    capital = t.capital[side]
    return min(units(s, t.polis_territory[capital], side), s.pop[capital])


def _suppress_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    top = _suppress_max(t, s, side)
    return [Action("decline")] + [Action("suppress", (n,)) for n in range(1, top + 1)]


@effect("pacifism")
def _pacifism(t: Tables, s: PolisState, card: Event, side: int) -> None:
    ask(t, s, "suppress", side)


@choice("suppress", _suppress_legal)
def _suppress_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    """Like collecting tribute at home (the disc marks the space used), but for prestige."""
    s.event_pending = None
    if action.verb == "decline":
        return
    n = int(action.args[0])
    pieces.gain_prestige(t, s, side, n * p_int(card_of(t, s), "prestige"))
    territory = t.polis_territory[t.capital[side]]
    s.tribute_disc[territory] = side
    s.supply_discs[side] -= 1
