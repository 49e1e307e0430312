"""The test game obeys the protocol (simultaneous secret choices, hidden hands, chance), so the
surfaces' tests that use it test the surfaces, not a broken game."""

from __future__ import annotations

import pytest

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.testing import Checks, random_playout
from step_cap import StepCap
from toygame.game import BidsGame, BidsState, BidsView
from toygame.kit import KIT


def hands_redrawn(state: BidsState, seat: int | None) -> list[BidsState]:
    """The same position with the other seats' hands swapped for unseen cards."""
    other = state.copy()
    for s in range(other.players):
        if s != seat and other.hands[s] and other.deck:
            other.hands[s][0], other.deck[0] = other.deck[0], other.hands[s][0]
    return [other]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_playouts_keep_every_protocol_promise(players: int) -> None:
    game = BidsGame(players)
    checks: Checks[BidsState, BidsView] = Checks(every=1, secrets=hands_redrawn)
    for seed in range(12):
        playout = random_playout(game, seed, checks)
        assert playout.finished


def test_several_seats_act_at_once_and_each_choice_stays_secret() -> None:
    game = BidsGame(3)
    state = game.new_state(4)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    assert game.actors(state) == (0, 1, 2)
    card = game.legal_actions(state, 1)[0]
    game.apply_in_place(state, card, 1)
    assert game.actors(state) == (0, 2)
    for seat in (0, 2):
        view = game.view(state, seat)
        assert view.state.played[1] is None and view.has_played[1]
        assert view.state.hands[1] == []
        assert card.args[0] in view.state.deck  # counted among the cards this seat has not seen
    assert game.view(state, 1).state.played[1] == card.args[0]
    with pytest.raises(IllegalAction):
        game.apply_in_place(state, card, 1)  # seat 1 has played: it is not to act


def test_the_log_shows_a_secret_bid_and_a_private_deal_only_to_their_seat() -> None:
    game = BidsGame(3)
    state = game.new_state(1)
    deal = game.sample_chance(state)
    after = game.apply(state, deal, CHANCE)
    assert KIT.log_visibility(game, state, CHANCE, deal, after) == frozenset({0})
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    bid = game.legal_actions(state, 2)[0]
    assert KIT.log_visibility(game, state, 2, bid, game.apply(state, bid, 2)) == frozenset({2})
    prize = Action("prize", (2,))
    assert KIT.log_visibility(game, state, CHANCE, prize, state) is None


def test_highest_single_bid_takes_the_prize_and_a_tie_takes_nothing() -> None:
    game = BidsGame(3)
    state = game.new_state(0)
    state.hands = [[5, 9], [9, 2], [1, 3]]
    state.deck = [c for c in range(1, 13) if c not in (5, 9, 2, 1, 3)]
    state.prize = 2
    for seat, card in ((0, 9), (1, 9), (2, 3)):
        game.apply_in_place(state, Action("play", (card,)), seat)
    assert state.scores == [0, 0, 0] and state.last == [9, 9, 3]
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    for seat in range(3):
        game.apply_in_place(state, game.legal_actions(state, seat)[-1], seat)
    assert sum(state.scores) == 2 or state.last.count(max(state.last)) > 1


def test_a_kit_finds_its_parts_in_its_own_package_without_naming_it() -> None:
    """A kit that names no ``parts_package`` looks for its parts beside the module that defines it
    (the checklist's step 5 asks nothing more); a kit derived from another keeps its parent's."""
    from kleos.games.cyclades.kit import CycladesKit

    class Derived(CycladesKit):
        pass

    assert KIT.parts_package == "toygame"
    assert CycladesKit.parts_package == "kleos.games.cyclades"
    assert Derived.parts_package == "kleos.games.cyclades"
    assert KIT.cli_parts() is None and KIT.agent_parts() is None  # the toy has neither module
