"""Edges of the god track (C-GODS, rules/gods.py): the option ``pair_order`` (C-AMB-3) in its second
position, which the cycle tests never set."""

from __future__ import annotations

from cyc_helpers import at_offers, finish_cycle, game, settle

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CH_GODS, CycladesState
from kleos.games.cyclades.state import GODS as GODS_PHASE
from kleos.games.cyclades.tables import GODS
from step_cap import StepCap


def _to_the_god_shuffle(g: CycladesGame, s: CycladesState) -> None:
    """Play the cycle out and resolve chance up to the god track's shuffle."""
    finish_cycle(g, s)
    cap = StepCap("s.chance != CH_GODS")
    while s.chance != CH_GODS and cap():
        g.step_chance(s)


def test_random_pair_order_shuffles_the_face_down_pair() -> None:
    """C-GODS-6 with C-AMB-3 ("A 'random order' option can be offered"), option pair_order=random: in a
    3-player game's second cycle the two gods that were face down come up in either order, one chance
    in two each, and the two used go face down in their order; the third cycle reshuffles all four."""
    g, s = at_offers(3, pair_order="random")
    old = list(s.gods)
    _to_the_god_shuffle(g, s)
    assert s.phase == GODS_PHASE  # phase 2 of the cycle while the track is shuffled (C-CYCLE-1)
    outcomes = g.chance_outcomes(s)
    assert {a.verb for a, _ in outcomes} == {"gods"}
    names = [GODS[n] for n in (old[3], old[2], old[0], old[1])]
    assert [(a.args, p) for a, p in outcomes] == [
        (tuple(GODS[n] for n in (old[2], old[3], old[0], old[1])), 0.5),
        (tuple(names), 0.5),
    ]
    g.apply_in_place(s, Action("gods", tuple(names)), CHANCE)
    settle(g, s)
    assert s.gods == [old[3], old[2], old[0], old[1]] and s.gods_up == [1, 1, 0, 0]
    _to_the_god_shuffle(g, s)
    assert len(g.chance_outcomes(s)) == 24


def test_kept_pair_order_needs_no_chance() -> None:
    """C-GODS-6, C-AMB-3 ("Ruling: keep their relative order"), pair_order=keep (the default): the
    second cycle's track is set without a shuffle."""
    g, s = at_offers(3, pair_order="keep")
    assert s.pair_second == 1  # the next track is the pair's second (C-GODS-7), a 0/1 flag
    old = list(s.gods)
    finish_cycle(g, s)
    cap = StepCap("s.chance is not None and s.chance != CH_GODS")
    while s.chance is not None and s.chance != CH_GODS and cap():
        g.step_chance(s)
    assert s.chance != CH_GODS
    assert s.gods == [old[2], old[3], old[0], old[1]] and s.gods_up == [1, 1, 0, 0]


def test_the_first_cycle_of_four_players_shuffles_all_four_gods() -> None:
    """C-GODS-3 ("4 players, first cycle: the four boards are shuffled into positions 1–4"): no god comes
    first by C-GODS-4 before there is a face-down one, so the first shuffle has all 24 orders."""
    g = game(4)
    s = g.new_state(1)
    cap = StepCap("s.chance != CH_GODS")
    while s.chance != CH_GODS and cap():
        g.step_chance(s)
    assert s.cycle == 1 and len(g.chance_outcomes(s)) == 24
