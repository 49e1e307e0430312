"""Edge cases of the event cards (rules/events.py): the cards' params checked at load, a Sparta reader's
choice card, the words of a refused answer, the supply and the stacking limit at their edges, the order
units come back in, and cards a user's data may hold ([2020] Pacifism, a one-sided Philopersians).

The packaged cards give every effect the same numbers its text does, so a param that was not read
would go unseen with them; the cards here are written into a data folder (``data_dir``) instead.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from rules_helpers import GAMES, assert_illegal, at_event, legal, units

from kleos.core.action import Action
from kleos.core.errors import DataError
from kleos.games.polis.board import owned_poleis
from kleos.games.polis.datamodel import EFFECT_PARAMS, GRANT, Event
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.rules import events
from kleos.games.polis.state import EVENT, TURN, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, Tables

Params = dict[str, int | str | list[str]]
GRANT_NAMES = "a grant is named <side>_<good|prestige|units|lose_units|lose_pop>"


def card(effect: str, **params: int | str | list[str]) -> dict[str, object]:
    return {"id": "Test", "title": "A test card", "text": "As its params say.", "effect": effect, "params": params}


def with_cards(folder: Path, edition: str, *cards: dict[str, object]) -> PolisGame:
    """The edition whose every round's deck holds just ``cards``."""
    decks = [{"round": name, "cards": list(cards)} for name in GAMES[edition].tables.round_names]
    (folder / "events.json").write_text(json.dumps({"decks": decks}), encoding="utf-8")
    return PolisGame(edition, data_dir=folder)


def refused(folder: Path, edition: str, effect: str, **params: int | str | list[str]) -> DataError:
    with pytest.raises(DataError) as err:
        with_cards(folder, edition, card(effect, **params))
    return err.value


# ----- the cards' params, checked at load ---------------------------------------------------------
def test_every_effect_has_its_params_declared() -> None:
    """The data format names the params of exactly the effects the rules implement."""
    assert {*EFFECT_PARAMS, GRANT} == set(events.EFFECTS)


@pytest.mark.parametrize(("effect", "params", "field", "message"), [
    ("shipwreck", {}, "effect", "unknown effect 'shipwreck'"),
    ("betrayal", {}, "params", "effect 'betrayal' needs 'population'"),
    ("betrayal", {"population": 1, "pop": 1}, "params", "unknown parameter of effect 'betrayal': 'pop'"),
    ("betrayal", {"population": -1}, "params.population", "must be a whole number of 0 or more"),
    ("battle_size", {"size": "seven"}, "params.size", "must be a whole number of 0 or more"),
    ("tribute_cap", {"territory": "Atlantis", "hoplites": 3}, "params.territory", "unknown territory 'Atlantis'"),
    ("tribute_cap", {"territory": ["Sikelia"], "hoplites": 3}, "params.territory", "must be a name"),
    ("close_market", {"market": "Kyklades"}, "params.market", "unknown market 'Kyklades'"),
    ("free_trade", {"markets": "Persia", "prestige": 1}, "params.markets", "must be a list of names"),
    ("free_trade", {"markets": [], "prestige": 1}, "params.markets", "must be a list of names"),
    ("start_player", {"side": "persia"}, "params.side", "unknown side 'persia'"),
    ("long_walls", {"side": "athens", "territory": "Attika", "polis": "Atlantis"}, "params.polis",
     "unknown polis 'Atlantis'"),
    ("send_units", {"unit": "trireme", "sides": ["athens"], "minimum": 0, "penalty": 0, "prestige": 0,
                    "returns": "all"}, "params.unit", "unknown unit 'trireme'"),
    ("send_units", {"unit": "galley", "sides": ["athens"], "minimum": 0, "penalty": 0, "prestige": 0,
                    "returns": "some"}, "params.returns", "unknown returns 'some'"),
    ("grant", {"athens_gold": 2}, "params.athens_gold", GRANT_NAMES),
    ("grant", {"thebes_wood": 2}, "params.thebes_wood", GRANT_NAMES),
    ("grant", {"athens_wood": -2}, "params.athens_wood", "must be a whole number of 0 or more"),
    ("grant", {"sparta_prestige": "two"}, "params.sparta_prestige", "must be a whole number"),
    ("grant", {"athens_units": ["Atlantis"]}, "params.athens_units", "unknown region 'Atlantis'"),
    ("grant", {"athens_lose_pop": ["Attika"]}, "params.athens_lose_pop", "unknown polis 'Attika'"),
])
def test_a_card_with_wrong_params_is_refused_at_load(tmp_path: Path, effect: str, params: Params, field: str,
                                                    message: str) -> None:
    """A user's card is checked against its effect's params when the data is read, naming the card's
    place in the file and what is wrong, instead of failing (or guessing) when the card comes up."""
    err = refused(tmp_path, "2012", effect, **params)
    assert (err.field, err.message) == (f"decks[0].cards[0].{field}", message)
    assert err.file.endswith("events.json")


def test_params_a_card_may_leave_out_or_give_by_edition(tmp_path: Path) -> None:
    """Philopersians may name the side it concerns or not; a grant may take prestige (a forced loss);
    oil is a good of [2012] only, so a [2020] grant of oil is refused."""
    both: Params = {"prestige": 1}
    for i, params in enumerate((both, {**both, "side": "sparta"})):
        (tmp_path / str(i)).mkdir()
        with_cards(tmp_path / str(i), "2012", card("remove_unit", **params))
    (tmp_path / "grant").mkdir()
    with_cards(tmp_path / "grant", "2012", card("grant", sparta_prestige=-2, athens_oil=1, athens_units=["Kyklades"]))
    err = refused(tmp_path, "2020", "grant", athens_oil=1)
    assert err.message == GRANT_NAMES


# ----- registering effects, choices and turn-end checks ---------------------------------------------
def test_registering_an_effect_a_choice_and_a_turn_end_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decorators put each function in its table under its name, and a turn-end check chosen by a
    card runs at the end of every turn (R-EVENT-7) with the side whose turn ended."""
    monkeypatch.setattr(events, "EFFECTS", {})
    monkeypatch.setattr(events, "CHOICES", {})
    monkeypatch.setattr(events, "TURN_END_HOOKS", [])
    seen: list[int] = []

    def effect(t: Tables, s: PolisState, c: Event, side: int) -> None:
        """Does nothing."""

    def answers(t: Tables, s: PolisState, side: int) -> list[Action]:
        return []

    def answer(t: Tables, s: PolisState, side: int, action: Action) -> None:
        """Does nothing."""

    def first(t: Tables, s: PolisState, side: int) -> None:
        seen.append(-1)

    def check(t: Tables, s: PolisState, side: int) -> None:
        seen.append(side)

    assert events.effect("quiet")(effect) is effect and {"quiet": effect} == events.EFFECTS
    assert events.choice("nothing", answers)(answer) is answer and {"nothing": (answers, answer)} == events.CHOICES
    assert events.turn_end_hook(first) is first and events.turn_end_hook(check) is check
    assert [first, check] == events.TURN_END_HOOKS
    game, s = GAMES["2012"], at_event(GAMES["2012"])
    events.on_turn_end(game.tables, s, SPARTA)
    assert seen == []
    events.use_hook(s, check)
    assert s.flag(events.HOOK) == 2
    events.on_turn_end(game.tables, s, SPARTA)
    assert seen == [SPARTA]


# ----- who answers, and in which words ----------------------------------------------------------------
def test_sparta_reads_a_choice_card_and_answers_first() -> None:
    """R-ROUND-7, R-ROUND-8: Sparta, with more prestige, reads Treasury Transfer and answers first; then
    Athens answers, and only then the turns begin. R-EVENT-1: an answer not offered is refused, and
    the refusal lists the answers."""
    game = GAMES["2020"]
    s = at_event(game, round=1)
    set_prestige(s, "athens", 2)
    set_prestige(s, "sparta", 4)
    play(game, s, "event TreasuryTransfer")
    assert s.flag(events.READER) == SPARTA and game.actors(s) == (SPARTA,)
    assert legal(game, s) == ["give 1", "give 2", "give 3", "give 4"]
    play(game, s, "give 1")
    assert s.phase == EVENT and game.actors(s) == (ATHENS,)
    refusal = assert_illegal(game, s, "give 3", "R-EVENT-1")
    assert refusal.message == "answer the event first: give 1, give 2"
    play(game, s, "give 2")
    assert s.phase == TURN and s.prestige == [0, 3]


def test_units_come_back_capital_first_then_where_there_is_room() -> None:
    """R-EVENT-8, R-EVENT-5: a hoplite sent to Persia comes back to the capital's territory first (not to
    Messinia, Pylos' territory); with the capital's territory full, to the next territory of one of the
    side's poleis."""
    game = GAMES["2012"]
    for full, back_to in ((False, "Lakedaemon"), (True, "Messinia")):
        s = at_event(game, round=1)
        play(game, s, "event MurderOfThePersianKing")
        assert legal(game, s) == ["done", "send Attika", "send Ionia"]  # 'done' first: none need be sent
        play(game, s, "done", "send Lakedaemon", "done")
        assert s.flag("away:sparta") == 1 and units(game, s, "Lakedaemon", SPARTA) == 2
        set_units(game, s, "Lakedaemon", sparta=4 if full else 2)
        play(game, s, "pass", "pass")
        assert units(game, s, "Lakedaemon", SPARTA) == (4 if full else 3)
        assert units(game, s, "Messinia", SPARTA) == (1 if full else 0), back_to


def test_units_come_back_to_the_capital_listed_last(tmp_path: Path) -> None:
    """R-EVENT-8: capital first holds in a user's data that lists Sparti after Sparta's other poleis (the
    packaged files list both capitals first): the hoplite comes back to Lakedaemon, not to Messinia."""
    packaged = resources.files("kleos.games.polis") / "data" / "2012" / "poleis.json"
    data = json.loads(packaged.read_text(encoding="utf-8"))
    data["poleis"].sort(key=lambda polis: polis["id"] == "Sparti")
    (tmp_path / "poleis.json").write_text(json.dumps(data), encoding="utf-8")
    game = PolisGame("2012", data_dir=tmp_path)
    assert game.tables.polis_ids[-1] == "Sparti"
    s = at_event(game, round=1)
    play(game, s, "event MurderOfThePersianKing", "done", "send Lakedaemon", "done", "pass", "pass")
    assert (units(game, s, "Lakedaemon", SPARTA), units(game, s, "Messinia", SPARTA)) == (3, 0)


# ----- the supply at its edge -------------------------------------------------------------------------
def test_the_last_cube_in_the_supply_still_places_a_unit() -> None:
    """R-EVENT-5: Holy War places Athens' hoplite with 1 cube left in the supply, and none with 0."""
    game = GAMES["2012"]
    for supply, placed in ((1, 1), (0, 0)):
        s = at_event(game)
        s.supply_cubes[ATHENS] = supply
        play(game, s, "event HolyWar")
        assert units(game, s, "Boiotia", ATHENS) == placed and s.supply_cubes[ATHENS] == supply - placed


def test_mercenaries_with_one_cube_left() -> None:
    """Mercenaries: with 1 cube in the supply a unit may still be hired; with none, nothing is asked."""
    game = GAMES["2012"]
    for supply, asked in ((1, True), (0, False)):
        s = at_event(game, round=2)
        set_goods(s, "athens", silver=4)
        s.supply_cubes[ATHENS] = supply
        play(game, s, "event Mercenaries")
        assert (game.actors(s) == (ATHENS,)) == asked
        if asked:
            assert "hire Kyklades" in legal(game, s)


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_betrayal_needs_the_cubes_and_a_disc(edition: str) -> None:
    """Betrayal: taking a 1-cube polis needs 1 cube in the supply (exactly 1 is enough) and [2020] a disc
    (R-COMP-5); without either Athens takes nothing."""
    game = GAMES[edition]
    cases = [(1, 5, 1), (0, 5, 0)] + ([(1, 0, 0)] if edition == "2020" else [])
    for cubes, discs, taken in cases:
        s = at_event(game, round=1)
        s.supply_cubes[ATHENS] = cubes
        s.supply_discs[ATHENS] = discs
        spartan = owned_poleis(game.tables, s, SPARTA)
        play(game, s, "event Betrayal")
        if game.actors(s) == (ATHENS,):
            play(game, s, legal(game, s)[0])
        assert sum(s.owner[p] == ATHENS for p in spartan) == taken, (cubes, discs)


# ----- cards only a user's data holds -----------------------------------------------------------------
def test_pacifism_in_2020_needs_a_disc(tmp_path: Path) -> None:
    """Pacifism in a [2020] game (a user's card): suppressing the pacifists marks the tribute space with
    a disc, and [2020] discs are limited (R-COMP-5): without one Athens may only decline, so it is not
    asked (R-EVENT-9); with one it may suppress up to its hoplites at home."""
    game = with_cards(tmp_path, "2020", card("pacifism", prestige=2))
    for discs, asked in ((0, False), (1, True)):
        s = at_event(game, round=1)
        s.supply_discs[ATHENS] = discs
        play(game, s, "event Test")
        assert game.actors(s) == ((ATHENS,) if asked else (SPARTA,)), discs
        if asked:
            assert legal(game, s) == ["decline", "suppress 1", "suppress 2", "suppress 3"]
            play(game, s, "suppress 2")
            assert s.prestige[ATHENS] == 3 + 4 and s.supply_discs[ATHENS] == 0


def test_a_card_that_names_one_side_asks_only_that_side(tmp_path: Path) -> None:
    """R-EVENT-2: a Philopersians that names Sparta asks Sparta alone, and pays the prestige its params
    give (3 here, not the packaged card's 1)."""
    game = with_cards(tmp_path, "2012", card("remove_unit", prestige=3, side="sparta"))
    s = at_event(game)
    play(game, s, "event Test")
    assert game.actors(s) == (SPARTA,)
    play(game, s, "remove Lakedaemon")
    assert s.phase == TURN and s.prestige == [4, 7]


def test_the_cards_numbers_are_read_from_the_data(tmp_path: Path) -> None:
    """Betrayal of a 2-cube polis, Treasury Transfer at 3 silver a prestige from 2 up, and Mercenaries
    at 3 silver a unit: each effect reads its numbers from the card, none from a default of its own."""
    folders = {name: tmp_path / name for name in ("betrayal", "treasury", "mercenaries")}
    for folder in folders.values():
        folder.mkdir()
    game = with_cards(folders["betrayal"], "2012", card("betrayal", population=2))
    s = at_event(game, round=1)
    set_polis(game, s, "Pylos", "sparta", 2)
    play(game, s, "event Test")  # Pylos is the one answer: taken at once (R-EVENT-9)
    assert s.owner[game.tables.polis_index["Pylos"]] == ATHENS and game.actors(s) == (SPARTA,)

    game = with_cards(folders["treasury"], "2012", card("treasury", minimum=2, silver_per_prestige=3))
    s = at_event(game, round=1)
    play(game, s, "event Test")
    assert legal(game, s) == ["give 2", "give 3", "give 4"]
    play(game, s, "give 2")
    assert s.prestige[ATHENS] == 2 and goods_of(s, "athens")["silver"] == 6

    game = with_cards(folders["mercenaries"], "2012", card("mercenaries", silver=3))
    s = at_event(game, round=1)
    set_goods(s, "athens", silver=3)
    set_goods(s, "sparta", silver=2)
    play(game, s, "event Test")
    assert "hire Kyklades" in legal(game, s)
    play(game, s, "hire Kyklades")  # no silver for a second: done at once, and Sparta cannot pay 3
    assert goods_of(s, "athens")["silver"] == 0 and s.phase == TURN
