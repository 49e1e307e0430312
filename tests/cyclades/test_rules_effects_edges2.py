"""More edges of the creature effects (rules/effects.py; C-SUMMON-3/4, C-DATA-6, C-COMP-10/14,
C-BATTLE-15), asked on a bare board: the survivors of the full mutation run of the module.

The creature booklet is lost (C-DATA-6); the data sheet's engine readings
(../shared/spec/cyclades-data.md §4) are the rule, quoted in each test."""

from __future__ import annotations

from cyc_helpers import begin_effect, build_on, game, play, put, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.rules import effects, figures
from kleos.games.cyclades.tables import ARES, POSEIDON

PORT, FORTRESS = 0, 1


def test_the_chimera_adds_the_pile_to_the_cards_left_in_the_deck() -> None:
    """C-CREATURE-5, C-DATA-6 (chimera: "Choose a creature card in the discard pile and resolve its
    effect as if summoned (...); then shuffle the discard pile, Chimera included, into the deck"): with one
    Griffon still in the deck and one in the pile, the Griffon resolved through the Chimera goes back
    beside it: two Griffons in the deck, and the Chimera."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    griffon, chimera = t.creature_index["griffon"], t.creature_index["chimera"]
    s.deck = [0] * len(s.deck)
    s.deck[griffon] = 1
    s.discard = [griffon]
    begin_effect(g, s, "chimera")
    play(g, s, "take griffon", "take Green")
    assert not effects.pending(s) and s.discard == []
    assert (s.deck[griffon], s.deck[chimera]) == (2, 1)
    assert sum(s.deck) == 3


def test_only_the_sylph_counts_steps() -> None:
    """C-DATA-6 (sylph: "Up to 10 steps of free fleet movement"; griffon: "Take ... from a chosen
    opponent"): a creature without steps shows none left while its choice waits (the saved game and the
    observation read the count), the Sylph its ten."""
    g, s = war_turn(5, POSEIDON)
    s.gold = [5] * 5
    begin_effect(g, s, "griffon")
    assert effects.pending(s) and s.effect_left == 0
    play(g, s, "take Green")
    put(g, s, 0, S12=1)
    begin_effect(g, s, "sylph")
    assert s.effect_left == 10


def test_the_sphinx_sells_one_priest() -> None:
    """C-DATA-6 (sphinx, param sphinx_price=2: "Sell any number of own troops and fleets (from the board),
    Priests and Philosophers for 2 GP each"): of three Priests, a sale takes one: two are left, and 2 GP
    are gained."""
    g, s = war_turn(5, POSEIDON, gold=0)
    s.priests[0] = 3
    begin_effect(g, s, "sphinx")
    play(g, s, "sell priest")
    assert (s.priests[0], s.gold[0]) == (2, 2) and effects.pending(s)


def test_a_battle_ends_the_one_move_of_the_sylph() -> None:
    """C-BATTLE-15 ("A battle caused by a move ends that move"), C-DATA-6 (sylph, sylph_move=
    one_poseidon_move: one free move of one group, 3 steps): the group's first step enters Red's fleet;
    after the battle, won, the effect is over though two steps were left, and the card is discarded."""
    g = game(5, sylph_move="one_poseidon_move")
    t = g.tables
    _, s = war_turn(5, ARES)
    put(g, s, 0, S12=1)
    put(g, s, 1, S13=1)
    begin_effect(g, s, "sylph")
    g.apply_in_place(s, Action.parse("sail S12 1 S13"))
    assert s.battle_place == t.sea_index["S13"]
    g.apply_in_place(s, Action.parse("dice 3 0"), CHANCE)
    assert s.fleet_owner[t.sea_index["S13"]] == 0
    assert not effects.pending(s) and s.discard == [t.creature_index["sylph"]]
    assert not any(a.verb == "sail" for a in g.legal_actions(s))


def test_the_cyclops_takes_a_building_type_only_while_the_supply_has_one() -> None:
    """C-COMP-10 (10 of each building), C-COMP-14 ("When the supply of a building type ... is empty, no
    more can be gained"), C-DATA-6 (cyclops: "Replace one own building with a building of another type
    from the supply"): with 9 Fortresses on the board Blue's Port may become the tenth; with all 10 out,
    not."""
    g, s = war_turn(5, ARES)
    t = g.tables
    put(g, s, 0, I2=1)
    build_on(g, s, "I2", "port")
    put(g, s, 1, I3=1)
    build_on(g, s, "I3", "university")  # another option left, so the Cyclops waits for a choice
    i2 = t.island_index["I2"]
    own = range(t.slot_offset[i2], t.slot_offset[i2] + t.island_slots[i2])
    others = [slot for slot in range(t.n_slots) if slot not in own and s.buildings[slot] == 0]
    for slot in others[:9]:
        s.buildings[slot] = FORTRESS + 1
    assert t.building_supply[FORTRESS] == 10
    assert Action.parse("target I2 port fortress") in effects._cyclops_options(t, s, 0)
    s.buildings[others[9]] = FORTRESS + 1
    options = {str(a) for a in effects._cyclops_options(t, s, 0)}
    assert "target I2 port fortress" not in options and "target I2 port temple" in options


def test_the_giant_aimed_at_chirons_island_is_refused_for_chiron() -> None:
    """C-SUMMON-4, C-DATA-6 (chiron: "Giant and Harpy cannot target it"; giant): a Giant aimed at a
    building on Chiron's island is refused under Chiron's rule, the message naming the island and the
    Giant, not with the Giant's usage."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 1, I2=1, I3=1)
    build_on(g, s, "I2", "port")
    build_on(g, s, "I3", "temple")  # a target left, so the Giant waits for a choice
    figures.place(t, s, figures.CHIRON, t.island_index["I2"], 1)
    begin_effect(g, s, "giant")
    refused = effects.check(t, s, 0, Action.parse("target I2 port"))
    assert refused is not None
    assert (refused.rule, refused.message) == ("C-SUMMON-4", "Chiron protects I2 from the Giant")


def test_a_choice_the_effect_does_not_offer_is_refused_with_its_usage() -> None:
    """C-SUMMON-3 (the summoner resolves the creature's effect), C-DATA-6 (sphinx): a sale of something
    that is not the seller's is refused with the creature's name and what it asks for."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 1, S9=1)
    begin_effect(g, s, "sphinx")
    refused = effects.check(t, s, 0, Action.parse("sell S9"))
    assert refused is not None and refused.rule == "C-SUMMON-3"
    assert refused.message == "the Sphinx asks: sell <island|sea|priest|philosopher> or done"
