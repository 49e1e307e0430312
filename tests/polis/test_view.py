"""Views and determinization: a seat sees only what it may know (R-GEN-17)."""

from __future__ import annotations

import random

import pytest

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_units, turn_position
from kleos.games.polis.state import PolisState
from kleos.games.polis.view import determinize
from step_cap import StepCap


def battle_at_attack(game: PolisGame) -> PolisState:
    """Round 2 (N = 4): 4 galleys each in Kyklades; Athens ends a turn and a sea battle starts."""
    s = turn_position(game, round=1, active="athens")
    set_units(game, s, "Kyklades", athens=4, sparta=4)
    play(game, s, "tribute Attika", "assign wine", "done", "march Ionia", "from Attika", "done")
    cap = StepCap("game.current_seat(s) is not None and s.battle is not None and s.battle.phase != 'attack'")
    while game.current_seat(s) is not None and s.battle is not None and s.battle.phase != "attack" and cap():
        if game.is_chance(s):
            game.step_chance(s)
        else:
            game.apply_in_place(s, Action("fight"))
    return s


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_view_hides_the_other_hand_and_the_generator(edition: str) -> None:
    """R-GEN-17: battle hands are hidden from the opponent; no view holds the generator."""
    game = PolisGame(edition)
    s = battle_at_attack(game)
    assert s.battle is not None and s.battle.phase == "attack"
    for seat in (0, 1):
        view = game.view(s, seat)
        other = 1 - seat
        assert view.state.battle is not None
        assert view.state.battle.hands[seat] == s.battle.hands[seat]
        assert sum(view.state.battle.hands[other]) == 0
        assert view.hidden_hand_sizes[other] == sum(s.battle.hands[other]) == 4
        unseen = [d + h for d, h in zip(s.battle.deck, s.battle.hands[other], strict=True)]
        assert view.state.battle.deck == unseen
        assert view.state.rng.state == 0
    spectator = game.view(s, None)
    assert spectator.state.battle is not None
    assert sum(map(sum, spectator.state.battle.hands)) == 0


def test_views_of_the_same_information_are_equal_whatever_the_hidden_cards() -> None:
    """R-GEN-17: two states that differ only in Sparta's hand give Athens the same view."""
    game = PolisGame("2020")
    s = battle_at_attack(game)
    assert s.battle is not None
    other = s.copy()
    assert other.battle is not None
    hand = other.battle.hands[1]
    give = next(i for i, n in enumerate(hand) if n)
    take = next(i for i, n in enumerate(other.battle.deck) if n and i != give)
    hand[give] -= 1
    hand[take] += 1
    other.battle.deck[give] += 1
    other.battle.deck[take] -= 1
    assert game.view(s, 0).state == game.view(other, 0).state
    assert game.view(s, 1).state != game.view(other, 1).state


def test_determinize_is_consistent_with_the_view() -> None:
    """A determinized state keeps the seat's own hand and deals the hidden one from unseen cards."""
    game = PolisGame("2012")
    s = battle_at_attack(game)
    view = game.view(s, 0)
    for seed in range(5):
        d = determinize(view, random.Random(seed))
        assert d.battle is not None and s.battle is not None
        assert d.battle.hands[0] == s.battle.hands[0]
        assert sum(d.battle.hands[1]) == 4
        total = [a + b + c for a, b, c in zip(d.battle.deck, *d.battle.hands, strict=True)]
        assert total == [a + b + c for a, b, c in zip(s.battle.deck, *s.battle.hands, strict=True)]
        assert game.view(d, 0).state == view.state
        assert game.legal_actions(d) == game.legal_actions(s)


def test_copy_copies_every_field_independently() -> None:
    """PolisState.copy is written out field by field: it must cover every slot and share no list."""
    from kleos.games.polis.state import LIST_FIELDS, STATE_FIELDS

    game = PolisGame("2020")
    s = battle_at_attack(game)
    c = s.copy()
    assert c == s
    assert [n for n in STATE_FIELDS if not hasattr(c, n)] == []  # every slot set on the copy
    for name in LIST_FIELDS:
        assert getattr(c, name) is not getattr(s, name)
    assert c.battle is not s.battle and c.rng is not s.rng
