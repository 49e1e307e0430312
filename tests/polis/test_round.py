"""Rounds and round start (R-ROUND-*), edition by edition.

The event step is tested with an event file written here: one card per round whose effect (registered
below, not one of the game's cards) records who applied it, in which order and with what prestige, and
may change prestige. Everything else runs on a game with an empty event file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis import positions as pos
from kleos.games.polis.board import stack_limit
from kleos.games.polis.datamodel import EFFECT_PARAMS, Event
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round, events, flow, round_start
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, OVER, ROUND_START, TURN, PolisState
from kleos.games.polis.tables import ATHENS, SIDES, SPARTA, Tables
from step_cap import StepCap

EFFECT = "test_round_start_log"
LOG: list[tuple[int, tuple[int, int]]] = []  # (side applying the card, prestige before his part)


def _log_and_gain(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """Records the side and prestige, then adds ``<side>_prestige`` from the card's params."""
    LOG.append((side, (s.prestige[0], s.prestige[1])))
    gain = card.params.get(f"{SIDES[side]}_prestige", 0)
    assert isinstance(gain, int)
    s.prestige[side] += gain


def _events_file(game_rounds: dict[str, list[str]], params: dict[str, int]) -> str:
    decks = []
    for edition, names in game_rounds.items():
        for name in names:
            card = {"id": f"Test{edition}{name}", "title": "test", "text": "test", "effect": EFFECT,
                    "params": params}
            decks.append({"round": name, "cards": [card]})
    return json.dumps({"decks": decks})


ROUNDS = {"2020": ["Alfa", "Epsilon", "Omega"], "2012": ["3", "4", "5a", "5b"]}


def _folder(root: Path, name: str, text: str) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "events.json").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, PolisGame]]:
    """``<edition>``: no events; ``<edition>-log``: a card that only logs; ``<edition>-athens2``: a card
    giving Athens 2 prestige; ``<edition>-sparta2``: Sparta 2. The test effect and its params are
    registered only while this module's tests run."""
    events.effect(EFFECT)(_log_and_gain)
    EFFECT_PARAMS[EFFECT] = {"athens_prestige": "count?", "sparta_prestige": "count?"}  # checked at load
    try:
        yield _games(tmp_path_factory)
    finally:
        del events.EFFECTS[EFFECT], EFFECT_PARAMS[EFFECT]


def _games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PolisGame]:
    root = tmp_path_factory.mktemp("round_events")
    out: dict[str, PolisGame] = {}
    for edition, names in ROUNDS.items():
        out[edition] = PolisGame(edition, _folder(root, edition, '{"decks": []}'))
        for label, params in (("log", {}), ("athens2", {"athens_prestige": 2}), ("sparta2", {"sparta_prestige": 2})):
            text = _events_file({edition: names}, params)
            out[f"{edition}-{label}"] = PolisGame(edition, _folder(root, f"{edition}-{label}", text))
    return out


# ----- helpers ---------------------------------------------------------------------------------
def resolve_chance(game: PolisGame, s: PolisState) -> list[str]:
    drawn = []
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        drawn.append(str(game.step_chance(s)))
    return drawn


def start_round(game: PolisGame, round: int, prestige: tuple[int, int], projects: tuple[str, ...] = ()) -> PolisState:
    """Begin round ``round`` with these prestige values and face-up tiles; resolve every draw."""
    s = pos.turn_position(game, round=round, projects=projects)
    pos.set_prestige(s, ATHENS, prestige[0])
    pos.set_prestige(s, SPARTA, prestige[1])
    LOG.clear()
    flow.begin_round(game.tables, s)
    resolve_chance(game, s)
    return s


def finish_round(game: PolisGame, s: PolisState) -> None:
    """Both players pass; feeding (wheat, else prestige), no growth, no Phoros, the first tile removed."""
    for side in (ATHENS, SPARTA):
        pos.set_goods(s, side, wheat=end_of_round.requirement(s, side))
    pos.play(game, s, "pass", "pass")
    cap = StepCap("s.phase == END_OF_ROUND")
    while s.phase == END_OF_ROUND and cap():
        if game.is_chance(s):
            game.step_chance(s)
        elif s.eor_step == end_of_round.GROW:
            pos.play(game, s, "done")
        elif s.eor_step == end_of_round.PHOROS:
            pos.play(game, s, "phoros 0")
        else:
            pos.play(game, s, str(game.legal_actions(s)[0]))


FOUR = ("Socrates", "Myron", "Ephebe", "Theatre")


# ----- 6.1 rounds ----------------------------------------------------------------------------------
def test_2020_three_rounds(games: dict[str, PolisGame]) -> None:
    """R-ROUND-1 [2020]: Alfa, Épsilon, Omega; the game goes on after Épsilon and ends after Omega."""
    game = games["2020"]
    assert game.tables.round_names == ("Alfa", "Epsilon", "Omega") and game.tables.last_round == 2
    s = pos.turn_position(game, round=1, projects=FOUR)
    finish_round(game, s)
    assert s.phase == TURN and s.round == 2
    finish_round(game, s)
    assert s.phase == OVER and s.outcome is not None and s.outcome.reason != "ostracism"


def test_2012_four_rounds(games: dict[str, PolisGame]) -> None:
    """R-ROUND-2 [2012]: rounds 3, 4, 5α, 5β; 5α is followed by 5β, which is the last."""
    game = games["2012"]
    assert game.tables.round_names == ("3", "4", "5a", "5b") and game.tables.last_round == 3
    s = pos.turn_position(game, round=2)
    finish_round(game, s)
    resolve_chance(game, s)
    assert s.phase == TURN and s.round == 3
    finish_round(game, s)
    assert s.phase == OVER


@pytest.mark.parametrize(("edition", "values"), [("2020", (3, 4, 5)), ("2012", (3, 4, 5, 5))])
def test_round_value_sets_the_stacking_limit(edition: str, values: tuple[int, ...],
                                             games: dict[str, PolisGame]) -> None:
    """R-ROUND-3, R-STACK-1: N is 3/4/5 ([2012] 3/4/5/5); with 3 hoplites in Attika Athens may add a 4th
    from round 2 on, not in round 1."""
    game = games[edition]
    assert game.tables.round_values == values
    for round, n in enumerate(values):
        s = pos.turn_position(game, round=round, active="athens")
        assert stack_limit(game.tables, s) == n
    s = pos.turn_position(game, round=0, active="athens")
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        pos.play(game, s, "hoplites Athinae")
    assert err.value.rule == "R-ACT-HOPLITES-6" and s == before
    s = pos.turn_position(game, round=1, active="athens")
    pos.play(game, s, "hoplites Athinae", "pay iron")
    assert s.units[game.tables.region_index["Attika"] * 2 + ATHENS] == 4


def test_round_phases_in_order(games: dict[str, PolisGame]) -> None:
    """R-ROUND-4: round start (draws), turns, the final battle check once both passed, end of round."""
    game = games["2012"]
    s = game.new_state(3)
    assert s.phase == ROUND_START and game.is_chance(s)
    resolve_chance(game, s)
    assert s.phase == TURN
    s = pos.turn_position(game, round=1)
    pos.set_units(game, s, "Boiotia", 4, 4)
    pos.play(game, s, "pass")
    assert s.phase == TURN
    pos.play(game, s, "pass")
    assert s.phase == BATTLES
    pos.play(game, s, "retreat")
    assert s.phase == END_OF_ROUND


# ----- 6.2 round start ---------------------------------------------------------------------------------
def test_2012_three_tiles_revealed_at_every_round_start(games: dict[str, PolisGame]) -> None:
    """R-ROUND-5, R-SETUP-15 [2012]: the round starts by turning 3 tiles face up (before the event);
    only those can be started this round."""
    game = games["2012-log"]
    s = game.new_state(5)
    assert s.projects_face_up == [] and len(s.project_pile) == 14
    drawn = []
    cap = StepCap("s.chance == 'project'")
    while s.chance == "project" and cap():
        drawn.append(str(game.step_chance(s)))
    assert len(drawn) == 3 and s.chance == "event" and len(s.project_pile) == 11
    resolve_chance(game, s)
    assert s.phase == TURN
    hidden = game.tables.projects[s.project_pile[0]].id
    assert all(str(a.args[0]) != hidden for a in game.legal_actions(s) if a.verb == "project")
    s = pos.turn_position(game, round=1)
    LOG.clear()
    flow.begin_round(game.tables, s)
    assert s.chance == "project"
    assert len([x for x in resolve_chance(game, s) if x.startswith("project")]) == 3


def test_2020_no_project_step_at_round_start(games: dict[str, PolisGame]) -> None:
    """R-ROUND-6 [2020]: Épsilon and Omega start with the tiles placed in step 7; the only draw at a
    round start is the event."""
    game = games["2020-log"]
    s = pos.turn_position(game, round=1, projects=FOUR)
    LOG.clear()
    flow.begin_round(game.tables, s)
    assert s.chance == "event"
    assert [x.split()[0] for x in resolve_chance(game, s)] == ["event"]
    assert len(s.projects_face_up) == 4


@pytest.mark.parametrize(("edition", "round", "prestige", "reader"), [
    ("2012", 0, (4, 4), ATHENS), ("2012", 0, (3, 4), SPARTA), ("2012", 1, (5, 4), ATHENS),
    ("2020", 0, (3, 5), ATHENS), ("2020", 1, (3, 5), SPARTA), ("2020", 1, (4, 4), ATHENS),
    ("2020", 2, (6, 2), ATHENS),
])
def test_the_event_reader(edition: str, round: int, prestige: tuple[int, int], reader: int,
                          games: dict[str, PolisGame]) -> None:
    """R-ROUND-7, R-ROUND-8: more prestige reads (tie: Athens; [2020] round 1: always Athens), and the
    reader applies the card first, then the opponent."""
    game = games[f"{edition}-log"]
    projects: tuple[str, ...] = FOUR if edition == "2020" and round == 1 else ()
    if edition == "2020" and round == 2:
        projects = (*FOUR, "Phidias")
    s = start_round(game, round, prestige, projects)
    assert [side for side, _ in LOG] == [reader, 1 - reader]
    assert round_start.event_reader(game.tables, s) == reader
    assert s.phase == TURN


@pytest.mark.parametrize(("edition", "round", "prestige", "starter"), [
    ("2012", 0, (4, 4), SPARTA), ("2012", 0, (3, 4), ATHENS), ("2012", 2, (6, 5), SPARTA),
    ("2020", 0, (2, 5), SPARTA), ("2020", 1, (2, 5), ATHENS), ("2020", 1, (3, 3), SPARTA),
])
def test_the_start_player(edition: str, round: int, prestige: tuple[int, int], starter: int,
                          games: dict[str, PolisGame]) -> None:
    """R-ROUND-9: less prestige starts (tie: Sparta; [2020] round 1: always Sparta)."""
    game = games[edition]
    s = start_round(game, round, prestige, FOUR if edition == "2020" and round == 1 else ())
    assert s.phase == TURN and s.active == starter
    assert s.first_passer == -1 and s.passed == [False, False]


@pytest.mark.parametrize(("edition", "round", "reader", "starter"), [
    ("2012", 1, SPARTA, SPARTA), ("2020", 1, SPARTA, SPARTA), ("2020", 0, ATHENS, SPARTA),
])
def test_reader_before_the_event_start_player_after(edition: str, round: int, reader: int, starter: int,
                                                    games: dict[str, PolisGame]) -> None:
    """R-ROUND-10 (and R-ROUND-7/9 [2020] round 1): Athens 3, Sparta 4: Sparta reads; the card gives
    Athens 2, so Sparta (4 < 5) starts. In [2020] round 1 Athens reads and Sparta starts anyway."""
    game = games[f"{edition}-athens2"]
    projects = FOUR if edition == "2020" and round == 1 else ()
    s = start_round(game, round, (3, 4), projects)
    assert LOG[0][0] == reader and s.prestige == [5, 4]
    assert s.active == starter


def test_2020_first_round_roles_ignore_the_event(games: dict[str, PolisGame]) -> None:
    """R-ROUND-7, R-ROUND-9 [2020]: in round 1 Athens reads and Sparta starts even if the event leaves
    Sparta with more prestige; [2012] decides by prestige (Athens, with less, starts)."""
    s = start_round(games["2020-sparta2"], 0, (3, 3))
    assert LOG[0][0] == ATHENS and s.prestige == [3, 5] and s.active == SPARTA
    s = start_round(games["2012-sparta2"], 0, (4, 4))
    assert LOG[0][0] == ATHENS and s.prestige == [4, 6] and s.active == ATHENS


def test_the_event_is_drawn_by_chance_from_the_rounds_deck(games: dict[str, PolisGame]) -> None:
    """R-ROUND-8: the round's own card is revealed (a chance event ``event <id>``), then applied."""
    game = games["2020-log"]
    s = pos.turn_position(game, round=1, projects=FOUR)
    LOG.clear()
    flow.begin_round(game.tables, s)
    assert game.chance_outcomes(s) == [(Action("event", ("Test2020Epsilon",)), 1.0)]
    with pytest.raises(IllegalAction):
        game.apply_in_place(s, Action("event", ("Test2020Alfa",)))
    game.apply_in_place(s, Action("event", ("Test2020Epsilon",)))
    assert s.event == "Test2020Epsilon" and len(LOG) == 2 and s.phase in (TURN, EVENT)
