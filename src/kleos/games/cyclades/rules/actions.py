"""Phase 5, the action turns: their order and the turn-order track (C-ACTION-1/2/6/7), Apollo
(C-APOLLO-1..5), and the dispatch of a main-god turn to the rule modules.

A main-god turn (C-ACTION-3..5) offers ``end`` plus what each turn module allows on that god's turn
(:data:`TURN_MODULES`: recruiting, building, the special actions, summoning). A prompt module
(:data:`PROMPT_MODULES`: Metropolis choices, battle retreats) that is pending comes first, and its
decider acts even out of turn (C-ACTION-8).

Turn modules expose ``VERBS``, ``legal(t, s, seat, god)``, ``check(t, s, seat, god, action)`` and
``apply(t, s, seat, god, action)``; prompt modules ``pending(s)``, ``actor(t, s)``,
``legal(t, s, seat)``, ``check(t, s, seat, action)`` and ``apply(t, s, seat, action)``.
"""

from __future__ import annotations

from types import ModuleType

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.core.steps import count_step
from kleos.games.cyclades.rules import bank, battle, build, effects, fleet, metro, recruit, summon, troop, zeus
from kleos.games.cyclades.rules.common import Violation, broken, islands_of, named
from kleos.games.cyclades.state import ACTION, CycladesState
from kleos.games.cyclades.tables import EMPTY, N_GODS, Tables

END_OF_CYCLE = "end_of_cycle"  # transitional phase: every marker is back on the track (C-END-1)
END_TURN = Action("end")  # built once: every main-god turn menu offers it and every step compares with it

TURN_MODULES: tuple[ModuleType, ...] = (recruit, build, fleet, troop, zeus, summon)
PROMPT_MODULES: tuple[ModuleType, ...] = (metro, battle, effects)  # in priority order
VERB_MODULE: dict[str, ModuleType] = {verb: m for m in TURN_MODULES for verb in m.VERBS}


def start(t: Tables, s: CycladesState) -> None:
    """The main gods act in god-track order, then Apollo in space order (C-ACTION-1/2, C-OFFER-16)."""
    s.phase = ACTION
    s.queue = [s.bidder[s.gods[pos]] for pos in range(N_GODS)
               if s.gods_up[pos] and s.bidder[s.gods[pos]] != EMPTY] + s.apollo
    s.next_order = [EMPTY] * t.n_markers


def active_marker(s: CycladesState) -> int:
    return s.queue[0]


def actor(t: Tables, s: CycladesState) -> int:
    if s.metro_seat == EMPTY and s.battle_place == EMPTY and s.effect_seat == EMPTY:
        return t.marker_owner[s.queue[0]]  # no prompt pending (:func:`pending_prompt`): asked at every step
    prompt = pending_prompt(s)
    if prompt is not None:
        return int(prompt.actor(t, s))
    return t.marker_owner[active_marker(s)]


def pending_prompt(s: CycladesState) -> ModuleType | None:
    """The prompt module waiting for a decision, if any (C-ACTION-8).

    Each module's ``pending`` needs its own field set (a Metropolis seat, a battle place, an effect
    seat); with none set, the common case, no module is asked (actors and menus ask at every step)."""
    if s.metro_seat == EMPTY and s.battle_place == EMPTY and s.effect_seat == EMPTY:
        return None
    for module in PROMPT_MODULES:
        if module.pending(s):
            return module
    return None


def turn_god(s: CycladesState) -> int:
    """The main god whose turn it is (the god the active marker won), or EMPTY on an Apollo turn."""
    marker = active_marker(s)
    for god in range(N_GODS):
        if s.bidder[god] == marker:
            return god
    return EMPTY


def settle(t: Tables, s: CycladesState) -> bool:
    """Run turns that need no decision (Apollo turns without a marker to place); True when a seat must
    decide, False when every turn is over. Each pass ends a turn or returns, so a pass beyond the
    queue's length is a turn that never ends: :class:`~kleos.core.errors.RunawayLoop`, not a spin."""
    steps, limit = 0, len(s.queue) + 1
    while s.queue:
        steps = count_step(steps, limit, "the Apollo turns that need no decision")
        if s.apollo_choice:
            return True
        marker = active_marker(s)
        if marker not in s.apollo:
            return True  # a main-god turn: the player decides when it ends
        _apollo_turn(t, s, marker)
        if not s.apollo_choice:
            _finish_turn(t, s)
    s.phase = END_OF_CYCLE
    return False


def _apollo_turn(t: Tables, s: CycladesState, marker: int) -> None:
    """Apollo's gold (C-APOLLO-1; no island: C-AMB-16), and the marker choice for space 1 only
    (C-APOLLO-2/3; on an own island: C-AMB-15)."""
    seat = t.marker_owner[marker]
    owned = len(islands_of(s, seat))
    bank.gain(t, s, seat, t.apollo_one_island if owned == 1 else t.apollo_more_islands if owned > 1
              else t.apollo_no_island)
    supply_left = t.prosperity_markers - sum(s.markers)
    if marker == s.apollo[0] and owned and supply_left > 0:
        s.apollo_choice = 1


def init_turn_fields(t: Tables, s: CycladesState) -> None:
    """The turn and Metropolis fields of a new game (state.py): no counts, nothing pending."""
    s.temples_used = [0] * t.players
    s.recruited = 0
    s.metro_seat = s.metro_island = s.swap_slot = EMPTY
    s.metro_stage = s.metro_todo = 0


def _finish_turn(t: Tables, s: CycladesState) -> None:
    """The marker goes to the highest free turn-order space (C-ACTION-6, C-AMB-1); the next turn starts
    its recruit ladder afresh (C-RECRUIT-1..7)."""
    s.recruited = 0
    marker = s.queue.pop(0)
    space = max(i for i, m in enumerate(s.next_order) if m == EMPTY)
    s.next_order[space] = marker


def legal(t: Tables, s: CycladesState, seat: int) -> list[Action]:
    if s.apollo_choice:
        return [named("prosper", t.island_ids[i]) for i in islands_of(s, seat)]
    prompt = pending_prompt(s)
    if prompt is not None:
        return list(prompt.legal(t, s, seat))
    god = turn_god(s)
    found = [END_TURN]
    for module in TURN_MODULES:
        found.extend(module.legal(t, s, seat, god))
    return found


def check(t: Tables, s: CycladesState, seat: int, action: Action) -> Violation | None:
    if s.apollo_choice:
        if action.verb != "prosper" or len(action.args) != 1:
            return broken("C-APOLLO-2", N_("the first Apollo player places a prosperity marker: 'prosper <island>'"))
        island = t.island_index.get(str(action.args[0]))
        if island is None or s.owner[island] != seat:
            return broken("C-APOLLO-2", N_("{island} is not one of your islands"), island=action.args[0])
        return None
    prompt = pending_prompt(s)
    if prompt is not None:
        violation: Violation | None = prompt.check(t, s, seat, action)
        return violation
    if action == END_TURN:
        return None
    module = VERB_MODULE.get(action.verb)
    if module is None:
        verbs = ", ".join(["end", *VERB_MODULE])
        return broken("C-ACTION-3", N_("unknown action '{verb}' (a main-god turn offers: {verbs})"),
                      verb=action.verb, verbs=verbs)
    violation = module.check(t, s, seat, turn_god(s), action)
    return violation


def apply(t: Tables, s: CycladesState, seat: int, action: Action) -> None:
    if s.apollo_choice:
        s.markers[t.island_index[str(action.args[0])]] += 1  # C-APOLLO-4: it stays for good
        s.apollo_choice = 0
        _finish_turn(t, s)
        return
    prompt = pending_prompt(s)
    if prompt is not None:
        prompt.apply(t, s, seat, action)
        return
    if action == END_TURN:
        _finish_turn(t, s)
        return
    VERB_MODULE[action.verb].apply(t, s, seat, turn_god(s), action)
