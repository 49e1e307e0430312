"""Expeditions into contested or enemy-controlled theaters and battles: the secret Assembly
(P-EXPED-2..8), strength and result (P-BATTLE-1..8), casualties (P-BATTLE-9..20), hostages
(P-BATTLE-21..24), battle Honor and major defeats (P-BATTLE-25..33), the second battle (P-BATTLE-34..36),
the State Ship (P-SHIP) and the 300 (P-300).

Boards are bare (per_helpers.bare): battle decks are empty unless a test leaves a card, so a draw counts
0 (P-AMB-9) and every total below is worked out by hand.
"""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, bare, commit_all, deck_card, give, military_issue, play, put, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle, boule, casualties, military
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import M_DIFF, M_KIND, M_WIN, OFF, PericlesState
from kleos.games.pericles.tables import AB, AL, AN, AR, ATHENS, DB, DL, DN, PB, PL, PN, S300, SL, SN, SPARTA


def _th(g: PericlesGame, name: str) -> int:
    return g.tables.theater_index[name]


def _legal(g: PericlesGame, s: PericlesState, seat: int | None = None) -> list[str]:
    return [str(a) for a in g.legal_actions(s, seat)]


# ----- a land battle the Commander wins (Athens into Boeotia) ----------------------------------------
def _boeotia(af: int = 1, df: int = 3) -> tuple[PericlesGame, PericlesState]:
    """Athens (DF commands) marches 4 land units into Boeotia, held by 1 Spartan + 2 Peloponnesian land
    units and a Peloponnesian base; committed: DF 3, AF 1 (Athens 4), AK 1 (Sparta)."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=4)
    put(g, s, "Boeotia", Sl=1, Pl=2, Pb=1)
    give(s, DF, 3)
    give(s, AF, 1)
    give(s, AK, 2)
    military_issue(g, s, DF, "Boeotia")
    return g, s


def test_expedition_assembly_secret_commitments() -> None:
    """P-MIL-7, P-EXPED-2, P-EXPED-3, P-INFO-7: in an enemy-controlled theater the Commander holds an
    Expedition Assembly (no Raid): all four factions commit in secret at once, the Commander 1-5 and the
    others 0-4 from their stocks; the Commander's side is revealed before movement, the other side not."""
    g, s = _boeotia()
    assert _legal(g, s) == ["decline", "expedition"]
    play(g, s, "expedition")
    assert s.step == "exped_secret" and set(g.actors(s)) == {AF, DF, EK, AK}
    assert _legal(g, s, DF) == ["secret 1", "secret 2", "secret 3"]  # the Commander must commit
    assert _legal(g, s, AF) == ["secret 0", "secret 1"]
    assert _legal(g, s, EK) == ["secret 0"]
    assert rule_of(g, s, "secret 0", seat=DF) == "P-EXPED-2"
    commit_all(g, s, 1, 3, 0, 1)
    assert s.step == "move" and s.actor == DF
    assert s.stock[DF] == 0 and s.stock[AF] == 0  # the Commander's side: revealed and spent
    assert s.stock[AK] == 2  # the other side's stays hidden in its stock until after movement
    view = g.view(s, AF)
    assert view.state.commit[DF] == 3 and view.state.commit[AK] < 0


def test_contested_theater_raid_or_assembly() -> None:
    """P-MIL-6: in a contested theater the Commander chooses a Raid or an Expedition Assembly."""
    g, s = bare()
    put(g, s, "Boeotia", Al=1, Pl=1)
    give(s, DF, 3)
    military_issue(g, s, DF, "Boeotia")
    assert _legal(g, s) == ["decline", "raid", "expedition"]


def test_compatriot_tokens_move_units() -> None:
    """P-MOVE-1, P-EXPED-4, P-DEF-5: in a contested theater the compatriot's tokens move units too."""
    g, s = _boeotia()
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    assert s.moves_left == 4


def test_land_battle_won_by_the_commander() -> None:
    """P-EXPED-5, P-EXPED-7, P-EXPED-8, P-BATTLE-1, P-BATTLE-2, P-BATTLE-4, P-BATTLE-7, P-BATTLE-10,
    P-BATTLE-12, P-BATTLE-13, P-BATTLE-22, P-BATTLE-25, P-BATTLE-26, P-BATTLE-28, P-BATTLE-30,
    P-BATTLE-31, P-THEATER-13, P-THEATER-15: after movement the other side reveals, Boeotia (a Land theater) is
    contested, so a land battle is fought at once: Athens 4 units + 4 Strategos = 8 against Sparta 2 + 2
    + base 2 + 1 Strategos = 7. The Commander chooses the row of Sparta's casualties (one row only), the
    Spartan unit dies, Athens takes a hostage, DF gains 2 x 1 + 5, AF 1, each Spartan loses 1, and
    Sparta's major defeat puts its War/Peace issue on box 2 of its Opponent's half."""
    g, s = _boeotia()
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done")
    assert s.stock[AK] == 1  # revealed after movement and spent
    assert s.mil[M_KIND] == battle.LAND and s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == 1
    assert s.step == "row" and s.actor == DF
    assert _legal(g, s) == ["row L1", "row L2"]
    assert rule_of(g, s, "row L9") == "P-BATTLE-13"
    play(g, s, "row L2")
    boeotia = _th(g, "Boeotia")
    assert count(s, boeotia, SL) == 0 and count(s, boeotia, PL) == 2
    assert s.hostage[ATHENS] == 1
    assert s.honor == [11, 17, 9, 9]
    wp = boule.wp_index(g.tables, SPARTA)
    opponent = s.dominant[SPARTA] ^ 1
    assert s.track[wp] == 2 * boule.sign(opponent) and s.defeat[SPARTA] == 1
    assert s.step == "second" and s.actor == DF


def test_second_battle_declined_ends_the_issue() -> None:
    """P-BATTLE-34, P-MIL-8: the Commander's side won, so the Commander decides on a second battle;
    declining ends the issue and nothing of it is kept."""
    g, s = _boeotia()
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done", "row L1")
    assert count(s, _th(g, "Boeotia"), PL) == 1  # L1: line units, cut to the differential of 1
    assert s.hostage[ATHENS] == 0  # no Spartan land unit died (P-BATTLE-22)
    assert rule_of(g, s, "second maybe") == "P-BATTLE-34"
    play(g, s, "second no")
    assert s.revealed == -1 and s.commit == [0] * 4 and s.committed == [0] * 4
    assert sum(s.stock) + sum(s.supply) == 52


def test_no_battle_when_the_theater_is_not_contested_after_movement() -> None:
    """P-MIL-7, P-BATTLE-1, P-AMB-24: in an enemy-controlled theater the Commander must hold an
    Assembly (no Raid); if no unit moves in, no battle is fought, yet every commitment is spent."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=1)
    put(g, s, "Boeotia", Pl=1)
    give(s, DF, 2)
    give(s, EK, 2)
    military_issue(g, s, DF, "Boeotia")
    assert _legal(g, s) == ["decline", "expedition"]
    play(g, s, "expedition")
    commit_all(g, s, 0, 2, 2, 0)
    play(g, s, "done")
    assert s.revealed == -1 and s.step != "row" and s.honor == [10] * 4
    assert s.stock[EK] == 0 and s.supply == [26, 26]


def test_draw_has_no_effect() -> None:
    """P-BATTLE-8: equal totals: no casualties, no Honor, no second battle."""
    g, s = bare()
    put(g, s, "Boeotia", Al=2, Pl=2, An=1)
    give(s, AF, 1)
    give(s, EK, 1)
    military_issue(g, s, AF, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 1, 0, 1, 0)
    play(g, s, "done")
    boeotia = _th(g, "Boeotia")
    assert (count(s, boeotia, AL), count(s, boeotia, PL)) == (2, 2)
    assert s.honor == [10] * 4 and s.revealed == -1


def test_battle_card_is_drawn_and_counts() -> None:
    """P-BATTLE-4, P-DEF-26, P-INFO-8: each side turns up the top card of its own battle deck as a
    chance event and adds its value; the card is discarded."""
    g, s = bare()
    put(g, s, "Boeotia", Al=2, Pl=2)
    give(s, AF, 1)
    give(s, EK, 1)
    deck_card(g, s, SPARTA, 3)
    military_issue(g, s, AF, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 1, 0, 1, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == SPARTA and s.mil[M_DIFF] == 3
    assert 0 not in [s.card_loc[c] for c in g.tables.side_cards[SPARTA]]


def test_strength_counts_the_battles_kind_bases_tokens_and_treason() -> None:
    """P-BATTLE-4, P-BATTLE-5, P-BATTLE-6, P-DEF-6, P-DEF-9, P-TREASON-7, P-DATA-7: land units count in a
    land battle only, ships in a naval one; bases 2 and committed tokens and friendly treason markers 1 in
    both; Delian and Athenian units fight together."""
    g, s = bare()
    t = g.tables
    put(g, s, "Boeotia", Al=1, Dl=2, An=2, Dn=1, Db=1, Sl=1, Pn=1)
    th = _th(g, "Boeotia")
    s.treason[th * 2 + ATHENS] = 2
    s.commit, s.committed = [1, 2, 0, 0], [2, 2, 0, 0]
    s.draw = [0, 0]
    assert battle.strength(t, s, ATHENS, battle.LAND, th) == 3 + 2 + 3 + 2
    assert battle.strength(t, s, ATHENS, battle.NAVAL, th) == 5 + 2 + 3 + 2
    assert battle.strength(t, s, SPARTA, battle.LAND, th) == 2
    assert battle.strength(t, s, SPARTA, battle.NAVAL, th) == 1


def test_battle_without_units_of_the_kind() -> None:
    """P-BATTLE-3, P-BATTLE-17: a naval battle is fought in a Naval theater though Sparta has no ship
    there; the winner's bases add strength but cause no casualty, and the loser with no ship loses none."""
    g, s = bare()
    put(g, s, "Corcyra", Ab=1, Sl=3)
    give(s, EK, 1)
    military_issue(g, s, EK, "Corcyra")
    play(g, s, "expedition")
    commit_all(g, s, 0, 0, 1, 0)
    play(g, s, "done")
    assert s.mil[M_KIND] == battle.NAVAL and s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == 1
    assert count(s, _th(g, "Corcyra"), SL) == 3  # land units never die in a naval battle (P-BATTLE-9)
    assert s.step == "second" and s.actor == s.dominant[ATHENS]  # P-BATTLE-34: the winner's Dominant


# ----- a naval battle the Commander (Sparta) wins, then a second, land battle ------------------------
def _corcyra() -> tuple[PericlesGame, PericlesState]:
    """In Corcyra (a Naval theater) Athens has 1 Athenian + 1 Delian ship, a Delian base and 1 treason
    marker (naval 2 + 1 + 2 + 1 = 6); Sparta 1 Spartan + 3 Peloponnesian ships and 2 Spartan land units,
    EK commits 3 (naval 4 + 3 = 7)."""
    g, s = bare()
    put(g, s, "Corcyra", An=1, Dn=1, Db=1, Sn=1, Pn=3, Sl=2)
    s.treason[_th(g, "Corcyra") * 2 + ATHENS] = 1
    give(s, EK, 3)
    military_issue(g, s, EK, "Corcyra")
    play(g, s, "expedition")
    commit_all(g, s, 0, 0, 3, 0)
    play(g, s, "done")
    return g, s


def test_naval_battle_hostage_and_winner_casualties() -> None:
    """P-BATTLE-2, P-BATTLE-5, P-BATTLE-9, P-BATTLE-18, P-BATTLE-19, P-BATTLE-20, P-BATTLE-21,
    P-BATTLE-14: Sparta wins the naval battle by 1; EK (Commander) takes the Athenian ship (row L2),
    which gives Sparta a hostage; then Athens' Dominant chooses the winner's casualties: WN1 (2 line ships
    per unit killed, cut to the differential) and picks which Peloponnesian or Spartan ship dies."""
    g, s = _corcyra()
    corcyra = _th(g, "Corcyra")
    assert s.mil[M_KIND] == battle.NAVAL and s.mil[M_WIN] == SPARTA and s.mil[M_DIFF] == 1
    assert s.step == "row" and s.actor == EK
    play(g, s, "row L2")
    assert count(s, corcyra, AN) == 0 and s.hostage[SPARTA] == 0  # Honor and hostage come after
    assert s.step == "row" and s.actor == s.dominant[ATHENS]
    assert _legal(g, s) == ["row WN1", "row WN2"]
    play(g, s, "row WN1")
    assert s.step == "casualty" and _legal(g, s) == ["casualty Sn", "casualty Pn"]
    assert rule_of(g, s, "casualty Sl") == "P-BATTLE-9"
    play(g, s, "casualty Sn")
    assert (count(s, corcyra, SN), count(s, corcyra, PN)) == (0, 3)
    assert s.hostage[SPARTA] == 1
    assert s.honor == [9, 9, 17, 11]  # EK 2 x 1 + 5, AK 1; each Athenian -1
    assert s.defeat[ATHENS] == 1


def test_second_battle_of_the_other_kind_and_bases() -> None:
    """P-BATTLE-34, P-BATTLE-35, P-BATTLE-36, P-BATTLE-6, P-BATTLE-15, P-BATTLE-16, P-TREASON-6,
    P-BATTLE-29, P-BATTLE-32: the winner fights a land battle in the same theater with the same tokens
    and a new card each; Athens has no land unit, Sparta committed more, so the winner may eliminate
    floor(differential / 2) bases (the rulebook's "may": it could stop); the base's fall removes Athens'
    treason markers there; Honor again for this battle; no third battle."""
    g, s = _corcyra()
    play(g, s, "row L1", "row WN2")  # the Delian ship dies; WN2 gives the winner nothing
    assert s.step == "second" and s.actor == EK
    play(g, s, "second yes")
    corcyra = _th(g, "Corcyra")
    assert s.mil[M_KIND] == battle.LAND and s.mil[M_WIN] == SPARTA
    assert s.mil[M_DIFF] == (4 + 3) - (2 + 1)  # Spartan land 4 + 3 tokens; Delian base 2 + treason 1
    assert s.step == "raze" and _legal(g, s) == ["raze Db", "raze stop"]
    before = list(s.honor)
    play(g, s, "raze Db")
    assert count(s, corcyra, DB) == 0 and s.treason[corcyra * 2 + ATHENS] == 0
    assert s.honor[EK] == before[EK] + 2 and s.honor[AK] == before[AK] + 1
    assert s.honor[AF] == before[AF] - 1
    assert s.revealed == -1 and s.step != "second"  # P-BATTLE-36


def test_loser_keeps_its_bases_when_it_committed_as_much() -> None:
    """P-BATTLE-15, P-AMB-27: no base falls unless the winner committed more Strategos in total."""
    g, s = bare()
    put(g, s, "Boeotia", Ab=1, Sl=2)
    give(s, EK, 1)
    give(s, AF, 1)
    military_issue(g, s, EK, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 1, 0, 1, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == SPARTA and count(s, _th(g, "Boeotia"), AB) == 1
    assert s.step == "second"


def test_defender_wins_honor_and_casualty_choice() -> None:
    """P-BATTLE-27, P-BATTLE-12, P-BATTLE-19, P-BATTLE-11, P-BATTLE-20: when the non-commanding side wins,
    its Dominant chooses the loser's casualties (never more than the differential), the losing Commander
    the winner's, unit by unit when two kinds of the class are there; each winning faction gains E."""
    g, s = bare()
    put(g, s, "Boeotia", Al=4, Dl=2, Pl=3)
    give(s, EK, 1)
    military_issue(g, s, EK, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 0, 0, 1, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == 6 - 4
    assert s.step == "row" and s.actor == s.dominant[ATHENS]
    play(g, s, "row L1")  # 6 x 2 line units wanted: cut to the differential
    boeotia = _th(g, "Boeotia")
    assert count(s, boeotia, PL) == 3 - 2
    assert s.step == "row" and s.actor == EK  # the loser's Commander picks the winner's row
    assert _legal(g, s) == ["row WL1", "row WL2"]
    play(g, s, "row WL2")
    assert s.step == "casualty" and s.actor == EK and _legal(g, s) == ["casualty Al", "casualty Dl"]
    play(g, s, "casualty Dl")
    assert count(s, boeotia, DL) == 1 and count(s, boeotia, AL) == 4
    assert s.honor == [12, 12, 8, 8]


def test_honor_losses_stop_at_zero_gains_do_not() -> None:
    """P-HONOR-2, P-HONOR-3, P-AMB-30: a losing faction at 0 loses nothing; the winners' gains are whole."""
    g, s = _boeotia()
    s.honor[EK] = 0
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done", "row L2")
    assert s.honor == [11, 17, 0, 9]


def test_hostage_held_already_still_gives_honor() -> None:
    """P-BATTLE-23, P-COMP-9: a side holding a hostage gets no second marker, but the 5 Honor is paid."""
    g, s = _boeotia()
    s.hostage[ATHENS] = 1
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done", "row L2")
    assert s.hostage[ATHENS] == 1 and s.honor[DF] == 17


def test_spent_hostage_can_be_won_again() -> None:
    """P-BATTLE-24: a side whose marker was spent (0) wins a new one."""
    g, s = _boeotia()
    s.hostage[ATHENS] = 0
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done", "row L2")
    assert s.hostage[ATHENS] == 1


def test_major_defeat_only_once_a_turn() -> None:
    """P-BATTLE-30, P-BATTLE-31, P-BATTLE-32: the first major defeat of a turn moves the issue; a later
    one does nothing more; a loss below 5 is no major defeat."""
    g, s = bare()
    t = g.tables
    wp = boule.wp_index(t, ATHENS)
    battle.major_defeat(t, s, ATHENS)
    first = s.track[wp]
    assert first == 2 * boule.sign(s.dominant[ATHENS] ^ 1)
    s.track[wp] = OFF
    battle.major_defeat(t, s, ATHENS)
    assert s.track[wp] == OFF
    g, s = _boeotia()
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done", "row L1")  # 1 Peloponnesian unit: 2 x 1 < 5, no hostage
    assert s.defeat[SPARTA] == 0 and s.track[boule.wp_index(t, SPARTA)] == OFF


def test_argos_losses_cost_athens_no_honor() -> None:
    """P-BATTLE-33, P-ARGOS-5, P-ARGOS-4: Argos units die as Delian land units; Sparta gains for them,
    Athens loses nothing for them."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1, Sl=2, Ar=1, Db=1)
    give(s, EK, 2)
    military_issue(g, s, EK, "Sparta")
    play(g, s, "build none", "expedition")
    commit_all(g, s, 0, 0, 2, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == SPARTA and s.mil[M_DIFF] == (4 + 2 + 2) - (1 + 2)
    play(g, s, "row L1", "raze stop")
    assert count(s, _th(g, "Sparta"), AR) == 0 and count(s, _th(g, "Sparta"), DB) == 1
    assert s.honor == [10, 10, 12, 11]


def test_state_ship() -> None:
    """P-SHIP-1, P-SHIP-2, P-SHIP-3, P-SHIP-4, P-SHIP-5, P-EXPED-6: before the battle, after every
    commitment is revealed, the Athenian Dominant may add the State Ship: one more committed token of
    Athens beyond the 1-5 limit, then used for the turn; it moves no unit."""
    g, s = bare()
    s.state_ship = 1
    put(g, s, "Boeotia", Al=2, Pl=2)
    give(s, AF, 5)
    give(s, EK, 1)
    military_issue(g, s, AF, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 5, 0, 1, 0)
    assert s.moves_left == 5
    play(g, s, "done")
    assert s.step == "ship" and s.actor == s.dominant[ATHENS] and s.stock[EK] == 0
    assert rule_of(g, s, "ship maybe") == "P-SHIP-2"
    play(g, s, "ship yes")
    assert s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == (2 + 6) - (2 + 1) and s.state_ship == 0
    assert battle.committed_total(s, ATHENS, _th(g, "Boeotia")) == 6


def test_the_300() -> None:
    """P-300-1, P-300-2, P-300-3, P-DEF-7: the 300 moves itself (no allowance used), fights as a Spartan
    land unit of value 2 and counts as a committed Strategos of Sparta."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1, S300=1)
    put(g, s, "Boeotia", Al=3, Pl=1)
    give(s, EK, 1)
    military_issue(g, s, EK, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 0, 0, 1, 0)
    assert s.moves_left == 1
    assert Action("move", ("Sparta", "S300", "Isthmus")) in g.legal_actions(s)
    play(g, s, "move Sparta S300 Isthmus", "step Boeotia")
    assert s.moves_left == 1  # P-300-3
    boeotia = _th(g, "Boeotia")
    assert battle.strength(g.tables, s, SPARTA, battle.LAND, boeotia) == 1 + 2 + 1 + 1
    play(g, s, "done")
    assert s.mil[M_WIN] == SPARTA and s.mil[M_DIFF] == 5 - 3


def test_the_300_as_a_casualty() -> None:
    """P-300-4, P-BATTLE-13: the 300 may be chosen as a casualty like any Spartan land unit (elite row)."""
    g, s = bare()
    put(g, s, "Boeotia", Al=6, Sl=1, S300=1)
    give(s, AF, 1)
    military_issue(g, s, AF, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 1, 0, 0, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == 7 - 5
    play(g, s, "row L2")
    assert s.step == "casualty" and _legal(g, s) == ["casualty Sl", "casualty S300"]
    play(g, s, "casualty S300")
    boeotia = _th(g, "Boeotia")
    assert count(s, boeotia, S300) == 0 and count(s, boeotia, SL) == 0


def test_casualty_tables_data_examples() -> None:
    """P-BATTLE-10, P-BATTLE-11, P-BATTLE-13, P-DATA-8 (pericles-data.md 3.2 examples): Sparta (3 Spartan
    + 2 Peloponnesian land units) beats 4 Athenian land units by 2: L1 gives 10, cut to 2 Athenian units;
    the winner's WL2 costs 1 line unit, WL1 none. Athens (3 Athenian + 2 Delian ships) beats 4
    Peloponnesian ships by 2: 2 ships; Sparta then picks WN1 (2 Delian ships) or WN2 (1 Athenian ship)."""
    g, s = bare()
    t = g.tables
    th = _th(g, "Boeotia")
    put(g, s, "Boeotia", Sl=3, Pl=2, Al=4)
    s.revealed = th * 1000 + EK * 10
    s.mil[M_KIND], s.mil[M_WIN], s.mil[M_DIFF] = battle.LAND, SPARTA, 2
    casualties.start(t, s)
    options = {str(a): d for a, d in casualties.choices(t, s, casualties.LOSER_ROW)}
    assert options == {"row L1": (0, 2), "row L2": (0, 0)}
    s.killed[AL] = 2
    options = {str(a): d for a, d in casualties.choices(t, s, casualties.WINNER_ROW)}
    assert options == {"row WL1": (0, 0), "row WL2": (0, 1)}
    g, s = bare()
    put(g, s, "Corcyra", An=3, Dn=2, Pn=4)
    th = _th(g, "Corcyra")
    s.revealed = th * 1000 + AF * 10
    s.mil[M_KIND], s.mil[M_WIN], s.mil[M_DIFF] = battle.NAVAL, ATHENS, 2
    casualties.start(t, s)
    options = {str(a): d for a, d in casualties.choices(t, s, casualties.LOSER_ROW)}
    assert options["row L1"] == (0, 2)
    s.killed[PN] = 2
    options = {str(a): d for a, d in casualties.choices(t, s, casualties.WINNER_ROW)}
    assert options == {"row WN1": (0, 2), "row WN2": (1, 0)}


def test_split_row_mode_option() -> None:
    """P-BATTLE-13 with ``casualty_row_mode=split``: the chooser splits the counted units between the two
    rows, so both classes may die."""
    from per_helpers import game

    g = game(casualty_row_mode="split")
    s = g.new_state(1)
    t = g.tables
    s.pieces = [0] * len(s.pieces)
    th = _th(g, "Boeotia")
    put(g, s, "Boeotia", Sl=2, Pl=2, Al=4)
    s.revealed = th * 1000 + AF * 10
    s.mil[M_KIND], s.mil[M_WIN], s.mil[M_DIFF] = battle.LAND, ATHENS, 5
    casualties.start(t, s)
    options = {str(a): d for a, d in casualties.choices(t, s, casualties.LOSER_ROW)}
    assert options["split 2"] == (1, 2)  # 2 units to L1: 4 line (cut to 2); 2 to L2: 1 elite
    assert options["split 4"] == (0, 2)


def test_moving_unit_stops_where_it_may_not_leave() -> None:
    """P-MOVE-7, P-MOVE-8, P-MOVE-13: a unit entering a theater it may not leave stops there and counts
    in later exit tests there."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=2)
    put(g, s, "Boeotia", Pl=1, Pn=1)
    put(g, s, "Thessaly", Sl=1)
    give(s, DF, 2)
    military_issue(g, s, DF, "Thessaly")
    play(g, s, "expedition")
    commit_all(g, s, 0, 2, 0, 0)
    play(g, s, "move Athens Al Boeotia")  # leaving would leave 0 against 1 (land and naval): it stops
    boeotia = _th(g, "Boeotia")
    assert s.step == "move" and count(s, boeotia, AL) == 1
    play(g, s, "move Athens Al Boeotia", "step Thessaly")  # now 1 Athenian stays: 1 >= 1
    assert count(s, _th(g, "Thessaly"), AL) == 1 and count(s, boeotia, AL) == 1


def test_decline_still_costs_one() -> None:
    """P-THEATER-14: declining a Military issue in a contested theater costs 1 Strategos."""
    g, s = _boeotia()
    play(g, s, "decline")
    assert s.stock[DF] == 2 and s.revealed == -1


def test_kinds_of_line_and_elite() -> None:
    """P-DATA-8, P-BATTLE-9: elite are Spartan land units (the 300 too) in land battles and Athenian ships
    in naval ones; every other unit of the battle's kind is line."""
    assert casualties.class_pieces(battle.LAND, SPARTA, "elite") == (SL, S300)
    assert casualties.class_pieces(battle.LAND, ATHENS, "line") == (AL, DL, AR)
    assert casualties.class_pieces(battle.NAVAL, ATHENS, "elite") == (AN,)
    assert casualties.class_pieces(battle.NAVAL, SPARTA, "line") == (SN, PN)
    assert casualties.class_pieces(battle.NAVAL, ATHENS, "line") == (DN,)
    assert PB not in casualties.class_pieces(battle.LAND, SPARTA, "line")


def test_persian_gold() -> None:
    """P-GOLD-1, P-GOLD-2, P-AMB-17, P-PERSIA-7: a Spartan Commander who builds at home may spend each
    Persian base on 1 naval or 2 land units: Spartan ships in Sparta, Peloponnesian land units in Ionia
    (at most 4) or Peloponnesian ships in an Aegean theater with a Spartan or Peloponnesian base; Persian
    bases add nothing to strength."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1)
    put(g, s, "Persia", Xb=3)
    put(g, s, "Ionia", Pb=1)
    put(g, s, "Lesbos", Pb=1)
    give(s, EK, 2)
    military_issue(g, s, EK, "Sparta")
    play(g, s, "build 0")
    assert s.step == "gold" and s.actor == EK
    assert _legal(g, s) == ["gold done", "gold Sparta naval", "gold Ionia land", "gold Lesbos naval"]
    play(g, s, "gold Ionia land", "gold Ionia land")
    assert count(s, _th(g, "Ionia"), PL) == 4
    assert rule_of(g, s, "gold Ionia land") == "P-GOLD-2"
    play(g, s, "gold Sparta naval")
    assert count(s, _th(g, "Sparta"), SN) == 1 and count(s, _th(g, "Sparta"), SL) == 2
    assert s.step == "resolve" and "expedition 1" in _legal(g, s)
    assert battle.strength(g.tables, s, SPARTA, battle.LAND, _th(g, "Persia")) == 0


def test_no_gold_without_a_build_or_for_athens() -> None:
    """P-GOLD-1: Persian gold comes only with a Spartan city-state build."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1)
    put(g, s, "Persia", Xb=1)
    give(s, EK, 2)
    military_issue(g, s, EK, "Sparta")
    play(g, s, "build none")
    assert s.step == "resolve"
    g, s = bare()
    put(g, s, "Athens", Ab=1)
    put(g, s, "Persia", Xb=1)
    give(s, AF, 2)
    military_issue(g, s, AF, "Athens")
    play(g, s, "build 1")
    assert s.step == "resolve" and count(s, _th(g, "Athens"), AN) == 1


def test_no_hostage_from_the_winners_own_losses() -> None:
    """P-BATTLE-21, P-AMB-44: Athens wins a naval battle and loses an Athenian ship as a winner's
    casualty: that is no hostage for anyone."""
    g, s = bare()
    put(g, s, "Corcyra", An=2, Pn=2, Pb=1)
    give(s, AF, 2)
    military_issue(g, s, AF, "Corcyra")
    play(g, s, "expedition")
    commit_all(g, s, 2, 0, 0, 0)
    play(g, s, "done")
    assert s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == (4 + 2) - (2 + 2)
    play(g, s, "row L1")  # the two Peloponnesian ships
    assert s.step == "row" and s.actor == s.dominant[SPARTA]
    play(g, s, "row WN2")  # 2 kills: 1 Athenian ship
    assert count(s, _th(g, "Corcyra"), AN) == 1
    assert s.hostage == [0, 0]


def test_battle_during_peace() -> None:
    """P-WARPEACE-9, P-WARPEACE-10, P-AMB-21: in Peace Athenian and Spartan pieces may share a theater and
    a Military issue there is fought out, but only League units may move in; restricted city-state units
    still count in exit tests."""
    g, s = bare()
    s.war = 0
    put(g, s, "Athens", Ab=1, Al=2, Dl=1)
    put(g, s, "Boeotia", Al=1, Sl=1)
    give(s, DF, 1)
    military_issue(g, s, DF, "Boeotia")
    play(g, s, "expedition")
    commit_all(g, s, 0, 1, 0, 0)
    legal = _legal(g, s)
    assert "move Athens Dl Boeotia" in legal and "move Athens Al Boeotia" not in legal
    play(g, s, "move Athens Dl Boeotia", "done")
    assert s.mil[M_WIN] == ATHENS and s.mil[M_DIFF] == (1 + 1 + 1) - 2  # the battle is fought
    athens = _th(g, "Athens")
    put(g, s, "Athens", Al=1, Dl=1, Sl=2)
    assert s.war == 0
    assert not military.can_exit(g.tables, s, athens, _th(g, "Boeotia"), DL, ATHENS)  # 1 + base 2 < 4
