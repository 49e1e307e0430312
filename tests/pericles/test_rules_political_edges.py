"""The edges of the Political phase (``rules.political``) that ``test_per_political.py`` leaves open:
every faction of both sides in the rules that name "a faction" (the Athenian faction of index 0
included), and what is left in the Council of Strategoi (P-ORATORY, P-DOMINANT, P-COUNCIL,
P-WARPEACE, P-POLISSUE)."""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, game, play, put, rule_of
from test_per_side_issues import _won

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow, political
from kleos.games.pericles.rules.common import count, in_use
from kleos.games.pericles.state import DISCARD, HAND, OFF, OUT, PericlesState
from kleos.games.pericles.tables import AB, AN, DN, ISSUES_PER_SIDE, MARKER_KINDS, N_PIECES, SL, Tables

FACTIONS = (AF, DF, EK, AK)
HOMES_ATHENS = political.HOMES[0]
SIDE_ISSUES_OF = {kind: n for n, (kind, _side) in enumerate(political.SIDE_ISSUES)}


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


# ----- Citizenship, Colony, Krypteia, Agoge (P-POLISSUE-4..8) ------------------------------------
def _spare(s: PericlesState, piece: int, left: int, t: Tables) -> None:
    """Put pieces of ``piece`` in Athens' home theater until only ``left`` remain in the pool."""
    s.pieces[HOMES_ATHENS * N_PIECES + piece] += t.piece_limits[piece] - in_use(s, piece) - left


def test_citizenship_needs_an_athenian_base_in_the_pool() -> None:
    """P-POLISSUE-4: "puede convertir cualquier Base de la Liga de Delos en una Base Ateniense" — the
    Athenian base comes from the pool: one left is enough, none left leaves only ``none``."""
    g, s = _won((0, "CIT", -2))
    _spare(s, AB, 1, g.tables)
    assert Action("cit", ("Lesbos", "naval")) in g.legal_actions(s)
    _spare(s, AB, 0, g.tables)
    assert g.legal_actions(s) == [Action("cit", ("none",))]


@pytest.mark.parametrize(("persia_war", "callias", "offered"),
                         [(1, 0, True), (0, 0, False), (1, 1, False)])
def test_a_colony_in_the_eastern_mediterranean(persia_war: int, callias: int, offered: bool) -> None:
    """P-POLISSUE-6, P-AMB-19: a Colony goes to a theater friendly to Athens or contested — the Eastern
    Mediterranean only while the war with Persia goes on and the Peace of Callias is not made."""
    g, s = _won((0, "COL", 3))
    s.persia_war, s.callias = persia_war, callias
    put(g, s, "EastMed", An=1, Sn=0, Pn=0)
    assert (Action("col", ("EastMed", "land")) in g.legal_actions(s)) is offered


@pytest.mark.parametrize(("points", "ships"), [("build", 1), ("upkeep", 2)])
def test_a_naval_colony_places_delian_naval_units(points: str, ships: int) -> None:
    """P-POLISSUE-6, P-AMB-18: "4 puntos de unidades militares de Delos" — 1 naval unit read as build
    points, 2 with the reading switch colony_points=upkeep; the choice named ``naval``."""
    g, s = _won((0, "COL", 3), colony_points=points)
    samos = g.tables.theater_index["Samos"]
    before = count(s, samos, DN)
    play(g, s, "col Samos naval")
    assert count(s, samos, DN) == before + ships


def test_agoge_builds_only_what_the_pool_holds() -> None:
    """P-POLISSUE-8: "puede construir hasta tres unidades militares terrestres espartanas en el Teatro
    de Esparta, si las hay disponibles" — 2 left in the pool, 2 at most."""
    g, s = _won((1, "AGO", -1), war=1)
    _spare(s, SL, 2, g.tables)
    assert [str(a) for a in g.legal_actions(s)] == ["ago 0", "ago 1", "ago 2"]


def test_a_krypteia_step_removes_one_marker() -> None:
    """P-POLISSUE-7: "pueden eliminar hasta seis marcadores de Traición" — one marker per step: of 3
    in Samos, 2 are left after the first."""
    g, s = _won((1, "KRY", 1))
    samos = g.tables.theater_index["Samos"]
    s.treason[samos * 2] = 3
    play(g, s, "kry Samos")
    assert s.treason[samos * 2] == 2


@pytest.mark.parametrize(("side", "kind", "refused", "rule"), [
    (0, "CIT", "cit Sicily naval", "P-POLISSUE-4"),
    (0, "COL", "col Corcyra land", "P-POLISSUE-6"),
    (1, "KRY", "kry Samos", "P-POLISSUE-7"),
    (1, "AGO", "ago 4", "P-POLISSUE-8"),
])
def test_a_side_issue_refusal_names_its_rule(side: int, kind: str, refused: str, rule: str) -> None:
    """P-POLISSUE-4/6/7/8: a choice the issue does not offer is refused under that issue's rule."""
    g, s = _won((side, kind, 1 if side else 2), war=1 if kind == "AGO" else 0)
    assert SIDE_ISSUES_OF[kind] == s.cursor
    assert rule_of(g, s, refused) == rule


def test_a_lent_marker_of_any_kind_keeps_its_owner() -> None:
    """P-TMARK-4, P-TMARK-5, P-AMB-8: the lender chooses which marker, a Diplomatic one here: it leaves
    the lender's own holding and is held by the compatriot, still the lender's."""
    _g, s = _fresh()
    dip = MARKER_KINDS.index("DIP")
    s.held[(AF * 4 + AF) * len(MARKER_KINDS) + dip] = 2
    political.lend_apply(s, AF, Action("lend", ("DIP",)))
    assert s.held[(AF * 4 + AF) * len(MARKER_KINDS) + dip] == 1
    assert s.held[(DF * 4 + AF) * len(MARKER_KINDS) + dip] == 1
    assert sum(s.held) == 2


def test_a_naval_citizenship_beside_an_athenian_base() -> None:
    """P-POLISSUE-4, P-POLISSUE-5: "añade una unidad naval, o dos unidades terrestres atenienses, en el
    Teatro de la base convertida" — the naval choice adds 1 Athenian naval unit, and the converted base
    joins an Athenian base already there."""
    g, s = _won((0, "CIT", -2))
    lesbos = g.tables.theater_index["Lesbos"]
    put(g, s, "Lesbos", Ab=1, An=0)
    play(g, s, "cit Lesbos naval")
    assert (count(s, lesbos, AB), count(s, lesbos, AN)) == (2, 1)


def test_a_spartan_faction_lends_too_and_a_refusal_names_the_rule() -> None:
    """P-TMARK-4: "For each side, if one faction holds more markers (Rumors included) than its
    compatriot, it lends" — Sparta's side as well as Athens': AK holding 4 and EK 0 lends (twice), and
    a marker it does not hold is refused under P-TMARK-4."""
    g, s = _fresh()
    rum = MARKER_KINDS.index("RUM")
    s.held = [0] * len(s.held)
    s.held[(AK * 4 + AK) * len(MARKER_KINDS) + rum] = 4
    s.phase, s.step, s.chance = "political", "lend_next", None
    flow.advance(g.tables, s)
    assert (s.step, s.actor) == ("lend", AK)
    assert rule_of(g, s, "lend MIL") == "P-TMARK-4"
    play(g, s, "lend RUM", "lend RUM")
    assert (political.held_by(s, AK), political.held_by(s, EK)) == (2, 2)
