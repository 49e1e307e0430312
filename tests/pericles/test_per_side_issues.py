"""Citizenship, Colony, Krypteia and Agoge (P-POLISSUE-4, P-POLISSUE-5, P-POLISSUE-6, P-POLISSUE-7, P-POLISSUE-8,
P-POLISSUE-9, P-POLISSUE-10)."""

from __future__ import annotations

from typing import Any

import pytest
from per_helpers import AF, AK, DF, EK, game, play, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow
from kleos.games.pericles.rules.common import count, in_use
from kleos.games.pericles.state import GONE, OFF, PericlesState
from kleos.games.pericles.tables import AB, AL, DB, DL, ISSUES_PER_SIDE, N_PIECES, SL
from step_cap import StepCap


def _won(*issues: tuple[int, str, int], war: int = 0, **options: Any) -> tuple[PericlesGame, PericlesState]:
    """A position at the side-issue step with the given (side, issue, box) on the tracks (and options)."""
    g = game(**options)
    s = g.new_state(1)
    s.chance, s.phase, s.war = None, "political", war
    s.track = [OFF] * len(s.track)
    for side, kind, pos in issues:
        s.track[side * ISSUES_PER_SIDE + g.tables.issue_kinds[side].index(kind)] = pos
    s.cursor, s.picks, s.step = 0, 0, "side_next"
    flow.advance(g.tables, s)
    return g, s


def test_citizenship() -> None:
    """P-POLISSUE-4, P-POLISSUE-5, P-POLISSUE-9, P-AMB-16: a Delian base becomes Athenian (+2 Honor),
    with 1 naval or 2 land Athenian units there; the issue then leaves the game."""
    g, s = _won((0, "CIT", -2))
    assert s.step == "side" and s.actor == DF
    assert Action("cit", ("Lesbos", "naval")) in g.legal_actions(s)
    play(g, s, "cit Lesbos land")
    lesbos = g.tables.theater_index["Lesbos"]
    assert (count(s, lesbos, DB), count(s, lesbos, AB), count(s, lesbos, AL), s.honor[DF]) == (0, 1, 2, 12)
    assert s.track[g.tables.issue_kinds[0].index("CIT")] == GONE


def test_colony_needs_peace() -> None:
    """P-POLISSUE-6, P-POLISSUE-10, P-AMB-18, P-AMB-19: in Peace a Delian base and 1 naval or 2 land
    Delian units go to a friendly or contested theater (+2 Honor); in War the Colony is cancelled."""
    g, s = _won((0, "COL", 3))
    assert s.actor == AF
    assert Action("col", ("Corcyra", "land")) not in g.legal_actions(s)  # not Athenian-held
    play(g, s, "col Samos land")
    samos = g.tables.theater_index["Samos"]
    assert (count(s, samos, DB), count(s, samos, DL), s.honor[AF]) == (2, 2, 12)
    g, s = _won((0, "COL", 3), war=1)
    assert s.step != "side" and s.track[g.tables.issue_kinds[0].index("COL")] == GONE


def test_colony_upkeep_points_option() -> None:
    """P-AMB-18: with colony_points=upkeep the four points are 2 naval or 4 land units."""
    g = game(colony_points="upkeep")
    s = g.new_state(1)
    s.chance, s.phase = None, "political"
    s.track = [OFF] * len(s.track)
    s.track[g.tables.issue_kinds[0].index("COL")] = 1
    s.cursor, s.picks, s.step = 0, 0, "side_next"
    flow.advance(g.tables, s)
    play(g, s, "col Cyclades land")
    assert count(s, g.tables.theater_index["Cyclades"], DL) == 1 + 4


def test_krypteia_without_markers() -> None:
    """P-POLISSUE-7, P-POLISSUE-9: with no Athenian treason marker the winner can only pass; the issue
    still leaves the game."""
    g, s = _won((1, "KRY", 1))
    assert s.actor == EK and g.legal_actions(s) == [Action("kry", ("none",))]
    assert rule_of(g, s, "kry Samos") == "P-POLISSUE-7"
    play(g, s, "kry none")
    assert s.track[ISSUES_PER_SIDE + g.tables.issue_kinds[1].index("KRY")] == GONE


def test_krypteia_removes_markers() -> None:
    """P-POLISSUE-7, P-TREASON-4: the Krypteia winner removes Athenian treason markers it chooses."""
    g = game()
    s = g.new_state(1)
    s.chance, s.phase = None, "political"
    s.track = [OFF] * len(s.track)
    s.track[ISSUES_PER_SIDE + g.tables.issue_kinds[1].index("KRY")] = 2
    samos = g.tables.theater_index["Samos"]
    s.treason[samos * 2] = 7
    s.cursor, s.picks, s.step = 0, 0, "side_next"
    flow.advance(g.tables, s)
    assert s.actor == EK
    for _ in range(6):
        play(g, s, "kry Samos")
    assert s.treason[samos * 2] == 1 and s.step != "side"


def test_agoge_needs_war() -> None:
    """P-POLISSUE-8, P-POLISSUE-10: in War up to 3 Spartan land units in Sparta; in Peace cancelled."""
    g, s = _won((1, "AGO", -1), war=1)
    assert s.actor == AK and [str(a) for a in g.legal_actions(s)] == ["ago 0", "ago 1", "ago 2", "ago 3"]
    play(g, s, "ago 3")
    assert count(s, g.tables.theater_index["Sparta"], SL) == 4 + 3
    g, s = _won((1, "AGO", -1), war=0)
    assert s.step != "side"


def _order_of_decisions(g: PericlesGame, s: PericlesState) -> list[tuple[int, str]]:
    """(actor, verb) of each side-issue decision, answered with its first option (``none``, or an Agoge
    of 0 units), until the side issues are done."""
    asked: list[tuple[int, str]] = []
    cap = StepCap("s.step == 'side'")
    while s.step == "side" and cap():
        first = g.legal_actions(s)[0]
        asked.append((s.actor, first.verb))
        play(g, s, str(first))
    return asked


def test_side_issues_resolve_in_the_rulebook_order() -> None:
    """P-POLISSUE-1: Citizenship, Colony, Krypteia, Agoge in that order (Athens' issues before Sparta's),
    whatever their positions on the tracks; in War the Agoge comes last and the Colony is cancelled."""
    g, s = _won((1, "KRY", 2), (0, "COL", 3), (0, "CIT", -2))
    assert _order_of_decisions(g, s) == [(DF, "cit"), (AF, "col"), (EK, "kry")]
    g, s = _won((1, "AGO", -1), (1, "KRY", 2), (0, "CIT", -2), war=1)
    assert _order_of_decisions(g, s) == [(DF, "cit"), (EK, "kry"), (AK, "ago")]


def _colony_won() -> tuple[PericlesGame, PericlesState, int]:
    """Athens won the Colony in Peace (AF to carry it out); Samos, Athenian-held, has its own index."""
    g, s = _won((0, "COL", 3))
    return g, s, g.tables.theater_index["Samos"]


def test_colony_words_say_no_base_can_go_where_three_stand() -> None:
    """P-POLISSUE-6, P-THEATER-3: in a theater holding 3 bases a Colony places its League units alone
    (+2 Honor); its words said "found a Delian League base" there, a base the rules do not place."""
    from kleos.games.pericles import story

    g, s, samos = _colony_won()
    s.pieces[samos * N_PIECES + DB] = 3
    assert story.tell(g, s, Action.parse("col Samos land")) == (
        "Colony: no Delian League base can go in Samos (3 bases there already, P-THEATER-3); only 2 League land "
        "units, +2 Honor")
    before = (count(s, samos, DB), count(s, samos, DL), s.honor[AF])
    play(g, s, "col Samos land")
    assert (count(s, samos, DB), count(s, samos, DL), s.honor[AF]) == (before[0], before[1] + 2, before[2] + 2)


def test_colony_words_count_the_units_the_pool_still_holds() -> None:
    """P-POLISSUE-6, P-COMP-1: with one Delian land unit left in the pool the Colony places that one,
    and its words say so instead of "2 League land units"."""
    from kleos.games.pericles import story

    g, s, samos = _colony_won()
    s.gone[DL] += g.tables.piece_limits[DL] - in_use(s, DL) - 1
    assert story.tell(g, s, Action.parse("col Samos land")) == (
        "Colony: found a Delian League base in Samos, with 1 League land unit (the pool holds no more, P-COMP-1), "
        "+2 Honor")
    before = count(s, samos, DL)
    play(g, s, "col Samos land")
    assert count(s, samos, DL) == before + 1


@pytest.mark.parametrize(("options", "ship", "land"), [({}, "Samos (1 ship)", "Samos (2 land units)"),
                                                       ({"colony_points": "upkeep"}, "Samos (2 ships)",
                                                        "Samos (4 land units)")])
def test_colony_choices_share_a_run_head_and_end_with_their_units(options: dict[str, Any], ship: str,
                                                                  land: str) -> None:
    """P-POLISSUE-6, P-AMB-18: in the plain menu each Colony choice reads "Samos (1 ship)" after the
    shared head, its units counted as the option reads the four points; one over the 3-base limit
    (P-THEATER-3) or short of units (P-COMP-1) keeps its own line (no end)."""
    from kleos.games.pericles.tui.runs import run_end

    g, s = _won((0, "COL", 3), **options)
    samos = g.tables.theater_index["Samos"]
    view = g.view(s, AF)
    head = "Colony (+2 Honor): found a Delian League base, with League units, in"
    assert [run_end(g, view, Action.parse(text)) for text in ("col Samos naval", "col Samos land", "col none")] == [
        (head, ship), (head, land), None]
    s.pieces[samos * N_PIECES + DB] = 3
    assert run_end(g, g.view(s, AF), Action.parse("col Samos naval")) is None
    s.pieces[samos * N_PIECES + DB] = 1
    s.gone[DL] += g.tables.piece_limits[DL] - in_use(s, DL) - 1
    assert run_end(g, g.view(s, AF), Action.parse("col Samos land")) is None


def test_citizenship_choices_share_a_run_head() -> None:
    """P-POLISSUE-4, P-POLISSUE-5: a converted base's choices read "Lesbos (2 land units)" after the
    shared head, and its words count the Athenian units and the 2 Honor."""
    from kleos.games.pericles import story
    from kleos.games.pericles.tui.runs import run_end

    g, s = _won((0, "CIT", -2))
    view = g.view(s, DF)
    assert run_end(g, view, Action.parse("cit Lesbos land")) == (
        "Citizenship (+2 Honor): a Delian League base becomes Athenian, with Athenian units, in",
        "Lesbos (2 land units)")
    assert story.tell(g, s, Action.parse("cit Lesbos naval")) == (
        "Citizenship: the Delian League base in Lesbos becomes Athenian, with 1 Athenian ship, +2 Honor")
