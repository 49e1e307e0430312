"""Plain-text rendering of a Polis position and of single actions, for terminals and logs.

:func:`describe` draws everything one seat may know (it only ever reads that seat's view, so the
opponent's battle hand can never be shown); :func:`describe_action` says in plain words what a
legal action will cost and do. Names are the notation's names, so what a player reads is what he
can type.
"""

from __future__ import annotations

import re

from kleos.core.action import Action
from kleos.core.protocol import CHANCE, Outcome
from kleos.games.polis.board import controller, owned_poleis, polis_population, stack_limit, units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import actions as turn_actions
from kleos.games.polis.rules import end_of_round, scoring, siege, stasis, trade
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.rules.project import payment
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, OVER, TURN, PolisState
from kleos.games.polis.tables import GOOD_INDEX, GOODS, NO_ONE, SILVER, WHEAT, CardInfo, Tables, other
from kleos.games.polis.view import PolisView

SIDE = ("Athens", "Sparta")
REASONS = {
    "score": "final scoring",
    "goods_tiebreak": "final scoring, tie broken by goods",
    "shared": "final scoring: a shared victory",
    "ostracism": "ostracism (0 prestige)",
    "starvation": "starvation (a capital that cannot be fed)",
    "prestige_debt": "a prestige loss that could not be paid",
    "salpinx": "a Salpinx that could not be paid",
    "event_prestige": "an event's prestige loss that could not be paid",
}
EOR_STEPS = {0: "starting", 2: "feeding", 3: "growth", 4: "Megalopolis", 6: "Phoros", 7: "project removal",
             8: "preparation of the next round"}


def _state(x: PolisState | PolisView) -> PolisState:
    return x.state if isinstance(x, PolisView) else x


def side_name(side: int) -> str:
    return SIDE[side] if side in (0, 1) else "nobody"


def _goods_text(items: dict[int, int] | list[tuple[int, int]]) -> str:
    pairs = list(items.items()) if isinstance(items, dict) else items
    return ", ".join(f"{n} {GOODS[g]}" for g, n in pairs if n) or "nothing"


def readable(name: str) -> str:
    """A notation name in words: ``TheatreWithEpiskenion`` -> ``Theatre with Episkenion``."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).split(" ")
    return " ".join(w.lower() if n and w in _SMALL_WORDS else w for n, w in enumerate(words))


_SMALL_WORDS = frozenset({"Of", "With", "The", "And", "At", "In"})


def count(n: int, word: str) -> str:
    """``1 cube``, ``2 cubes``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _good(s: PolisState, side: int, g: int) -> int:
    return s.goods[side * len(GOODS) + g]


def round_label(t: Tables, s: PolisState) -> str:
    name = t.round_names[min(s.round, t.last_round)]
    return f"round {name} ({s.round + 1} of {len(t.round_names)}, N = {t.round_values[min(s.round, t.last_round)]})"


SCORED = frozenset({"score", "goods_tiebreak", "shared"})
"""The ends that come from the final scoring; every other end stops the game at once, unscored (R-END-4)."""


def outcome_text(s: PolisState) -> str:
    return "the game is not over" if s.outcome is None else outcome_words(s.outcome)


def outcome_words(o: Outcome) -> str:
    """The end in words: the winner, why, and the scores, or that there was no final scoring."""
    why = REASONS.get(o.reason, o.reason)
    scores = f" (scores: Athens {o.scores[0]}, Sparta {o.scores[1]})" if any(o.scores) else ""
    if o.reason not in SCORED:
        scores = "; no final scoring (R-END-4)"
    if o.winner is None:
        return f"Draw by {why}{scores}"
    return f"{side_name(o.winner)} wins by {why}{scores}"


def card_label(card: CardInfo) -> str:
    return f"{card.code} ({card.value:+d})" if card.value else f"{card.code} (0)"


# ----- the position ---------------------------------------------------------------------------
def describe(game: PolisGame, state_or_view: PolisState | PolisView, seat: int | None) -> str:
    """Everything ``seat`` may know, as text (``None``: a spectator). A full state is first turned
    into that seat's view, so hidden cards never reach the text."""
    if isinstance(state_or_view, PolisView):
        view = state_or_view
        if view.seat != seat:
            raise ValueError(f"a view for seat {view.seat} cannot be described for seat {seat}")
    else:
        view = game.view(state_or_view, seat)
    t, s = game.tables, view.state
    out: list[str] = []
    title = t.rules.title
    out.append(f"== {title}: {round_label(t, s)} ==")
    out.extend(_status_lines(game, view))
    out.append("")
    out.extend(_players_lines(t, s))
    out.append("")
    out.extend(_map_lines(t, s))
    out.append("")
    out.extend(_poleis_lines(t, s))
    out.append("")
    out.extend(_market_lines(t, s))
    out.append("")
    out.extend(_project_lines(t, s))
    if s.battle is not None or s.battle_queue:
        out.append("")
        out.extend(_battle_lines(t, view))
    return "\n".join(out)


def _status_lines(game: PolisGame, view: PolisView) -> list[str]:
    t, s = game.tables, view.state
    out: list[str] = []
    if s.event is not None:
        ev = t.event_index.get(s.event)
        out.append(f"Event of the round: {ev.title}: {ev.text}" if ev else f"Event of the round: {s.event}")
    else:
        out.append("Event of the round: none")
    if s.phase == OVER:
        out.append(f"Game over: {outcome_text(s)}.")
        return out
    actors = game.actors(s)
    to_act = "chance (a draw or a die roll)" if actors == (CHANCE,) else " and ".join(side_name(a) for a in actors)
    you = f" You are {side_name(view.seat)}." if view.seat in (0, 1) else ""
    phase = {TURN: "turns", BATTLES: "battles", END_OF_ROUND: "end of round", EVENT: "event"}.get(s.phase, s.phase)
    out.append(f"Phase: {phase}. To act: {to_act}.{you}")
    if s.phase == TURN:
        taken = ", ".join(s.turn_actions) or "none"
        out.append(f"{side_name(s.active)}'s turn; actions taken this turn: {taken}.")
    passed = [side_name(i) for i in (0, 1) if s.passed[i]]
    if s.phase in (TURN, BATTLES):
        out.append(f"Passed: {', '.join(passed) if passed else 'nobody'}"
                   + (f" (first passer: {side_name(s.first_passer)})" if s.first_passer != NO_ONE else "") + ".")
        if any(s.passed) and not all(s.passed):
            rest = side_name(other(s.first_passer))
            out.append(f"{rest} acts alone; each further action costs 1 extra good (no battle checks until the end).")
    if s.phase == END_OF_ROUND:
        step = EOR_STEPS.get(s.eor_step, str(s.eor_step))
        out.append(f"End of round, step: {step}.")
    if s.pending is not None and s.phase == TURN:
        out.append(f"In progress: {_pending_text(t, s)}.")
    return out


def _pending_text(t: Tables, s: PolisState) -> str:
    assert s.pending is not None
    kind = s.pending[0]
    if kind in ("hoplites", "galleys", "merchants"):
        _, polis, made = s.pending
        return f"create {kind} in {t.polis_ids[polis]} ({made} created so far)"
    if kind in ("march", "sail"):
        _, dest, moved = s.pending
        unit = "hoplites" if kind == "march" else "galleys"
        return f"move {unit} to {t.region_ids[dest]} ({moved} moved so far)"
    if kind == "tribute":
        _, territory, assigned = s.pending
        cols = ", ".join(f"{GOODS[g]} {n}" for (g, _), n in zip(t.tribute[territory], assigned, strict=True))
        return f"tribute in {t.region_ids[territory]} (hoplites assigned: {cols})"
    if kind == "proxenos":
        path = s.pending[1]
        route = " -> ".join(t.region_ids[r] for r in path) or "(no region yet)"
        spent = sum(units(s, r, other(s.active)) for r in path)
        return f"proxenos path {route}; bribes so far: {spent} silver"
    if kind == "toll":
        return f"'{s.pending[1]}' after paying 1 good for the opponent's pass"
    if kind == "siege":
        return f"siege of {t.polis_ids[s.pending[1]]} (die to roll)"
    if kind == "trade":
        return "trade (market dice to roll)"
    return str(s.pending)


def _players_lines(t: Tables, s: PolisState) -> list[str]:
    goods = [GOODS[g] for g in t.goods]
    width = max(len(g) for g in goods) + 1
    head = "             prestige " + "".join(f"{g:>{width}}" for g in goods) + "   food need"
    out = [head]
    for side in (0, 1):
        need = end_of_round.requirement(s, side)
        row = f"  {side_name(side):<10} {s.prestige[side]:>8} " + "".join(
            f"{_good(s, side, g):>{width}}" for g in t.goods) + f"   {need:>9}"
        out.append(row)
    for side in (0, 1):
        prox = s.proxenos[side]
        where = t.polis_ids[prox] if prox != NO_ONE else f"captive (held by {side_name(other(side))})"
        discs = "unlimited" if t.bundle.setup.limits.discs is None else str(s.supply_discs[side])
        out.append(f"  {side_name(side)}: supply {count(s.supply_cubes[side], 'cube')}, {discs} discs; merchants: "
                   f"{s.merchants_port[side]} in port, {s.merchants_supply[side]} in supply; proxenos: {where}")
    return out


def _map_lines(t: Tables, s: PolisState) -> list[str]:
    n = stack_limit(t, s)
    out = [f"Map (stacking limit {n}):", "  Region              Athens Sparta  Control   Notes"]
    for r in range(t.n_regions):
        if r == t.n_territories:
            out.append("  -- seas --")
        a, b = units(s, r, 0), units(s, r, 1)
        ctrl = side_name(controller(s, r)) if controller(s, r) != NO_ONE else "-"
        notes: list[str] = []
        if not t.is_sea(r):
            poleis = [t.polis_ids[p] for p in t.territory_poleis[r]]
            if poleis:
                notes.append("poleis " + ", ".join(poleis))
            if r < len(s.tribute_disc) and s.tribute_disc[r] != NO_ONE:
                notes.append(f"tribute taken by {side_name(s.tribute_disc[r])}")
        if a + b >= 8 and a and b:
            notes.append("BATTLE size")
        out.append(f"  {t.region_ids[r]:<19} {a:>6} {b:>6}  {ctrl:<8}  {'; '.join(notes)}".rstrip())
    return out


def _poleis_lines(t: Tables, s: PolisState) -> list[str]:
    out = ["Poleis:", "  Polis        Territory    Owner    Pop/max (base, growth)  Notes"]
    for p, name in enumerate(t.polis_ids):
        owner = side_name(s.owner[p]) if s.owner[p] != NO_ONE else "neutral"
        pop = f"{s.pop[p]}/{t.polis_max[p]}" if s.owner[p] != NO_ONE else f"({t.polis_base[p]})/{t.polis_max[p]}"
        terr = t.region_ids[t.polis_territory[p]] if t.polis_territory[p] != NO_ONE else "(neutral)"
        notes: list[str] = []
        if p in t.capital:
            notes.append("capital")
        if t.polis_commercial[p] != NO_ONE:
            notes.append("commercial")
        if s.project_started[p] != -1:
            notes.append(f"started {t.projects[s.project_started[p]].id}")
        if s.projects_done[p]:
            notes.append("completed " + ", ".join(t.projects[x].id for x in s.projects_done[p]))
        for side in (0, 1):
            if s.proxenos[side] == p:
                notes.append(f"{side_name(side)}'s proxenos")
            discs = s.siege_discs[p * 2 + side]
            if discs:
                notes.append(f"{side_name(side)} siege discs {discs}")
        base = f"{pop} ({t.polis_base[p]}, +{t.polis_growth[p]})"
        out.append(f"  {name:<12} {terr:<12} {owner:<8} {base:<23} {'; '.join(notes)}".rstrip())
    return out


def _market_lines(t: Tables, s: PolisState) -> list[str]:
    n = t.round_values[min(s.round, t.last_round)]
    sizes = sorted(t.value_table)
    out = ["Market value tracks (space; goods due for a cargo of " + "/".join(str(v) for v in sizes) + "):"]
    for g in t.tradable:
        pos = s.market_pos[g]
        prices = "/".join(str(t.value_table[v][pos]) for v in sizes)
        out.append(f"  {GOODS[g]:<6} space {pos + 1:>2} of {t.track_len}: {prices}")
    out.append("Market slots (number: cargo, reward, accepted goods with price now):")
    for m, slots in enumerate(t.market_slots):
        parts: list[str] = []
        closed = s.flag(f"market_closed:{t.market_ids[m]}")
        for number, slot in enumerate(slots, start=1):
            info = t.slots[slot]
            accepts = ", ".join(f"{GOODS[g]} {trade.price(t, s, slot, g)}" for g in info.accepts)
            if info.reward == WHEAT:
                accepts += f", or buy for {info.value} silver"
            if s.slot_merchant[slot] != NO_ONE:
                state = f"taken by {side_name(s.slot_merchant[slot])}"
            elif info.value > n:
                state = "not yet available"
            elif closed:
                state = "closed by the event"
            else:
                state = "available"
            parts.append(f"{number}: {info.value} {GOODS[info.reward]} for {accepts} [{state}]")
        out.append(f"  {t.market_ids[m]}:")
        out.extend(f"    {p}" for p in parts)
    return out


def project_text(t: Tables, tile: int) -> str:
    info = t.projects[tile]
    prestige = "half the capital's population" if info.prestige < 0 else str(info.prestige)
    cost = _goods_text(list(info.cost))
    where = ", ".join(t.polis_ids[p] for p in sorted(info.poleis))
    return (f"{readable(info.id)} ({info.type}): cost {cost}; prestige {prestige} at round end, "
            f"posterity {info.posterity}; in {where}")


def _project_lines(t: Tables, s: PolisState) -> list[str]:
    out = ["Face-up projects:"]
    if not s.projects_face_up:
        out.append("  none")
    out.extend(f"  {project_text(t, tile)}" for tile in s.projects_face_up)
    out.append(f"  ({len(s.project_pile)} tiles face down)")
    return out


def _battle_lines(t: Tables, view: PolisView) -> list[str]:
    s = view.state
    b = s.battle
    if b is None:
        names = ", ".join(t.region_ids[r] for r in s.battle_queue)
        return [f"Battles to fight: {names}; {side_name(s.battle_chooser)} chooses the order."]
    kind = "sea" if b.sea else "land"
    cards = t.cards(b.sea)
    unit = "galleys" if b.sea else "hoplites"
    out = [f"Battle in {t.region_ids[b.region]} ({kind}), combat round {b.rounds + 1}: "
           f"{side_name(b.attacker)} attacks. {unit.capitalize()}: Athens {units(s, b.region, 0)}, "
           f"Sparta {units(s, b.region, 1)}. Step: {b.phase}."]
    if b.played:
        out.append("  Attacker's cards on the table: " + ", ".join(card_label(cards[i]) for i in b.played))
    for side in (0, 1):
        if side == view.seat:
            hand = [card_label(c) for c, n in zip(cards, b.hands[side], strict=True) for _ in range(n)]
            out.append(f"  Your hand ({len(hand)}): {', '.join(hand) if hand else 'empty'}")
        else:
            out.append(f"  {side_name(side)} holds {view.hidden_hand_sizes[side]} cards (hidden).")
    out.append(f"  Cards not yet seen by you: {sum(b.deck)}")
    return out


# ----- actions --------------------------------------------------------------------------------
def describe_action(game: PolisGame, state: PolisState | PolisView, action: Action) -> str:
    """A short plain-English account of what ``action`` costs and does in this position."""
    t, s = game.tables, _state(state)
    try:
        if game.is_chance(s):
            return _chance_text(t, s, action)
        actors = game.actors(s)
        side = actors[0] if actors else s.active
        if s.phase == TURN:
            if s.pending is None:
                return _choice_text(t, s, side, action)
            return _step_text(t, s, side, action)
        if s.phase == BATTLES:
            return _battle_text(t, s, side, action)
        if s.phase == END_OF_ROUND:
            return _eor_text(t, s, side, action)
        if s.phase == EVENT:
            return _event_text(t, s, action)
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)


def _chance_text(t: Tables, s: PolisState, action: Action) -> str:
    if action.verb == "roll" and s.pending is not None and s.pending[0] == siege.VERB:
        return f"Die: {action.args[0]}: {siege_result(t, s, s.active, s.pending[1], int(action.args[0]))}"
    if action.verb == "roll":
        return f"Die: {action.args[0]}"
    if action.verb == "event":
        ev = t.event_index.get(str(action.args[0]))
        return f"Event: {ev.title}: {ev.text}" if ev else f"Event: {action.args[0]}"
    if action.verb == "project":
        return f"Project revealed: {project_text(t, t.project_index[str(action.args[0])])}"
    if action.verb == "card":
        return f"Battle card drawn: {action.args[0]}"
    return str(action)


def siege_result(t: Tables, s: PolisState, side: int, polis: int, roll: int | None) -> str:
    """What a siege of ``polis`` by ``side`` brings with this die ``roll`` (``None``: no roll, a
    fortification of 1), told before it is carried out (R-ACT-SIEGE-9 … R-ACT-SIEGE-19)."""
    name, base = t.polis_ids[polis], t.polis_base[polis]
    bonus = siege.siege_bonus(t, s, side, polis)
    sums = "no roll needed" if roll is None else f"{roll}{f' + {bonus}' if bonus else ''} against {base}"
    if roll is None or roll + bonus >= base:
        return f"{name} falls to {side_name(side)} ({sums}; +{base} prestige)"
    cube = f"; {name} loses a population cube" if s.owner[polis] != NO_ONE else ""
    return f"{name} holds ({sums}): {side_name(side)} loses a hoplite{cube}"


def _unit_word(verb: str) -> str:
    return {"hoplites": "hoplite", "galleys": "galley", "merchants": "merchant"}[verb]


def _choice_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    extra = ""
    if s.passed[other(side)] and v != "pass" and not turn_actions.is_free_ransom(t, v):
        extra = " (+1 good of your choice: the opponent has passed)"
    if v == "pass":
        if s.passed[other(side)]:
            return "Pass: end your actions; the round ends"
        return "Pass: end your turn and take no more actions this round"
    if v in ("hoplites", "galleys", "merchants"):
        polis = t.polis_index[str(action.args[0])]
        good = "iron" if v == "hoplites" else "wood"
        where = {
            "hoplites": f"in {t.region_ids[t.polis_territory[polis]]}",
            "galleys": "in a sea of its ports",
            "merchants": "in your commercial port",
        }[v]
        return (f"Create {v} from {t.polis_ids[polis]} ({count(s.pop[polis], 'cube')}), {where}: "
                f"1 {good} or 1 silver and 1 cube each{extra}")
    if v in ("march", "sail"):
        unit = "hoplites" if v == "march" else "galleys"
        return f"Move {unit} to {action.args[0]} (1 prestige){extra}"
    if v == "siege":
        polis = t.polis_index[str(action.args[0])]
        base = t.polis_base[polis]
        bonus = siege.siege_bonus(t, s, side, polis)
        if base == 1:
            odds = "succeeds without a roll"
        else:
            need = max(1, base - bonus)
            chance = max(0, min(4, 5 - need)) * 25
            odds = f"succeeds on a roll of {need}+ ({chance}%)" if need <= 4 else "cannot succeed"
        cubes = siege.cubes_needed(t, s, polis)
        return (f"Besiege {t.polis_ids[polis]} (1 prestige; {odds}; success: the polis with {count(cubes, 'cube')} "
                f"and +{base} prestige; failure: lose 1 hoplite){extra}")
    if v == "tribute":
        territory = t.region_index[str(action.args[0])]
        cost = "free in your capital's territory" if territory == t.polis_territory[t.capital[side]] else "1 prestige"
        cols = "; ".join(f"{GOODS[g]} {'/'.join(str(x) for x in amounts)}" for g, amounts in t.tribute[territory])
        return f"Collect tribute in {t.region_ids[territory]} ({cost}; tables: {cols}){extra}"
    if v == "trade":
        return _trade_text(t, s, action) + extra
    if v == "proxenos":
        here = t.polis_ids[s.proxenos[side]]
        return f"Move your proxenos from {here} (1 silver per opponent unit in each region crossed){extra}"
    if v == "ransom":
        free = "" if t.rules.ransom_is_action else " (not an action)"
        return (f"Ransom your proxenos: pay 2 silver to {side_name(other(side))}; it returns to "
                f"{t.polis_ids[t.capital[side]]}{free}{extra}")
    if v == "stasis":
        polis = s.proxenos[side]
        silver = stasis.silver_cost(t, s, polis)
        cubes = polis_population(t, s, polis)
        return (f"Civil war in {t.polis_ids[polis]}: pay {silver} silver, take it with {count(cubes, 'cube')}, "
                f"+{cubes} prestige{extra}")
    if v == "project":
        tile = t.project_index[str(action.args[0])]
        polis = t.polis_index[str(action.args[1])]
        subs = frozenset(GOOD_INDEX[str(g)] for g in action.args[2:])
        info = t.projects[tile]
        prestige = "half the capital's population" if info.prestige < 0 else f"+{info.prestige}"
        return (f"Start {readable(info.id)} in {t.polis_ids[polis]}: pay {_goods_text(payment(t, tile, subs))} "
                f"({prestige} prestige at round end, {info.posterity} posterity){extra}")
    return str(action)


def _trade_text(t: Tables, s: PolisState, action: Action) -> str:
    market = str(action.args[0])
    number = int(action.args[1])
    slot = t.market_slots[t.market_index[market]][number - 1]
    info = t.slots[slot]
    pay = GOOD_INDEX[str(action.args[2])]
    if pay == SILVER and info.reward == WHEAT:
        return (f"Trade at {market} slot {number}: buy {info.value} wheat for {info.value} silver "
                f"(then the market dice lower the prices)")
    due = trade.price(t, s, slot, pay)
    return (f"Trade at {market} slot {number}: pay {due} {GOODS[pay]} for {info.value} {GOODS[info.reward]} "
            f"(then the die raises the {GOODS[pay]} price)")


def _step_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    assert s.pending is not None
    kind = s.pending[0]
    v = action.verb
    if kind == "toll":
        return f"Pay 1 {action.args[0]} for the opponent's pass, then carry out '{s.pending[1]}'"
    if kind in ("hoplites", "galleys", "merchants"):
        _, polis, made = s.pending
        if v == "done":
            return f"Stop creating {kind} ({made} created)"
        where = {
            "hoplites": t.region_ids[t.polis_territory[polis]],
            "galleys": str(action.args[1]) if len(action.args) > 1 else "?",
            "merchants": "your commercial port",
        }[kind]
        return (f"Pay 1 {action.args[0]} for a {_unit_word(kind)} in {where} "
                f"({t.polis_ids[polis]} population {s.pop[polis]} -> {s.pop[polis] - 1})")
    if kind in ("march", "sail"):
        _, dest, moved = s.pending
        unit = "hoplite" if kind == "march" else "galley"
        if v == "done":
            return f"Stop moving ({moved} moved)"
        return f"Move one {unit} from {action.args[0]} to {t.region_ids[dest]}"
    if kind == "tribute":
        _, territory, assigned = s.pending
        if v == "done":
            return "Collect the tribute now: " + _tribute_yield(t, territory, assigned)
        g = GOOD_INDEX[str(action.args[0])]
        columns = [col for col, _ in t.tribute[territory]]
        i = columns.index(g)
        amounts = t.tribute[territory][i][1]
        k = assigned[i] + 1
        return f"Assign a hoplite to {GOODS[g]} ({k} there would yield {amounts[k - 1]} {GOODS[g]})"
    if kind == "proxenos":
        path = s.pending[1]
        spent = sum(units(s, r, other(side)) for r in path)
        if v == "via":
            region = t.region_index[str(action.args[0])]
            bribe = units(s, region, other(side))
            return (f"Proxenos path via {t.region_ids[region]} (bribe {bribe} silver; "
                    f"bribes so far: {spent + bribe} silver)")
        if v == "enter":
            return f"Proxenos enters {action.args[0]} (pays the bribes: {spent} silver)"
    return str(action)


def _tribute_yield(t: Tables, territory: int, assigned: tuple[int, ...]) -> str:
    got = [(g, amounts[k - 1]) for k, (g, amounts) in zip(assigned, t.tribute[territory], strict=True) if k]
    return _goods_text(got)


def _battle_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    if v == "battle":
        return f"Fight the battle in {action.args[0]} next"
    if v == "retreat":
        return f"Retreat: lose 1 prestige, {side_name(other(side))} gains 1; the battle ends, units stay"
    if v == "fight":
        return "Fight on (no retreat)"
    b = s.battle
    assert b is not None
    cards = t.cards(b.sea)
    index = {c.code: c for c in cards}
    mine = [index[str(a)] for a in action.args]
    if v == "attack":
        return "Attack with " + " and ".join(card_label(c) for c in mine)
    if v == "defend" and len(b.played) == 2:
        losses, gain = 0, 0
        parts = []
        for att_i, d in zip(b.played, mine, strict=True):
            att = cards[att_i]
            lost, g = pair_result(att, d)
            losses += lost
            gain += g
            parts.append(f"{card_label(d)} against {att.code}")
        return (f"Defend: {'; '.join(parts)} (you lose {losses} unit{'s' if losses != 1 else ''}, "
                f"{side_name(b.attacker)} {'gains' if gain >= 0 else 'loses'} {abs(gain)} prestige)")
    return str(action)


def _event_text(t: Tables, s: PolisState, action: Action) -> str:
    ev = t.event_index.get(s.event) if s.event is not None else None
    title = ev.title if ev is not None else "Event"
    v, args = action.verb, action.args
    first = args[0] if args else ""
    words = {
        "remove": f"remove one of your units from {first}",
        "send": f"send one unit away from {first}",
        "done": "done",
        "take": f"take {first} from the opponent",
        "give": f"give up {first} prestige for silver",
        "hire": f"hire a unit in {first} for silver",
        "suppress": f"use {first} hoplites at home for prestige",
        "decline": "decline",
    }
    return f"{title}: {words.get(v, str(action))}"


def _eor_text(t: Tables, s: PolisState, side: int, action: Action) -> str:
    v = action.verb
    if v == "feed":
        need, wheat = end_of_round.requirement(s, side), _good(s, side, WHEAT)
        short = max(0, need - wheat)
        return f"Feed {need} population: pay {min(need, wheat)} wheat and {short} prestige for the shortfall"
    if v == "release":
        polis = t.polis_index[str(action.args[0])]
        need = end_of_round.requirement(s, side)
        return (f"Release {t.polis_ids[polis]} to neutrality (food requirement {need} -> {need - s.pop[polis]}; "
                f"its projects stay with it)")
    if v == "grow":
        polis = t.polis_index[str(action.args[0])]
        return f"Grow {t.polis_ids[polis]}: 1 wheat, population {s.pop[polis]} -> {s.pop[polis] + 1}"
    if v == "done":
        return "Stop growing"
    if v == "phoros":
        n = int(action.args[0])
        if n == 0:
            return "No Phoros"
        silver = n if t.rules.phoros == "any" else (1 if n == 1 else 3)
        return f"Phoros: give up {n} prestige for {silver} silver"
    if v == "discard":
        return f"Remove {readable(str(action.args[0]))} from the game (it will not be available)"
    return str(action)


def score_line(game: PolisGame, s: PolisState) -> str:
    t = game.tables
    return "Score now (population + prestige + posterity): " + ", ".join(
        f"{side_name(side)} {scoring.score(t, s, side)}" for side in (0, 1))


# ----- choices that lose the game -----------------------------------------------------------
def losing_warning(game: PolisGame, state: PolisState | PolisView, side: int, action: Action) -> str:
    """Why ``action`` makes ``side`` lose the game ("" when it does not): feeding a shortfall or a
    Phoros that leaves 0 prestige after the end-of-round steps loses by ostracism (R-EOR-13, R-EOR-27,
    R-END-3); Megalopolis, which comes between feeding and the check, is counted (R-EOR-19)."""
    t, s = game.tables, _state(state)
    if s.phase != END_OF_ROUND or s.outcome is not None or side not in (0, 1):
        return ""
    if action.verb == "feed" and not action.args and s.eor_step == end_of_round.FEED:
        need, wheat = end_of_round.requirement(s, side), _good(s, side, WHEAT)
        short = max(0, need - wheat)
        bonus = sum(1 for p in owned_poleis(t, s, side) if s.pop[p] > t.polis_base[p])  # no wheat left to grow
        if short and s.prestige[side] - short + bonus <= 0:
            return (f"paying {short} prestige for the missing wheat leaves you 0 prestige: you lose by "
                    f"ostracism at the end of the round (R-END-3){_draw_note(s, side)}; releasing a polis "
                    f"lowers the need")
    if action.verb == "phoros" and action.args and s.eor_step == end_of_round.PHOROS:
        n = int(action.args[0])
        if n and s.prestige[side] - n <= 0:
            return (f"giving up {n} prestige leaves you 0 prestige: you lose by ostracism (R-EOR-27, R-END-3)"
                    f"{_draw_note(s, side)}")
    return ""


def _draw_note(s: PolisState, side: int) -> str:
    """Both sides at 0 prestige at the check is a draw (R-END-5): said when the opponent has 0 now."""
    rival = other(side)
    return f", or draw if {side_name(rival)} ends it with 0 too (R-END-5)" if s.prestige[rival] == 0 else ""


# ----- typed names --------------------------------------------------------------------------
_ARG_KINDS = {
    "march": "territory", "sail": "sea", "tribute": "territory", "siege": "polis", "hoplites": "polis",
    "galleys": "polis", "merchants": "polis", "release": "polis", "grow": "polis", "trade": "market",
    "project": "project", "pay": "good", "from": "region", "via": "region", "enter": "polis",
}


def unknown_name(game: PolisGame, action: Action) -> str:
    """For a typed action naming something that does not exist ("march Atlantis"): "no territory
    named Atlantis" (with the name meant when only its case differs); "" when every name exists."""
    t = game.tables
    known = {*t.region_ids, *t.polis_ids, *t.market_ids, *t.project_index, *GOODS,
             *(c.code for c in (*t.land_cards, *t.sea_cards))}
    for arg in action.args:
        word = str(arg)
        if isinstance(arg, int) or word in known:
            continue
        kind = _ARG_KINDS.get(action.verb, "name")
        if kind == "project" and word != str(action.args[0]):
            kind = "polis"
        close = next((k for k in sorted(known) if k.lower() == word.lower()), None)
        hint = f" (did you mean {close}?)" if close else ""
        return f"no {kind} named {word}{hint}"
    return ""
