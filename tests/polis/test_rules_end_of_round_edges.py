"""Edges of the end of a round (rules/end_of_round.py, R-EOR, R-PREP): each refused decision names its
rule and says what it refuses; completing the projects records only the started ones; merchants come
home to a port that already holds some; [2012] Phoros pays one silver per prestige given up, two
included; and a round's end leaves no end-of-round step, seat or decision behind.

Positions start from the set-up at Athens' turn (he passes first, so he decides first, R-EOR-2):
Athens owns Athinae (5 cubes, grows by up to 3), Chalkis (1, at most 2) and Chios (2, at most 3) and
is given 3 prestige; his 8 cubes need 8 wheat (R-EOR-9). The games load an empty event file."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import assert_illegal, polis, tile

from kleos.games.polis import positions as pos
from kleos.games.polis.compact import from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA
from step_cap import StepCap


@pytest.fixture(scope="module", params=["2012", "2020"])
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> PolisGame:
    folder: Path = tmp_path_factory.mktemp("no_events")
    (folder / "events.json").write_text('{"decks": []}', encoding="utf-8")
    return PolisGame(request.param, folder)


def _opening(game: PolisGame) -> PolisState:
    """The set-up at Athens' turn of the first round, Athens at 3 prestige."""
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_prestige(s, ATHENS, 3)
    return s


def _pass_both(game: PolisGame, s: PolisState, wheat: int = 0) -> None:
    """Both sides pass at once; each has its requirement in wheat plus ``wheat`` (Sparta exactly his)."""
    pos.set_goods(s, ATHENS, wheat=end_of_round.requirement(s, ATHENS) + wheat)
    pos.set_goods(s, SPARTA, wheat=end_of_round.requirement(s, SPARTA))
    pos.play(game, s, "pass", "pass")
    assert s.phase == END_OF_ROUND


def _both_passed(game: PolisGame, wheat: int = 0) -> PolisState:
    s = _opening(game)
    _pass_both(game, s, wheat)
    return s


def _answer(game: PolisGame, s: PolisState, step: int, text: str) -> None:
    cap = StepCap("s.phase == END_OF_ROUND and s.eor_step == step and not game.is_chance(s)")
    while s.phase == END_OF_ROUND and s.eor_step == step and not game.is_chance(s) and cap():
        pos.play(game, s, text)


@pytest.mark.parametrize("text,rule,message", [
    ("feed", "R-END-1", "not enough wheat and prestige: release a polis"),
    ("feed 3", "R-EOR-11", "feed (wheat, then prestige for the rest) or release <polis>"),
    ("release", "R-EOR-11", "feed (wheat, then prestige for the rest) or release <polis>"),
    ("release Chalkis Chios", "R-EOR-11", "feed (wheat, then prestige for the rest) or release <polis>"),
    ("release Athinae", "R-EOR-15", "the capital can never be released"),
    ("release Pylos", "R-EOR-12", "Pylos is not yours"),
])
def test_a_refused_feeding_names_its_rule_and_what_it_is_about(
        game: PolisGame, text: str, rule: str, message: str) -> None:
    """R-END-1: 4 wheat and 3 prestige do not feed 8 cubes; R-EOR-11: ``feed`` alone or one polis
    released; R-EOR-15: never the capital; R-EOR-12: only one's own polis."""
    s = _opening(game)
    pos.set_goods(s, ATHENS, wheat=4)
    pos.play(game, s, "pass", "pass")
    assert s.eor_step == end_of_round.FEED and game.actors(s) == (ATHENS,)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


@pytest.mark.parametrize("text,rule,message", [
    ("grow", "R-EOR-16", "grow <polis> (1 wheat each) or done"),
    ("done Athinae", "R-EOR-16", "grow <polis> (1 wheat each) or done"),
    ("grow Athinae Chios", "R-EOR-16", "grow <polis> (1 wheat each) or done"),
    ("grow Pylos", "R-EOR-16", "Pylos is not yours"),
    ("grow Chios", "R-EOR-17", "Chios cannot grow more this round (growth, maximum, wheat, cubes)"),
])
def test_a_refused_growth_names_its_rule_and_what_it_is_about(
        game: PolisGame, text: str, rule: str, message: str) -> None:
    """R-EOR-16: ``grow`` names one own polis, or ``done``; R-EOR-17: Chios at its maximum of 3."""
    s = _opening(game)
    pos.set_polis(game, s, "Chios", "athens", 3)
    _pass_both(game, s, wheat=3)
    assert s.eor_step == end_of_round.GROW and game.actors(s) == (ATHENS,)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


def test_a_refused_phoros_names_its_rule_and_what_it_is_about(game: PolisGame) -> None:
    """R-EOR-23: ``phoros <n>``, one whole number; R-EOR-25 [2020]: 1 or 2 prestige; R-EOR-26 [2012]: up
    to one's prestige (Athens has 3)."""
    s = _both_passed(game)
    _answer(game, s, end_of_round.GROW, "done")
    assert s.eor_step == end_of_round.PHOROS and game.actors(s) == (ATHENS,)
    for text in ("phoros", "phoros 1 2", "grow 1", "phoros one"):
        err = assert_illegal(game, s, text, "R-EOR-23")
        assert err.message == "phoros <prestige given up> (0 for none)"
    too_many = 3 if game.tables.rules.phoros == "one_or_two" else 4
    rule = "R-EOR-25" if game.tables.rules.phoros == "one_or_two" else "R-EOR-26"
    err = assert_illegal(game, s, f"phoros {too_many}", rule)
    assert err.message == f"phoros {too_many} is not allowed"


def test_phoros_of_two_pays_by_the_editions_table(game: PolisGame) -> None:
    """R-EOR-26 [2012]: 1 silver per prestige given up (2 for 2); R-EOR-24 [2020]: 2 prestige give 3."""
    s = _both_passed(game)
    _answer(game, s, end_of_round.GROW, "done")
    silver = pos.goods_of(s, ATHENS)["silver"]
    pos.play(game, s, "phoros 2")
    expected = 2 if game.tables.rules.phoros == "any" else 3
    assert pos.goods_of(s, ATHENS)["silver"] == silver + expected and s.prestige[ATHENS] == 1


def test_completing_the_projects_records_only_the_started_ones(game: PolisGame) -> None:
    """R-EOR-6: the project started in Athinae (Democritus, 4 prestige) is completed and pays its
    owner; no other polis gains a completed project."""
    t = game.tables
    s = pos.turn_position(game, round=0, active="athens")
    athinae, democritus = polis(game, "Athinae"), tile(game, "Democritus")
    s.project_started[athinae] = democritus
    prestige = s.prestige[:]
    end_of_round.complete_projects(t, s)
    assert s.projects_done == [(democritus,) if p == athinae else () for p in range(len(t.polis_ids))]
    assert s.project_started == [-1] * len(t.polis_ids)
    assert s.prestige == [prestige[ATHENS] + 4, prestige[SPARTA]]


def test_merchants_come_home_to_a_port_that_holds_some(game: PolisGame) -> None:
    """R-PREP-5: Athens' two merchants on market slots join the one in his port: three in port; a
    round's end leaves no end-of-round step, seat or decision behind for the next (R-PREP-1)."""
    s = _both_passed(game)
    s.slot_merchant[0] = s.slot_merchant[1] = ATHENS
    s.merchants_supply[ATHENS] -= 2
    assert s.merchants_port[ATHENS] == 1
    _answer(game, s, end_of_round.GROW, "done")
    _answer(game, s, end_of_round.PHOROS, "phoros 0")
    assert s.merchants_port[ATHENS] == 3 and s.slot_merchant[:2] == [NO_ONE, NO_ONE]
    cap = StepCap("s.phase != TURN")
    while s.phase != TURN and cap():
        if game.is_chance(s):
            game.step_chance(s)
        else:
            pos.play(game, s, str(game.legal_actions(s)[0]))
    assert s.round == 1 and (s.eor_step, s.eor_seat, s.eor_pending) == (0, 0, None)


def test_a_growth_in_progress_is_written_and_read_back(game: PolisGame) -> None:
    """R-EOR-16: after one cube Athinae may grow twice more; the step in progress, with the cubes grown
    so far, is a position the notation writes and reads back equal."""
    s = _both_passed(game, wheat=3)
    pos.play(game, s, "grow Athinae")
    assert s.eor_step == end_of_round.GROW and "grow Athinae" in {str(a) for a in game.legal_actions(s)}
    assert from_compact(game, to_compact(game, s)) == s


@pytest.mark.parametrize("text", ["discard", "grow {tile}", "discard {tile} {tile}", "discard Atlantis"])
def test_a_refused_discard_names_its_rule(text: str, tmp_path: Path) -> None:
    """R-PREP-7 [2020]: the player with less prestige removes one of the new face-up tiles, named
    (``{tile}``: one of them)."""
    (tmp_path / "events.json").write_text('{"decks": []}', encoding="utf-8")
    game = PolisGame("2020", tmp_path)
    s = _both_passed(game)
    _answer(game, s, end_of_round.GROW, "done")
    _answer(game, s, end_of_round.PHOROS, "phoros 0")
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        game.step_chance(s)
    assert s.eor_step == end_of_round.DISCARD
    err = assert_illegal(game, s, text.format(tile=game.tables.projects[s.projects_face_up[0]].id), "R-PREP-7")
    assert err.message == "discard one of the new face-up projects"
