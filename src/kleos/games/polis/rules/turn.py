"""Turns and passing (R-TURN): two different actions a turn, passing, the post-pass good.

This module only moves the flow along (whose turn, when a turn ends, when battles are checked);
which actions exist and what they do lives in the action modules and in
:mod:`kleos.games.polis.rules.actions`.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.polis.rules import battle, events
from kleos.games.polis.rules.common import Violation
from kleos.games.polis.state import OVER, TURN, PolisState
from kleos.games.polis.tables import NO_ONE, Tables, other

PASS, RANSOM = "pass", "ransom"


def begin_turns(t: Tables, s: PolisState, start_player: int) -> None:
    """The turn phase of a round begins with the start player (R-TURN-1)."""
    s.phase = TURN
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
        return ("R-TURN-4", f"finish the {doing} action first; pass only where you would choose an action")
    if action.verb == RANSOM:
        rule = "R-ACT-RANSOM-1" if t.rules.ransom_is_action else "R-ACT-RANSOM-2"
        return (rule, f"finish the {doing} action first; ransom only before or between actions")
    return None


def finish_action(t: Tables, s: PolisState) -> None:
    """An action is complete: the turn goes on, or ends after its second action (R-TURN-3).

    After the opponent's pass the remaining player acts until he passes too (R-TURN-6).
    """
    s.pending = None
    if s.phase == OVER:
        return
    side = s.active
    if opponent_passed(s, side):
        return
    if len(s.turn_actions) >= 2:
        end_turn(t, s, side)


def end_turn(t: Tables, s: PolisState, side: int) -> None:
    """End of a normal turn: event effects that apply at every turn's end, then the battle check
    (R-BATTLE-2), chosen in order by the player whose turn ends (R-BATTLE-6)."""
    events.on_turn_end(t, s, side)
    if s.phase == OVER:
        return
    battle.start_check(t, s, chooser=side, after="turn")


def do_pass(t: Tables, s: PolisState, side: int) -> None:
    """Passing ends the turn and the player's round (R-TURN-4, R-TURN-5)."""
    s.pending = None
    s.passed[side] = True
    s.last_passer = side
    if s.first_passer == NO_ONE:
        s.first_passer = side  # R-TURN-10, A-40
        if t.rules.end_of_round_marker:
            s.eor_marker = other(side)  # R-TURN-9
    events.on_turn_end(t, s, side)
    if s.phase == OVER:
        return
    if s.passed[other(side)]:
        battle.start_check(t, s, chooser=side, after="end_of_round")  # R-BATTLE-4, A-4
    elif t.rules.defer_battles_from_pass_turn:
        begin_turn(s, other(side))  # [2012] R-BATTLE-5: battles wait for the final check
    else:
        battle.start_check(t, s, chooser=side, after="turn")  # [2020] R-BATTLE-5


def after_turn_battles(t: Tables, s: PolisState) -> None:
    """The battle check after a turn is over: the other player's turn begins (R-TURN-1)."""
    begin_turn(s, other(s.active))
