"""Shared helpers of the Cyclades tests: games per player count and positions driven to a phase."""

from __future__ import annotations

from typing import Any

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CycladesState
from step_cap import StepCap


def game(players: int, **options: Any) -> CycladesGame:
    return CycladesGame({"players": players, **options})


def settle(g: CycladesGame, s: CycladesState) -> None:
    """Resolve pending chance events from the state's generator."""
    cap = StepCap("g.is_chance(s)")
    while g.is_chance(s) and cap():
        g.step_chance(s)


def at_offers(players: int, seed: int = 1, **options: Any) -> tuple[CycladesGame, CycladesState]:
    """A game at the first offering of cycle 1."""
    g = game(players, **options)
    s = g.new_state(seed)
    settle(g, s)
    return g, s


def play(g: CycladesGame, s: CycladesState, *texts: str) -> None:
    """Apply actions by the seat to act, resolving chance between them."""
    for text in texts:
        settle(g, s)
        g.apply_in_place(s, Action.parse(text))
    settle(g, s)


def rule_of(g: CycladesGame, s: CycladesState, text: str) -> str:
    """The rule ID an illegal action is refused with (the state must not change)."""
    before = g.position_text(s)
    try:
        g.apply_in_place(s, Action.parse(text))
    except IllegalAction as exc:
        assert g.position_text(s) == before
        return exc.rule
    raise AssertionError(f"{text!r} was accepted")


def finish_cycle(g: CycladesGame, s: CycladesState) -> None:
    """Everybody goes to Apollo, then every turn ends (main-god turns can only end for now)."""
    cycle = s.cycle
    cap = StepCap("s.cycle == cycle and not g.is_terminal(s)")
    while s.cycle == cycle and not g.is_terminal(s) and cap():
        if g.is_chance(s):
            g.step_chance(s)
            continue
        legal = g.legal_actions(s)
        choice = next((a for a in legal if a.verb in ("apollo", "end")), legal[0])
        g.apply_in_place(s, choice)


# ----- military positions (tests/cyclades/test_cyc_war_*.py) -----------------------------------------
def war_turn(players: int, god: int, seat: int = 0, gold: int = 10) -> tuple[CycladesGame, CycladesState]:
    """A bare board (no units, owners, buildings) in the action phase, on ``god``'s turn played by
    ``seat``'s first marker, every seat holding ``gold`` GP. Place pieces with :func:`put`."""
    g, s = at_offers(players)
    t = g.tables
    marker = seat * t.markers_per_player
    s.phase, s.chance = "action", None
    s.bidder = [-1] * len(s.bidder)
    s.bidder[god], s.bid[god] = marker, 1
    s.queue, s.apollo = [marker], []
    s.owner = [-1] * t.n_islands
    s.troops = [0] * t.n_islands
    s.fleets = [0] * t.n_seas
    s.fleet_owner = [-1] * t.n_seas
    s.buildings = [0] * t.n_slots
    s.gold = [gold] * players
    return g, s


def put(g: CycladesGame, s: CycladesState, seat: int, **where: int) -> None:
    """``seat``'s troops on islands and fleets in seas by name: ``put(g, s, 1, I2=3, S9=1)``; a count of
    0 on an island leaves a territory marker."""
    t = g.tables
    for name, count in where.items():
        if name in t.island_index:
            i = t.island_index[name]
            s.owner[i], s.troops[i] = seat, count
        else:
            sea = t.sea_index[name]
            s.fleet_owner[sea], s.fleets[sea] = seat, count


def build_on(g: CycladesGame, s: CycladesState, island: str, *kinds: str) -> None:
    """Buildings by kind name (port, fortress, temple, university) on ``island``'s first slots."""
    t = g.tables
    order = ("port", "fortress", "temple", "university")
    start = t.slot_offset[t.island_index[island]]
    for n, kind in enumerate(kinds):
        s.buildings[start + n] = 1 + order.index(kind)


# ----- creature effects (tests/cyclades/test_cyc_creatures_*.py) --------------------------------------
def begin_effect(g: CycladesGame, s: CycladesState, key: str, seat: int = 0) -> None:
    """Start ``key``'s effect for ``seat`` as if it had just been summoned and paid for (rules/effects.py)."""
    from kleos.games.cyclades.rules import effects

    effects.begin(g.tables, s, seat, g.tables.creature_index[key])
    settle(g, s)


def assert_invariants(g: CycladesGame, s: CycladesState) -> None:
    """At most 8 fleets and 8 troops per colour on the board, no negative gold or counts, at most one
    Metropolis per island (C-COMP-12/13)."""
    t = g.tables
    for seat in range(t.players):
        fleets = sum(n for sea, n in enumerate(s.fleets) if s.fleet_owner[sea] == seat)
        troops = sum(n for i, n in enumerate(s.troops) if s.owner[i] == seat)
        assert fleets <= t.fleets_max and troops <= t.troops_max, (seat, fleets, troops)
        assert s.gold[seat] >= 0 and s.priests[seat] >= 0 and s.philosophers[seat] >= 0
    assert all(0 <= m <= 1 for m in s.metropolis)
    assert min(s.troops) >= 0 and min(s.fleets) >= 0
    assert all(s.fleets[sea] == 0 or s.fleet_owner[sea] >= 0 for sea in range(t.n_seas))
