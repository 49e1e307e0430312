"""Edges of Poseidon's fleet moves (C-FLEET-1/5, C-ACTION-4/5): the rule ID and the words of each
refusal, so that a refusal cannot lose the rule it names or the value it quotes."""

from __future__ import annotations

from cyc_helpers import put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import fleet
from kleos.games.cyclades.tables import ARES, POSEIDON


def refusal(text: str, god: int = POSEIDON, gold: int = 10) -> tuple[str, str]:
    """The rule and English words ``fleet.check`` refuses ``text`` with, on the 2-3-player board: seat 0
    holds 2 fleets in S5 (next to S6, not to S8) and the island I1; no move is going on."""
    g, s = war_turn(3, god, gold=gold)
    put(g, s, 0, S5=2, I1=1)
    refused = fleet.check(g.tables, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_each_refusal_names_its_rule_and_value() -> None:
    """C-FLEET-1 ("Por un coste de 1 MO, el jugador puede desplazar las Flotas que se encuentren en una
    misma casilla y moverlas hasta un máximo de tres espacios"), C-FLEET-5 (never onto islands),
    C-ACTION-5 (only on Poseidon's turn), C-ACTION-4 (the 1 GP price quoted): each refusal's rule and
    words, the seas and counts named."""
    usage = ("C-FLEET-1", "write 'sail <from sea> <count> <to sea>' or, to go on, 'sail <count> <to sea>'")
    assert refusal("sail S5 S6") == usage
    assert refusal("sail 1") == usage
    assert refusal("sail S5 1 S6", god=ARES) == ("C-ACTION-5", "fleets move only on Poseidon's turn")
    assert refusal("sail 1 S6") == ("C-FLEET-1", "no move of yours with steps left is going on: buy one with "
                                                 "'sail <from> ...'")
    assert refusal("sail S5 1 S6", gold=0) == ("C-ACTION-4", "moving fleets costs 1 GP")
    assert refusal("sail X9 1 S6") == ("C-FLEET-1", "unknown sea X9")
    assert refusal("sail S5 3 S6") == ("C-FLEET-1", "you have no 3 fleets in S5")
    assert refusal("sail S5 1 I1") == ("C-FLEET-5", "fleets never move onto islands")
    assert refusal("sail S5 1 S8") == ("C-FLEET-1", "S8 is not a sea next to S5")


def test_a_step_into_enemy_fleets_leaves_no_step_to_take() -> None:
    """C-FLEET-3 ("Entering a space that holds another player's fleets ends the move at once"): the
    move's sea is cleared and its steps left are 0, though the bought move had 2 more."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=3, I1=1)
    put(g, s, 1, S6=1, I7=1)
    fleet.apply(g.tables, s, 0, POSEIDON, Action.parse("sail S5 3 S6"))
    assert (s.voyage_sea, s.voyage_left) == (-1, 0) and not fleet.continuing(s, 0)


def test_exactly_the_price_in_gold_is_enough() -> None:
    """C-ACTION-4 ("Each action is paid for when it is done. The player must hold enough GP at that
    moment"): with exactly 1 GP the move is offered and accepted, and leaves 0 GP."""
    g, s = war_turn(3, POSEIDON, gold=1)
    put(g, s, 0, S5=2, I1=1)
    t = g.tables
    sail = Action.parse("sail S5 1 S6")
    assert fleet.check(t, s, 0, POSEIDON, sail) is None and sail in fleet.legal(t, s, 0, POSEIDON)
    fleet.apply(t, s, 0, POSEIDON, sail)
    assert s.gold[0] == 0 and s.fleets[t.sea_index["S6"]] == 1
