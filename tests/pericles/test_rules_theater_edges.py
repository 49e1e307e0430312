"""The Theater phase at its edges (rules/theater.py), on a bare board: the turn passing round the Honor
order and back to its start, the Eastern Mediterranean and Persia with each half of their conditions,
markers lent and placed by a compatriot, a Spartan Raid, Oracle and League issue, a declined issue that is
not Military, a home build in a contested home, and the refusals' words.

``test_per_theater.py`` plays the phase from the vignette's start, where Athens' factions act first and
the War with Persia is on; these are the cases it leaves out."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, bare, give, put

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import theater
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import DIP, EAST_MED, LEA, MARKER_KINDS, MIL, ORA, PERSIA

N_KINDS = len(MARKER_KINDS)


def entry(theater_index: int, placer: int, owner: int, kind: int) -> int:
    """A queue entry as the rules write it (``theater.entry_parts`` reads it back)."""
    return theater_index * 1000 + placer * 100 + owner * 10 + kind


def reveal(g: PericlesGame, s: PericlesState, where: str, owner: int, kind: int) -> int:
    """``owner``'s marker of ``kind`` revealed in ``where`` (placed by its owner); its theater's index."""
    th = g.tables.theater_index[where]
    s.revealed = entry(th, owner, owner, kind)
    return th


def holding(s: PericlesState, *factions: int) -> None:
    """Only ``factions`` hold a marker (a Rumor of their own), in the order Athens, Sparta by Honor."""
    s.order = [AF, EK, DF, AK]
    s.held = [0] * len(s.held)
    for f in factions:
        s.held[(f * 4 + f) * N_KINDS + MARKER_KINDS.index("RUM")] = 1


def test_the_next_placer_is_looked_for_forward_from_the_cursor() -> None:
    """P-THEATER-4: "In Honor order, each faction places one marker it holds"; P-THEATER-6: one with none
    left passes. From AF (cursor 0) with only EK and AK holding one, EK (next in the order) places, and the
    cursor names it."""
    _, s = bare()
    holding(s, EK, AK)
    s.cursor = 0
    assert theater.next_placer(s) == EK and s.cursor == 1


def test_the_order_wraps_round_to_its_first_faction() -> None:
    """P-THEATER-4: the order goes round again: from AK (the last, cursor 3), with only AF holding a
    marker, AF places and the cursor is back at 0; once nobody holds one the answer is -1."""
    _, s = bare()
    holding(s, AF)
    s.cursor = 3
    assert theater.next_placer(s) == AF and s.cursor == 0
    holding(s)
    assert theater.next_placer(s) == -1


def test_placing_or_revealing_last_in_the_order_hands_the_turn_to_the_first() -> None:
    """P-THEATER-4, P-THEATER-9: after the last faction of the order places or reveals, the turn is the
    first one's again: the cursor goes from 3 to 0, never past the four factions."""
    g, s = bare()
    holding(s, AK)
    s.cursor = 3
    theater.place_apply(g.tables, s, AK, Action("place", ("AK", "RUM", "Boeotia")))
    assert s.cursor == 0 and s.queue[-1] == entry(g.tables.theater_index["Boeotia"], AK, AK, MARKER_KINDS.index("RUM"))
    s.cursor = 3
    theater.reveal_apply(g.tables, s, AK, Action("reveal", ("Boeotia",)))
    assert s.cursor == 0 and s.queue == []


def test_a_lent_marker_records_its_placer_and_its_owner() -> None:
    """P-TMARK-5: "A lent marker is still owned by the faction that won it. The owner resolves it, whoever
    places or reveals it" (P-DEF-21): each digit of a queue entry reads back, for every placer and owner,
    in the first and last theaters."""
    for th in (0, PERSIA):
        for placer in range(4):
            for owner in (placer, placer ^ 1):
                for kind in range(N_KINDS):
                    assert theater.entry_parts(entry(th, placer, owner, kind)) == (th, placer, owner, kind)


def test_the_eastern_mediterranean_needs_the_war_with_persia_and_no_callias() -> None:
    """P-THEATER-7: "not in the Eastern Mediterranean unless War with Persia is active, and never after
    the Peace of Callias"; the same for the Oracle's treason markers (P-ORACLE-2). Each half alone."""
    g, s = bare()
    t = g.tables
    assert t.in_play[EAST_MED]
    for war, callias, open_ in ((1, 0, True), (0, 0, False), (1, 1, False), (0, 1, False)):
        s.persia_war, s.callias = war, callias
        assert (EAST_MED in theater.open_theaters(t, s)) is open_, (war, callias)
        offered = {str(a.args[1]) for a in theater.treason_legal(t, s)}
        assert ("EastMed" in offered) is open_, (war, callias)


def test_persia_open_with_no_war_with_persia() -> None:
    """P-THEATER-8: markers may be placed in Persia once it has been opened (P-PERSIA-1), war or not:
    the Eastern Mediterranean closed before it does not close Persia."""
    g, s = bare()
    s.persia_war, s.callias, s.persia_open = 0, 0, 1
    theaters = theater.open_theaters(g.tables, s)
    assert PERSIA in theaters and EAST_MED not in theaters


def test_persia_opens_with_alcibiades_or_either_spartan_base_in_ionia() -> None:
    """P-PERSIA-1: "until Sparta has at least one base in Ionia or Alcibiades is in Persia": Alcibiades
    in Persia alone opens it, a Spartan or a Peloponnesian base in Ionia alone does; Alcibiades in
    Athens and no base leaves it closed."""
    for alcibiades, bases, opens in ((1, {}, True), (0, {"Sb": 1}, True), (0, {"Pb": 1}, True), (0, {}, False)):
        g, s = bare()
        s.persia_open, s.alcibiades = 0, alcibiades
        put(g, s, "Ionia", **bases)
        theater.persia_opens(s)
        assert s.persia_open == int(opens), (alcibiades, bases)


def test_only_a_spartan_league_issue_acts_in_persia() -> None:
    """P-PERSIA-2: "In Persia, only a Spartan League issue has an effect"; P-PERSIA-3: every other issue
    there has none. Both Spartan factions' League issues ask a decision, Athens' do not."""
    g, s = bare()
    for owner, acts in ((AF, False), (DF, False), (EK, True), (AK, True)):
        reveal(g, s, "Persia", owner, LEA)
        assert theater.needs_decision(s) is acts, owner


def test_a_spartan_raid_costs_athens_dominant_the_spartan_card() -> None:
    """P-RAID-3: "The enemy Dominant faction loses Strategos from its stock equal to that card's value";
    P-RAID-4: "If the enemy Dominant has fewer tokens than it must lose, it loses all it has plus 1 Honor
    for each token it was short." EK raids: Sparta's card (3) counts, Athens' Dominant (DF here) has 1
    token: it loses it and 2 Honor; the cards drawn and the marker are put away."""
    g, s = bare()
    s.dominant = [DF, AK]
    give(s, DF, 1)
    give(s, AF, 4)
    s.draw = [1, 3]
    reveal(g, s, "Boeotia", EK, MIL)
    theater.raid_settle(s)
    assert s.stock[DF] == 0 and s.honor[DF] == 10 - 2
    assert s.stock[AF] == 4 and s.honor[AF] == 10 and s.honor[EK] == 10 and s.honor[AK] == 10
    assert s.draw == [-1, -1] and s.revealed == -1


def test_a_spartan_oracle_removes_only_athens_league_units() -> None:
    """P-ORACLE-2: "gain 1 Honor and remove one enemy League unit (not a base)", P-AMB-45: Sparta's
    Oracle is offered the Delian units and Argos, never its own Peloponnesian ones."""
    g, s = bare()
    put(g, s, "Boeotia", Dl=1, Pl=1, Dn=1, Pn=1, Ar=1, Db=1)
    reveal(g, s, "Isthmus", EK, ORA)
    removals = [str(a) for a in theater.resolve_legal(g.tables, s) if a.args and a.args[0] == "remove"]
    assert removals == ["oracle remove Boeotia Dn", "oracle remove Boeotia Dl", "oracle remove Boeotia Ar"]


def test_the_last_treason_marker_puts_the_oracle_away() -> None:
    """P-ORACLE-2: "one of its side's treason markers in each of three different theaters"; after the
    third the issue is resolved: the revealed marker goes back (P-TMARK-6) and nothing is left chosen."""
    g, s = bare()
    s.persia_war = 1
    reveal(g, s, "Isthmus", AK, ORA)
    for where in ("Boeotia", "Corcyra", "Thessaly"):
        theater.treason_apply(g.tables, s, AK, Action("oracle", ("treason", where)))
    assert s.revealed == -1 and s.chosen == []


def test_declining_an_issue_that_is_not_military_costs_nothing() -> None:
    """P-THEATER-14: "A declined **Military** issue still costs the owner 1 Strategos if it has any" — a
    declined Diplomatic issue costs nothing, a declined Military one costs 1."""
    g, s = bare()
    give(s, AF, 2)
    reveal(g, s, "Boeotia", AF, DIP)
    theater.resolve_apply(g.tables, s, AF, Action("decline"))
    assert s.stock[AF] == 2 and s.revealed == -1
    reveal(g, s, "Boeotia", AF, MIL)
    theater.resolve_apply(g.tables, s, AF, Action("decline"))
    assert s.stock[AF] == 1


def test_a_home_build_in_a_contested_home_offers_no_raid() -> None:
    """P-MIL-3: "if the Expedition theater is the Commander's home theater and is friendly-controlled or
    contested, the Commander may build"; the Raid (P-RAID-1) is not offered beside that build: with
    Spartan units in Athens and 3 Strategos, AF is offered to decline or build, and no Raid."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=1, Sl=1)
    give(s, AF, 3)
    s.mil_stage = 0
    reveal(g, s, "Athens", AF, MIL)
    legal = [str(a) for a in theater.resolve_legal(g.tables, s)]
    assert legal == ["decline", "build none", "build 0", "build 1"]


def test_each_refusal_names_its_rule_and_says_what_to_do() -> None:
    """P-THEATER-7, P-THEATER-9, P-THEATER-14: a refused action is told the rule and the form of the
    actions allowed at that step."""
    g, s = bare()
    t, action = g.tables, Action("pass")
    s.step = "place"
    assert theater.check(t, s, AF, action) == (
        "P-THEATER-7", "place a marker you hold in an open theater: place <owner> <kind> <theater>")
    s.step = "reveal"
    assert theater.check(t, s, AF, action) == (
        "P-THEATER-9", "reveal the top marker of your side in a theater: reveal <theater>")
    s.step = "resolve"
    assert theater.check(t, s, AF, action) == (
        "P-THEATER-14", "resolve the revealed issue with one of its options, or decline")
