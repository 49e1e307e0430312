"""Edges of summoning (C-SUMMON-1/2/6, C-BUILD-7/8, C-ACTION-4): the rule ID and the words of each
refusal, so that a refusal cannot lose the rule it names or the value it quotes."""

from __future__ import annotations

from cyc_helpers import build_on, put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import summon
from kleos.games.cyclades.tables import ARES, EMPTY


def refusal(god: int, text: str, gold: int = 10, temples: int = 0) -> tuple[str, str]:
    """The rule and English words ``summon.check`` refuses ``text`` with: seat 0 owns I2 with
    ``temples`` Temples, the 4 GP slot holds a card and the 3 GP slot none."""
    g, s = war_turn(5, ARES if god == EMPTY else god, gold=gold)
    put(g, s, 0, I2=1)
    build_on(g, s, "I2", *["temple"] * temples)
    s.track = [0, EMPTY, EMPTY]
    refused = summon.check(g.tables, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_each_refusal_names_its_rule_and_value() -> None:
    """C-SUMMON-1 ("Invocar a una o más Criaturas Mitológicas (todos los Dioses, excepto Apolo)"),
    C-SUMMON-2 (the slot's price less the Temples used), C-SUMMON-6 (an empty slot), C-BUILD-7 (at most
    one discount per Temple), C-ACTION-4 (the price quoted when the gold is short)."""
    assert refusal(EMPTY, "summon 4 0") == ("C-SUMMON-1", "Apollo players may not summon creatures")
    usage = ("C-SUMMON-2", "write 'summon <slot price> <Temples used>' with a price of 4, 3, 2")
    assert refusal(ARES, "summon 5 0") == usage
    assert refusal(ARES, "summon 4") == usage
    assert refusal(ARES, "summon 3 0") == ("C-SUMMON-6", "the 3 GP slot holds no creature")
    assert refusal(ARES, "summon 4 2", temples=1) == ("C-BUILD-7", "you may use 0 to 1 Temples on this creature")
    assert refusal(ARES, "summon 4 1", gold=2, temples=1) == ("C-ACTION-4", "this creature costs 3 GP")


def test_nothing_to_summon_on_an_apollo_turn_or_from_an_empty_track() -> None:
    """C-SUMMON-1 ("todos los Dioses, excepto Apolo"), C-SUMMON-6: each half of the condition alone
    empties the menu: an Apollo turn with cards on the track, a main god's turn with none; a main god's
    turn with a card offers it."""
    g, s = war_turn(5, ARES, gold=10)
    t = g.tables
    s.track = [0, 1, EMPTY]
    assert summon.legal(t, s, 0, EMPTY) == []
    assert Action("summon", (4, 0)) in summon.legal(t, s, 0, ARES)
    s.bidder = [EMPTY] * len(s.bidder)  # the active marker won no god: an Apollo turn
    assert not [a for a in g.legal_actions(s) if a.verb == "summon"]
    s.track = [EMPTY, EMPTY, EMPTY]
    assert summon.legal(t, s, 0, ARES) == []
