"""Undo of a seat's own last step, the same rule for every game and every front end.

A step may be taken back only while taking it back reveals nothing and wrongs nobody: it must be
the seat's own action, and nothing may have happened after it, neither a chance event (a die
rolled, a hidden card or tile seen) nor another seat's action. In an action log that means: the
record's last entry is an action of that seat. Undoing drops that entry and rebuilds the position
by replaying the rest of the log, so the game's generator (which moves only on chance events) is
exactly where it was and the same dice and cards still lie ahead. A seat may undo step by step
back to the last action of someone else.

The terminal UI and the web server both use these functions.
"""

from __future__ import annotations

from typing import Any, TypeVar

from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord

S = TypeVar("S")

UNDO_RULE = "UNDO"
"""The rule ID carried by the :class:`IllegalAction` raised when a step cannot be undone."""


def undo_blocker(record: GameRecord, seat: int) -> str | None:
    """Why ``seat`` cannot undo now, in plain words, or ``None`` if it can."""
    if seat == CHANCE:
        return "chance events are never undone"
    if not record.actions:
        return "nothing has been played yet"
    last_seat, _ = record.actions[-1]
    if last_seat == seat:
        return None
    if last_seat == CHANCE:
        return "a die was rolled or a hidden card, tile or event was revealed since your last step"
    if any(s == seat for s, _ in record.actions):
        return "another player has acted since your last step"
    return "you have not acted yet"


def undoable(game: Game[Any, Any], record: GameRecord, seat: int) -> bool:
    """Whether ``seat`` may take back its last step: the record's last entry is its own action.

    ``game`` is not needed by the rule itself; it is part of the signature so that a game could
    one day refine the rule (and so callers pass what :func:`undo` needs anyway).
    """
    return undo_blocker(record, seat) is None


def replay(game: Game[S, Any], record: GameRecord) -> S:
    """The position after every action of ``record``, each one validated."""
    state = game.new_state(record.seed)
    for seat, action in record.actions:
        game.apply_in_place(state, action, seat)
    return state


def undo(game: Game[Any, Any], record: GameRecord, seat: int) -> GameRecord:
    """A new record without ``seat``'s last step; ``record`` itself is not changed.

    The shortened log is replayed (and so checked) before it is returned. Raises
    :class:`IllegalAction` (rule ``UNDO``) when :func:`undoable` is false.
    """
    why = undo_blocker(record, seat)
    if why is not None:
        raise IllegalAction(UNDO_RULE, f"cannot undo: {why}")
    shorter = GameRecord(record.game, dict(record.options), record.seed, list(record.actions[:-1]))
    replay(game, shorter)
    return shorter
