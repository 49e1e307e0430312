"""Edges of Military issues (``rules.military``): each faction's home build and its menu at exactly the
bases there (P-MIL-3/4), the Expedition's 1-5 tokens at the cap (P-EXPED-1), the menus of a contested or
enemy theater (P-MIL-6/7), exit tests at equal strengths (P-MOVE-9/12) and each way into a closed theater
(P-MOVE-16, P-PERSIA-6/10, P-WARPEACE-7), the 300's free move (P-300-3) and each refusal's words."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, bare, put

from kleos.core.action import Action
from kleos.games.pericles.rules import military
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.tables import AL, AN, DL, EAST_MED, N_PIECES, PL, S300, SL, SN


def test_each_refusal_names_its_rule_and_words() -> None:
    """P-MOVE-9 (a unit carried on leaves only along a connection it may leave by), P-MOVE-15 (only a
    unit that has not moved and can leave its theater may be chosen to move)."""
    g, s = bare()
    s.step = "move_on"
    assert military.check(g.tables, s, AF, Action.parse("step Athens")) == (
        "P-MOVE-9", "carry the unit on along a connection it may leave by: step <theater>")
    s.step = "move"
    assert military.check(g.tables, s, AF, Action.parse("move Athens Al Boeotia")) == (
        "P-MOVE-15", "move a unit that has not moved and can leave: move <from> <piece> <to>, or done")


HOME = {AF: "Athens", DF: "Athens", EK: "Sparta", AK: "Sparta"}
CITY_BASE = {AF: "Ab", DF: "Ab", EK: "Sb", AK: "Sb"}
ENEMY_UNIT = {AF: "Sl", DF: "Sl", EK: "Al", AK: "Al"}


def test_the_home_build_needs_each_side_home_friendly_or_contested() -> None:
    """P-MIL-3 ("if the Expedition theater is the Commander's home theater and is friendly-controlled or
    contested, the Commander may build city-state units there"): each faction at its own home, friendly,
    contested, enemy-controlled or neutral, and at the other side's home."""
    for owner, home in HOME.items():
        g, s = bare()
        t = g.tables
        th, other = t.theater_index[home], t.theater_index[HOME[(owner + 2) % 4]]
        assert not military.home_build_possible(s, th, owner)  # neutral
        put(g, s, home, **{ENEMY_UNIT[owner]: 1})
        assert not military.home_build_possible(s, th, owner)  # enemy-controlled
        put(g, s, home, **{CITY_BASE[owner]: 1})
        assert military.home_build_possible(s, th, owner)  # contested
        put(g, s, home, **{ENEMY_UNIT[owner]: 0})
        assert military.home_build_possible(s, th, owner)  # friendly
        put(g, s, HOME[(owner + 2) % 4], **{CITY_BASE[owner]: 1})
        assert not military.home_build_possible(s, other, owner), owner


def test_the_build_menu_counts_exactly_the_city_state_bases() -> None:
    """P-MIL-4 ("for each friendly city-state base in that theater, the Commander builds either 1 naval
    unit or 2 land units of its own city-state"): 0 to the number of city-state bases naval units, League
    bases not counted, for each faction; after the build (or with none) the Expedition's menu."""
    for owner, home in HOME.items():
        g, s = bare()
        t = g.tables
        th = t.theater_index[home]
        put(g, s, home, **{CITY_BASE[owner]: 2, "Db" if owner < 2 else "Pb": 1})
        s.stock[owner] = 2
        assert [str(a) for a in military.legal(t, s, th, owner)] == ["build none", "build 0", "build 1", "build 2"]
        s.mil_stage = 1
        assert [str(a) for a in military.legal(t, s, th, owner)] == ["expedition 1", "expedition 2"], owner


def test_each_build_places_one_naval_or_two_land_units_per_base() -> None:
    """P-MIL-4, P-AMB-16 (League units cannot be built this way): with three bases, ``build 1`` gives one
    naval and four land units of the Commander's city-state, for Athens and for Sparta; ``build none``
    places nothing; either ends the building step."""
    for owner, naval, land in ((DF, AN, AL), (AK, SN, SL)):
        g, s = bare()
        t = g.tables
        home = HOME[owner]
        th = t.theater_index[home]
        put(g, s, home, **{CITY_BASE[owner]: 3})
        before = list(s.pieces)
        military.build(t, s, th, owner, Action("build", ("none",)))
        assert s.mil_stage == 1 and s.pieces == before
        s.mil_stage = 0
        military.build(t, s, th, owner, Action("build", (1,)))
        assert (count(s, th, naval), count(s, th, land), s.mil_stage) == (1, 4, 1), owner
        assert sum(s.pieces) - sum(before) == 5


def test_an_expedition_commits_one_to_five_tokens_from_the_stock() -> None:
    """P-EXPED-1 ("only the Commander commits Strategos: between 1 and 5"), P-MIL-5 (neutral or
    friendly-controlled: an Expedition Assembly), P-MIL-6/7 (contested or enemy-controlled: the secret
    Assembly, ``expedition`` with no number): the cap at exactly 5 and at the stock, for each faction."""
    for owner in (AF, DF, EK, AK):
        g, s = bare()
        t = g.tables
        boeotia = t.theater_index["Boeotia"]
        for stock, top in ((7, 5), (5, 5), (4, 4), (1, 1), (0, 0)):
            s.stock[owner] = stock
            assert military.legal(t, s, boeotia, owner) == [Action("expedition", (k,)) for k in range(1, top + 1)]
        s.stock[owner] = 3
        put(g, s, "Boeotia", **{"Dl" if owner < 2 else "Pl": 1})
        assert len(military.legal(t, s, boeotia, owner)) == 3  # friendly
        put(g, s, "Boeotia", **{"Pl" if owner < 2 else "Dl": 1})
        assert military.legal(t, s, boeotia, owner) == [Action("expedition")]  # contested
        put(g, s, "Boeotia", **{"Dl" if owner < 2 else "Pl": 0})
        assert military.legal(t, s, boeotia, owner) == [Action("expedition")], owner  # enemy


def test_the_committed_tokens_go_to_the_supply_and_are_the_allowance() -> None:
    """P-EXPED-1, P-MOVE-1 (each token committed allows one unit to move), P-MIL-8 (the tokens go back to
    the side's supply)."""
    _g, s = bare()
    s.stock[EK], s.supply[1] = 4, 20
    military.start_expedition(s, EK, Action("expedition", (3,)))
    assert (s.stock[EK], s.supply, s.moves_left) == (1, [26, 23], 3)


def test_no_unit_enters_a_theater_out_of_play_or_a_closed_eastern_mediterranean() -> None:
    """P-MOVE-16 ("Entering a theater is always allowed. The exceptions are P-WARPEACE-7 (Peace), Persia
    (P-PERSIA-4), the Eastern Mediterranean when it does not exist or is closed (P-PERSIA-6/10)"): each
    closing alone, for a unit of each side."""
    g, s = bare("14_1_09a")
    t = g.tables
    assert not military.can_enter(t, s, t.theater_index["Boeotia"], AL, 0)
    assert military.can_enter(t, s, t.theater_index["Athens"], AL, 0)
    g, s = bare()
    t = g.tables
    for war, callias, open_ in ((1, 0, True), (0, 0, False), (1, 1, False), (0, 1, False)):
        s.persia_war, s.callias = war, callias
        assert military.can_enter(t, s, EAST_MED, AN, 0) is open_, (war, callias)
        assert military.can_enter(t, s, EAST_MED, SN, 1) is open_, (war, callias)


def test_in_peace_a_city_state_unit_never_enters_beside_the_other_city_state() -> None:
    """P-WARPEACE-7 ("During Peace, an Athenian city-state unit that is moving may not enter a theater that
    holds a Spartan city-state unit or base, and a Spartan one may not enter a theater holding an Athenian
    unit or base"), P-WARPEACE-8 (League units are never restricted), P-WARPEACE-6 (War: none is)."""
    g, s = bare()
    t = g.tables
    boeotia = t.theater_index["Boeotia"]
    s.war = 0
    for side, mover, league, blockers, harmless in ((0, AL, DL, ("Sb", "Sn", "Sl", "S300"), ("Pb", "Pl")),
                                                    (1, S300, PL, ("Ab", "An", "Al"), ("Db", "Dl"))):
        for blocker in blockers:
            put(g, s, "Boeotia", **{blocker: 1})
            assert not military.can_enter(t, s, boeotia, mover, side), blocker
            assert military.can_enter(t, s, boeotia, league, side)
            s.war = 1
            assert military.can_enter(t, s, boeotia, mover, side)
            s.war = 0
            put(g, s, "Boeotia", **{blocker: 0})
        for other in harmless:
            put(g, s, "Boeotia", **{other: 1})
            assert military.can_enter(t, s, boeotia, mover, side), other
            put(g, s, "Boeotia", **{other: 0})


def test_an_exit_passes_at_equal_strengths_and_fails_one_below() -> None:
    """P-MOVE-9 ("the friendly strength of the tested kind ... left behind after the unit goes must be at
    least the enemy's"), P-MOVE-10 (Spartan land units and Athenian naval units count 2): by land and by
    sea, for each side, at exactly the enemy's strength and one below; the position is left as it was."""
    g, s = bare()
    t = g.tables
    athens, boeotia, corcyra = (t.theater_index[k] for k in ("Athens", "Boeotia", "Corcyra"))
    put(g, s, "Athens", Al=3, Sl=1)  # 2 Athenian land left against 2
    assert military.can_exit(t, s, athens, boeotia, AL, 0)
    put(g, s, "Athens", Al=2)
    assert not military.can_exit(t, s, athens, boeotia, AL, 0)
    assert count(s, athens, AL) == 2
    put(g, s, "Athens", Al=0, Sl=2, An=3, Sn=4)  # by sea: 2 ships count 4, against 4
    assert military.can_exit(t, s, athens, corcyra, AN, 0)
    assert not military.can_exit(t, s, athens, corcyra, SN, 1)  # 3 Spartan ships left against 6
    put(g, s, "Athens", An=1, Sn=3)
    assert military.can_exit(t, s, athens, corcyra, SN, 1)  # 2 left against 2
    put(g, s, "Athens", An=2)
    assert not military.can_exit(t, s, athens, corcyra, SN, 1)
    assert count(s, athens, SN) == 3


def test_a_base_line_asks_for_a_base_of_the_leaving_side() -> None:
    """P-MOVE-11 ("Some connection types also need a friendly base in the theater being left"), P-DATA-3:
    leaving Ionia for Lesbos by land needs an Athenian or Delian base for a Delian unit, and neither
    the other side's base nor none will do."""
    g, s = bare()
    t = g.tables
    ionia, lesbos = t.theater_index["Ionia"], t.theater_index["Lesbos"]
    put(g, s, "Ionia", Dl=1)
    assert not military.can_exit(t, s, ionia, lesbos, DL, 0)
    for base in ("Sb", "Pb"):
        put(g, s, "Ionia", **{base: 1, "Dl": 4})
        assert not military.can_exit(t, s, ionia, lesbos, DL, 0), base
        put(g, s, "Ionia", **{base: 0, "Dl": 1})
    for base in ("Ab", "Db"):
        put(g, s, "Ionia", **{base: 1})
        assert military.can_exit(t, s, ionia, lesbos, DL, 0), base
        put(g, s, "Ionia", **{base: 0})


def test_with_no_allowance_left_only_the_300_may_start_a_move() -> None:
    """P-300-3 ("The 300 moves itself. Moving it does not use any of the Commander's movement
    allowance"), P-MOVE-14 (a unit that moved cannot move again during this issue)."""
    g, s = bare()
    t = g.tables
    sparta = t.theater_index["Sparta"]
    put(g, s, "Sparta", Sl=2, S300=1)
    s.moves_left = 1
    assert {p for th, p in military.movers(t, s, 1) if th == sparta} == {SL, S300}
    s.moves_left = 0
    assert military.movers(t, s, 1) == [(sparta, S300)]
    military.begin_move(t, s, Action.parse("move Sparta S300 Isthmus"))
    assert (s.moves_left, s.moving, s.visited) == (0, sparta * 100 + S300, [sparta])
    s.moves_left = 1
    military.begin_move(t, s, Action.parse("move Sparta Sl Isthmus"))
    assert (s.moves_left, s.moving) == (0, sparta * 100 + SL)
    s.moved[sparta * N_PIECES + SL] = 1
    s.moves_left = 1
    assert (sparta, SL) in military.movers(t, s, 1)  # one of the two has not moved
    s.moved[sparta * N_PIECES + SL] = 2
    assert (sparta, SL) not in military.movers(t, s, 1)


def test_a_spartan_unit_stops_in_the_expedition_theater_and_is_marked_moved() -> None:
    """P-MOVE-6 ("A moving unit must stop as soon as it enters the Expedition theater"), P-MOVE-14, for a
    Spartan unit: it stops there though it could go on, marked as moved where it stopped."""
    g, s = bare()
    t = g.tables
    sparta, isthmus = t.theater_index["Sparta"], t.theater_index["Isthmus"]
    put(g, s, "Sparta", Pl=3)
    for moved in (1, 2):
        military.begin_move(t, s, Action.parse("move Sparta Pl Isthmus"))
        assert military.advance_unit(t, s, isthmus, isthmus) is True
        assert (count(s, sparta, PL), count(s, isthmus, PL)) == (3 - moved, moved)
        assert (s.moved[isthmus * N_PIECES + PL], s.moving, s.visited) == (moved, -1, [])
    assert sum(s.moved) == 2


def test_a_ship_is_offered_only_the_lines_ships_may_leave_by() -> None:
    """P-MOVE-9 ("Leaving a theater along a connection is allowed only if the connection type permits that
    unit kind to exit"), P-DATA-3 (a land line: land units only): from Athens a land unit may take the
    land line to Boeotia and a ship may not; both may take the sea lines."""
    g, s = bare()
    t = g.tables
    athens, boeotia, corcyra = (t.theater_index[k] for k in ("Athens", "Boeotia", "Corcyra"))
    put(g, s, "Athens", Al=1, An=1)
    s.moves_left = 2
    offered = {p: steps for th, p, steps in military.moves(t, s, 0) if th == athens}
    assert boeotia in offered[AL] and corcyra in offered[AL]
    assert boeotia not in offered[AN] and corcyra in offered[AN]


def test_the_end_of_the_issue_keeps_nothing_of_it() -> None:
    """P-MIL-8 ("The issue is resolved"): the stage, the allowance, the unit moving and the units moved
    are cleared."""
    _g, s = bare()
    s.mil_stage, s.moves_left, s.moving, s.visited = 1, 3, 6 * 100 + AL, [6, 7]
    s.moved[6 * N_PIECES + AL] = 1
    military.end_issue(s)
    assert (s.mil_stage, s.moves_left, s.moving, s.visited, sum(s.moved)) == (0, 0, -1, [], 0)
