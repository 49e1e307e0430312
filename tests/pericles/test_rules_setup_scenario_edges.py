"""Edges of the set-up (``rules.setup``, P-SETUP-1/6, P-DATA-1): the state a scenario starts from, read
before the first step is played. Most of it the first phases write again before any rule reads it; it
is still what a saved game (``PericlesState.to_json``) and the observation encoding read, so each
value is stated: the Assembly favor of a scenario that gives one, pieces and treason markers listed
twice on one theater, the vignette's first phase, and nothing under way.

P-SETUP-1: "A scenario is chosen. It sets every starting value listed in P-DATA-1"; P-DATA-1: "the
Assembly favor positions; [...] starting units, bases, treason and hostage markers".
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from per_helpers import DF, EK, game

from kleos.games.pericles.rules import setup
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import M_WIN, N_HONOR, N_MIL, OFF, THEATER
from kleos.games.pericles.tables import ISSUES_PER_SIDE, MARKER_KINDS, N_PIECES, N_THEATERS, PIECES, Tables

SCENARIOS = ("14_2", "14_1_09a")


def _with(t: Tables, **fields: object) -> Tables:
    """The tables of a scenario changed as ``fields`` say."""
    return replace(t, scenario=t.scenario.model_copy(update=fields))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_nothing_is_under_way_when_a_scenario_starts(scenario: str) -> None:
    """P-SETUP-1/6: the scenario's first turn begins; no debate card is down, no issue on the track, no
    Council or set-aside token, no Advisory Council used, no will, no marker held beyond the scenario's,
    no defeat, no commitment, no base built, no Military issue, every Aristophanes card undrawn."""
    t = game(scenario).tables
    s = setup.new_state(t, 1)
    assert (s.council, s.set_aside, s.defeat, s.no_bases, s.granary_start) == ([0, 0], [0, 0], [0, 0], [0, 0], [0])
    assert s.used_council == s.council_now == s.played == s.commit == s.committed == [0] * 4
    assert s.track == [OFF] * (2 * ISSUES_PER_SIDE)
    assert s.will_code == s.will_theater == [-1, -1] and s.draw == [-1, -1]
    assert s.arist_deck == [1] * len(t.arist_names) and s.built == [0] * N_THEATERS
    assert len(s.treason) == 2 * N_THEATERS and len(s.pieces) == N_THEATERS * N_PIECES
    assert len(s.held) == 4 * 4 * len(MARKER_KINDS)
    assert sum(s.held) == sum(map(len, t.scenario.theater_markers.values()))
    assert s.mil == [-1 if slot == M_WIN else 0 for slot in range(N_MIL)]
    assert (s.mil_stage, s.moves_left, s.moving) == (0, 0, -1)
    assert s.moved == [0] * (N_THEATERS * N_PIECES) and s.killed == s.gone == [0] * N_PIECES
    assert s.queue == s.order == s.chosen == s.visited == s.plague_due == []
    where = (s.chance, s.actor, s.side, s.debate, s.issue, s.boule, s.picks, s.arist_card, s.cursor, s.passes,
             s.revealed, s.steps, s.outcome)
    assert where == (None, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, None)


@pytest.mark.parametrize(("scenario", "status"), [
    ("14_2", (1, 0, 0, 1, 0, 0, 0, 1)),  # turn 1, Peace, Pre-Plague, War with Persia, Alcibiades in Athens
    ("14_1_09a", (9, 1, 1, 0, 1, 1, 1, 1)),  # turn 9, War, Post-Plague, Callias done, Alcibiades in Persia
])
def test_the_status_markers_are_the_scenarios(scenario: str, status: tuple[int, ...]) -> None:
    """P-DATA-1 ("the turn range [...]; War/Peace status; Pre- or Post-Plague status; [...] Alcibiades'
    location; whether War with Persia is active"): turn, War, Plague, War with Persia, Callias, Alcibiades,
    Persia open and the State Ship (P-SETUP-4: face up) as the scenario file gives them."""
    s = setup.new_state(game(scenario).tables, 1)
    assert (s.turn, s.war, s.plague, s.persia_war, s.callias, s.alcibiades, s.persia_open, s.state_ship) == status
    assert setup.new_state(_with(game(scenario).tables, state_ship=False), 1).state_ship == 0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_faction_starts_with_its_scenario_honor_and_handicap_by_source(scenario: str) -> None:
    """P-DATA-1 ("each faction's starting Honor"), P-DATA-14 (the Honor handicap, an option): the score
    sheet's sources of each faction hold its start and its handicap, nothing else, and add up to its
    Honor."""
    g = game(scenario, honor_handicap={"DF": 3})
    s = setup.new_state(g.tables, 1)
    sc = g.tables.scenario
    assert len(s.honor_from) == 4 * N_HONOR
    for f, code in enumerate(("AF", "DF", "EK", "AK")):
        sources = s.honor_from[f * N_HONOR: (f + 1) * N_HONOR]
        assert sources == [sc.honor[code], 3 if f == DF else 0] + [0] * (N_HONOR - 2)
        assert s.honor[f] == sum(sources)


def test_a_scenario_favor_is_each_sides_faction() -> None:
    """P-DATA-1 ("the Assembly favor positions"): a scenario giving each side's favor to a faction starts
    with it there; a neutral favor is -1."""
    t = game().tables
    s = setup.new_state(_with(t, favour={"athens": "DF", "sparta": "EK"}), 1)
    assert s.favor == [DF, EK]
    s = setup.new_state(_with(t, favour={"athens": "neutral", "sparta": "EK"}), 1)
    assert s.favor == [-1, EK]


def test_pieces_and_treason_listed_twice_on_a_theater_stack() -> None:
    """P-DATA-1 ("starting units, bases, treason and hostage markers"): each listed entry is put on the
    board, so a scenario listing the same piece, or a side's treason markers, twice on one theater starts
    with both counts there (the scenario files list each once today)."""
    t = game("14_1_09a").tables
    sc = t.scenario
    piece, marker = sc.pieces[0], sc.treason[0]
    s = setup.new_state(_with(t, pieces=[*sc.pieces, piece], treason=[*sc.treason, marker]), 1)
    once = setup.new_state(t, 1)
    th = piece.theater - 1
    assert count(s, th, PIECES.index(piece.piece)) == count(once, th, PIECES.index(piece.piece)) + piece.count
    assert sum(s.pieces) == sum(once.pieces) + piece.count
    slot = (marker.theater - 1) * 2 + ("athens", "sparta").index(marker.side)
    assert s.treason[slot] == once.treason[slot] + marker.count == 2 * marker.count


def test_the_vignette_starts_at_the_theater_phase_and_the_war_at_aristophanes() -> None:
    """P-SETUP-6 ("Play begins with the Aristophanes Card segment of the scenario's first turn"), with
    P-SETUP-1's override: a scenario of the Theater phase only (14.1.09 A) starts in it."""
    assert setup.new_state(game("14_1_09a").tables, 1).phase == THEATER
    assert setup.new_state(game("14_2").tables, 1).phase == "aristophanes"
