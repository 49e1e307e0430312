"""Turns and passing (R-TURN): two different actions a turn, passing, the post-pass good.

This module only says how a turn goes on (whose turn, when it is over, which battle check follows);
which actions exist and what they do lives in the action modules and in
:mod:`kleos.games.polis.rules.actions`, and what happens once a turn is over (the turn-end event
effects, the battle check) is :mod:`kleos.games.polis.rules.flow`'s.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis.rules.common import Handover, Violation, broken
from kleos.games.polis.state import OVER, TURN, PolisState
from kleos.games.polis.tables import NO_ONE, Tables, other

PASS, RANSOM = "pass", "ransom"
AFTER_TURN, AFTER_ROUND = "turn", "end_of_round"  # what follows a battle check (``state.after_battles``)


def begin_turns(s: PolisState, start_player: int) -> None:
    """The turn phase of a round begins with the start player (R-TURN-1)."""
    s.passed = [False, False]
    s.first_passer = NO_ONE
    s.last_passer = NO_ONE
    s.eor_marker = NO_ONE
    begin_turn(s, start_player)


def begin_turn(s: PolisState, side: int) -> None:
    s.phase = TURN
    s.active = side
    s.pending = None
    s.turn_actions = ()
    s.turn_create_polis = ()
    s.sieged_this_turn = ()


def opponent_passed(s: PolisState, side: int) -> bool:
    return s.passed[other(side)]


def between_actions_only(t: Tables, action: Action, doing: str) -> Violation | None:
    """A pass (R-TURN-4) or a ransom (R-ACT-RANSOM-1/2, A-21) offered while an action is still being
    carried out: both belong only at a point where the next action is chosen."""
    if action.verb == PASS:
        return broken("R-TURN-4", N_("finish the {doing} action first; pass only where you would choose an action"),
                      doing=doing)
    if action.verb == RANSOM:
        rule = "R-ACT-RANSOM-1" if t.rules.ransom_is_action else "R-ACT-RANSOM-2"
        return broken(rule, N_("finish the {doing} action first; ransom only before or between actions"), doing=doing)
    return None


def finish_action(s: PolisState) -> None:
    """An action is complete: nothing is pending any more. The action modules call it last, so an
    action that leaves nothing pending is complete (see :func:`after_action`)."""
    s.pending = None


def finished_by(s: PolisState, action: Action) -> bool:
    """Whether ``action`` is the ``done`` that ends a pending action of several steps (R-ACT-GEN-6);
    the action is then complete."""
    if action.verb != "done":
        return False
    finish_action(s)
    return True


def done_refused(s: PolisState, action: Action, what: str) -> Violation | None:
    """The check of the ``done`` that ends a pending action of several steps: it takes no argument,
    and needs at least one unit made or moved (R-ACT-GEN-6), which ``what`` asks for."""
    assert s.pending is not None
    if action.args:
        return broken("R-ACT-GEN-6", N_("'done' takes nothing after it"))
    return None if s.pending[2] >= 1 else broken("R-ACT-GEN-6", what)


def after_action(s: PolisState) -> Handover | None:
    """A complete action: the turn goes on, or is over after its second action (R-TURN-3).

    After the opponent's pass the remaining player acts until he passes too (R-TURN-6).
    """
    if s.phase == OVER or s.passed[1 - s.active]:  # opponent_passed
        return None
    return Handover.TURN_OVER if len(s.turn_actions) >= 2 else None


def do_pass(t: Tables, s: PolisState, side: int) -> Handover:
    """Passing ends the turn and the player's round (R-TURN-4, R-TURN-5)."""
    s.pending = None
    s.passed[side] = True
    s.last_passer = side
    if s.first_passer == NO_ONE:
        s.first_passer = side  # R-TURN-10, A-40
        if t.rules.end_of_round_marker:
            s.eor_marker = other(side)  # R-TURN-9
    return Handover.PASSED


def battle_check_after(t: Tables, s: PolisState, side: int, passed: bool) -> str | None:
    """The battle check once ``side``'s turn is over, chosen in order by him (R-BATTLE-6): after a
    normal turn (R-BATTLE-2) the game goes on with the other player's turn; after the second pass,
    with the end of round (R-BATTLE-4, A-4); after the first pass, [2020] like a normal turn, [2012]
    none: battles wait for the final check (R-BATTLE-5). What follows the check, or ``None``."""
    if not passed:
        return AFTER_TURN
    if s.passed[other(side)]:
        return AFTER_ROUND
    if t.rules.defer_battles_from_pass_turn:
        return None
    return AFTER_TURN


def after_turn_battles(s: PolisState) -> None:
    """The battle check after a turn is over: the other player's turn begins (R-TURN-1)."""
    begin_turn(s, other(s.active))
