"""Military issues: the home build (P-MIL-3, P-MIL-4), Expeditions into friendly or neutral theaters
(P-MIL-5, P-EXPED-1) and movement (P-MOVE, P-WARPEACE-6, P-WARPEACE-7, P-WARPEACE-8), with the
rulebook's exit examples."""

from __future__ import annotations

from per_helpers import AF, DF, EK, clear_board, game, play, put, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow, military
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AL, AN, AR, DL, MARKER_KINDS, PL, SL


def _board() -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(1)
    clear_board(s)
    s.chance = None
    return g, s


def _key(g: PericlesGame, name: str) -> int:
    return g.tables.theater_index[name]


def test_ionia_lesbos_example() -> None:
    """P-MOVE-9, P-MOVE-11, P-DATA-3 (rulebook 9.32 example): a Spartan land unit leaves Ionia for Lesbos
    only with a friendly base in Ionia and land strength left at least the enemy's."""
    g, s = _board()
    t = g.tables
    ionia, lesbos = _key(g, "Ionia"), _key(g, "Lesbos")
    put(g, s, "Ionia", Pl=2)
    assert not military.can_exit(t, s, ionia, lesbos, PL, 1)  # no base in Ionia
    put(g, s, "Ionia", Pb=1)
    assert military.can_exit(t, s, ionia, lesbos, PL, 1)
    put(g, s, "Ionia", Dl=4)
    assert not military.can_exit(t, s, ionia, lesbos, PL, 1)  # 2 + 1 left < 4
    put(g, s, "Lesbos", Dl=1)
    assert military.can_exit(t, s, lesbos, ionia, DL, 0)  # leaving Lesbos: an ordinary coastal exit


def test_athens_corcyra_example() -> None:
    """P-MOVE-9, P-MOVE-10, P-MOVE-12, P-AMB-22 (rulebook 9.32 example): a land unit leaving Athens for
    Corcyra is tested on naval strength."""
    g, s = _board()
    t = g.tables
    athens, corcyra = _key(g, "Athens"), _key(g, "Corcyra")
    put(g, s, "Athens", Al=2)
    assert military.can_exit(t, s, athens, corcyra, AL, 0)  # no enemy: 0 >= 0
    put(g, s, "Athens", Pn=1)
    assert not military.can_exit(t, s, athens, corcyra, AL, 0)
    put(g, s, "Athens", An=1)
    assert military.can_exit(t, s, athens, corcyra, AL, 0)  # an Athenian ship counts 2 (P-DEF-9)
    assert military.can_exit(t, s, athens, _key(g, "Boeotia"), AN, 0) is False  # ships never by land lines


def test_peace_entry_restrictions() -> None:
    """P-WARPEACE-6, P-WARPEACE-7, P-WARPEACE-8, P-MOVE-16: in Peace a city-state unit may not enter a
    theater holding enemy city-state pieces; League units may; in War anything may."""
    g, s = _board()
    t = g.tables
    put(g, s, "Boeotia", Sl=1)
    boeotia = _key(g, "Boeotia")
    assert not military.can_enter(t, s, boeotia, AL, 0)
    assert military.can_enter(t, s, boeotia, DL, 0)
    s.war = 1
    assert military.can_enter(t, s, boeotia, AL, 0)
    s.persia_war = 0
    assert not military.can_enter(t, s, _key(g, "EastMed"), AN, 0)  # P-PERSIA-6


def _issue(g: PericlesGame, s: PericlesState, owner: int, where: str) -> None:
    """Give ``owner`` one Military marker, placed in ``where`` and revealed, in a Theater phase."""
    s.phase, s.order, s.cursor = "theater", [AF, EK, DF, 3], 0
    s.held = [0] * len(s.held)
    s.held[(owner * 4 + owner) * len(MARKER_KINDS) + MARKER_KINDS.index("MIL")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, f"place {['AF', 'DF', 'EK', 'AK'][owner]} MIL {where}", f"reveal {where}")


def test_expedition_moves_one_unit_per_token() -> None:
    """P-MIL-1, P-MIL-5, P-MIL-8, P-EXPED-1, P-MOVE-1, P-MOVE-2, P-MOVE-3, P-MOVE-5, P-MOVE-6, P-MOVE-14,
    P-MOVE-17, P-THEATER-16: the Commander commits 1-5 from its stock; each token moves one unit, which
    stops on entering the Expedition theater and cannot move again; the tokens go back to the supply."""
    g, s = _board()
    put(g, s, "Athens", Ab=1, Al=3, An=1)
    put(g, s, "Cyclades", Db=1, Dl=1)
    put(g, s, "Sparta", Sb=1)
    s.stock[DF], s.supply[0] = 3, 23
    _issue(g, s, DF, "Boeotia")
    assert [str(a) for a in g.legal_actions(s)] == ["decline", "expedition 1", "expedition 2", "expedition 3"]
    play(g, s, "expedition 2")
    assert s.step == "move" and s.stock[DF] == 1 and s.supply[0] == 25
    assert Action("move", ("Athens", "Al", "Boeotia")) in g.legal_actions(s)
    play(g, s, "move Athens Al Boeotia")
    assert s.step == "move" and count(s, _key(g, "Boeotia"), AL) == 1
    play(g, s, "move Cyclades Dl Athens")  # passes through Athens: it must go on
    onward = {str(a) for a in g.legal_actions(s)}
    assert s.step == "move_on" and "step Boeotia" in onward and "step Cyclades" not in onward  # no way back
    play(g, s, "step Boeotia")
    assert count(s, _key(g, "Boeotia"), DL) == 1 and s.moves_left == 0
    assert g.legal_actions(s) == [Action("done")]
    assert rule_of(g, s, "move Athens Al Boeotia") == "P-MOVE-15"
    play(g, s, "done")
    assert s.revealed == -1 and s.moved == [0] * len(s.moved)


def test_home_build() -> None:
    """P-MIL-3, P-MIL-4, P-AMB-16: in its own friendly home theater the Commander builds, per city-state
    base there, 1 naval or 2 land units of its city-state, before the Expedition."""
    g, s = _board()
    put(g, s, "Sparta", Sb=2, Sl=1)
    put(g, s, "Athens", Ab=1)
    s.stock[EK], s.supply[1] = 2, 24
    _issue(g, s, EK, "Sparta")
    assert [str(a) for a in g.legal_actions(s)] == ["decline", "build none", "build 0", "build 1", "build 2"]
    play(g, s, "build 1")
    sparta = _key(g, "Sparta")
    assert (count(s, sparta, SL), count(s, sparta, 7)) == (1 + 2, 1)
    assert Action("expedition", (2,)) in g.legal_actions(s)


def test_argos_never_moves() -> None:
    """P-ARGOS-2, P-MOVE-15: Argos units are never offered a move."""
    g, s = _board()
    put(g, s, "Sparta", Db=1, Ar=2)
    s.stock[AF] = 2
    s.supply[0] = 24
    s.moves_left = 2
    assert (5, AR) not in military.movers(g.tables, s, 0)
