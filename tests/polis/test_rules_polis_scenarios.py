"""The scenarios of the 2012 edition (R-SCEN): the Corinthian War is played as one round, 5a, with
neither event cards nor project tiles, from the edition's set-up (reconstructed: the text has none),
and scored at the end of its round; the two scenarios the text gives no rules for are refused with
the reason. Checked playouts of the scenario keep every invariant and replay from their record."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from playout_helpers import FINISHED, checked_game, survivor_policy

from kleos.core.errors import DataError
from kleos.core.kit import OptionsError
from kleos.core.protocol import CHANCE
from kleos.games.polis.board import stack_limit
from kleos.games.polis.compact import CompactError, from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.kit import PolisKit
from kleos.games.polis.loader import load_edition, reconstructed_values
from kleos.games.polis.options import PolisOptions
from kleos.games.polis.rules.end_of_round import PHOROS
from kleos.games.polis.scenarios import NO_SCENARIO
from kleos.games.polis.state import END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import tables_for
from kleos.games.polis.text import game_title
from kleos.i18n import use_locale

CORINTHIAN = "corinthian_war"
PACKAGED = resources.files("kleos.games.polis") / "data"
SEEDS = range(6)


def scenario_game() -> PolisGame:
    return PolisGame("2012", scenario=CORINTHIAN)


def first_turn(game: PolisGame, seed: int = 0) -> PolisState:
    """The position of the round's first turn: chance drawn, an event's questions given their first
    answer (the scenario has neither)."""
    s = game.new_state(seed)
    for _ in range(100):  # bounded: a round start draws a few tiles and one card
        if s.phase == TURN and s.chance is None:
            return s
        seat = game.actors(s)[0]
        action = game.sample_chance(s) if seat == CHANCE else game.legal_actions(s, seat)[0]
        game.apply_in_place(s, action, seat)
    raise AssertionError("no turn began")


def test_scenarios_are_offered_by_the_2012_edition_only() -> None:
    """R-SCEN-1: optional set-ups of the 2012 edition as yucata offers them; the text announces two
    and lists three. The 2020 edition has none: asking for one there names the option at fault."""
    listed = [x.id for x in load_edition("2012").scenarios.scenarios]
    assert listed == [CORINTHIAN, "second_peloponnesian_war", "first_peloponnesian_war"]
    assert load_edition("2020").scenarios.scenarios == []
    playable = [x.id for x in load_edition("2012").scenarios.scenarios if x.playable]
    spec = next(o for o in PolisKit.options if o.name == "scenario")
    assert spec.choices == (NO_SCENARIO, *playable) and spec.default == NO_SCENARIO
    with pytest.raises(OptionsError, match=r"scenario: the 2020 edition has no scenarios$"):
        PolisKit().make_game({"edition": "2020", "scenario": CORINTHIAN})
    with pytest.raises(DataError) as none_there:
        tables_for("2020", scenario=CORINTHIAN)
    assert (none_there.value.file, none_there.value.field) == ("scenario", CORINTHIAN)
    assert none_there.value.message == "the 2020 edition has no scenarios"
    with pytest.raises(DataError, match=r"\(its scenarios: corinthian_war, first_peloponnesian_war, "
                                        r"second_peloponnesian_war\)"):
        tables_for("2012", scenario="third_sacred_war")
    assert PolisGame("2012").tables.round_names == ("3", "4", "5a", "5b")  # the whole game by default


def test_the_corinthian_war_uses_no_event_card_and_no_project_tile() -> None:
    """R-SCEN-2: no event cards, no project tiles; the whole game's round 5a has both."""
    whole, t = tables_for("2012"), scenario_game().tables
    assert whole.event_decks[whole.round_names.index("5a")] and whole.projects
    assert t.event_decks == ((),) and t.projects == () and t.rules.projects_per_round == [0]
    game = scenario_game()
    s = game.new_state(3)
    assert game.actors(s) != (CHANCE,)  # nothing to draw: the first turn begins at once
    assert s.phase == TURN and s.event is None and s.projects_face_up == [] and s.project_pile == []


def test_the_corinthian_war_is_one_round_5a_at_n_5() -> None:
    """R-SCEN-3: a single round played as round 5a: stacking 5, every market slot open."""
    game = scenario_game()
    t, s = game.tables, first_turn(game)
    assert (t.round_names, t.round_values, t.last_round) == (("5a",), (5,), 0)
    assert game_title(t) == "Polis: Fight for the Hegemony: The Corinthian War (395-387 BC)"  # every heading
    assert game_title(tables_for("2012")) == "Polis: Fight for the Hegemony"
    with use_locale("es"):  # the edition's title is a name; the scenario's is read in the reader's language
        assert game_title(t) == "Polis: Fight for the Hegemony: La guerra de Corinto (395-387 a. C.)"
    assert s.round == 0 and stack_limit(t, s) == 5
    assert max(slot.value for slot in t.slots) == 5  # no slot waits for a later round (R-ROUND-3)


def test_the_corinthian_war_offers_every_action_of_the_whole_game() -> None:
    """R-SCEN-4: the scenario teaches battles, trade and every other action: at its first turn the
    first player has every verb the whole game's first turn offers."""
    def verbs(game: PolisGame) -> set[str]:
        s = first_turn(game)
        return {a.verb for a in game.legal_actions(s, game.actors(s)[0])}

    whole, scenario = verbs(PolisGame("2012")), verbs(scenario_game())
    assert {"march", "sail", "trade", "hoplites", "galleys"} <= scenario
    assert whole - {"project"} <= scenario  # no tile is face up in the scenario (R-SCEN-2)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_corinthian_war_ends_after_megalopolis_with_the_final_scoring(seed: int) -> None:
    """R-SCEN-5: the one round is the last: after the passes and battles, end-of-round steps 1-4,
    then the final scoring; no spoilage, Phoros or next round. Every step is checked (invariants,
    views, notation) and the record replays to the same end."""
    game = scenario_game()
    seen: list[tuple[int, str, int]] = []
    policy = survivor_policy(game)

    def watching(rnd: object, s: PolisState, seat: int, legal: list[object]) -> object:
        seen.append((s.round, s.phase, s.eor_step if s.phase == END_OF_ROUND else 0))
        return policy(rnd, s, seat, legal)  # type: ignore[arg-type]

    end = checked_game(game, seed, watching)  # type: ignore[arg-type]
    assert end.outcome is not None and end.round == 0
    assert all(round_ == 0 for round_, _, _ in seen)
    assert all(step < PHOROS for _, phase, step in seen if phase == END_OF_ROUND)
    assert end.project_started == [-1] * len(game.tables.polis_ids)  # step 1 has nothing to complete


def test_some_corinthian_war_reaches_the_final_scoring() -> None:
    """R-SCEN-5: the scoring at the end of the scenario's round is the game's final scoring."""
    game = scenario_game()
    reasons = [checked_game(game, seed, survivor_policy(game)).outcome for seed in SEEDS]
    assert any(o is not None and o.reason in FINISHED for o in reasons), reasons


def test_the_corinthian_war_starts_from_the_edition_set_up_tagged_reconstructed() -> None:
    """R-SCEN-6: the text gives no starting position: the edition's set-up stands in, and the data
    says so (a data folder's setup.json replaces it)."""
    scenario, whole = scenario_game(), PolisGame("2012")
    mine, theirs = to_compact(scenario, scenario.new_state(1)).split(), to_compact(whole, whole.new_state(1)).split()
    assert mine[0] == "2012/corinthian_war" and theirs[0] == "2012"
    assert mine[4:8] == theirs[4:8]  # both player blocks, the board and the poleis
    tagged = [(path, field) for _, path, field, _ in reconstructed_values(load_edition("2012"))]
    assert ("scenarios[corinthian_war]", "start") in tagged


@pytest.mark.parametrize(("scenario", "rule"), [("second_peloponnesian_war", "R-SCEN-7"),
                                                ("first_peloponnesian_war", "R-SCEN-8")])
def test_scenarios_without_rules_are_refused_with_the_reason(scenario: str, rule: str) -> None:
    """R-SCEN-7, R-SCEN-8: scenarios 2 and 3 give no rule change or set-up: not offered, and asked
    for by name they are refused with why."""
    with pytest.raises(DataError, match=f"cannot be played: .*{rule}") as refused:
        tables_for("2012", scenario=scenario)
    assert (refused.value.file, refused.value.field) == ("scenario", scenario)
    with pytest.raises(OptionsError, match="scenario"):
        PolisKit().make_game({"edition": "2012", "scenario": scenario})


def test_a_scenario_game_rebuilds_from_its_options_and_positions() -> None:
    """The record keeps the scenario; the compact form names it and reads back only into its game."""
    game = scenario_game()
    assert game.options == {"edition": "2012", "scenario": CORINTHIAN}
    assert PolisGame.from_options(game.options).tables.round_names == ("5a",)
    assert PolisOptions().record() == {"edition": "2020"}
    s = first_turn(game, seed=4)
    assert from_compact(game, to_compact(game, s)) == s
    with pytest.raises(CompactError, match="edition"):  # the game is the whole 2012 one
        from_compact(PolisGame("2012"), to_compact(game, s))


def write_scenarios(folder: Path, scenario: dict[str, object]) -> Path:
    data = {"provenance": {"default": "reconstructed"}, "scenarios": [scenario]}
    (folder / "scenarios.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("scenario", "field", "message"), [
    ({"id": "x", "title": "X", "playable": True, "rounds": ["6"]}, "scenarios[0].rounds[0]", "unknown round name '6'"),
    ({"id": "x", "title": "X", "playable": True, "rounds": []}, "scenarios[0].rounds",
     "a playable scenario plays a round"),
    ({"id": "x", "title": "X", "playable": True, "rounds": ["3", "3"]}, "scenarios[0].rounds", "round names repeat"),
    ({"id": "x", "title": "X", "playable": False}, "scenarios[0].why", "a scenario not playable says why"),
])
def test_a_scenarios_file_of_ones_own_is_checked_at_load(tmp_path: Path, scenario: dict[str, object], field: str,
                                                         message: str) -> None:
    """R-SCEN-3: a scenario plays rounds of its edition, each once; one not playable says why."""
    with pytest.raises(DataError) as caught:
        load_edition("2012", write_scenarios(tmp_path, scenario))
    assert (caught.value.field, caught.value.message) == (field, message)


def test_a_scenario_of_ones_own_plays_the_rounds_it_names(tmp_path: Path) -> None:
    """A user's scenarios.json: rounds 4 and 5b in that order, with events and projects kept."""
    folder = write_scenarios(tmp_path, {"id": "short", "title": "Short", "playable": True, "rounds": ["4", "5b"]})
    events = json.loads((PACKAGED / "2012" / "events.json").read_text(encoding="utf-8"))
    events["provenance"] = {"default": "rulebook"}
    (folder / "events.json").write_text(json.dumps(events), encoding="utf-8")
    t = tables_for("2012", folder, scenario="short")
    whole = tables_for("2012")
    assert t.round_names == ("4", "5b") and t.round_values == (4, 5)
    assert t.event_decks == (whole.event_decks[1], whole.event_decks[3]) and t.projects == whole.projects
    assert t.rules.projects_per_round == [whole.rules.projects_per_round[1], whole.rules.projects_per_round[3]]
    assert t.bundle.events.provenance == {"default": "rulebook"}  # the data's sources stay with it


def test_a_scenario_keeps_the_tiles_drawn_after_each_of_its_rounds_but_its_last(tmp_path: Path) -> None:
    """[2020] tiles are drawn after rounds 1 and 2 (R-PREP-7): a scenario of Epsilon then Omega draws
    Epsilon's after its first round; one that puts Omega first draws none after it (the edition
    draws none after Omega); one without projects draws none. The data's sources stay with it."""
    whole = tables_for("2020")
    assert whole.rules.projects_drawn_after_round == [5, 6]
    rounds = {"late": ["Epsilon", "Omega"], "reversed": ["Omega", "Alfa"], "all": ["Alfa", "Epsilon", "Omega"]}
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "scenarios.json").write_text(json.dumps({"provenance": {"default": "reconstructed"}, "scenarios": [
        {"id": name, "title": name, "playable": True, "rounds": r} for name, r in rounds.items()] + [
        {"id": "bare", "title": "bare", "playable": True, "rounds": ["Alfa", "Omega"], "projects": False}]}),
        encoding="utf-8")
    late, back, bare = (tables_for("2020", folder, scenario=name) for name in ("late", "reversed", "bare"))
    assert late.rules.projects_drawn_after_round == [6] and back.rules.projects_drawn_after_round == [0]
    assert tables_for("2020", folder, scenario="all").rules.projects_drawn_after_round == [5, 6]
    assert bare.rules.projects_drawn_after_round == [] and bare.rules.projects_per_round == [0, 0]
    corinthian = tables_for("2012", scenario=CORINTHIAN).bundle  # its tiles' file says "source"
    assert corinthian.projects.provenance == load_edition("2012").projects.provenance == {"default": "source"}


def test_the_option_takes_a_scenario_of_ones_data_folder_from_every_source(tmp_path: Path) -> None:
    """A scenario one writes in a data folder's scenarios.json is chosen by the option like a packaged
    one, from the command line's text and from JSON alike; without the folder it is refused by name,
    with the edition's scenarios listed. Before, the option's choices refused any name but the
    packaged ones, so such a scenario could be played only from Python."""
    folder = write_scenarios(tmp_path, {"id": "late_war", "title": "Late War", "playable": True,
                                        "rounds": ["5a", "5b"], "events": False})
    kit = PolisKit()
    texts = kit.checked_options({"edition": "2012", "scenario": "late_war", "data_dir": str(folder)}, text=True)
    game = kit.make_game(texts)
    assert game.tables.round_names == ("5a", "5b") and game.tables.event_decks == ((), ())
    assert game.options == {"edition": "2012", "scenario": "late_war", "data_dir": str(folder)}
    assert game_title(game.tables) == "Polis: Fight for the Hegemony: Late War"  # no catalogue: as written
    with pytest.raises(OptionsError) as unknown:
        kit.make_game({"edition": "2012", "scenario": "late_war"})
    assert str(unknown.value) == ("scenario: the 2012 edition has no such scenario (its scenarios: corinthian_war, "
                                  "first_peloponnesian_war, second_peloponnesian_war)")
    with use_locale("es"):
        assert kit.render_options_error(unknown.value) == (
            "scenario: la edición de 2012 no tiene ese escenario (sus escenarios: corinthian_war, "
            "first_peloponnesian_war, second_peloponnesian_war)")


@pytest.mark.parametrize("value", ["", " ", ["corinthian_war"], None, True])
def test_a_scenario_is_a_name(value: object) -> None:
    """Open choices still want a name: anything else is refused by the options parser, naming the option."""
    with pytest.raises(OptionsError, match=r"^scenario: .* is not one of none, corinthian_war$"):
        PolisKit().make_game({"edition": "2012", "scenario": value})


def test_a_scenario_refused_for_its_reason_is_read_in_the_readers_language() -> None:
    """R-SCEN-7: the refusal names the scenario and gives the reason, both data words, in Spanish too."""
    with pytest.raises(OptionsError) as refused:
        PolisKit().make_game({"edition": "2012", "scenario": "second_peloponnesian_war"})
    with use_locale("es"):
        said = PolisKit().render_options_error(refused.value)
    assert said == ("scenario: La segunda guerra del Peloponeso (431-404 a. C.) no se puede jugar: las reglas solo "
                    "dan su historia: ningún cambio de reglas ni posición inicial (R-SCEN-7)")
    with use_locale("de"):
        assert PolisKit().render_options_error(refused.value, with_field=False).startswith(
            "Der Zweite Peloponnesische Krieg (431-404 v. Chr.) kann nicht gespielt werden: die Regeln geben nur")
