"""The Honor handicap of solitaire play (P-DATA-14, pericles-data.md §5 and §8; P-SOLO-6): a game option
``honor_handicap`` gives factions extra starting Honor, 0-40 each, none by default; the kit offers it
to the platform as the bot handicap (20 for each faction a bot plays, source BGG-BOT)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from per_helpers import AF, AK, DF, EK, registered

from kleos.cli import main
from kleos.core.kit import OptionsError
from kleos.core.kit.handicap import handicaps, handicaps_moved, with_bot_handicap
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.undo import replay
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.state import PericlesState

__all__ = ["registered"]  # the fixture, used by name

VIGNETTE = "14_1_09a"


def start_honor(options: dict[str, Any]) -> list[int]:
    return list(PericlesGame(options).new_state(5).honor)


def test_p_data_14_handicap_adds_to_the_scenario_honor() -> None:
    """P-DATA-14: each handicapped faction starts with the scenario's Honor plus its handicap; the
    others keep the scenario's."""
    scenario = load_data().scenario_14_2.honor
    plain = [scenario[code] for code in ("AF", "DF", "EK", "AK")]
    assert start_honor({}) == plain
    assert start_honor({"honor_handicap": {"EK": 20, "AK": 20}}) == [plain[AF], plain[DF], plain[EK] + 20,
                                                                   plain[AK] + 20]
    assert start_honor({"honor_handicap": {"DF": 40, "AF": 0}}) == [plain[AF], plain[DF] + 40, plain[EK], plain[AK]]


def test_p_data_14_handicap_changes_the_vignettes_honor_order() -> None:
    """P-DATA-14 with P-THEATER-1: in 14.1.09 A the Honor tie puts the Athenian Dominant first; 20 more
    Honor for the Spartan Dominant puts it first instead."""
    assert PericlesGame({"scenario": VIGNETTE}).new_state(1).order[0] == AF
    s = PericlesGame({"scenario": VIGNETTE, "honor_handicap": {"AK": 20}}).new_state(1)
    assert s.order[0] == AK and s.honor[AK] == s.honor[AF] + 20


def test_default_is_no_handicap_and_records_hold_only_real_ones() -> None:
    """The engine knows no bots: by default nobody has a handicap, and ``game.options`` (what records
    keep) names only the factions that have one."""
    g = PericlesGame({})
    assert g.validated.honor_handicap == {"AF": 0, "DF": 0, "EK": 0, "AK": 0}
    assert "honor_handicap" not in g.options
    g = PericlesGame({"honor_handicap": {"AF": 0, "EK": 12}})
    assert g.options == {"honor_handicap": {"EK": 12}}


@pytest.mark.parametrize(("value", "field", "words"), [
    ({"EK": 41}, "honor_handicap.EK", "from 0 to 40"),
    ({"EK": -1}, "honor_handicap.EK", "from 0 to 40"),
    ({"EK": 2.5}, "honor_handicap.EK", "whole number"),
    ({"EK": "20"}, "honor_handicap.EK", "whole number"),
    ({"EK": True}, "honor_handicap.EK", "whole number"),
    ({"XX": 5}, "honor_handicap.XX", "AF, DF, EK, AK"),
    (20, "honor_handicap", "faction code"),
    ([20, 20], "honor_handicap", "faction code"),
])
def test_bad_handicaps_are_refused_naming_the_field(value: object, field: str, words: str) -> None:
    """P-DATA-14's range is 0-40 per faction (pericles-data.md §5): anything else is an OptionsError."""
    with pytest.raises(OptionsError) as err:
        KIT.make_game({"honor_handicap": value})
    assert err.value.field == field and words in err.value.message


def test_options_file_lists_the_handicap_with_its_provenance() -> None:
    """pericles-data.md §8: ``honor_handicap`` is in the options file; its range and engine default are
    reconstructed, the bots' default of 20 is from BGG-BOT (certain)."""
    amount = next(a for a in load_data().options.amounts if a.name == "honor_handicap")
    assert (amount.minimum, amount.maximum, amount.default, amount.bot_default) == (0, 40, 0, 20)
    assert amount.tag_of("bot_default") == "source" and amount.source == "BGG-BOT" and amount.confidence == "certain"
    assert amount.tag_of("maximum") == "reconstructed" and amount.reason
    assert "P-DATA-14" in amount.rules


def test_record_round_trip_keeps_the_handicap() -> None:
    """P-DATA-14: a saved game (record JSON) holds the handicap, and loading and replaying it gives the
    same position, handicapped Honor included."""
    game = KIT.make_game({"scenario": VIGNETTE, "honor_handicap": {"DF": 20, "EK": 20, "AK": 20}})
    state = game.new_state(11)
    record = GameRecord(KIT.name, dict(game.options), 11)
    rng = random.Random(3)
    for _ in range(60):
        if not game.actors(state):
            break
        if game.is_chance(state):
            action = game.sample_chance(state)
            seat = CHANCE
        else:
            seat = game.actors(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
        game.apply_in_place(state, action, seat)
        record.actions.append((seat, action))
    loaded = GameRecord.loads(record.dumps())
    assert loaded.options == {"scenario": VIGNETTE, "honor_handicap": {"DF": 20, "EK": 20, "AK": 20}}
    again = KIT.make_game(json.loads(json.dumps(loaded.options)))
    replayed: PericlesState = replay(again, loaded)
    assert again.position_text(replayed) == game.position_text(state)
    assert again.new_state(11).honor == game.new_state(11).honor != PericlesGame({"scenario": VIGNETTE}).new_state(
        11).honor


def test_kit_bot_handicap_is_20_within_0_to_40() -> None:
    """P-DATA-14 (BGG-BOT): the kit offers the platform a bot handicap of 20, adjustable 0-40."""
    spec = KIT.bot_handicap
    assert spec is not None and (spec.default, spec.minimum, spec.maximum) == (20, 0, 40)
    assert "Honor" in spec.words() and "P-DATA-14" in spec.words()


def test_kit_gives_the_handicap_to_the_bot_seats_only() -> None:
    """P-DATA-14: each faction a bot plays gets the amount (the full war's 20 unless told), people's
    factions keep theirs; 0 gives none."""
    options = with_bot_handicap(KIT, {}, [DF, AK], None)
    assert options == {"honor_handicap": {"DF": 20, "AK": 20}}
    assert handicaps(KIT, options) == {DF: 20, AK: 20}
    mixed = with_bot_handicap(KIT, {"honor_handicap": {"AF": 5}}, [EK], 7)
    assert KIT.make_game(mixed).validated.honor_handicap == {"AF": 5, "DF": 0, "EK": 7, "AK": 0}
    assert with_bot_handicap(KIT, {"scenario": VIGNETTE}, [DF, EK, AK], 0) == {"scenario": VIGNETTE}
    with pytest.raises(OptionsError) as err:
        with_bot_handicap(KIT, {}, [DF], 41)
    assert err.value.field == "handicap" and "0 to 40" in err.value.message


def test_the_one_phase_vignette_defaults_to_no_bot_handicap() -> None:
    """P-DATA-14 (issue 24): the designer's +20 is for the whole war; the vignette 14_1_09a is one
    Theater phase from 10 Honor each, so its bots get none unless asked, and the data says why."""
    assert with_bot_handicap(KIT, {"scenario": VIGNETTE}, [DF, EK, AK], None) == {"scenario": VIGNETTE}
    assert with_bot_handicap(KIT, {"scenario": VIGNETTE}, [EK], 20) == {"scenario": VIGNETTE,
                                                                        "honor_handicap": {"EK": 20}}
    amount = next(a for a in load_data().options.amounts if a.name == "honor_handicap")
    assert amount.bot_default_for(VIGNETTE) == 0 and amount.bot_default_for("14_2") == 20
    assert amount.tag_of("bot_default_by_scenario") == "reconstructed" and "14_1_09a" in amount.reason
    spec = KIT.bot_handicap
    assert spec is not None and "0 in 14_1_09a" in spec.words()


def test_handicaps_move_on_with_their_players_for_a_rematch() -> None:
    """A rematch moves every player one seat on: each faction's handicap goes with its player."""
    moved = handicaps_moved(KIT, {"honor_handicap": {"DF": 20, "EK": 20, "AK": 10}}, 4)
    assert handicaps(KIT, moved) == {EK: 20, AK: 20, AF: 10}


@pytest.mark.usefixtures("registered")
def test_games_command_shows_the_option_and_the_bot_handicap(capsys: pytest.CaptureFixture[str]) -> None:
    """``kleos games`` documents ``honor_handicap`` and the ``--handicap`` of the play command (P-DATA-14)."""
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    assert "honor_handicap" in text and "P-DATA-14" in text
    assert "bot handicap (kleos play pericles --handicap N, 0-40; default 20" in text
    assert main(["games", "--json"]) == 0
    entry = next(g for g in json.loads(capsys.readouterr().out) if g["name"] == "pericles")
    assert entry["bot_handicap"]["default"] == 20 and entry["bot_handicap"]["maximum"] == 40
