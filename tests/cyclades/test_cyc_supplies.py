"""The limited gold bank (C-COMP-3, option gold_supply) and territory markers (C-AMB-27, option
territory_markers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cyc_helpers import at_offers, begin_effect, game, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.core.record import Replay
from kleos.core.testing import Checks, random_playout, verb_policy
from kleos.games.cyclades.rules import bank, flow, territory
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES
from kleos.games.cyclades.view import CycladesView


def test_gold_is_unlimited_by_default() -> None:
    """C-AMB-28: with the default bank every gain is paid in full."""
    g, s = at_offers(3)
    s.gold = [500, 0, 0]
    assert bank.left(g.tables, s) is None
    assert bank.gain(g.tables, s, 1, 7) == 7 and s.gold[1] == 7


def test_a_limited_bank_pays_what_it_has() -> None:
    """C-COMP-3: with gold_supply=98 the bank holds 98 GP less the players' gold; a gain is cut to it."""
    g, s = at_offers(3, gold_supply="98")
    s.gold = [40, 40, 15]
    assert bank.left(g.tables, s) == 3
    assert bank.gain(g.tables, s, 2, 5) == 3 and s.gold == [40, 40, 18]
    assert bank.gain(g.tables, s, 0, 1) == 0
    s.gold[0] -= 10  # a payment goes back to the bank
    assert bank.left(g.tables, s) == 10


def test_income_from_a_short_bank_follows_the_turn_order() -> None:
    """C-COMP-3, C-INCOME-1: when the bank cannot pay every income, the seats are paid in turn-order
    track order (ruling of this engine) and nobody goes past the supply."""
    g, s = at_offers(3, gold_supply="100")
    t = g.tables
    first = t.marker_owner[s.turn_order[0]]
    owed = [income(t, s, seat) for seat in range(3)]
    s.gold = [0, 0, 0]
    s.gold[first] = 100 - owed[first] - 1  # one GP short for the other seats
    others = [seat for seat in range(3) if seat != first]
    before = s.gold[:]
    s.phase = "income"
    flow.advance(t, s)
    assert s.gold[first] == before[first] + owed[first]
    assert sum(s.gold) == 100 and sum(s.gold[o] for o in others) == 1


def test_unlimited_markers_let_every_island_be_emptied() -> None:
    """C-AMB-27: by default a player may leave any number of islands without troops."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=1, I3=0, I4=0, I5=0, I8=0, S6=1)
    put(g, s, 1, I2=0, I7=1)
    assert territory.limit(g.tables) is None
    assert Action.parse("march I1 1 I2") in g.legal_actions(s)


def test_the_fourth_marker_is_refused() -> None:
    """C-AMB-27, C-DATA-10: with 3 markers, a march that would empty a fourth island is refused; moving
    only part of the troops, or landing on an own empty island (freeing its marker), stays legal."""
    g, s = war_turn(3, ARES)
    g = game(3, territory_markers="3")
    put(g, s, 0, I1=2, I3=0, I4=0, I5=0, S6=1)
    put(g, s, 1, I2=0, I7=1)
    legal = g.legal_actions(s)
    assert Action.parse("march I1 1 I2") in legal
    assert Action.parse("march I1 2 I2") not in legal
    assert rule_of(g, s, "march I1 2 I2") == "C-AMB-27"
    t = g.tables
    i1, i2, i5 = (t.island_index[n] for n in ("I1", "I2", "I5"))
    assert territory.move_violation(t, s, 0, i1, 2, i5) is None  # I5's marker is freed
    assert territory.move_violation(t, s, 0, i1, 2, i2) is not None


def test_a_sphinx_sale_of_a_last_troop_needs_a_marker() -> None:
    """C-AMB-27: with 3 markers in use the Sphinx may not sell an island's last troop."""
    g, s = war_turn(3, ARES)
    g = game(3, territory_markers="3")
    put(g, s, 0, I1=1, I3=0, I4=0, I5=0, S6=1)
    begin_effect(g, s, "sphinx")
    assert Action.parse("sell I1") not in g.legal_actions(s)
    assert rule_of(g, s, "sell I1") == "C-AMB-27"
    put(g, s, 0, I5=1)
    assert Action.parse("sell I1") in g.legal_actions(s)


def test_an_island_emptied_by_others_is_kept_past_the_limit() -> None:
    """C-AMB-27, C-TROOP-5: a Harpy may empty a fourth island of a player with 3 markers in use; the
    owner keeps it, and then may not empty another one."""
    g, s = war_turn(3, ARES)
    g = game(3, territory_markers="3")
    put(g, s, 0, I1=1, S6=1)
    put(g, s, 1, I2=1, I3=0, I4=0, I5=0)
    begin_effect(g, s, "harpy")
    g.apply_in_place(s, Action.parse("target I2"))
    i2 = g.tables.island_index["I2"]
    assert s.owner[i2] == 1 and s.troops[i2] == 0 and territory.in_use(s, 1) == 4


def _bank_held(state: CycladesState) -> Iterator[str]:
    if sum(state.gold) > 98:
        yield f"the players hold {sum(state.gold)} GP of a 98 GP bank"


@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_both_limits(players: int) -> None:
    """C-COMP-3, C-AMB-27: seeded random games with a 98 GP bank and 3 markers per player reach the end,
    the players never holding more than the bank, and replay exactly."""
    g = game(players, gold_supply="98", territory_markers="3")
    checks: Checks[CycladesState, CycladesView] = Checks(every=25, apply_all=False, near_misses=1,
                                                         invariants=(_bank_held,))
    playout = random_playout(g, 7, checks, policy=verb_policy, max_steps=5000)
    assert playout.finished
    replayed = Replay(g, playout.record).final_state()
    assert g.position_text(replayed) == g.position_text(playout.state)
