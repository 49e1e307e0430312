"""Battles at their edges: the hostage Honor of the side that did not command (P-BATTLE-27), the
threshold of a major defeat (P-BATTLE-30) and the order the cards are turned up (P-BATTLE-4).

``test_per_battle.py`` has the non-commanding side win without a hostage, the Commander's side win with
one, and only Athenian Commanders turning up cards; these are the missing cases.
"""

from __future__ import annotations

from per_helpers import AF, EK, bare, commit_all, deck_card, give, military_issue, play, put

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import M_WIN, PericlesState
from kleos.games.pericles.tables import ATHENS, S300, SL, SPARTA


def expedition(where: str, commander: int, commits: tuple[int, int, int, int],
               **units: int) -> tuple[PericlesGame, PericlesState]:
    """A bare board with ``units`` in ``where`` and ``commander``'s Military issue revealed there; the
    Expedition is called and the four factions have committed ``commits`` (AF, DF, EK, AK): the next
    action, ``done``, fights the battle."""
    g, s = bare()
    put(g, s, where, **units)
    for faction, n in enumerate(commits):
        if n:
            give(s, faction, n)
    military_issue(g, s, commander, where)
    play(g, s, "expedition")
    commit_all(g, s, *commits)
    return g, s


def test_the_non_commanding_winners_dominant_gains_the_hostage_honor() -> None:
    """P-BATTLE-27: "If the non-commanding side wins, each of its two factions gains E Honor, and its
    Dominant faction gains 5 more if a hostage was taken"; P-BATTLE-28: each losing faction loses L.
    EK commands Sparta into Boeotia and loses; Athens' Dominant (faction 0) takes the Spartan unit
    (row L2): E = 1, a hostage (P-BATTLE-21)."""
    g, s = expedition("Boeotia", EK, (0, 0, 1, 0), Al=4, Dl=2, Sl=1, Pl=2)
    play(g, s, "done")
    assert s.mil[M_WIN] == ATHENS and s.dominant[ATHENS] == 0 and s.honor == [10, 10, 10, 10]
    play(g, s, "row L2")
    assert s.hostage[ATHENS] == 1
    assert s.honor == [10 + 1 + 5, 10 + 1, 10 - 1, 10 - 1]
    # P-BATTLE-30, P-BATTLE-31: the hostage makes it a major defeat; the War/Peace issue moves to box 2
    # of the Opponent's half, a whole box of the track
    assert s.defeat[SPARTA] == 1
    assert all(type(box) is int for box in s.track)


def test_two_losses_without_a_hostage_are_no_major_defeat() -> None:
    """P-BATTLE-30: a major defeat needs at least 5 Honor lost by the side's two factions together.
    Sparta loses 2 Peloponnesian units and no hostage: each faction loses 2, 4 in all — no major defeat,
    and Sparta's War/Peace issue stays where it was (P-BATTLE-31)."""
    g, s = expedition("Boeotia", EK, (0, 0, 1, 0), Al=4, Dl=2, Pl=3)
    play(g, s, "done")
    track = list(s.track)
    play(g, s, "row L1", "row WL2", "casualty Dl")
    assert s.honor[2:] == [10 - 2, 10 - 2]
    assert s.defeat[SPARTA] == 0 and list(s.track) == track


def test_the_commanders_side_turns_up_its_card_first() -> None:
    """P-BATTLE-4: each side turns up the top card of its own battle deck, the Commander's side first —
    here a Spartan Commander (EK): the first card turned up is Sparta's."""
    g, s = expedition("Boeotia", EK, (1, 0, 1, 0), Al=2, Pl=2)
    deck_card(g, s, ATHENS, 1)
    deck_card(g, s, SPARTA, 3)
    g.apply_in_place(s, Action.parse("done"))
    assert s.step == "battle_draw" and s.chance is not None and s.actor == SPARTA


def test_no_hostage_when_sparta_sinks_only_a_delian_ship() -> None:
    """P-BATTLE-21: Sparta takes a hostage only if "at least one Athenian (city-state) naval unit is
    eliminated". EK (Commander) wins the naval battle in Corcyra and takes the Delian ship (row L1):
    no hostage, so EK gains 2 x 1 without the 5 (P-BATTLE-25) and there is no major defeat."""
    g, s = expedition("Corcyra", EK, (0, 0, 3, 0), An=1, Dn=1, Db=1, Sn=1, Pn=3, Sl=2)
    s.treason[g.tables.theater_index["Corcyra"] * 2 + ATHENS] = 1
    play(g, s, "done")
    assert s.mil[M_WIN] == SPARTA
    play(g, s, "row L1", "row WN1", "casualty Sn")
    assert s.hostage == [0, 0]
    assert s.honor == [10 - 1, 10 - 1, 10 + 2, 10 + 1]
    assert s.defeat[ATHENS] == 0


def test_the_300_eliminated_gives_athens_a_hostage() -> None:
    """P-BATTLE-22: Athens takes a hostage if "at least one Spartan land unit is eliminated" — the 300
    is one (P-300-4). AF (Commander) wins in Boeotia and takes the 300 alone (row L2): a hostage, and
    AF gains 2 x 1 + 5 (P-BATTLE-25)."""
    g, s = expedition("Boeotia", AF, (1, 0, 0, 0), Al=6, S300=1, Pl=1)
    play(g, s, "done")
    assert s.mil[M_WIN] == ATHENS
    play(g, s, "row L2")
    assert s.killed[S300] == 1 and s.killed[SL] == 0
    assert s.hostage[ATHENS] == 1
    assert s.honor == [10 + 2 + 5, 10 + 1, 10 - 1, 10 - 1]
