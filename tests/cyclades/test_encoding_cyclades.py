"""The Cyclades research encoding (kleos.games.cyclades.encoding): catalogue and observation vector.

The catalogue numbers every action of a game with 2 to 5 players and reads back; seeded random games
check that every legal action and chance outcome has a number (the one known gap, offerings above
OFFER_CAP, is counted, and must not occur in them). The observation has one shape per game, stays
within its bounds and is built from the seat's view only: redrawing what the view hides (the other
seats' gold, C-INFO-1) never changes it.
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from cyc_helpers import at_offers, game

from kleos.adapters.actions import UnknownAction
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.cyclades.encoding.catalogue import (
    OFFER_CAP,
    SECTIONS,
    catalogue_for,
    coverage,
    max_units,
    offer_bound,
    uncatalogued,
)
from kleos.games.cyclades.encoding.observation import encoder_for, layout_markdown, view_key
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import income, metropolises
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.view import HIDDEN
from step_cap import StepCap

PLAYERS = [2, 3, 4, 5]
ROOT = Path(__file__).resolve().parents[2]


def random_positions(g: CycladesGame, seed: int, every: int = 1) -> list[CycladesState]:
    """Copies of the decision positions of one seeded random game (every ``every``-th one)."""
    s, rnd, found, n = g.new_state(seed), random.Random(seed), [], 0
    cap = StepCap("g.actors(s)")
    while g.actors(s) and cap():
        if g.is_chance(s):
            g.step_chance(s)
            continue
        if n % every == 0:
            found.append(s.copy())
        n += 1
        legal = g.legal_actions(s)
        g.apply_in_place(s, legal[rnd.randrange(len(legal))])
    return found


# ----- catalogue ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_catalogue_numbers_and_texts_read_back(players: int) -> None:
    g = game(players)
    cat = catalogue_for(g)
    assert cat is catalogue_for(game(players))  # cached per tables: the same options, the same numbers
    assert cat.name == f"cyclades-{players}p"
    for number, action in enumerate(cat.actions):
        assert cat.encode(action) == number and cat.decode(number) == action
        assert Action.parse(str(action)) == action
    for number, outcome in enumerate(cat.chance):
        assert cat.encode_chance(outcome) == number and cat.decode_chance(number) == outcome
        assert Action.parse(str(outcome)) == outcome
    ranges = [cat.sections[name] for name in SECTIONS]
    assert ranges[0].start == 0 and ranges[-1].stop == len(cat)
    assert all(a.stop == b.start for a, b in pairwise(ranges))
    with pytest.raises(UnknownAction, match=f"cyclades-{players}p"):
        cat.decode(len(cat))


@pytest.mark.parametrize("players", PLAYERS)
def test_offerings_are_listed_up_to_the_cap_and_no_further(players: int) -> None:
    """C-OFFER-2: from the minimum offering to OFFER_CAP for each main god; above it, UnknownAction."""
    g = game(players)
    cat = catalogue_for(g)
    offers = [a for a in cat.actions if a.verb == "offer"]
    assert len(offers) == 4 * (OFFER_CAP - g.tables.offering_min + 1)
    assert Action("offer", ("zeus", OFFER_CAP)) in cat and Action("apollo") in cat
    above = Action("offer", ("zeus", OFFER_CAP + 1))
    assert above not in cat and uncatalogued(cat, [above, Action("apollo")]) == [above]
    with pytest.raises(UnknownAction, match=f"offer zeus {OFFER_CAP + 1}"):
        cat.encode(above)


def test_an_offer_above_the_cap_is_legal_when_gold_allows_it_and_has_no_number() -> None:
    """C-OFFER-11: a seat with more gold than OFFER_CAP may offer more; the catalogue says so loudly."""
    g, s = at_offers(3)
    seat = g.actors(s)[0]
    s.gold[seat] = OFFER_CAP + 10
    legal = g.legal_actions(s, seat)
    missing = uncatalogued(catalogue_for(g), legal)
    assert missing and all(a.verb == "offer" and int(a.args[1]) > OFFER_CAP for a in missing)
    assert Action("offer", (str(missing[0].args[0]), OFFER_CAP + 10)) in legal


@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_action_of_seeded_random_games_has_a_number(players: int) -> None:
    """Every legal action and chance outcome of 25 seeded random games to the end is in the catalogue,
    and no legal offering went above the cap (the count of those without a number is 0)."""
    found = coverage(game(players), games=25, seed=100 * players)
    assert found.games == 25 and found.decisions > 25 * 100
    assert found.missing == 0, f"{found.missing} legal actions had no number, first {found.first_missing}"
    assert 0 < found.max_offer <= OFFER_CAP


@pytest.mark.parametrize(("players", "bank", "supply"), [(2, "98", "seed"), (3, "100", "en"), (5, "100", "seed")])
def test_with_a_bank_every_offering_has_a_number(players: int, bank: str, supply: str) -> None:
    """C-COMP-3, C-OFFER-11/13: with a bank no seat holds more than its gold, so no bid passes the bank
    plus the Priest supply, below the cap: the catalogue is complete. Random games check the bound
    itself (the largest legal offer stays within it); without a bank, or with unlimited Priests,
    there is none."""
    g = game(players, gold_supply=bank, priest_philosopher_supply=supply)
    bound = offer_bound(g.tables)
    assert bound == int(bank) + g.tables.priests and bound <= OFFER_CAP
    found = coverage(g, games=10, seed=7)
    assert found.missing == 0 and found.max_offer <= bound
    assert offer_bound(game(players).tables) is None
    assert offer_bound(game(players, gold_supply=bank, priest_philosopher_supply="unlimited").tables) is None


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_many_random_games_never_offer_above_the_cap(players: int) -> None:
    found = coverage(game(players), games=500, seed=10_000)
    assert found.missing == 0, f"{found.missing} legal actions had no number, first {found.first_missing}"


@pytest.mark.parametrize("players", PLAYERS)
def test_unit_counts_never_exceed_the_pieces_of_one_kind(players: int) -> None:
    """C-COMP-12/13: counts in actions stop at troops_max / fleets_max, so the catalogue's range holds.
    The check can fail: it looks at every count the rules offered in seeded random games."""
    g = game(players)
    top = 0
    for seed in range(3):
        for s in random_positions(g, seed, every=3):
            for a in g.legal_actions(s):
                if a.verb in ("march", "sail", "target"):
                    top = max([top, *(x for x in a.args if isinstance(x, int))])
    assert 1 < top <= max_units(g.tables)


def test_the_kit_hands_the_catalogue_and_observation_to_the_adapters() -> None:
    parts = registry.kit("cyclades").encoding_parts()
    assert parts is not None
    g = game(4)
    assert parts.catalogue(g) is catalogue_for(g)
    spec = parts.observation(g)
    assert spec.shape == (encoder_for(g).size,) and spec.key is view_key


# ----- observation ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_observations_have_one_shape_and_stay_within_bounds(players: int) -> None:
    g = game(players)
    enc = encoder_for(g)
    assert enc.shape == (sum(b.size for b in enc.blocks),) and enc.high.shape == enc.shape
    seen_battle = seen_effect = False
    for seed in range(3):
        for s in random_positions(g, seed):
            for seat in (*range(players), None):
                vec = enc.encode(g.view(s, seat))
                assert vec.shape == enc.shape and vec.dtype == np.float32
                assert (vec >= 0).all() and (vec <= enc.high).all()
            parts = enc.split(enc.encode(g.view(s, 0)))
            assert list(parts["income"]) == [min(income(g.tables, s, k), 99) for k in range(players)]
            assert list(parts["metropolises"]) == [metropolises(s, k) for k in range(players)]
            seen_battle |= bool(parts["battle_stage"].any())
            seen_effect |= bool(parts["effect_card"].any())
            assert parts["to_act"][g.actors(s)[0]] == 1
    assert seen_battle and seen_effect


def _others_redrawn(s: CycladesState, seat: int | None, rnd: random.Random) -> CycladesState:
    other = s.copy()
    other.gold = [g if k == seat else rnd.randint(0, 60) for k, g in enumerate(s.gold)]
    return other


@pytest.mark.parametrize("players", PLAYERS)
def test_redrawing_what_the_view_hides_changes_no_observation(players: int) -> None:
    """C-INFO-1: the other seats' gold is secret. Redrawn at random, or by ``determinize`` from the view,
    it changes neither the vector nor the key; the seat's own gold does change them (the check can fail)."""
    g = game(players)
    enc = encoder_for(g)
    rnd = random.Random(players)
    for s in random_positions(g, players, every=5):
        for seat in (*range(players), None):
            view = g.view(s, seat)
            vec, key = enc.encode(view), view_key(view)
            for other in (_others_redrawn(s, seat, rnd), g.determinize(view, rnd)):
                again = g.view(other, seat)
                assert np.array_equal(enc.encode(again), vec) and view_key(again) == key
            if seat is not None and s.gold[seat] < 200:
                richer = s.copy()
                richer.gold[seat] += 1
                mine = g.view(richer, seat)
                assert not np.array_equal(enc.encode(mine), vec) and view_key(mine) != key


def test_the_vector_shows_own_gold_and_hides_the_others() -> None:
    g, s = at_offers(3)
    s.gold = [7, 11, 13]
    enc = encoder_for(g)
    parts = enc.split(enc.encode(g.view(s, 1)))
    assert list(parts["gold"]) == [0, 11, 0] and list(parts["gold_hidden"]) == [1, 0, 1]
    assert list(parts["seat"]) == [0, 1, 0]
    spectator = enc.split(enc.encode(g.view(s, None)))
    assert not spectator["gold"].any() and spectator["gold_hidden"].all() and not spectator["seat"].any()
    assert g.view(s, 1).state.gold == [HIDDEN, 11, HIDDEN]


def test_counts_beyond_a_byte_are_clipped_at_their_bound() -> None:
    g, s = at_offers(2)
    seat = g.actors(s)[0]
    s.gold[seat] = 1000
    enc = encoder_for(g)
    vec = enc.encode(g.view(s, seat))
    assert enc.split(vec)["gold"][seat] == OFFER_CAP and (vec <= enc.high).all()


def test_the_board_blocks_follow_the_view() -> None:
    g, s = at_offers(2)
    enc = encoder_for(g)
    t = g.tables
    parts = enc.split(enc.encode(g.view(s, 0)))
    owners = parts["island_owner"].reshape(t.n_islands, t.players + 1)
    for island, owner in enumerate(s.owner):
        assert owners[island, owner if owner >= 0 else t.players] == 1
    assert list(parts["island_troops"]) == s.troops
    assert list(parts["sea_fleets"]) == s.fleets
    gods_at = parts["god_at"].reshape(4, 4)
    assert [int(row.argmax()) for row in gods_at] == s.gods


@pytest.mark.parametrize("players", [2, 5])
def test_view_keys_are_equal_exactly_for_equal_views(players: int) -> None:
    g = game(players)
    keys: dict[str, str] = {}
    texts: dict[str, str] = {}
    for s in random_positions(g, 7, every=4):
        view = g.view(s, 0)
        text, key = str(g.state_to_json(view.state)), view_key(view)
        assert keys.setdefault(key, text) == text and texts.setdefault(text, key) == key
    assert len(keys) > 20


def size_row(players: int) -> str:
    """The row of the docs' size table for a player count."""
    g = game(players)
    cat, enc = catalogue_for(g), encoder_for(g)
    sections = " | ".join(str(len(cat.sections[name])) for name in SECTIONS)
    return f"| {players} | {len(cat)} | {sections} | {len(cat.chance)} | {enc.size} |"


def test_the_docs_show_the_sizes_and_the_five_player_layout() -> None:
    text = (ROOT / "docs" / "cyclades.md").read_text(encoding="utf-8")
    for players in PLAYERS:
        assert size_row(players) in text
    assert layout_markdown(encoder_for(game(5))) in text
    assert f"`OFFER_CAP` = {OFFER_CAP}" in text
