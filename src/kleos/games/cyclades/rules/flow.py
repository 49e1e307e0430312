"""The cycle (C-CYCLE-1..3): runs every automatic step until a seat or chance must decide.

Phases in order: creature track (chance draws), god track (chance shuffle), income, offerings,
payment, action turns, end of cycle. Every phase happens once per cycle, the first included
(C-CYCLE-2, C-AMB-30); only the end of a cycle can end the game (C-CYCLE-3).
"""

from __future__ import annotations

from kleos.core.steps import count_step
from kleos.games.cyclades.rules import actions, bank, creatures, end, gods, offer
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import ACTION, CH_CREATURE, CREATURES, OFFER, OVER, SETUP, CycladesState
from kleos.games.cyclades.tables import Tables

ADVANCE_STEPS = 1_000  # phases passed without a decision: a cycle takes 7, so more is a broken rule


def start_cycle(t: Tables, s: CycladesState) -> None:
    """Phase 1 begins; each Temple's discount is available again (once per cycle, C-BUILD-7)."""
    s.phase = CREATURES
    s.temples_used = [0] * t.players
    creatures.prepare(t, s)


def advance(t: Tables, s: CycladesState, limit: int = ADVANCE_STEPS) -> None:
    """Carry the state forward to the next decision (or chance event, or the end); past ``limit``
    phases without one, :class:`~kleos.core.errors.RunawayLoop` rather than spinning."""
    steps = 0
    while s.chance is None:
        steps = count_step(steps, limit, "the cycle's automatic steps")
        phase = s.phase
        if phase == ACTION:  # the two phases of nearly every step first
            if actions.settle(t, s):
                return
        elif phase == OFFER:
            return
        elif phase == SETUP:
            s.cycle = 1
            start_cycle(t, s)
        elif phase == CREATURES:
            if creatures.needs_draw(t, s):
                s.chance = CH_CREATURE
            else:
                gods.begin(t, s)
        elif phase == gods.INCOME:
            for seat in bank.payment_order(t, s):  # C-INCOME-1..5, from a limited bank if set (C-COMP-3)
                bank.gain(t, s, seat, income(t, s, seat))
            offer.start(t, s)
        elif phase == offer.PAYMENT:
            offer.pay(t, s)
            actions.start(t, s)
        elif phase == actions.END_OF_CYCLE:
            if not end.end_cycle(t, s):
                start_cycle(t, s)
        elif phase == OVER:
            return
        else:
            raise AssertionError(f"unknown phase {phase!r}")
