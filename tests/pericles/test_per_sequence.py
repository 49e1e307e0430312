"""The order of play (P-SEQ), seats and sides (P-DEF), public information (P-INFO) and Persia's Peace
of Callias (P-PERSIA-8, P-PERSIA-9, P-PERSIA-10, P-PERSIA-11, P-PERSIA-12, P-PERSIA-13, P-PERSIA-14)."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, first_legal, game, play, put, rule_of

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow, persia, theater
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AN, DN, PN, XB, factions_of, side_of
from step_cap import StepCap


def test_seats_sides_and_compatriots() -> None:
    """P-DEF-1, P-DEF-2, P-DEF-3, P-SETUP-5, P-SOLO-1: four factions always, two per side; each side has
    exactly one Dominant faction."""
    g = game()
    assert g.seat_names == ("Aristocrats", "Demagogues", "Eurypontid King", "Agiad King")
    assert [side_of(f) for f in (AF, DF, EK, AK)] == [0, 0, 1, 1]
    assert factions_of(0) == (AF, DF) and factions_of(1) == (EK, AK)
    s = g.new_state(1)
    assert all(s.dominant[side] in factions_of(side) for side in (0, 1))


def test_turn_order_of_phases() -> None:
    """P-SEQ-1, P-SEQ-2, P-SEQ-3, P-SEQ-6, P-SEQ-7, P-SEQ-10: Aristophanes (card, hands, Boulé),
    Assembly, Political, Theater, Final, then a new turn with the State Ship available again."""
    g = game()
    s = g.new_state(6)
    phases: list[str] = []
    steps: list[str] = []
    cap = StepCap("s.turn == 1 and not g.is_terminal(s)")
    while s.turn == 1 and not g.is_terminal(s) and cap():
        if not phases or phases[-1] != s.phase:
            phases.append(s.phase)
        if not steps or steps[-1] != s.step:
            steps.append(s.step)
        first_legal(g, s)
    assert phases[:5] == ["aristophanes", "assembly", "political", "theater", "final"] or s.phase == "over"
    order = [steps.index(x) for x in ("entourage", "select", "debate", "place", "reveal") if x in steps]
    assert order == sorted(order)


def test_state_ship_turned_back_each_turn() -> None:
    """P-SEQ-10, P-SHIP-4: at the start of every turn the State Ship is available again."""
    g = game()
    s = g.new_state(1)
    s.state_ship, s.chance, s.step, s.turn = 0, None, "start", 2
    flow.advance(g.tables, s)
    assert s.state_ship == 1 and s.chance == "aristophanes"


def test_last_turn_ends_after_victory_check() -> None:
    """P-SEQ-8, P-VICTORY-6: on the scenario's last turn the game ends after victory determination,
    without upkeep or a new turn."""
    g = game()
    s = g.new_state(1)
    s.chance, s.phase, s.step, s.turn = None, "final", "final", 5
    s.persia_war = 0
    s.granary_start = [1]
    flow.advance(g.tables, s)
    assert s.phase == "over" and s.outcome is not None and s.turn == 5


def test_public_information() -> None:
    """P-INFO-1, P-INFO-4, P-INFO-9: tracks, Honor, pieces, treason, status and Alcibiades are the same
    in every view."""
    g = game()
    s = g.new_state(2)
    cap = StepCap("s.step != 'play' or g.is_chance(s)")
    while (s.step != "play" or g.is_chance(s)) and cap():
        first_legal(g, s)
    views = [g.view(s, seat).state for seat in (AF, DF, EK, AK, None)]
    for field in ("track", "honor", "pieces", "treason", "war", "plague", "alcibiades", "favor", "hostage"):
        assert len({str(getattr(v, field)) for v in views}) == 1, field


def _final(setup: object = None) -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(1)
    s.chance, s.phase, s.step, s.turn = None, "final", "final", 2
    s.granary_start = [1]
    if callable(setup):
        setup(g, s)
    flow.advance(g.tables, s)
    return g, s


def test_callias_declared() -> None:
    """P-PERSIA-8, P-PERSIA-9, P-PERSIA-10, P-PERSIA-11, P-PERSIA-12, P-THEATER-7: the Athenian Dominant
    may declare it; a base there and an Athenian ship anywhere are lost; units go home; Spartan bases
    there become Persian bases; the theater closes for good."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "EastMed", Ab=1, An=2, Dn=1, Al=1, Pb=1, Pn=1)
    g, s = _final(setup)
    assert s.step == "callias" and s.actor == AF
    assert rule_of(g, s, "callias perhaps") == "P-PERSIA-8"
    athens_an = count(s, 6, AN)
    play(g, s, "callias yes")
    assert s.step == "scuttle"
    play(g, s, "scuttle Athens")
    em = g.tables.theater_index["EastMed"]
    assert sum(s.pieces[em * 15:(em + 1) * 15]) == 0
    assert count(s, 6, AN) == athens_an + 2 - 1 and count(s, 6, DN) == 1 and count(s, 5, PN) == 1
    assert count(s, 20, XB) == 1 and s.callias == 1 and s.persia_war == 0
    assert em not in theater.open_theaters(g.tables, s)
    assert s.honor[AF] == 10  # no Persian-war cost once Callias is declared


def test_persian_war_cost() -> None:
    """P-PERSIA-13, P-PERSIA-14, P-AMB-37: without Callias the Athenian Dominant loses the turn number,
    and 1 more unless the Eastern Mediterranean is Athenian-controlled with an Athenian ship."""
    g, s = _final()
    play(g, s, "callias no")
    assert s.honor[AF] == 10 - 2  # 14.2 set-up: Athenian-controlled with Athenian ships there
    g, s = _final(lambda g, s: put(g, s, "EastMed", An=0, Pn=1))
    play(g, s, "callias no")
    assert s.honor[AF] == 10 - 2 - 1


def test_callias_not_offered_without_a_base() -> None:
    """P-PERSIA-8: no Athenian or Delian base in the Eastern Mediterranean: no Callias, only the cost."""
    _g, s = _final(lambda g, s: put(g, s, "EastMed", Ab=0))
    assert s.step != "callias" and not persia.eligible(s)
    assert s.honor[AF] == 10 - 2
