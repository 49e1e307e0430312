"""The Pericles research encoding: the action catalogue numbers every legal action and chance outcome
of seeded random games of both scenarios, in an order fixed by the options; the observation vector
reads only a faction's view (P-INFO), so redrawing what the view hides leaves it unchanged."""

from __future__ import annotations

import random

import numpy as np
import pytest
from per_secrets import redrawn

from kleos.adapters.actions import UnknownAction
from kleos.core.action import Action
from kleos.games.pericles.encoding.catalogue import SECTIONS, build_catalogue, catalogue_for
from kleos.games.pericles.encoding.observation import encoder_for, view_key
from kleos.games.pericles.encoding.parts import encoding_parts
from kleos.games.pericles.game import PericlesGame
from step_cap import StepCap

SCENARIOS = ["14_1_09a", "14_2"]
def test_catalogue_is_fixed_by_the_options_and_lists_each_action_once() -> None:
    game = PericlesGame({"scenario": "14_2"})
    cat = catalogue_for(game)
    again = build_catalogue(PericlesGame({"scenario": "14_2"}).tables)
    assert cat.actions == again.actions and cat.chance == again.chance
    assert len(set(cat.actions)) == len(cat.actions) and len(set(cat.chance)) == len(cat.chance)
    assert tuple(cat.sections) == SECTIONS
    assert sum(len(r) for r in cat.sections.values()) == len(cat)
    assert catalogue_for(game) is cat  # built once per game's tables
    with pytest.raises(UnknownAction):
        cat.encode(Action("place", ("AF", "MIL", "Atlantis")))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_legal_action_and_chance_outcome_has_an_index(scenario: str) -> None:
    """Seeded random games to their end: nothing legal is missing from the catalogue."""
    game = PericlesGame({"scenario": scenario})
    cat = catalogue_for(game)
    games = 12 if scenario == "14_1_09a" else 4
    decisions = 0
    for seed in range(games):
        state, rng = game.new_state(seed), random.Random(seed)
        cap = StepCap("game.actors(state)")
        while game.actors(state) and cap():
            if game.is_chance(state):
                for outcome, _ in game.chance_outcomes(state):
                    cat.encode_chance(outcome)
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            missing = [a for a in legal if a not in cat]
            assert not missing, f"seed {seed}: {missing[:5]}"
            decisions += 1
            game.apply_in_place(state, legal[rng.randrange(len(legal))], seat, validate=False)
    assert decisions > 300


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_observation_stays_within_its_bounds_and_hides_what_the_view_hides(scenario: str) -> None:
    """P-INFO-2..7: a state with everything a faction's view hides redrawn (other hands, stocks,
    markers, secret commitments) gives that faction the same vector and the same key."""
    game = PericlesGame({"scenario": scenario})
    enc = encoder_for(game)
    spec = encoding_parts().observation(game)
    assert spec.shape == (enc.size,) and spec.size == enc.size
    state, rng = game.new_state(5), random.Random(5)
    checked = 0
    for step in range(600):
        if not game.actors(state):
            break
        if step % 7 == 0:
            for seat in range(4):
                view = game.view(state, seat)
                vec = enc.encode(view)
                assert vec.shape == (enc.size,) and vec.min() >= 0 and np.all(vec <= enc.high)
                other = redrawn(state, seat, random.Random(step * 4 + seat))
                assert np.array_equal(enc.encode(game.view(other, seat)), vec)
                assert view_key(game.view(other, seat)) == view_key(view)
                checked += 1
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_in_place(state, legal[rng.randrange(len(legal))], seat, validate=False)
    assert checked > 20


def test_observation_differs_between_factions_and_names_the_viewer() -> None:
    game = PericlesGame({"scenario": "14_2"})
    enc = encoder_for(game)
    state = game.new_state(2)
    cap = StepCap("game.is_chance(state) or state.step != 'play'")
    while (game.is_chance(state) or state.step != "play") and cap():
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        game.apply_in_place(state, game.legal_actions(state, seat)[0], seat)
    vectors = [enc.encode(game.view(state, seat)) for seat in range(4)]
    seat_block = enc.offsets["seat"]
    for seat, vec in enumerate(vectors):
        assert list(vec[seat_block]) == [1.0 if k == seat else 0.0 for k in range(4)]
        assert vec[enc.offsets["stock_hidden"]].sum() == 3  # the three other stocks (P-INFO-3)
    assert not np.array_equal(vectors[0][enc.offsets["card_loc"]], vectors[1][enc.offsets["card_loc"]])
