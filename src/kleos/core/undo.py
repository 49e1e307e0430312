"""Undo of a seat's own last step, the same rule for every game and every front end.

A step may be taken back only while taking it back reveals nothing and wrongs nobody: it must be
the seat's own action, and nothing may have happened after it, neither a chance event (a die
rolled, a hidden card or tile seen) nor another seat's action. In an action log that means: the
record's last entry is an action of that seat. Undoing drops that entry and rebuilds the position
by replaying the rest of the log, so the game's generator (which moves only on chance events) is
exactly where it was and the same dice and cards still lie ahead. A seat may undo step by step
back to the last action of someone else.

Simultaneous secret choices add one case: when other seats made their choices while this seat was
also choosing, this seat's step may be the one that completed the decision and revealed theirs, so
it is never taken back. Seeing that needs the game (the log alone does not say who was asked when):
callers that can pass the game do, and the check replays the log.

The terminal UI and the web server both use these functions.
"""

from __future__ import annotations

from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Game, S, V  # a game's state and view: opaque here
from kleos.core.record import GameRecord

UNDO_RULE = "UNDO"
"""The rule ID carried by the :class:`IllegalAction` raised when a step cannot be undone."""


SIMULTANEOUS = "other players made their secret choices at the same time as you; taking yours back could reveal theirs"


def undo_blocker(record: GameRecord, seat: int, game: Game[S, V] | None = None) -> str | None:
    """Why ``seat`` cannot undo now, in plain words, or ``None`` if it can.

    With ``game`` (and a record with its real seed), a step that shares a simultaneous decision with
    other seats' steps is refused too (see the module docstring).
    """
    why = _log_blocker(record, seat)
    if why is None and game is not None and _shared_a_simultaneous_choice(game, record, seat):
        return SIMULTANEOUS
    return why


def _log_blocker(record: GameRecord, seat: int) -> str | None:
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


def _shared_a_simultaneous_choice(game: Game[S, V], record: GameRecord, seat: int) -> bool:
    """Whether another seat acted, after ``seat``'s previous step, while ``seat`` was also to act."""
    state = game.new_state(record.seed)
    shared = False
    for who, action in record.actions[:-1]:
        if who == seat:
            shared = False  # only choices made since this seat's own previous step count
        elif who != CHANCE and seat in game.actors(state):
            shared = True
        game.apply_in_place(state, action, who)
    return shared


def undoable(game: Game[S, V], record: GameRecord, seat: int) -> bool:
    """Whether ``seat`` may take back its last step: the record's last entry is its own action,
    and no other seat chose at the same time since its previous step."""
    return undo_blocker(record, seat, game) is None


def replay(game: Game[S, V], record: GameRecord) -> S:
    """The position after every action of ``record``, each one validated."""
    state = game.new_state(record.seed)
    for seat, action in record.actions:
        game.apply_in_place(state, action, seat)
    return state


def undo(game: Game[S, V], record: GameRecord, seat: int) -> GameRecord:
    """A new record without ``seat``'s last step; ``record`` itself is not changed.

    The shortened log is replayed (and so checked) before it is returned. Raises
    :class:`IllegalAction` (rule ``UNDO``) when :func:`undoable` is false.
    """
    why = undo_blocker(record, seat, game)
    if why is not None:
        raise IllegalAction(UNDO_RULE, f"cannot undo: {why}")
    shorter = GameRecord(record.game, dict(record.options), record.seed, list(record.actions[:-1]))
    replay(game, shorter)
    return shorter
