"""The reading switches of the map (pericles-data.md §1.2 and the options table), each in both positions
on a bare board: the connection table's ``base_condition_ends`` (P-MOVE-11) and
``crossing_base_land_test`` (P-AMB-22), asked through the exit test a move makes (P-MOVE-9..12), and
``athens_border`` (P-AMB-36), asked through the battle it starts with and the Plague's guarded unit."""

from __future__ import annotations

from per_helpers import bare, clear_board, game, put

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import aristophanes, battle, military
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import DL, PL, SL

ATHENS, SPARTA = 0, 1


def _board(**options: str) -> tuple[PericlesGame, PericlesState]:
    g = game(**options)
    s = g.new_state(1)
    clear_board(s)
    s.chance = None
    return g, s


def test_a_base_is_asked_at_the_marked_end_or_at_both_ends() -> None:
    """P-MOVE-11 ("Some connection types also need a friendly base in the theater being left"), P-DATA-3,
    option base_condition_ends: Ionia–Lesbos asks for a base at its Ionian end (RULES 9.32). A Delian land
    unit leaving Lesbos for Ionia with no base in Lesbos may go in the reading ``per_link`` (the default:
    only the marked end asks) and may not in ``both_ends``, until a Delian base stands in Lesbos."""
    for reading, passes in (("per_link", True), ("both_ends", False)):
        g, s = _board(base_condition_ends=reading)
        t = g.tables
        lesbos, ionia = t.theater_index["Lesbos"], t.theater_index["Ionia"]
        put(g, s, "Lesbos", Dl=2)
        assert military.can_exit(t, s, lesbos, ionia, DL, ATHENS) is passes, reading
        put(g, s, "Lesbos", Db=1)
        assert military.can_exit(t, s, lesbos, ionia, DL, ATHENS), reading


def test_the_marked_end_asks_for_a_base_in_both_readings() -> None:
    """P-MOVE-11, option base_condition_ends: leaving Ionia, the end the map marks, a Peloponnesian land
    unit needs a friendly base there in either reading."""
    for reading in ("per_link", "both_ends"):
        g, s = _board(base_condition_ends=reading)
        t = g.tables
        ionia, lesbos = t.theater_index["Ionia"], t.theater_index["Lesbos"]
        put(g, s, "Ionia", Pl=2)
        assert not military.can_exit(t, s, ionia, lesbos, PL, SPARTA), reading
        put(g, s, "Ionia", Pb=1)
        assert military.can_exit(t, s, ionia, lesbos, PL, SPARTA), reading


def test_land_units_crossing_with_a_base_are_tested_on_the_reading_s_strength() -> None:
    """P-AMB-22 ("land units leaving by that connection are tested on **naval** strength"), P-MOVE-9,
    P-MOVE-10, option crossing_base_land_test: Spartan land units leave the Isthmus for Naupactus (a
    crossing with a base condition) where Athens has three ships and no land unit. On naval strength (the
    ruling, the default) Sparta's 0 is below Athens' 6 and the unit stays; on land strength (the other
    reading) Sparta's remaining Spartan unit, 2, is at least Athens' 0 and it goes."""
    for reading, passes in (("naval", False), ("land", True)):
        g, s = _board(crossing_base_land_test=reading)
        t = g.tables
        isthmus, naupactus = t.theater_index["Isthmus"], t.theater_index["Naupactus"]
        put(g, s, "Isthmus", Sl=2, An=3)
        assert military.can_exit(t, s, isthmus, naupactus, SL, SPARTA) is passes, reading
        put(g, s, "Isthmus", An=0)
        assert military.can_exit(t, s, isthmus, naupactus, SL, SPARTA), reading  # P-MOVE-12: 0 >= 0


def test_athens_theater_is_naval_or_land_as_the_option_says() -> None:
    """P-AMB-36 ("The Athens theater's Land/Naval type is map data", lost with the map: option
    athens_border), P-BATTLE-2 ("a Naval theater fights a naval battle first"), P-PLAGUE-5 ("A Plague
    never removes the last land unit in a Land theater, or the last naval unit in a Naval theater"): as a
    Naval theater (the default) Athens fights at sea first and keeps its last ship against the Plague;
    as a Land theater it fights on land first, keeps its last land unit, and its last ship may go."""
    _, s = bare()
    for reading, first, guarded, exposed in (("naval", battle.NAVAL, 1, 0), ("land", battle.LAND, 0, 1)):
        g = game(athens_border=reading)
        t = g.tables
        athens = t.theater_index["Athens"]
        put(g, s, "Athens", An=1, Al=1)
        assert battle.first_kind(t, athens) == first, reading
        s.plague_due = [aristophanes.due_entry(athens, ATHENS, guarded)]
        assert aristophanes.plague_choices(t, s) == [], reading
        s.plague_due = [aristophanes.due_entry(athens, ATHENS, exposed)]
        assert len(aristophanes.plague_choices(t, s)) == 1, reading
