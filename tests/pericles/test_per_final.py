"""The Final phase: victory (P-VICTORY), will of the assembly (P-WILL); and the shared definitions
(P-DEF strength and status, P-COMP limits, P-THEATER-3)."""

from __future__ import annotations

from per_helpers import AF, AK, EK, clear_board, game, put

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import final
from kleos.games.pericles.rules.common import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    NEUTRAL,
    award,
    gain,
    land_strength,
    naval_strength,
    place,
    status,
)
from kleos.games.pericles.state import H_BATTLES, PericlesState
from kleos.games.pericles.tables import AB, AN


def _fresh() -> tuple[PericlesGame, PericlesState]:
    g = game()
    return g, g.new_state(1)


def test_status() -> None:
    """P-DEF-11, P-DEF-12, P-AMB-40: friendly, contested, enemy, neutral; treason does not count."""
    g, s = _fresh()
    t = g.tables
    boeotia, athens, aetolia = (t.theater_index[k] for k in ("Boeotia", "Athens", "Aetolia"))
    assert status(s, boeotia, 0) == CONTESTED
    assert status(s, athens, 0) == FRIENDLY and status(s, athens, 1) == ENEMY
    s.treason[aetolia * 2] = 3
    assert status(s, aetolia, 0) == NEUTRAL


def test_strength() -> None:
    """P-DEF-8, P-DEF-9, P-MOVE-10, P-300-1: Spartan land and Athenian naval units count 2, others 1,
    each base 2 in both kinds."""
    g, s = _fresh()
    t = g.tables
    sparta, athens = t.theater_index["Sparta"], t.theater_index["Athens"]
    assert land_strength(t, s, sparta, 1) == 3 * 2 + (4 + 1) * 2 + 2  # 3 bases, 4 Sl + the 300, 2 Pl
    assert naval_strength(t, s, sparta, 1) == 3 * 2 + 1
    assert naval_strength(t, s, athens, 0) == 2 * 2 + 3 * 2
    assert land_strength(t, s, athens, 0) == 2 * 2 + 3


def test_honor_floor_and_strategos_supply() -> None:
    """P-DEF-16, P-HONOR-3, P-AMB-1, P-DEF-17: Honor stops at 0; awards come from the supply only."""
    _g, s = _fresh()
    assert gain(s, AF, -15, H_BATTLES) == -10 and s.honor[AF] == 0
    s.supply[1] = 2
    assert award(s, EK, 3) == 2 and s.stock[EK] == 2 and s.supply[1] == 0


def test_piece_limits() -> None:
    """P-COMP-1, P-THEATER-3: pieces beyond the pool, or a 4th base in a theater, are not placed."""
    g, s = _fresh()
    t = g.tables
    athens = t.theater_index["Athens"]
    assert place(t, s, athens, AN, 20) == 12 - 6
    isthmus = t.theater_index["Isthmus"]
    assert place(t, s, isthmus, AB, 1) == 0  # already 3 bases there


def test_conquest() -> None:
    """P-VICTORY-2, P-VICTORY-3: controlling the enemy capital wins; the winning side's Dominant +5,
    Opponent -5, then its faction with more Honor wins."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Athens", Sl=1)
    put(g, s, "Hellespont", Db=1)
    s.granary_start = [1]
    assert final.automatic_victory(g.tables, s)
    assert s.outcome is not None and s.outcome.reason == "conquest"
    assert (s.honor[AK], s.honor[EK]) == (15, 5) and s.outcome.winner == AK


def test_both_capitals_is_a_draw() -> None:
    """P-VICTORY-2: both capitals taken: a draw."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Athens", Sl=1)
    put(g, s, "Sparta", Al=1)
    assert final.automatic_victory(g.tables, s) and s.outcome is not None and s.outcome.winner is None


def test_granary() -> None:
    """P-VICTORY-4, P-VICTORY-5, P-AMB-42: no Athenian or Delian base in a granary at the start of the
    turn nor now: Sparta wins; the Eastern Mediterranean counts only during War with Persia."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Athens", Ab=1)
    put(g, s, "Sparta", Sb=1)
    put(g, s, "EastMed", Ab=1)
    assert final.athens_granary_base(s)
    s.persia_war = 0
    assert not final.athens_granary_base(s)
    s.granary_start = [0]
    assert final.automatic_victory(g.tables, s) and s.outcome is not None
    assert s.outcome.winner in (EK, AK) and "granary" in s.outcome.reason


def test_automatic_honor_victory() -> None:
    """P-VICTORY-1: Dominant, ahead of its compatriot, 3x each enemy faction, side ahead; only on the
    scenario's allowed turns."""
    g, s = _fresh()
    s.honor = [30, 5, 10, 9]
    s.granary_start = [1]
    s.turn = 1
    assert not final.automatic_victory(g.tables, s)
    s.turn = 2
    assert final.automatic_victory(g.tables, s) and s.outcome is not None and s.outcome.winner == AF


def test_end_scoring() -> None:
    """P-VICTORY-6, P-VICTORY-7, P-VICTORY-8, P-VICTORY-9, P-VICTORY-10, P-VICTORY-11: political +5/-5, 3 Honor per
    base split (odd to the Dominant), Athens 3 and
    Sparta 6 per controlled theater; the side ahead wins, its faction with more Honor."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Athens", Ab=1)
    put(g, s, "Sparta", Sb=1, Pb=1)
    final.end_scoring(g.tables, s, "end")
    # Athens: 1 base (3 -> 2 AF, 1 DF), 1 theater (3 -> 2, 1); Sparta: 2 bases (6 -> 3, 3), 1 theater (6)
    assert s.honor == [10 + 5 + 2 + 2, 10 - 5 + 1 + 1, 10 - 5 + 3 + 3, 10 + 5 + 3 + 3]
    assert s.outcome is not None and s.outcome.winner == AK


def test_equal_sides() -> None:
    """P-VICTORY-12: equal sides: the single highest faction wins, else Athens' faction with more Honor."""
    g = game("14_1_09a")
    s = g.new_state(1)
    final.end_scoring(g.tables, s, "end")
    assert s.outcome is not None and s.outcome.winner == AF
    s = g.new_state(1)
    s.honor = [10, 10, 12, 8]
    final.end_scoring(g.tables, s, "end")
    assert s.outcome is not None and s.outcome.winner == EK


def test_will() -> None:
    """P-ARIST-5, P-WILL-2, P-WILL-3, P-WILL-4, P-WILL-7, P-WILL-8, P-AMB-31: Control needs friendly control;
    Control or Contest
    accepts a contested theater; met +5 each; failed -5 each and 5 tokens set aside."""
    g, s = _fresh()
    t = g.tables
    boeotia = t.theater_index["Boeotia"]
    s.will_code = [0, 1]  # Athens: Control, Sparta: Control or Contest
    s.will_theater = [boeotia, boeotia]
    final.check_wills(t, s)
    assert s.honor == [5, 5, 15, 15] and s.set_aside == [5, 0] and s.supply[0] == 21
    final.return_set_aside(s)
    assert s.supply[0] == 26 and s.will_code == [-1, -1]
