"""Redeployment in the Final phase (P-REDEPLOY-1..9, P-AMB-35, P-AMB-46)."""

from __future__ import annotations

from per_helpers import bare, game, play, put, rule_of

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AL, AN, ATHENS, DL, SL, SPARTA


def _th(g: PericlesGame, name: str) -> int:
    return g.tables.theater_index[name]


def _legal(g: PericlesGame, s: PericlesState) -> list[str]:
    return [str(a) for a in g.legal_actions(s)]


def _redeploy(g: PericlesGame, s: PericlesState) -> None:
    """Upkeep is over: redeployment starts."""
    s.phase, s.side, s.step = "final", 2, "upkeep_next"
    flow.advance(g.tables, s)


def test_groups_in_order_and_one_unit_without_a_base() -> None:
    """P-REDEPLOY-1, P-REDEPLOY-3, P-REDEPLOY-5, P-REDEPLOY-6: Delian League units first, then Athenian
    ones, by Athens' Dominant; where the side has no base only one of its units may stay, League units go
    only to their own League bases, Athenian units to Athenian or Delian bases."""
    g, s = bare()
    put(g, s, "Athens", Ab=1)
    put(g, s, "Cyclades", Db=1)
    put(g, s, "Corcyra", Dl=2)
    put(g, s, "Boeotia", An=1, Al=1)
    _redeploy(g, s)
    assert s.step == "redeploy" and s.actor == s.dominant[ATHENS] and s.cursor == 0
    legal = _legal(g, s)
    assert "redeploy done" not in legal and "redeploy Corcyra Dl Cyclades" in legal
    assert rule_of(g, s, "redeploy Corcyra Dl Athens") == "P-REDEPLOY-5"
    assert rule_of(g, s, "redeploy done") == "P-REDEPLOY-3"
    play(g, s, "redeploy Corcyra Dl Cyclades", "redeploy done")
    assert s.cursor == 1 and "redeploy Boeotia An Athens" in _legal(g, s)
    assert "redeploy Boeotia Al Cyclades" in _legal(g, s)  # a Delian base takes Athenian units
    play(g, s, "redeploy Boeotia An Athens", "redeploy done")
    assert count(s, _th(g, "Athens"), AN) == 1 and count(s, _th(g, "Boeotia"), AL) == 1
    assert count(s, _th(g, "Corcyra"), DL) == 1 and s.step != "redeploy"


def test_no_destination_means_elimination() -> None:
    """P-REDEPLOY-7, P-REDEPLOY-8, P-AMB-35: Spartan units go only to Spartan bases; with none, a unit
    that may not stay is eliminated, the Dominant choosing which."""
    g, s = bare()
    put(g, s, "Isthmus", Pb=1)
    put(g, s, "Boeotia", Sl=2)
    _redeploy(g, s)
    assert s.cursor == 3 and s.actor == s.dominant[SPARTA]
    assert _legal(g, s) == ["eliminate Boeotia Sl"]
    play(g, s, "eliminate Boeotia Sl")
    assert count(s, _th(g, "Boeotia"), SL) == 1 and s.step != "redeploy"


def test_wider_spartan_reading_option() -> None:
    """P-AMB-35 option ``spartan_redeploy_bases=spartan_or_league``: Peloponnesian bases take Spartan units."""
    g = game(spartan_redeploy_bases="spartan_or_league")
    _, s = bare()
    put(g, s, "Isthmus", Pb=1)
    put(g, s, "Boeotia", Sl=2)
    s.war = 1
    _redeploy(g, s)
    assert "redeploy Boeotia Sl Isthmus" in _legal(g, s)


def test_at_most_fifteen_with_a_base() -> None:
    """P-REDEPLOY-4: a theater with a friendly base holds at most 15 of the side's units after
    redeployment; a full one takes no more."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=10, An=6)
    put(g, s, "Cyclades", Ab=1)
    _redeploy(g, s)
    assert s.cursor == 1 and "redeploy done" not in _legal(g, s)
    play(g, s, "redeploy Athens An Cyclades")
    assert "redeploy done" in _legal(g, s)
    assert "redeploy Cyclades An Athens" not in _legal(g, s)  # moved once already


def test_redeployment_ignores_movement_and_peace_never_persia_or_argos() -> None:
    """P-REDEPLOY-2, P-REDEPLOY-9, P-ARGOS-2, P-PERSIA-4: a unit may go anywhere legal, even where Peace
    forbids entering; never into Persia; Argos units never leave Sparta."""
    g, s = bare()
    s.war = 0
    put(g, s, "Athens", Ab=1, Al=1)
    put(g, s, "Sicily", Ab=1, Sl=1)
    put(g, s, "Sparta", Db=1, Ar=2)
    put(g, s, "Persia", Xb=1)
    _redeploy(g, s)
    assert s.cursor == 1  # the Argos units alone leave the Delian group nothing to choose
    legal = _legal(g, s)
    assert "redeploy Athens Al Sicily" in legal
    assert not any("Persia" in a for a in legal)
    assert not any(" Ar " in a for a in legal)
