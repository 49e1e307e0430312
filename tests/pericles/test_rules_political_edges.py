"""The edges of the Political phase (``rules.political``) that ``test_per_political.py`` leaves open:
every faction of both sides in the rules that name "a faction" (the Athenian faction of index 0
included), and what is left in the Council of Strategoi (P-ORATORY, P-DOMINANT, P-COUNCIL,
P-WARPEACE, P-POLISSUE)."""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, game

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import political
from kleos.games.pericles.state import DISCARD, HAND, OFF, OUT, PericlesState
from kleos.games.pericles.tables import ISSUES_PER_SIDE, Tables

FACTIONS = (AF, DF, EK, AK)


def _fresh() -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(1)
    s.track = [OFF] * len(s.track)
    return g, s


def _win(t: Tables, s: PericlesState, f: int, kind: str, box: int = 1) -> None:
    """Faction ``f`` has won its side's first ``kind`` issue, on box ``box`` of its half."""
    side = f // 2
    index = t.issue_kinds[side].index(kind)
    s.track[side * ISSUES_PER_SIDE + index] = box if f % 2 == 0 else -box


@pytest.mark.parametrize("f", FACTIONS)
def test_each_faction_that_wins_ostracism_gains_three(f: int) -> None:
    """P-ORATORY-2: "Si una Facción ha ganado la cuestión de Ostracismo, esa Facción gana 3 de Honor, y
    su Compatriota pierde 3 de Honor" — whichever faction of either side it is, even with the
    compatriot ahead in Oratory."""
    g, s = _fresh()
    t = g.tables
    _win(t, s, f, "OST")
    _win(t, s, f ^ 1, "MIL", 7)
    political.oratory(t, s, f // 2)
    assert (s.honor[f], s.honor[f ^ 1]) == (13, 7)


@pytest.mark.parametrize("f", FACTIONS)
def test_each_faction_that_wins_ostracism_becomes_dominant(f: int) -> None:
    """P-DOMINANT-1, P-DOMINANT-2: "Si una Facción ganó la cuestión de Ostracismo, se convierte de
    inmediato en la Facción Dominante" and the favor goes on its box, although its compatriot won
    more issues."""
    g, s = _fresh()
    t = g.tables
    _win(t, s, f, "OST")
    _win(t, s, f ^ 1, "MIL")
    _win(t, s, f ^ 1, "LEA")
    s.dominant[f // 2] = s.favor[f // 2] = f ^ 1
    political.dominance(t, s, f // 2)
    assert (s.dominant[f // 2], s.favor[f // 2]) == (f, f)


@pytest.mark.parametrize("f", FACTIONS)
def test_a_tie_goes_to_the_favor_of_each_faction(f: int) -> None:
    """P-DOMINANT-6: "Si hay empate respecto a la Facción que ganó más cuestiones, la Facción que tiene
    el Favor de la Asamblea gana el empate" — for each faction holding the favor, even against the
    current Dominant and a higher Oratory value."""
    g, s = _fresh()
    t = g.tables
    _win(t, s, f, "MIL", 1)
    _win(t, s, f ^ 1, "LEA", 4)
    s.favor[f // 2] = f
    s.dominant[f // 2] = f ^ 1
    political.dominance(t, s, f // 2)
    assert s.dominant[f // 2] == f


def test_the_council_leader_leaves_and_the_rest_goes_back() -> None:
    """P-COUNCIL-5: "Cualquier ficha de Strategos que quede en las casillas de los Consejos de Strategoi
    se coloca en la reserva" — here 5 tokens, 2 for the Dominant's Leader (Pre-Plague) and 1 for the
    Opponent's card: 2 return to the supply. P-COUNCIL-6, P-HAND-3: the other card is discarded, the
    Leader card leaves the hand but not for the discard pile (Leaders are kept out of the decks)."""
    g, s = _fresh()
    t = g.tables
    s.council = [5, 5]
    s.supply = [10, 10]
    s.dominant[0] = AF
    s.card_loc[t.leader_of[AF]] = HAND + AF
    s.card_loc[t.leader_of[DF]] = OUT
    s.card_loc[t.card_index["A05"]] = HAND + DF
    political.council(t, s, 0)
    assert (s.stock[AF], s.stock[DF], s.council[0], s.supply[0]) == (2, 1, 0, 12)
    assert s.card_loc[t.leader_of[AF]] == OUT and s.card_loc[t.card_index["A05"]] == DISCARD


@pytest.mark.parametrize("f", FACTIONS)
def test_each_faction_winning_war_peace_declares_war(f: int) -> None:
    """P-WARPEACE-1: "Si hay actualmente Paz ... y una Facción de uno/ambos Bandos gana la cuestión
    Guerra/Paz, se declara la Guerra" — whichever faction wins it."""
    g, s = _fresh()
    t = g.tables
    s.war = 0
    _win(t, s, f, "WP")
    assert political.war_peace(t, s) is False and s.war == 1


@pytest.mark.parametrize("athens", (AF, DF))
@pytest.mark.parametrize("sparta", (EK, AK))
def test_peace_needs_a_winner_of_each_side(athens: int, sparta: int) -> None:
    """P-WARPEACE-2, P-WARPEACE-3: "Si hay actualmente Guerra y Facciones de *ambos* Bandos ganaron la
    cuestión Guerra/Paz, se declara la Paz ... también ganan 10 de Honor cada una" — for every pair of
    winners; one side's winner alone changes nothing."""
    g, s = _fresh()
    t = g.tables
    s.war = 1
    _win(t, s, athens, "WP")
    assert political.war_peace(t, s) is False and s.war == 1
    _win(t, s, sparta, "WP")
    assert political.war_peace(t, s) is True and s.war == 0
    assert (s.honor[athens], s.honor[sparta], s.honor[athens ^ 1], s.honor[sparta ^ 1]) == (20, 20, 10, 10)


@pytest.mark.parametrize("f", (EK, AK))
def test_sparta_wins_the_games_when_athens_does_not(f: int) -> None:
    """P-POLISSUE-2: "Si hay Paz, la Facción que ganó la cuestión gana 3 de Honor" — Athens resolves
    first (7.4); no Athenian winner does not stop the Spartan one."""
    g, s = _fresh()
    t = g.tables
    s.war = 0
    _win(t, s, f, "GAM")
    political.games(t, s)
    assert s.honor == [13 if n == f else 10 for n in range(4)]
