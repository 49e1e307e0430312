"""Undo and simultaneous secret choices (test game Sealed Bids, 3 seats): a seat may take back a
secret choice while nobody else has chosen with it, but never after others chose at the same time,
since its step may have completed the decision and revealed theirs."""

from __future__ import annotations

import pytest

from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.undo import SIMULTANEOUS, UNDO_RULE, undo, undo_blocker, undoable
from step_cap import StepCap
from toygame.game import BidsGame


def to_first_bids(game: BidsGame, seed: int) -> GameRecord:
    """The record up to the first round's simultaneous bids (chance dealt the hands and the prize)."""
    record = GameRecord(game.name, dict(game.options), seed, [])
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        record.actions.append((CHANCE, game.step_chance(state)))
    return record


def bid(game: BidsGame, record: GameRecord, seat: int) -> None:
    state = game.new_state(record.seed)
    for who, action in record.actions:
        game.apply_in_place(state, action, who)
    card = game.legal_actions(state, seat)[0]
    assert card.verb == "play"
    record.actions.append((seat, card))


def test_first_secret_choice_can_be_taken_back() -> None:
    game = BidsGame(3)
    record = to_first_bids(game, 4)
    bid(game, record, 0)
    assert undoable(game, record, 0)
    shorter = undo(game, record, 0)
    assert len(shorter.actions) == len(record.actions) - 1


@pytest.mark.parametrize("order", [(0, 1), (1, 0), (2, 1, 0)])
def test_a_choice_made_after_others_chose_at_the_same_time_stays(order: tuple[int, ...]) -> None:
    game = BidsGame(3)
    record = to_first_bids(game, 4)
    for seat in order:
        bid(game, record, seat)
    last = order[-1]
    assert undo_blocker(record, last) is None  # the log alone cannot see it
    assert undo_blocker(record, last, game) == SIMULTANEOUS
    assert not undoable(game, record, last)
    with pytest.raises(IllegalAction) as refused:
        undo(game, record, last)
    assert refused.value.rule == UNDO_RULE
