"""Peace C's demobilisation (P-ARIST-4, P-ARIST-1, P-ARIST-5, P-DATA-6 §2.6): each side's Dominant, Athens
first, removes one unit of its side from a theater contested for it, if it has one there."""

from __future__ import annotations

from per_helpers import clear_board, game, play, put, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow
from kleos.games.pericles.rules.common import count, in_use
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AB, AL, AN, DL, DN, PIECES, PL, PN, SL


def _fresh(scenario: str = "14_2") -> tuple[PericlesGame, PericlesState]:
    g = game(scenario)
    return g, g.new_state(1)


def _draw(g: PericlesGame, s: PericlesState, name: str = "PeaceC") -> None:
    g.apply_in_place(s, Action("aristophanes", (name,)))


def _legal(g: PericlesGame, s: PericlesState) -> list[str]:
    return [str(a) for a in g.legal_actions(s, s.actor)]


def test_peace_c_each_dominant_chooses_a_unit_athens_first() -> None:
    """P-ARIST-4, P-DATA-6: at the 14.2 start Athens contests Isthmus and Boeotia with one Delian land
    unit each: its Dominant picks one; then the Spartan Dominant picks among its units in the theaters
    still contested for Sparta. The unit goes back to the pool, and the turn goes on to the hands."""
    g, s = _fresh()
    t = g.tables
    isthmus, boeotia = t.theater_index["Isthmus"], t.theater_index["Boeotia"]
    _draw(g, s)
    assert s.step == "demobilise" and s.actor == s.dominant[0] and s.side == 0
    assert _legal(g, s) == ["demobilise Isthmus Dl", "demobilise Boeotia Dl"]
    pool = in_use(s, DL)
    play(g, s, "demobilise Boeotia Dl")
    assert count(s, boeotia, DL) == 0 and count(s, isthmus, DL) == 1 and in_use(s, DL) == pool - 1
    assert s.step == "demobilise" and s.actor == s.dominant[1] and s.side == 1
    spartan = _legal(g, s)
    assert spartan and all(a.split()[2] in ("Sl", "S300", "Pl", "Sn", "Pn") for a in spartan)
    assert all(a.split()[1] in ("Isthmus", "Boeotia") for a in spartan)
    first = spartan[0].split()
    where, piece = t.theater_index[first[1]], PIECES.index(first[2])
    before = count(s, where, piece)
    play(g, s, spartan[0])
    assert count(s, where, piece) == before - 1
    assert s.step not in ("demobilise", "demob_next") and s.phase == "aristophanes"


def test_demobilise_refuses_other_units_naming_the_rule() -> None:
    """P-ARIST-4: a unit in a theater that is not contested (Athens), an enemy unit, or a base is
    refused naming the rule, the state unchanged (``rule_of`` checks it)."""
    g, s = _fresh()
    _draw(g, s)
    assert rule_of(g, s, "demobilise Athens Al") == "P-ARIST-4"  # Athens is friendly, not contested
    assert rule_of(g, s, "demobilise Boeotia Pl") == "P-ARIST-4"  # a Spartan-side unit
    assert rule_of(g, s, "demobilise Boeotia Ab") == "P-ARIST-4"  # a base is not a unit


def test_single_unit_goes_unasked_and_status_is_read_after_athens() -> None:
    """P-ARIST-4, P-DATA-6: Athens' only unit in a contested theater goes with no question; Boeotia is
    then Spartan-controlled, so Sparta has no contested theater left and loses nothing."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Boeotia", Al=1, Pl=1)
    put(g, s, "Athens", Al=3)
    put(g, s, "Sparta", Sl=3)
    _draw(g, s)
    boeotia = g.tables.theater_index["Boeotia"]
    assert count(s, boeotia, AL) == 0 and count(s, boeotia, PL) == 1
    assert s.step != "demobilise"


def test_only_units_and_only_contested_theaters() -> None:
    """P-ARIST-4, P-DATA-6: an Athenian base in Boeotia is not a unit, so Athens' only candidate is its
    ship in the contested Cyclades (taken unasked); Sparta, contesting both, chooses among three."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Boeotia", Ab=1, Pl=1, Sl=1)
    put(g, s, "Cyclades", An=2, Pn=1)
    put(g, s, "Ionia", Dn=1)  # friendly to Athens: never a candidate
    _draw(g, s)
    t = g.tables
    boeotia, cyclades = t.theater_index["Boeotia"], t.theater_index["Cyclades"]
    assert count(s, cyclades, AN) == 1 and count(s, boeotia, AB) == 1
    assert count(s, t.theater_index["Ionia"], DN) == 1
    assert s.step == "demobilise" and s.side == 1 and s.actor == s.dominant[1]
    assert _legal(g, s) == ["demobilise Boeotia Sl", "demobilise Boeotia Pl", "demobilise Cyclades Pn"]
    play(g, s, "demobilise Cyclades Pn")
    assert count(s, cyclades, PN) == 0 and count(s, boeotia, SL) == 1 and count(s, boeotia, PL) == 1


def test_no_contested_theater_no_loss() -> None:
    """P-ARIST-4 ("if any"): with no contested theater nobody loses a unit and nobody is asked."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Athens", Al=3, Dl=1)
    put(g, s, "Sparta", Sl=3)
    before = s.pieces[:]
    _draw(g, s)
    assert s.pieces == before and s.step != "demobilise"


def test_other_cards_do_not_demobilise() -> None:
    """P-ARIST-5 (the card applied literally): Peace A, with the same War/Peace issues, removes no unit."""
    g, s = _fresh()
    before = s.pieces[:]
    _draw(g, s, "PeaceA")
    assert s.pieces == before and s.step != "demobilise"


def test_spent_deck_does_not_repeat_last_turns_card() -> None:
    """P-ARIST-1: a turn that draws no card (deck spent) carries out no card, so last turn's Peace C
    does not demobilise again."""
    g, s = _fresh()
    t = g.tables
    s.chance = None
    s.arist_deck = [0] * len(s.arist_deck)
    s.arist_card = t.arist_names.index("PeaceC")
    s.step = "start"
    before = s.pieces[:]
    flow.advance(t, s)
    assert s.arist_card == -1 and s.pieces == before and s.step != "demobilise"


def test_demobilised_unit_returns_to_the_pool() -> None:
    """P-ARIST-4, P-COMP-1: the unit leaves the map for the pool and can be placed again."""
    g, s = _fresh()
    _draw(g, s)
    gone = s.gone[:]
    used = in_use(s, DL)
    play(g, s, "demobilise Isthmus Dl")
    assert in_use(s, DL) == used - 1 and s.gone == gone
