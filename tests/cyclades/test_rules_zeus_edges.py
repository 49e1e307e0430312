"""Edges of Zeus's swap (C-ZEUS-1/2, C-CREATURE-5): a swap with one argument too many, a discard pile
holding two copies of a card, the state between the swap and its draw, and the words of each refusal."""

from __future__ import annotations

from cyc_helpers import war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import zeus
from kleos.games.cyclades.tables import ARES, EMPTY, ZEUS


def refusal(god: int, text: str, gold: int = 10) -> tuple[str, str]:
    """The rule and English words ``zeus.check`` refuses ``text`` with; the 4 GP slot holds a card."""
    g, s = war_turn(5, god, gold=gold)
    s.track = [0, EMPTY, EMPTY]
    refused = zeus.check(g.tables, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_each_refusal_names_its_rule_and_value() -> None:
    """C-ACTION-5, C-ZEUS-1 ("Por 1 MO, el jugador puede descartar una carta de Criatura disponible y
    reemplazarla por la primera carta del mazo"), C-ACTION-4: the god, the slot prices, the cost and
    the empty slot each quoted."""
    assert refusal(ARES, "swap 4") == ("C-ACTION-5", "creatures are swapped only on Zeus's turn")
    usage = ("C-ZEUS-1", "write 'swap <slot price>' with a price of 4, 3, 2")
    assert refusal(ZEUS, "swap 5") == usage
    assert refusal(ZEUS, "swap 4 3") == usage  # one price, not two
    assert refusal(ZEUS, "swap 4", gold=0) == ("C-ACTION-4", "a swap costs 1 GP")
    assert refusal(ZEUS, "swap 3") == ("C-ZEUS-1", "the 3 GP slot holds no creature")


def test_the_swapped_slot_is_empty_until_the_draw_and_the_draw_closes_it() -> None:
    """C-ZEUS-1: the card goes to the discard pile and its slot stays empty (not unknown) while the
    chance draw is pending; after the draw no slot is waiting for one."""
    g, s = war_turn(5, ZEUS)
    s.track = [0, 1, EMPTY]
    zeus.apply(g.tables, s, 0, ZEUS, Action.parse("swap 3"))
    assert s.track == [0, EMPTY, EMPTY] and s.swap_slot == 1 and s.discard[-1] == 1
    zeus.apply_draw(g.tables, s, Action("draw", (g.tables.creature_keys[2],)))
    assert s.track == [0, 2, EMPTY] and s.swap_slot == EMPTY and s.chance is None


def test_an_empty_deck_takes_back_every_copy_of_the_discard_pile() -> None:
    """C-CREATURE-5 ("Cuando se agoten las cartas del mazo, se barajan los descartes y se vuelve a crear
    otro mazo"): a discard pile holding two copies of a card gives the new deck both, besides the card
    just swapped away."""
    g, s = war_turn(5, ZEUS)
    s.track = [0, EMPTY, EMPTY]
    s.deck = [0] * len(s.deck)
    s.discard = [1, 1]
    zeus.apply(g.tables, s, 0, ZEUS, Action.parse("swap 4"))
    assert s.deck[1] == 2 and s.deck[0] == 1 and sum(s.deck) == 3 and s.discard == []
