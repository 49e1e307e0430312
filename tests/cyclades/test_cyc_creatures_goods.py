"""Creature effects on gold, cards and the creature piles (rules/effects.py; C-SUMMON-3/4, C-DATA-6):
griffon, satyr, dryad, fates, sphinx, chimera, and how an effect runs as a prompt."""

from __future__ import annotations

from cyc_helpers import assert_invariants, begin_effect, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import effects
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.tables import ARES, ATHENA


def test_effect_is_a_prompt_until_done() -> None:
    """C-SUMMON-3, C-SUMMON-4, C-DATA-6 (griffon): the effect is resolved before anything else of the turn
    ('end' is refused), only by the summoner, its choices round-trip through notation, and the card goes
    face up on the discard pile when it is done."""
    g, s = war_turn(5, ARES, gold=9)
    begin_effect(g, s, "griffon")
    assert effects.pending(s)
    legal = g.legal_actions(s)
    assert [str(a) for a in legal] == ["take Red", "take Green", "take Yellow", "take Black"]
    assert all(Action.parse(str(a)) == a for a in legal)
    assert rule_of(g, s, "end") == "C-SUMMON-3"
    assert rule_of(g, s, "take Blue") == "C-SUMMON-3"  # not an opponent
    assert g.actors(s) == (0,) and effects.legal(g.tables, s, 1) == []
    assert effects.check(g.tables, s, 1, Action.parse("take Red")) is not None
    play(g, s, "take Red")
    assert (s.gold[0], s.gold[1]) == (9 + 4, 9 - 4)  # half of 9, rounded down (griffon)
    assert not effects.pending(s) and s.discard == [g.tables.creature_index["griffon"]]
    assert Action("end") in g.legal_actions(s)
    assert_invariants(g, s)


def test_satyr_and_dryad_take_a_card() -> None:
    """C-DATA-6 (satyr, dryad), C-OFFER-13: only opponents holding a Philosopher / Priest can be robbed;
    the card changes hands."""
    g, s = war_turn(5, ATHENA)
    s.philosophers[2], s.priests[3] = 1, 2
    begin_effect(g, s, "satyr")
    assert [str(a) for a in g.legal_actions(s)] == ["take Green"]
    assert rule_of(g, s, "take Red") == "C-SUMMON-3"
    play(g, s, "take Green")
    assert s.philosophers[:3] == [1, 0, 0]
    begin_effect(g, s, "dryad")
    play(g, s, "take Yellow")
    assert s.priests[0] == 1 and s.priests[3] == 1


def test_satyr_fourth_philosopher_makes_a_metropolis() -> None:
    """C-METRO-3, C-METRO-10 (satyr): a stolen fourth Philosopher makes a Metropolis at once."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I6=1)
    s.philosophers[0], s.philosophers[1] = 3, 1
    begin_effect(g, s, "satyr")
    play(g, s, "take Red")
    assert s.philosophers[0] == 0 and s.metropolis[g.tables.island_index["I6"]] == 1
    assert_invariants(g, s)


def test_nothing_to_take_ends_at_once() -> None:
    """C-SUMMON-3, C-SUMMON-4 (dryad): an effect that has nothing to act on ends at once, card discarded."""
    g, s = war_turn(5, ARES)
    begin_effect(g, s, "dryad")
    assert not effects.pending(s) and s.discard == [g.tables.creature_index["dryad"]]


def test_fates_income_again() -> None:
    """C-INCOME-1..4 (fates): the summoner's income, counted now, without a decision."""
    g, s = war_turn(5, ARES, gold=3)
    put(g, s, 0, I6=1, S12=1)  # I6 is worth 2
    gain = income(g.tables, s, 0)
    assert gain >= 2
    begin_effect(g, s, "fates")
    assert s.gold[0] == 3 + gain and not effects.pending(s)


def test_sphinx_sells_units_and_cards() -> None:
    """C-TROOP-5, C-DATA-6 (sphinx, param sphinx_price = 2): each troop, fleet, Priest or Philosopher sold
    brings 2 GP; an island left without troops keeps its owner; 'done' ends the sales."""
    g, s = war_turn(5, ARES, gold=0)
    t = g.tables
    put(g, s, 0, I3=1, S12=2)
    s.priests[0] = 1
    begin_effect(g, s, "sphinx")
    assert set(map(str, g.legal_actions(s))) == {"done", "sell I3", "sell S12", "sell priest"}
    assert rule_of(g, s, "sell philosopher") == "C-SUMMON-3"
    play(g, s, "sell I3", "sell S12", "sell priest")
    assert s.gold[0] == 6 and s.owner[t.island_index["I3"]] == 0 and s.troops[t.island_index["I3"]] == 0
    assert s.fleets[t.sea_index["S12"]] == 1 and effects.pending(s)
    play(g, s, "done")
    assert not effects.pending(s) and s.discard == [t.creature_index["sphinx"]]
    assert_invariants(g, s)


def test_chimera_resolves_a_discarded_card_then_shuffles() -> None:
    """C-CREATURE-5, C-DATA-6 (chimera): a card of the discard pile resolves as if summoned; then the
    pile, the Chimera included, goes back into the deck (a multiset: no order to draw yet)."""
    g, s = war_turn(5, ARES, gold=8)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.discard = [t.creature_index["griffon"], t.creature_index["harpy"]]
    begin_effect(g, s, "chimera")
    assert [str(a) for a in g.legal_actions(s)] == ["take harpy", "take griffon"]
    assert rule_of(g, s, "take kraken") == "C-SUMMON-3"
    play(g, s, "take griffon", "take Green")
    assert s.gold[0] == 12 and s.gold[2] == 4
    assert s.discard == [] and not effects.pending(s)
    assert {t.creature_keys[c] for c, n in enumerate(s.deck) if n} == {"griffon", "harpy", "chimera"}
    assert sum(s.deck) == 3


def test_chimera_with_empty_pile_does_nothing() -> None:
    """C-DATA-6 (chimera): with an empty discard pile the Chimera has no effect and is discarded."""
    g, s = war_turn(5, ARES)
    begin_effect(g, s, "chimera")
    assert not effects.pending(s) and s.discard == [g.tables.creature_index["chimera"]]


def test_summon_runs_the_effect_through_the_game() -> None:
    """C-SUMMON-2, C-SUMMON-3, C-SUMMON-4, C-SUMMON-6 (kraken): a summon paid on the turn opens the effect
    prompt at once; when it is done the card is on the discard pile and the turn goes on."""
    g, s = war_turn(5, ARES, gold=6)
    t = g.tables
    s.track = [t.creature_index["kraken"], -1, -1]
    play(g, s, "summon 4 0")
    assert effects.pending(s) and s.gold[0] == 2 and s.track[0] == -1
    assert rule_of(g, s, "end") == "C-SUMMON-3"
    play(g, s, "target S12", "target S13", "done")
    assert s.gold[0] == 1 and s.discard == [t.creature_index["kraken"]]
    assert not effects.pending(s) and Action("end") in g.legal_actions(s)
