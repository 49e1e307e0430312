"""Phase 4, offerings (C-OFFER-1..16) with the 2-player double offering (C-TWO-2..7).

Each marker makes one placement in turn-order track order; a marker that is outbid must be placed
again at once on another god (Apollo is always possible), and the whole chain of outbids is resolved
before the next marker's placement. Actions: ``offer <god> <amount>`` and ``apollo``. Payment
happens when every marker is on a god (C-OFFER-13).

Ruling of this engine (2 players): a player may not put both markers on Apollo (C-TWO-4, C-AMB-25)
unless an outbid marker has no other legal placement; then C-OFFER-5's "Apollo is always a legal
choice" wins, so the auction can always go on.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.cyclades.rules import elimination
from kleos.games.cyclades.rules.common import Violation, broken, net_cost, told
from kleos.games.cyclades.state import OFFER, CycladesState
from kleos.games.cyclades.tables import EMPTY, GODS, N_GODS, Tables

PAYMENT = "payment"  # transitional phase: every marker is placed, payment is next
OFFERS: tuple[list[Action], ...] = tuple([] for _ in range(N_GODS))  # per god, ``offer <god> <n>`` at index n


def offers(god: int, amounts: range) -> list[Action]:
    """The offerings of ``amounts`` to ``god``, each built once (a menu lists every amount to every god)."""
    made = OFFERS[god]
    while len(made) < amounts.stop:
        made.append(Action("offer", (GODS[god], len(made))))
    return made[amounts.start:amounts.stop]


def start(t: Tables, s: CycladesState) -> None:
    s.phase = OFFER
    s.bid = [0] * N_GODS
    s.bidder = [EMPTY] * N_GODS
    s.apollo = []
    s.offer_index = 0
    s.displaced = EMPTY
    s.displaced_from = EMPTY
    _skip_eliminated(t, s)


def _skip_eliminated(t: Tables, s: CycladesState) -> None:
    """Pass over the track spaces of eliminated players (C-AMB-26, rules/elimination.py); when every
    marker is placed, payment is next (C-OFFER-12)."""
    while s.offer_index < t.n_markers and elimination.marker_out(t, s, s.turn_order[s.offer_index]):
        s.offer_index += 1
    if s.displaced == EMPTY and s.offer_index == t.n_markers:
        s.phase = PAYMENT


def pending_marker(s: CycladesState) -> int:
    """The marker to place now: an outbid one first (C-OFFER-6), else the next in track order (C-OFFER-1)."""
    return s.displaced if s.displaced != EMPTY else s.turn_order[s.offer_index]


def actor(t: Tables, s: CycladesState) -> int:
    return t.marker_owner[pending_marker(s)]


def committed(t: Tables, s: CycladesState, seat: int, besides: int, freed_god: int = EMPTY) -> int:
    """Net cost of ``seat``'s markers already on main gods, other than ``besides`` and the marker a new
    bid on ``freed_god`` would displace (C-OFFER-11, C-TWO-6)."""
    held = _held_costs(t, s, seat, besides)
    return sum(held) - (held[freed_god] if freed_god != EMPTY else 0)


def _held_costs(t: Tables, s: CycladesState, seat: int, besides: int) -> list[int]:
    """Per main god, the net cost of ``seat``'s marker on it other than ``besides`` (0: none)."""
    held = [0] * N_GODS
    for god in range(N_GODS):
        m = s.bidder[god]
        if m != EMPTY and m != besides and t.marker_owner[m] == seat:
            held[god] = net_cost(s.bid[god], s.priests[seat])
    return held


def _other_marker_on_apollo(t: Tables, s: CycladesState, marker: int) -> bool:
    seat = t.marker_owner[marker]
    return any(t.marker_owner[m] == seat for m in s.apollo)


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    """The rule ``action`` breaks for ``seat`` now, or ``None`` when it is legal."""
    marker = pending_marker(s)
    if action.verb == "apollo" and not action.args:
        if _other_marker_on_apollo(t, s, marker) and _god_choices(t, s, marker):
            return broken("C-TWO-4", N_("your two offerings must go to two different gods (Apollo counts as one)"))
        return None
    if action.verb != "offer" or len(action.args) != 2 or not isinstance(action.args[1], int):
        return broken("PROTOCOL", N_("'{action}' is not an offering: use 'offer <god> <amount>' or 'apollo'"),
                      action=action)
    name, amount = str(action.args[0]), action.args[1]
    if name not in GODS:
        return broken("C-OFFER-2", N_("{name} is not a main god ({choices}) nor Apollo"),
                      name=repr(name), choices=', '.join(GODS))
    return _check_offer(t, s, seat, marker, GODS.index(name), amount)


def _check_offer(t: Tables, s: CycladesState, seat: int, marker: int, god: int, amount: int) -> Violation | None:
    name = told(t.god_names[god])  # a god's name, which a surface translates
    if not s.gods_up[s.gods.index(god)]:
        return broken("C-GODS-9", N_("{name} is face down this cycle"), name=name)
    if s.displaced != EMPTY and god == s.displaced_from:
        return broken("C-OFFER-5", N_("an outbid offering must go to a god other than {name}"), name=name)
    if amount < t.offering_min:
        return broken("C-OFFER-2", N_("an offering to a main god is at least {least} GP"), least=t.offering_min)
    if s.bidder[god] != EMPTY and amount <= s.bid[god]:
        return broken("C-OFFER-4", N_("{name} holds {bid} GP: a new offering must be higher"),
                      name=name, bid=s.bid[god])
    cost = net_cost(amount, s.priests[seat]) + committed(t, s, seat, marker, god)
    if cost > s.gold[seat]:
        rule = "C-TWO-6" if t.markers_per_player > 1 else "C-OFFER-11"
        return broken(rule, N_("that would cost {cost} GP in all, and you have {gold}"), cost=cost, gold=s.gold[seat])
    return None


def _amount_range(t: Tables, s: CycladesState, seat: int, god: int, held_elsewhere: int) -> range:
    """The amounts ``seat`` may offer ``god``, its markers on the other gods costing ``held_elsewhere``."""
    low = max(t.offering_min, s.bid[god] + 1 if s.bidder[god] != EMPTY else t.offering_min)
    budget = s.gold[seat] - held_elsewhere
    high = budget + s.priests[seat] if budget >= 1 else 0  # net cost max(1, a - priests) <= budget
    return range(low, high + 1)


def _god_choices(t: Tables, s: CycladesState, marker: int) -> list[Action]:
    seat = t.marker_owner[marker]
    held = _held_costs(t, s, seat, marker)  # what :func:`committed` adds up, once per menu
    total = sum(held)
    out: list[Action] = []
    for pos in range(N_GODS):
        god = s.gods[pos]
        if not s.gods_up[pos] or (s.displaced != EMPTY and god == s.displaced_from):
            continue
        out.extend(offers(god, _amount_range(t, s, seat, god, total - held[god])))
    return out


APOLLO = Action("apollo")  # built once: nearly every offering menu lists it


def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    marker = pending_marker(s)
    gods = _god_choices(t, s, marker)
    if not (_other_marker_on_apollo(t, s, marker) and gods):
        gods.append(APOLLO)
    return gods


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    marker = pending_marker(s)
    initial = s.displaced == EMPTY
    s.displaced = s.displaced_from = EMPTY
    if action.verb == "apollo":
        s.apollo.append(marker)  # C-OFFER-9: Apollo spaces fill in order of arrival
    else:
        god = GODS.index(str(action.args[0]))
        if s.bidder[god] != EMPTY:  # C-OFFER-4/5: the outbid marker must move at once
            s.displaced, s.displaced_from = s.bidder[god], god
        s.bidder[god] = marker
        s.bid[god] = int(action.args[1])
    if initial:
        s.offer_index += 1
    _skip_eliminated(t, s)


def pay(t: Tables, s: CycladesState) -> None:
    """Each winning offering is paid: bid less Priests, at least 1 (C-OFFER-13..15, C-TWO-7)."""
    for god in range(N_GODS):
        marker = s.bidder[god]
        if marker != EMPTY:
            seat = t.marker_owner[marker]
            s.gold[seat] -= net_cost(s.bid[god], s.priests[seat])
