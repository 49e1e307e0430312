"""Zeus's creature swap (C-ZEUS-1/2): a chance draw refills the same slot."""

from __future__ import annotations

from cyc_helpers import play, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.state import CH_SWAP
from kleos.games.cyclades.tables import ARES, ZEUS


def test_swap_refills_the_same_slot_by_chance() -> None:
    """C-ZEUS-1, C-INFO-3: the card goes to the discard pile, the slot waits for a chance draw from the
    deck's cards, then holds a new card at the same price; the swap costs 1 GP."""
    g, s = war_turn(5, ZEUS, gold=3)
    t = g.tables
    s.track = [t.creature_index["griffon"], -1, -1]
    s.deck[t.creature_index["griffon"]] = 0
    assert Action("swap", (4,)) in g.legal_actions(s)
    g.apply_in_place(s, Action.parse("swap 4"))
    assert s.chance == CH_SWAP and g.is_chance(s) and s.discard[-1] == t.creature_index["griffon"]
    outcomes = g.chance_outcomes(s)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert "griffon" not in {str(a.args[0]) for a, _ in outcomes}
    g.step_chance(s)
    assert s.track[0] != -1 and s.track[1:] == [-1, -1] and s.gold[0] == 2
    assert g.actors(s) == (0,) and s.chance is None


def test_swap_any_number_of_times() -> None:
    """C-ZEUS-2, C-ACTION-4: swaps go on while gold lasts, then are refused."""
    g, s = war_turn(5, ZEUS, gold=2)
    t = g.tables
    s.track = [t.creature_index["griffon"], -1, -1]
    play(g, s, "swap 4", "swap 4")
    assert s.gold[0] == 0 and len(s.discard) == 2
    assert rule_of(g, s, "swap 4") == "C-ACTION-4"


def test_swap_needs_zeus_and_a_card() -> None:
    """C-ZEUS-1, C-ACTION-5: an empty slot cannot be swapped; nobody but Zeus's player swaps."""
    g, s = war_turn(5, ZEUS)
    s.track = [-1, -1, -1]
    assert rule_of(g, s, "swap 3") == "C-ZEUS-1"
    assert rule_of(g, s, "swap 7") == "C-ZEUS-1"
    g, s = war_turn(5, ARES)
    s.track = [0, -1, -1]
    assert rule_of(g, s, "swap 4") == "C-ACTION-5"
    assert not [a for a in g.legal_actions(s) if a.verb == "swap"]


def test_swap_with_empty_deck_reshuffles() -> None:
    """C-ZEUS-1, C-CREATURE-5: with the deck empty, the discard pile (the swapped card included) becomes
    the deck for the draw."""
    g, s = war_turn(5, ZEUS)
    s.track = [0, -1, -1]
    s.deck = [0] * len(s.deck)
    s.discard = [1]
    play(g, s, "swap 4")
    assert s.track[0] in (0, 1) and s.discard == [] and sum(s.deck) == 1
