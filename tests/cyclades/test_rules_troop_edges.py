"""Edges of Ares's troop moves (C-TROOP-1/2/7, C-ACTION-4/5, C-SUMMON-4): the rule ID and the words of
each refusal, so that a refusal cannot lose the rule it names or the value it quotes."""

from __future__ import annotations

from cyc_helpers import put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import figures, troop
from kleos.games.cyclades.tables import ARES, POSEIDON


def refusal(text: str, god: int = ARES, gold: int = 10, medusa: bool = False) -> tuple[str, str]:
    """The rule and English words ``troop.check`` refuses ``text`` with, on the 2-3-player board: seat 0
    holds I1 (3 troops) and fleets in S6 and S8 (touching I1, I2, I3), seat 1 its only island I7."""
    g, s = war_turn(3, god, gold=gold)
    put(g, s, 0, I1=3, S6=1, S8=1)
    put(g, s, 1, I7=1)
    t = g.tables
    if medusa:
        figures.place(t, s, figures.MEDUSA, t.island_index["I1"], 1)
    refused = troop.check(t, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_each_refusal_names_its_rule_and_value() -> None:
    """C-TROOP-1 ("march <origin> <count> <destination>", troops the player has), C-ACTION-5 (only on
    Ares's turn), C-ACTION-4 (the 1 GP price quoted), C-SUMMON-4 (Medusa pins the troops), C-TROOP-2 (a
    chain of the mover's own fleets): each refusal's rule and words, the islands and counts named."""
    usage = ("C-TROOP-1", "write 'march <origin island> <count> <destination island>'")
    assert refusal("march I1 1") == usage
    assert refusal("march I1 I2 I3") == usage
    assert refusal("march I1 1 I2", god=POSEIDON) == ("C-ACTION-5", "troops move only on Ares's turn")
    assert refusal("march I1 1 I2", gold=0) == ("C-ACTION-4", "moving troops costs 1 GP")
    assert refusal("march I1 1 X9") == ("C-TROOP-1", "unknown island in 'march I1 1 X9'")
    assert refusal("march X9 1 I2") == ("C-TROOP-1", "unknown island in 'march X9 1 I2'")
    assert refusal("march I1 4 I2") == ("C-TROOP-1", "you have no 4 troops on I1 to move")
    assert refusal("march I1 1 I2", medusa=True) == ("C-SUMMON-4",
                                                     "Medusa holds the troops on I1: they cannot leave it")
    assert refusal("march I1 1 I4") == ("C-TROOP-2", "no chain of your fleets links I1 to I4")


def test_exactly_the_price_in_gold_is_enough() -> None:
    """C-ACTION-4 ("Each action is paid for when it is done. The player must hold enough GP at that
    moment"): with exactly 1 GP the move is offered and accepted, and leaves 0 GP."""
    g, s = war_turn(3, ARES, gold=1)
    put(g, s, 0, I1=3, S6=1)
    t = g.tables
    march = Action.parse("march I1 1 I2")
    assert troop.check(t, s, 0, ARES, march) is None and march in troop.legal(t, s, 0, ARES)
    troop.apply(t, s, 0, ARES, march)
    assert s.gold[0] == 0 and s.troops[t.island_index["I2"]] == 1


def test_a_last_island_is_named_and_its_exception_holds_in_check_too() -> None:
    """C-TROOP-7 ("un jugador NO puede atacar la última isla de otro jugador, a menos que demuestre que
    puede ganar la partida si conquista dicha isla"), C-AMB-14: the refusal names the island; with a
    Metropolis of its own and one on that island, the mover's landing is accepted by ``check`` as it is
    listed by ``legal``."""
    g, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=2, S6=1)
    put(g, s, 1, I2=1)
    s.metropolis[t.island_index["I2"]] = 1
    march = Action.parse("march I1 1 I2")
    refused = troop.check(t, s, 0, ARES, march)
    assert refused is not None and (refused.rule, refused.message) == ("C-TROOP-7",
                                                                       "I2 is the last island of another player")
    put(g, s, 0, I3=1)
    s.metropolis[t.island_index["I3"]] = 1
    assert troop.check(t, s, 0, ARES, march) is None and march in troop.legal(t, s, 0, ARES)


def test_an_island_that_cannot_send_troops_does_not_hide_the_next() -> None:
    """C-TROOP-1, C-TROOP-5 (an emptied island keeps only a territory marker), C-SUMMON-4 (Medusa pins
    the troops of her island): such an island, listed before another of the mover's islands, leaves
    that one's moves offered; each of the two reasons alone."""
    g, s = war_turn(3, ARES)
    t = g.tables
    put(g, s, 0, I1=0, I3=2, S6=1)
    assert Action.parse("march I3 1 I2") in troop.legal(t, s, 0, ARES)
    put(g, s, 0, I1=2)
    figures.place(t, s, figures.MEDUSA, t.island_index["I1"], 1)
    moves = troop.legal(t, s, 0, ARES)
    assert Action.parse("march I3 1 I2") in moves and not [a for a in moves if a.args[0] == "I1"]
