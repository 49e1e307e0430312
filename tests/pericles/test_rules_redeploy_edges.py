"""Edges of redeployment (``rules.redeploy``): the rule ID and the words of each refusal (P-REDEPLOY-3,
P-REDEPLOY-5, P-REDEPLOY-8), which the rule tests asked only by rule ID; each half of the closed-theater
test and the room at exactly 15 units (P-REDEPLOY-4/9); one step's move and elimination."""

from __future__ import annotations

from per_helpers import AF, bare, game

from kleos.core.action import Action
from kleos.games.pericles.rules import redeploy
from kleos.games.pericles.tables import AB, AL, AR, DB, DL, EAST_MED, N_PIECES, PB, PERSIA, SB, SL


def test_each_refusal_names_its_rule_and_words() -> None:
    """P-REDEPLOY-3 (units over a theater's limit cannot stay: ``redeploy done`` refused), P-REDEPLOY-8
    (only a unit over the limit with nowhere to go is eliminated), P-REDEPLOY-5 (a destination with a
    base the group may use and room)."""
    g, s = bare()
    t = g.tables
    assert redeploy.check(t, s, AF, Action.parse("redeploy done")) == (
        "P-REDEPLOY-3", "units over a theater's limit must be redeployed or, with nowhere to go, eliminated")
    assert redeploy.check(t, s, AF, Action.parse("eliminate Athens Al")) == (
        "P-REDEPLOY-8", "only a unit over the limit with no legal destination is eliminated")
    usage = ("P-REDEPLOY-5", "redeploy a unit of this group to a theater with a base it may use and room: "
             "redeploy <from> <piece> <to>")
    assert redeploy.check(t, s, AF, Action.parse("redeploy Athens Al Boeotia")) == usage
    assert redeploy.check(t, s, AF, Action.parse("redeploy")) == usage


def test_a_destination_is_an_open_theater_with_a_usable_base_and_room() -> None:
    """P-REDEPLOY-9 ("never Persia, nor a theater out of play"; the Eastern Mediterranean only during the
    war with Persia and before Callias), P-REDEPLOY-4 (room under 15 units: at 14 a theater is a
    destination, at 15 not), P-REDEPLOY-6 (an Athenian or Delian base for Athenian units): every theater
    holds an Athenian base, and only the open ones with room are offered, each half of each test alone."""
    g, s = bare("14_1_09a")
    t = g.tables
    athens_group = 1
    for th in range(len(t.theater_keys)):
        s.pieces[th * N_PIECES + AB] = 1
    counted = [0] * len(t.theater_keys)
    open_ones = [th for th in range(len(t.theater_keys)) if t.in_play[th] and th != PERSIA and th != EAST_MED]
    s.persia_war, s.callias = 1, 0
    assert redeploy.destinations(t, s, athens_group, counted) == open_ones
    g, s = bare()
    t = g.tables
    for th in range(len(t.theater_keys)):
        s.pieces[th * N_PIECES + AB] = 1
    everywhere = [th for th in range(len(t.theater_keys)) if th != PERSIA]
    for war, callias, east_med in ((1, 0, True), (0, 0, False), (1, 1, False)):
        s.persia_war, s.callias = war, callias
        expected = [th for th in everywhere if east_med or th != EAST_MED]
        assert redeploy.destinations(t, s, athens_group, counted) == expected, (war, callias)
    boeotia = t.theater_index["Boeotia"]
    counted[boeotia] = 14
    assert boeotia in redeploy.destinations(t, s, athens_group, counted)
    counted[boeotia] = 15
    assert boeotia not in redeploy.destinations(t, s, athens_group, counted)


def test_a_redeployed_unit_joins_the_units_there_and_an_elimination_goes_on() -> None:
    """P-REDEPLOY-1/2: one unit per step joins those already at its destination and is marked as moved
    there (each unit moves at most once); P-REDEPLOY-8: an elimination removes one unit and the group's
    step goes on."""
    g, s = bare()
    t = g.tables
    athens, boeotia = t.theater_index["Athens"], t.theater_index["Boeotia"]
    s.pieces[athens * N_PIECES + AL], s.pieces[boeotia * N_PIECES + AL] = 2, 3
    assert redeploy.apply(t, s, Action.parse("redeploy Athens Al Boeotia")) is False
    assert (s.pieces[athens * N_PIECES + AL], s.pieces[boeotia * N_PIECES + AL]) == (1, 4)
    assert s.moved[boeotia * N_PIECES + AL] == 1 and sum(s.moved) == 1
    assert redeploy.apply(t, s, Action.parse("eliminate Boeotia Al")) is False
    assert s.pieces[boeotia * N_PIECES + AL] == 3
    assert redeploy.apply(t, s, Action.parse("redeploy done")) is True


def test_over_the_limit_only_argos_or_a_unit_with_nowhere_to_go_is_eliminated() -> None:
    """P-REDEPLOY-8 ("Over-limit units with a destination must be moved; those without one are
    eliminated"), P-REDEPLOY-9 (Argos units never move): three Delian land units and an Argos unit where
    the Delian League has no base; with a Delian base elsewhere only the Argos unit may be eliminated, with
    none anywhere each kind may."""
    g, s = bare()
    t = g.tables
    delian = 0
    boeotia, chios = t.theater_index["Boeotia"], t.theater_index["Chios"]
    s.pieces[boeotia * N_PIECES + DL], s.pieces[boeotia * N_PIECES + AR] = 3, 1
    s.pieces[chios * N_PIECES + DB] = 1
    eliminations = {str(a) for a in redeploy.legal(t, s, delian) if a.verb == "eliminate"}
    assert eliminations == {"eliminate Boeotia Ar"}
    s.pieces[chios * N_PIECES + DB] = 0
    eliminations = {str(a) for a in redeploy.legal(t, s, delian) if a.verb == "eliminate"}
    assert eliminations == {"eliminate Boeotia Ar", "eliminate Boeotia Dl"}


def test_a_unit_at_the_first_of_two_destinations_may_still_move() -> None:
    """P-REDEPLOY-1/5: with Delian bases in exactly two theaters, a Delian unit standing at the first may
    go to the second, so the group has a decision to make."""
    g, s = bare()
    t = g.tables
    chios, samos = t.theater_index["Chios"], t.theater_index["Samos"]
    s.pieces[chios * N_PIECES + DB] = s.pieces[samos * N_PIECES + DB] = 1
    s.pieces[chios * N_PIECES + DL] = 1
    assert redeploy.needs_decision(t, s, 0)
    assert "redeploy Chios Dl Samos" in {str(a) for a in redeploy.legal(t, s, 0)}


def test_each_reading_of_the_spartan_bases_gets_its_own_menu_for_one_position() -> None:
    """P-REDEPLOY-7 with P-AMB-35's switch ``spartan_redeploy_bases`` in both positions: for the same
    pieces, a Peloponnesian base is a destination of Spartan units only under ``spartan_or_league``, and
    asking under one reading and then the other gives each its own answer."""
    narrow, s = bare()
    wide = game("14_2", spartan_redeploy_bases="spartan_or_league")
    sparta, chios = narrow.tables.theater_index["Sparta"], narrow.tables.theater_index["Chios"]
    s.pieces[sparta * N_PIECES + SB], s.pieces[sparta * N_PIECES + SL] = 1, 1
    s.pieces[chios * N_PIECES + PB] = 1
    move = "redeploy Sparta Sl Chios"
    for tables, offered in ((narrow.tables, False), (wide.tables, True), (narrow.tables, False)):
        assert (move in {str(a) for a in redeploy.legal(tables, s, 3)}) == offered
