"""Theater issues: Diplomatic (P-DIPLO, P-TREASON), League (P-LEAGUE, P-ARGOS-1, P-PERSIA-2), the battle
deck (P-AMB-9); and the Final phase's upkeep (P-UPKEEP) and base wills (P-WILL-5, P-WILL-6)."""

from __future__ import annotations

import random

from per_helpers import AF, AK, DF, EK, clear_board, game, play, put, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import final, flow
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import DECK, DISCARD, PericlesState
from kleos.games.pericles.tables import AB, AR, DB, DL, DN, MARKER_KINDS, PB, XB

K = len(MARKER_KINDS)


def _one_marker(owner: int, kind: str, where: str, setup: object = None) -> tuple[PericlesGame, PericlesState]:
    """The vignette with a bare board, ``owner`` holding one ``kind`` marker placed in ``where`` and
    revealed; ``setup(g, s)`` puts pieces first."""
    g = game("14_1_09a")
    s = g.new_state(1)
    clear_board(s)
    put(g, s, "Athens", Ab=1)
    put(g, s, "Sparta", Sb=1)
    if callable(setup):
        setup(g, s)
    s.held = [0] * len(s.held)
    s.held[(owner * 4 + owner) * K + MARKER_KINDS.index(kind)] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, f"place {['AF', 'DF', 'EK', 'AK'][owner]} {kind} {where}")
    play(g, s, f"reveal {where}")
    return g, s


def test_diplomatic_conversion() -> None:
    """P-DIPLO-1, P-DIPLO-2, P-DIPLO-3, P-TREASON-5, P-TREASON-7, P-AMB-14: committed tokens plus own
    treason above the enemy's value turn an enemy League base into a friendly one; the owner's treason
    there is removed; +2 owner, -2 enemy Dominant."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Chios", Pb=1, Db=1)
        s.treason[g.tables.theater_index["Chios"] * 2] = 1
    g, s = _one_marker(DF, "DIP", "Chios", setup)
    assert Action("commit", (2,)) in g.legal_actions(s) and Action("commit", (4,)) not in g.legal_actions(s)
    play(g, s, "commit 2")  # 2 + 1 treason > 2 (one Peloponnesian base)
    chios = g.tables.theater_index["Chios"]
    assert count(s, chios, PB) == 0 and count(s, chios, DB) == 2
    # the vignette then ends: Political Capital adds 1 Honor per 4 tokens left (DF 6, EK 8)
    assert s.treason[chios * 2] == 0 and s.honor[DF] == 10 + 2 + 1
    assert s.honor[EK] == 10 - 2 + 2  # the Spartan Dominant


def test_diplomatic_failure_places_treason() -> None:
    """P-DIPLO-4, P-DIPLO-5, P-TREASON-1, P-TREASON-2, P-AMB-13: a failed test (or no enemy League base)
    places as many treason markers as tokens committed, within the 10-marker limit."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Chios", Pb=1, Pn=2, Dn=1)
        s.treason[g.tables.theater_index["Lesbos"] * 2] = 8
    g, s = _one_marker(AF, "DIP", "Chios", setup)
    play(g, s, "commit 3")
    chios = g.tables.theater_index["Chios"]
    assert count(s, chios, PB) == 1
    assert s.treason[chios * 2] == 2  # 3 committed, but only 2 of the 10 markers were left


def test_diplomatic_in_a_friendly_theater_removes_treason() -> None:
    """P-DIPLO-6, P-TREASON-3, P-TREASON-4: commit 0-3 and remove as many treason markers, either side."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Samos", Db=1)
        samos = g.tables.theater_index["Samos"]
        s.treason[samos * 2] = 1
        s.treason[samos * 2 + 1] = 2
    g, s = _one_marker(AF, "DIP", "Samos", setup)
    assert Action("commit", (2, 0, 2)) in g.legal_actions(s)
    assert Action("commit", (2, 0, 1)) not in g.legal_actions(s)
    play(g, s, "commit 2 0 2")
    samos = g.tables.theater_index["Samos"]
    assert s.treason[samos * 2: samos * 2 + 2] == [1, 0]


def test_diplomatic_in_a_neutral_theater() -> None:
    """P-DIPLO-7, P-DIPLO-8, P-DIPLO-9, P-DIPLO-10, P-INFO-7: secret commitments by the owner (0-5) and
    the enemy Dominant (0-4), a battle-deck card each; twice the other total founds a League base."""
    g, s = _one_marker(EK, "DIP", "Cyclades")
    play(g, s, "resolve")
    assert g.actors(s) == (AF, EK)
    assert len(g.legal_actions(s, EK)) == 6 and len(g.legal_actions(s, AF)) == 5
    g.apply_in_place(s, Action("secret", (5,)), EK)
    assert g.view(s, AF).state.commit[EK] == -1  # hidden until both are in
    g.apply_in_place(s, Action("secret", (0,)), AF)
    assert g.is_chance(s) and s.actor == 1  # the owner's side draws first
    for seat in (None, AF, DF, EK, AK):  # revealed together before the cards (P-DIPLO-7)
        assert (g.view(s, seat).state.commit[EK], g.view(s, seat).state.commit[AF]) == (5, 0)
    low = min(g.tables.card_value[c] for c in g.tables.side_cards[1])
    g.apply_in_place(s, next(a for a, _ in g.chance_outcomes(s) if g.tables.card_value[
        g.tables.card_index[str(a.args[1])]] == low))
    high = next(a for a, _ in g.chance_outcomes(s) if g.tables.card_value[g.tables.card_index[str(a.args[1])]] == 1)
    g.apply_in_place(s, high)
    cyclades = g.tables.theater_index["Cyclades"]
    assert count(s, cyclades, PB) == (1 if 5 + low >= 2 * 1 else 0)
    assert (s.honor[EK], s.honor[AF]) == (10, 12)  # EK spent 5 (3 left: no Capital Honor), AF kept 8


def test_p_diplo_7_revealed_commitments_are_spent_so_every_determinization_can_settle() -> None:
    """P-DIPLO-7, P-DIPLO-10, P-INFO-7: the commitments are spent as they are revealed, so that every
    seat's determinization (hidden stocks split within the side's total) settles the issue; when they
    were spent only at the settling, a stock drawn below its revealed commitment broke a bot's
    look-ahead. A hidden commitment still in secret is drawn within the diplomacy's own limits (that
    the settling spends nothing again: test_rules_diplomatic_edges)."""
    g, s = _one_marker(EK, "DIP", "Cyclades")
    play(g, s, "resolve")
    stock = list(s.stock)
    g.apply_in_place(s, Action("secret", (5,)), EK)
    for k in range(30):  # AF's view: EK's 5 still secret, drawn as 0-5 within EK's drawn stock
        guess = g.determinize(g.view(s, AF), random.Random(k))
        assert 0 <= guess.commit[EK] <= min(5, guess.stock[EK]), (guess.commit, guess.stock)
    g.apply_in_place(s, Action("secret", (4,)), AF)
    assert (s.stock[EK], s.stock[AF]) == (stock[EK] - 5, stock[AF] - 4)  # spent as revealed
    for seat in (AF, DF, EK, AK):
        for k in range(30):
            guess = g.determinize(g.view(s, seat), random.Random(k))
            while guess.step.startswith("dip"):
                g.step_chance(guess)  # the draws and the settling, never a stock below zero
            assert min(guess.stock) >= 0 and guess.commit == [0] * 4


def test_p_diplo_9_the_log_tells_the_neutral_diplomacy_with_the_revealed_strategos() -> None:
    """P-DIPLO-7..9, P-INFO-7: the second card's line, read by any seat, counts the Strategos both
    sides committed (revealed together before the cards) with the cards, and says a League base is
    founded exactly when the rules found one."""
    from kleos.games.pericles.kit import KIT

    outcomes = set()
    for owner_tokens, enemy_tokens in ((5, 0), (1, 4)):
        g, s = _one_marker(EK, "DIP", "Cyclades")
        play(g, s, "resolve")
        g.apply_in_place(s, Action("secret", (owner_tokens,)), EK)
        g.apply_in_place(s, Action("secret", (enemy_tokens,)), AF)
        first = next(a for a, _ in g.chance_outcomes(s) if str(a.args[1]) != "none")
        g.apply_in_place(s, first)
        second = next(a for a, _ in g.chance_outcomes(s) if str(a.args[1]) != "none")
        line = KIT.describe_action(g, g.view(s, DF), second)
        cards = [g.tables.card_value[g.tables.card_index[str(a.args[1])]] for a in (first, second)]
        bases = count(s, g.tables.theater_index["Cyclades"], PB)
        g.apply_in_place(s, second)
        founded = count(s, g.tables.theater_index["Cyclades"], PB) > bases
        mine, theirs = owner_tokens + cards[0], enemy_tokens + cards[1]
        assert (f"Diplomacy: Sparta {mine} (Strategos {owner_tokens}, card {cards[0]}) against Athens {theirs} "
                f"(Strategos {enemy_tokens}, card {cards[1]}); twice needed: ") in line, line
        assert founded == (mine >= 2 * theirs) == line.endswith("a League base is founded."), line
        outcomes.add(founded)
    assert outcomes == {True, False}


def test_battle_deck_reshuffles_the_discards() -> None:
    """P-AMB-9, P-DEF-26: an empty battle deck is rebuilt from the discard pile; a drawn card is discarded."""
    g = game("14_1_09a")
    s = g.new_state(1)
    t = g.tables
    for c in t.side_cards[0]:
        s.card_loc[c] = DISCARD
    s.actor = 0
    s.chance = "battle"
    outcome = g.chance_outcomes(s)[0][0]
    g.apply_in_place(s, outcome)
    drawn = t.card_index[str(outcome.args[1])]
    assert s.card_loc[drawn] == DISCARD and sum(s.card_loc[c] == DECK for c in t.side_cards[0]) == 29


def test_league_options() -> None:
    """P-LEAGUE-1, P-LEAGUE-2, P-LEAGUE-3, P-LEAGUE-4, P-LEAGUE-5, P-LEAGUE-6, P-THEATER-16,
    P-THEATER-17: one option; build a base (4 Strategos, +2), convert (2, +2), units per League base,
    or remove a treason marker; options the stock cannot pay are not offered."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Lesbos", Db=2, Pn=1)
        s.treason[g.tables.theater_index["Lesbos"] * 2 + 1] = 1
    g, s = _one_marker(AF, "LEA", "Lesbos", setup)
    legal = {str(a) for a in g.legal_actions(s)}
    assert legal == {"decline", "league base", "league convert", "league units 0", "league units 1",
                     "league units 2", "league treason 1"}
    play(g, s, "league units 1")
    lesbos = g.tables.theater_index["Lesbos"]
    assert (count(s, lesbos, DN), count(s, lesbos, DL)) == (1, 2)
    g, s = _one_marker(AF, "LEA", "Lesbos", setup)
    play(g, s, "league convert")
    assert (count(s, lesbos, DB), count(s, lesbos, AB), s.honor[AF], s.built[lesbos]) == (1, 1, 10 + 2 + 1, 1)
    g, s = _one_marker(AF, "LEA", "Lesbos", setup)
    s.stock[AF] = 1
    assert {str(a) for a in g.legal_actions(s)} == legal - {"league base", "league convert"}


def test_league_needs_control_or_contest() -> None:
    """P-LEAGUE-1: no effect in a neutral or enemy-controlled theater (only decline)."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Ionia", Pb=1)
    g, s = _one_marker(DF, "LEA", "Ionia", setup)
    assert g.legal_actions(s) == [Action("decline")]
    assert rule_of(g, s, "league base") == "P-THEATER-14"


def test_argos_and_persia() -> None:
    """P-ARGOS-1, P-ARGOS-4, P-PERSIA-2, P-PERSIA-3, P-PERSIA-5: a Delian base in Sparta lets an
    Athenian League issue build Argos units; in Persia a Spartan League issue builds a Persian base."""
    def setup(g: PericlesGame, s: PericlesState) -> None:
        put(g, s, "Sparta", Db=1)
    g, s = _one_marker(AF, "LEA", "Sparta", setup)
    play(g, s, "league argos")
    assert count(s, 5, AR) == 4
    g, s = _one_marker(AK, "LEA", "Persia")
    play(g, s, "league persian")
    assert count(s, 20, XB) == 1 and s.honor[AK] == 10 + 2 + 1 and s.supply[1] == 26
    g, s = _one_marker(DF, "LEA", "Persia")
    assert s.step != "resolve"  # an Athenian marker in Persia works like a Rumor


def test_upkeep() -> None:
    """P-UPKEEP-1, P-UPKEEP-2, P-UPKEEP-3, P-DEF-10, P-AMB-33: capacity 4 per base (Persian bases
    excluded); naval units cost 2, land units 1; the Dominant removes units until within capacity."""
    g = game()
    s = g.new_state(1)
    clear_board(s)
    put(g, s, "Athens", Ab=1, An=2, Al=1)
    put(g, s, "Persia", Xb=2)
    put(g, s, "Sparta", Sb=1, Pl=3)
    assert (final.upkeep_capacity(s, 0), final.upkeep_cost(s, 0)) == (4, 5)
    assert final.upkeep_cost(s, 1) <= final.upkeep_capacity(s, 1)
    s.chance, s.phase, s.side, s.step = None, "final", 0, "upkeep_next"
    flow.advance(g.tables, s)
    assert s.step == "upkeep" and s.actor == AF
    assert Action("disband", ("Athens", "Al")) in g.legal_actions(s)
    play(g, s, "disband Athens Al")
    assert s.step != "upkeep" and s.turn == 2


def test_p_upkeep_3_and_p_persia_9_the_titles_say_why_units_go() -> None:
    """P-UPKEEP-2, P-UPKEEP-3, P-ARIST-4, P-WARPEACE-5, P-PERSIA-9: "remove units for upkeep" did not
    say how far over its capacity the side was, "give up a ship" that the Peace of Callias costs it,
    "Peace: move a unit home" and "Peace: remove a unit" why. The menu's titles (the terminal's and
    the browser's) now give the cost and the capacity, and the reasons."""
    from kleos.games.pericles.kit import KIT
    from kleos.tui.look import Look

    g = game()
    s = g.new_state(1)
    clear_board(s)
    put(g, s, "Athens", Ab=1, An=2, Al=1)
    put(g, s, "Sparta", Sb=1, Pl=3)
    s.chance, s.phase, s.side, s.step = None, "final", 0, "upkeep_next"
    flow.advance(g.tables, s)
    look = Look(KIT)
    assert look.title(g, g.view(s, AF), AF) == (
        "remove units for upkeep: your side's units cost 5 and its bases keep 4 "
        "(2 a ship, 1 a land unit, 4 a base; P-UPKEEP-2, P-UPKEEP-3)")
    s.step = "scuttle"
    assert look.title(g, g.view(s, AF), AF).endswith("the Peace of Callias costs the base in the Eastern "
                                                     "Mediterranean and one ship (P-PERSIA-9)")
    s.step = "relocate"  # P-WARPEACE-5: "Peace: move a unit home" did not say which units or where
    assert look.title(g, g.view(s, AF), AF).endswith("to its home theater or to a theater with a base of its own "
                                                     "city-state; choose where (P-WARPEACE-5)")
    s.step = "demobilise"  # P-ARIST-4: "Peace: remove a unit" did not say why
    assert look.title(g, g.view(s, AF), AF) == ("Peace: the Aristophanes card has each side remove one unit from a "
                                                 "theater contested for it; choose which (P-ARIST-4)")


def test_argos_without_delian_base() -> None:
    """P-ARGOS-2, P-ARGOS-3, P-UPKEEP-4: without a Delian base in Sparta at most one Argos unit stays."""
    g = game()
    s = g.new_state(1)
    put(g, s, "Sparta", Ar=3)
    final.argos_limit(s)
    assert count(s, 5, AR) == 1


def test_build_will() -> None:
    """P-WILL-5, P-WILL-6: a BUILD will is met by a League base built or converted there this turn and
    still there; it is ignored when the side had no base piece left."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    mac = t.theater_index["Macedonia"]
    s.will_code, s.will_theater = [2, 2], [mac, mac]
    put(g, s, "Macedonia", Db=1)
    s.built[mac] = 1
    s.no_bases = [0, 1]
    final.check_wills(t, s)
    assert s.honor == [15, 15, 10, 10]
