"""kleos.core.undo: a seat may take back its own last step until a chance event or another seat's
action follows it; undo replays the log without that step (the generator is untouched)."""

from __future__ import annotations

import pytest

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.undo import UNDO_RULE, replay, undo, undo_blocker, undoable
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from step_cap import StepCap

ATHENS, SPARTA = 0, 1


def start(edition: str = "2020", seed: int = 3) -> tuple[PolisGame, GameRecord, PolisState]:
    """A game after its opening chance events (projects, event): Sparta is to act (seed 3)."""
    game = PolisGame(edition)
    record = GameRecord("polis", dict(game.options), seed)
    state = game.new_state(seed)
    settle(game, record, state)
    return game, record, state


def settle(game: PolisGame, record: GameRecord, state: PolisState) -> None:
    """Resolve pending chance events from the game's own generator, logging them."""
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        record.actions.append((CHANCE, game.step_chance(state)))


def play(game: PolisGame, record: GameRecord, state: PolisState, seat: int, text: str) -> None:
    action = Action.parse(text)
    game.apply_in_place(state, action, seat)
    record.actions.append((seat, action))


def test_nothing_to_undo_at_the_start() -> None:
    game = PolisGame("2020")
    record = GameRecord("polis", dict(game.options), 3)
    assert not undoable(game, record, ATHENS)
    assert undo_blocker(record, ATHENS) == "nothing has been played yet"
    with pytest.raises(IllegalAction) as info:
        undo(game, record, ATHENS)
    assert info.value.rule == UNDO_RULE


def test_own_last_step_is_undoable_and_replays_to_the_position_before() -> None:
    game, record, state = start()
    assert game.actors(state) == (SPARTA,)
    before = state.copy()
    length = len(record.actions)
    assert not undoable(game, record, SPARTA)  # the last entries are chance events (the event card)
    play(game, record, state, SPARTA, "march Messinia")
    assert undoable(game, record, SPARTA)
    assert not undoable(game, record, ATHENS)  # never another seat's step
    assert undo_blocker(record, ATHENS) == "you have not acted yet"
    shorter = undo(game, record, SPARTA)
    assert len(record.actions) == length + 1  # the given record is not changed
    assert shorter.actions == record.actions[:-1]
    assert (shorter.seed, shorter.options, shorter.game) == (record.seed, record.options, record.game)
    assert replay(game, shorter) == before


def test_steps_of_one_action_are_undone_one_by_one() -> None:
    game, record, state = start()
    before = state.copy()
    play(game, record, state, SPARTA, "march Messinia")
    play(game, record, state, SPARTA, "from Lakedaemon")
    once = undo(game, record, SPARTA)
    assert [str(a) for _, a in once.actions[-1:]] == ["march Messinia"]
    assert undoable(game, once, SPARTA)
    twice = undo(game, once, SPARTA)
    assert replay(game, twice) == before
    assert not undoable(game, twice, SPARTA)  # back to the chance events before it


def test_a_die_roll_after_the_step_blocks_undo() -> None:
    game, record, state = start()
    play(game, record, state, SPARTA, "trade Illyria 1 wood")
    assert undoable(game, record, SPARTA)  # the merchant is placed, the die not yet rolled
    settle(game, record, state)  # the market die
    assert record.actions[-1][0] == CHANCE and record.actions[-1][1].verb == "roll"
    assert not undoable(game, record, SPARTA)
    blocker = undo_blocker(record, SPARTA)
    assert blocker is not None and "die was rolled" in blocker
    with pytest.raises(IllegalAction):
        undo(game, record, SPARTA)


def test_another_seats_action_blocks_undo() -> None:
    game, record, state = start()
    play(game, record, state, SPARTA, "pass")
    settle(game, record, state)
    assert game.actors(state) == (ATHENS,)
    assert undoable(game, record, SPARTA)  # Athens has not acted yet: Sparta may still take it back
    play(game, record, state, ATHENS, "pass")
    settle(game, record, state)
    assert not undoable(game, record, SPARTA)
    assert undo_blocker(record, SPARTA) in ("another player has acted since your last step",
                                            "a die was rolled or a hidden card, tile or event was revealed "
                                            "since your last step")


def test_chance_is_never_undone() -> None:
    game, record, _ = start()
    assert record.actions[-1][0] == CHANCE
    assert not undoable(game, record, CHANCE)
    assert undo_blocker(record, CHANCE) == "chance events are never undone"


def test_undo_keeps_the_dice_ahead() -> None:
    """The generator moves only on chance events, so undoing and choosing again meets the same die."""
    game, record, state = start()
    play(game, record, state, SPARTA, "trade Illyria 1 wood")
    first = game.sample_chance(state)
    back = undo(game, record, SPARTA)
    again = replay(game, back)
    game.apply_in_place(again, Action.parse("trade Illyria 1 wood"), SPARTA)
    assert game.sample_chance(again) == first


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_undo_in_both_editions(edition: str) -> None:
    game, record, state = start(edition, 5)
    seat = game.actors(state)[0]
    legal = game.legal_actions(state, seat)
    before = state.copy()
    play(game, record, state, seat, str(legal[0]))
    assert replay(game, undo(game, record, seat)) == before
