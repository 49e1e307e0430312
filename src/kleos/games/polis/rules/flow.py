"""The order of play: which phase follows which, decided here and nowhere else.

A round of Polis and the hand-overs between its phases::

    round start (R-ROUND)       project tiles, then the round's event card, drawn by chance
     -> event (R-EVENT)         the reader's part of the card, then the other player's
     -> turns (R-TURN)          two different actions, or a pass; then the turn-end event effects
     -> battle check (R-BATTLE) after every turn ([2012]: not after the first pass), then
     -> turns                   the other player's turn ... until both players have passed
     -> battle check            the final one
     -> end of round (R-EOR)    feeding, growth, scoring (the last round ends the game, R-END),
                                the next round's preparation (R-PREP)
     -> round start of the next round

The phase modules (:mod:`~kleos.games.polis.rules.round_start`, :mod:`~kleos.games.polis.rules.events`,
:mod:`~kleos.games.polis.rules.actions` with :mod:`~kleos.games.polis.rules.turn`,
:mod:`~kleos.games.polis.rules.battle`, :mod:`~kleos.games.polis.rules.end_of_round`) never import one
another: a function that ends its phase returns a :class:`~kleos.games.polis.rules.common.Handover`
naming what ended, and :func:`hand_over` begins what follows, which may be over at once too (no battle
to fight, no event card to draw), until a seat or chance has to decide. Every decision and chance
outcome enters through :func:`apply`; the set-up begins the first round with :func:`begin_round`.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.steps import count_step
from kleos.games.polis.rules import actions, battle, end_of_round, events, round_start, turn
from kleos.games.polis.rules.common import Handover
from kleos.games.polis.state import (
    BATTLES,
    CH_CARD,
    CH_DIE,
    CH_EVENT,
    CH_PROJECT,
    END_OF_ROUND,
    EVENT,
    OVER,
    ROUND_START,
    TURN,
    PolisState,
)
from kleos.games.polis.tables import Tables, other

HAND_OVERS = 100  # phases begun one after the other without a decision: a round has about ten


def begin_round(t: Tables, s: PolisState) -> None:
    """Begin round ``s.round`` (the first one, at set-up) and carry on to its first decision or draw."""
    hand_over(t, s, round_start.begin(t, s))


def apply(t: Tables, s: PolisState, seat: int, action: Action) -> None:
    """Carry out a legal decision of ``seat``, or a chance outcome (``seat`` is ``CHANCE``), in the
    phase module in charge; then every hand-over it leads to."""
    hand_over(t, s, _chance(t, s, action) if seat == CHANCE else _decision(t, s, seat, action))


def _decision(t: Tables, s: PolisState, seat: int, action: Action) -> Handover | None:
    if s.phase == TURN:
        if s.pending is None:
            return actions.choose(t, s, seat, action)
        return actions.step(t, s, seat, action)
    if s.phase == BATTLES:
        return battle.apply(t, s, seat, action)
    if s.phase == END_OF_ROUND:
        return end_of_round.apply(t, s, seat, action)
    return events.apply(t, s, seat, action)


def _chance(t: Tables, s: PolisState, action: Action) -> Handover | None:
    if s.chance == CH_DIE:
        return actions.step(t, s, CHANCE, action)
    if s.chance == CH_CARD:
        battle.apply_chance(t, s, action)
        return None
    if s.chance == CH_PROJECT and s.phase == END_OF_ROUND:
        end_of_round.apply_chance(t, s, action)
        return None
    if s.chance in (CH_PROJECT, CH_EVENT) and s.phase in (ROUND_START, EVENT):
        return round_start.apply_chance(t, s, action)
    raise AssertionError(f"no chance event {s.chance} in phase {s.phase}")


def hand_over(t: Tables, s: PolisState, ended: Handover | None) -> None:
    """Begin what follows each phase that has run its course, until a seat or chance must decide.

    A round has a handful of phases, so a chain longer than :data:`HAND_OVERS` is a broken rule that
    would loop for ever: it is stopped with :class:`~kleos.core.errors.RunawayLoop` instead."""
    steps = 0
    while ended is not None:
        steps = count_step(steps, HAND_OVERS, "the hand-overs between two decisions")
        ended = _begin_next(t, s, ended)


def _begin_next(t: Tables, s: PolisState, ended: Handover) -> Handover | None:
    """Begin the phase that follows ``ended``; return what ended in turn if that phase is over at once."""
    match ended:
        case Handover.TURN_OVER | Handover.PASSED:
            return _after_turn(t, s, s.active, passed=ended is Handover.PASSED)
        case Handover.BATTLES_OVER:
            if s.after_battles == turn.AFTER_TURN:
                turn.after_turn_battles(s)
                return None
            return end_of_round.begin(t, s)
        case Handover.ROUND_OVER:
            return round_start.begin(t, s)
        case Handover.EVENT_DRAWN:
            assert s.event is not None
            return events.reveal(t, s, s.event, round_start.event_reader(t, s))  # R-ROUND-7, R-ROUND-8
        case Handover.EVENT_OVER:
            round_start.end_event(s)
            turn.begin_turns(s, round_start.start_player(t, s))  # R-ROUND-9, R-ROUND-10
            return None


def _after_turn(t: Tables, s: PolisState, side: int, passed: bool) -> Handover | None:
    """``side``'s turn is over: the event effects checked at every turn's end (R-EVENT-7), then the
    battle check he orders, or at once the other player's turn (R-BATTLE-5)."""
    events.on_turn_end(t, s, side)
    if s.phase == OVER:
        return None
    after = turn.battle_check_after(t, s, side, passed)
    if after is None:
        turn.begin_turn(s, other(side))
        return None
    return battle.start_check(t, s, chooser=side, after=after)
