"""The Polis action catalogue of the research adapters (kleos.games.polis.encoding.catalogue).

Every legal action of random seeded games (200 per edition, plus games started in front of a land
and a sea battle) must map into the edition's catalogue and back; the battle part must list exactly
the card pairs the rules can offer (R-BATTLE-16: the attacker's two cards unordered, R-BATTLE-17:
the defender's ordered).
"""

from __future__ import annotations

import random

import pytest

from kleos.adapters.actions import ActionCatalogue, UnknownAction
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.polis import positions as pos
from kleos.games.polis.encoding.catalogue import SECTIONS, build_catalogue, catalogue_for, prestige_cap
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import battle
from kleos.games.polis.state import BATTLES, BattleState, PolisState

GAMES = {"2012": PolisGame("2012"), "2020": PolisGame("2020")}
EDITIONS = sorted(GAMES)


def play_and_check(game: PolisGame, cat: ActionCatalogue, s: PolisState, rnd: random.Random,
                   seen: set[Action], max_steps: int = 5000) -> None:
    """Play ``s`` to its end with random legal actions, checking every legal action on the way."""
    for _ in range(max_steps):
        actors = game.actors(s)
        if not actors:
            return
        seat = actors[0]
        legal = game.legal_actions(s, seat)
        if seat == CHANCE:
            for a in legal:
                assert cat.decode_chance(cat.encode_chance(a)) == a
            game.step_chance(s)
            continue
        numbers = cat.encode_all(legal)
        assert [cat.decode(n) for n in numbers] == legal
        assert len(set(numbers)) == len(numbers)
        seen.update(legal)
        game.apply_in_place(s, legal[rnd.randrange(len(legal))], seat, validate=False)
    raise AssertionError("a random game did not end")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_legal_action_of_200_random_games_maps_into_the_catalogue(edition: str) -> None:
    game = GAMES[edition]
    cat = catalogue_for(game)
    seen: set[Action] = set()
    for seed in range(200):
        play_and_check(game, cat, game.new_state(seed), random.Random(seed), seen)
    assert len(seen) > 150  # the games do reach far into the catalogue


def battle_start(game: PolisGame, seed: int) -> PolisState:
    """Round 2 (N = 4), Sparta to act, 4 + 4 hoplites in Boiotia and 4 + 4 galleys in Thrakiko
    pelagos: the check at the end of the turn finds two battles (R-BATTLE-1)."""
    s = pos.turn_position(game, round=1, active="sparta", seed=seed)
    pos.set_units(game, s, "Boiotia", 4, 4)
    pos.set_units(game, s, "ThrakikoPelagos", 4, 4)
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_battle_games_map_into_the_catalogue(edition: str) -> None:
    game = GAMES[edition]
    cat = catalogue_for(game)
    seen: set[Action] = set()
    for seed in range(40):
        play_and_check(game, cat, battle_start(game, seed), random.Random(seed), seen)
    verbs = {a.verb for a in seen}
    assert {"battle", "fight", "attack", "defend"} <= verbs


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("sea", [False, True])
def test_battle_card_pairs_are_exactly_those_of_a_full_hand(edition: str, sea: bool) -> None:
    """With the whole deck in hand, the legal ``attack`` (R-BATTLE-16) and ``defend`` (R-BATTLE-17)
    actions are all the pairs the catalogue lists for that deck, and no more."""
    game = GAMES[edition]
    t = game.tables
    cat = catalogue_for(game)
    cards = t.cards(sea)
    codes = {c.code for c in cards}
    s = pos.turn_position(game, round=1)
    s.phase = BATTLES
    b = BattleState(t.region_index["ThrakikoPelagos" if sea else "Boiotia"], sea, 0, [0] * len(cards))
    b.hands = [[c.copies for c in cards], [c.copies for c in cards]]
    s.battle = b
    b.phase = "attack"
    attacks = battle.legal(t, s, 0)
    b.phase, b.played = "defend", (0, 1)
    defends = battle.legal(t, s, 1)

    def listed(verb: str) -> set[Action]:
        return {a for a in cat.actions if a.verb == verb and {str(x) for x in a.args} <= codes}

    assert set(attacks) == listed("attack")
    assert set(defends) == listed("defend")
    assert all(a in cat for a in attacks + defends)


@pytest.mark.parametrize("edition", EDITIONS)
def test_catalogue_is_deterministic_and_round_trips_as_text(edition: str) -> None:
    t = GAMES[edition].tables
    first, second = build_catalogue(t), build_catalogue(t)
    assert first.actions == second.actions and first.chance == second.chance
    assert catalogue_for(GAMES[edition]) is catalogue_for(GAMES[edition])
    assert len(set(first.actions)) == len(first.actions)
    assert len(set(first.chance)) == len(first.chance)
    covered = [i for name in SECTIONS for i in first.sections[name]]
    assert covered == list(range(len(first)))
    for i, action in enumerate(first.actions):
        assert Action.parse(str(action)) == action
        assert first.encode(action) == i
    for i, outcome in enumerate(first.chance):
        assert Action.parse(str(outcome)) == outcome
        assert first.encode_chance(outcome) == i
    assert not set(first.actions) & set(first.chance)


def test_editions_have_their_own_catalogues() -> None:
    """[2012] Phoros gives up any amount of prestige (R-EOR-26), [2020] 1 or 2 (R-EOR-25), and only
    [2020] removes a new project after a round (R-PREP-7)."""
    c12, c20 = catalogue_for(GAMES["2012"]), catalogue_for(GAMES["2020"])
    assert Action("phoros", (prestige_cap(GAMES["2012"].tables),)) in c12
    assert Action("phoros", (3,)) not in c20 and Action("phoros", (2,)) in c20
    assert not any(a.verb == "discard" for a in c12.actions)
    assert any(a.verb == "discard" for a in c20.actions)
    assert Action("suppress", (1,)) in c12 and Action("suppress", (1,)) not in c20  # Pacifism is [2012] only


def test_unknown_actions_raise_a_clear_error() -> None:
    cat = catalogue_for(GAMES["2020"])
    with pytest.raises(UnknownAction, match="'fly Olympus' is not in the 2020 action catalogue"):
        cat.encode(Action("fly", ("Olympus",)))
    with pytest.raises(UnknownAction, match="outside"):
        cat.decode(len(cat))
    with pytest.raises(UnknownAction, match="outside"):
        cat.decode(-1)
    with pytest.raises(UnknownAction, match="not a chance outcome"):
        cat.encode_chance(Action("pass"))
    with pytest.raises(UnknownAction):
        cat.encode_all([Action("pass"), Action("pay", ("gold",))])
    assert isinstance(UnknownAction("x"), ValueError)
