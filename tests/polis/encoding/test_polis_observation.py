"""The Polis observation vector of the research adapters (kleos.games.polis.encoding.observation).

It is built from one seat's view only (R-GEN-17): positions that differ only in what the seat
cannot see (the opponent's battle hand, the generator) give the same vector and the same view key.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from kleos.core.protocol import CHANCE
from kleos.games.polis import positions as pos
from kleos.games.polis.encoding.observation import encoder_for, layout_markdown, view_key
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from step_cap import StepCap

GAMES = {"2012": PolisGame("2012"), "2020": PolisGame("2020")}
EDITIONS = sorted(GAMES)
DOC = Path(__file__).resolve().parents[3] / "docs" / "adapters.md"


def random_positions(game: PolisGame, seeds: range, start: PolisState | None = None) -> list[PolisState]:
    """Every decision position of random games (copies)."""
    out = []
    for seed in seeds:
        s = start.copy() if start is not None else game.new_state(seed)
        s.rng = game.new_state(seed).rng
        rnd = random.Random(seed)
        cap = StepCap("game.actors(s)")
        while game.actors(s) and cap():
            seat = game.actors(s)[0]
            if seat == CHANCE:
                game.step_chance(s)
                continue
            out.append(s.copy())
            legal = game.legal_actions(s, seat)
            game.apply_in_place(s, legal[rnd.randrange(len(legal))], seat, validate=False)
        out.append(s.copy())
    return out


def battle_positions(game: PolisGame, seeds: range) -> list[PolisState]:
    s = pos.turn_position(game, round=1, active="sparta")
    pos.set_units(game, s, "Boiotia", 4, 4)
    pos.set_units(game, s, "ThrakikoPelagos", 4, 4)
    return [p for p in random_positions(game, seeds, s) if p.battle is not None]


@pytest.mark.parametrize("edition", EDITIONS)
def test_vectors_have_the_layout_size_and_stay_in_bounds(edition: str) -> None:
    game = GAMES[edition]
    enc = encoder_for(game)
    assert enc.size == sum(b.size for b in enc.blocks) == len(enc.high)
    assert list(enc.offsets) == [b.name for b in enc.blocks]
    states = random_positions(game, range(20)) + battle_positions(game, range(10))
    assert any(s.battle is not None for s in states)
    for s in states:
        for seat in (0, 1, None):
            vec = enc.encode(game.view(s, seat))
            assert vec.dtype == np.float32 and vec.shape == (enc.size,)
            assert (vec >= 0).all() and (vec <= enc.high).all()


@pytest.mark.parametrize("edition", EDITIONS)
def test_blocks_show_the_position(edition: str) -> None:
    game = GAMES[edition]
    enc = encoder_for(game)
    for s in random_positions(game, range(3)):
        seat = game.actors(s)[0] if game.actors(s) else 0
        blocks = enc.split(enc.encode(game.view(s, seat)))
        assert list(blocks["seat"]) == [1 - seat, seat]
        assert list(blocks["units"]) == s.units
        assert list(blocks["prestige"]) == [min(p, 99) for p in s.prestige]
        assert list(blocks["round"]).index(1) == s.round
        assert blocks["phase"].sum() == 1
        assert blocks["outcome"].sum() == (1 if s.outcome is not None else 0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_opponents_hand_never_reaches_the_vector(edition: str) -> None:
    """R-GEN-17: each hand is seen only by its owner. Redealing what a seat cannot see
    (``determinize``) changes neither its vector nor its view key; its own hand is shown."""
    game = GAMES[edition]
    enc = encoder_for(game)
    states = [s for s in battle_positions(game, range(15))
              if s.battle is not None and sum(s.battle.hands[0]) > 0 and sum(s.battle.hands[1]) > 0]
    assert states
    for s in states[:40]:
        assert s.battle is not None
        for seat in (0, 1):
            view = game.view(s, seat)
            vec, key = enc.encode(view), view_key(view)
            blocks = enc.split(vec)
            n = enc.n_cards
            own = list(blocks["battle_hands"][seat * n: seat * n + len(s.battle.hands[seat])])
            assert own == s.battle.hands[seat]
            assert not blocks["battle_hands"][(1 - seat) * n: (2 - seat) * n].any()
            assert blocks["hidden_hand_sizes"][1 - seat] == sum(s.battle.hands[1 - seat])
            for k in range(3):
                other = game.determinize(view, random.Random(k))
                other_view = game.view(other, seat)
                assert np.array_equal(enc.encode(other_view), vec)
                assert view_key(other_view) == key


def test_view_keys_tell_positions_apart() -> None:
    game = GAMES["2020"]
    states = random_positions(game, range(2))
    keys = [view_key(game.view(s, 0)) for s in states]
    assert len(set(keys)) == len(keys)
    assert view_key(game.view(states[0], 0)) != view_key(game.view(states[0], 1))


@pytest.mark.parametrize("edition", EDITIONS)
def test_docs_show_the_layout_of_each_edition(edition: str) -> None:
    """docs/adapters.md carries the generated layout table of each edition, unchanged."""
    assert layout_markdown(encoder_for(GAMES[edition])) in DOC.read_text(encoding="utf-8")


def test_values_beyond_a_byte_are_clipped_at_the_block_bound() -> None:
    """[2012] prestige and goods have no maximum: the vector stops at the documented bound."""
    game = GAMES["2012"]
    enc = encoder_for(game)
    s = random_positions(game, range(1))[3]
    s.prestige[0] = 300
    s.goods[1] = 1000
    blocks = enc.split(enc.encode(game.view(s, 0)))
    assert list(blocks["prestige"]) == [99, min(s.prestige[1], 99)]
    assert blocks["goods"][1] == 99
    s.prestige[0] = 7
    assert enc.split(enc.encode(game.view(s, 0)))["prestige"][0] == 7
