"""Edges of the creature effects (rules/effects.py; C-SUMMON-3/4, C-DATA-6, C-COMP-12), asked on a bare
board, each creature's option in both positions where it has one.

The creature booklet is lost (C-DATA-6: "the lasting rules for figures (placement, duration,
interactions) are all in the separate creature booklet"); the data sheet's engine readings
(../shared/spec/cyclades-data.md §4) are the rule, quoted in each test."""

from __future__ import annotations

import pytest
from cyc_helpers import begin_effect, game, play, put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import effects, figures
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import NOBODY, POSEIDON


# ----- the Siren ------------------------------------------------------------------------------------
def test_the_sirens_target_is_another_players_fleet_not_in_a_blocked_sea() -> None:
    """C-DATA-6 (siren: "Choose a sea space holding exactly one fleet, of an opponent ('isolated'): it
    returns to its owner's reserve and one of the summoner's fleets takes its place"), C-SUMMON-4: the
    summoner's own lone fleet is never a target, nor a lone enemy fleet in the Kraken's sea; a lone
    enemy fleet elsewhere is."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, S12=1)
    put(g, s, 1, S9=1, S14=1)
    figures.place(t, s, figures.KRAKEN, t.sea_index["S14"], 2)
    assert [str(a) for a in effects._siren_options(t, s, 0)] == ["target S9"]
    begin_effect(g, s, "siren")
    assert [str(a) for a in g.legal_actions(s)] == ["target S9"]


def test_an_isolated_fleet_may_have_a_third_players_fleet_next_to_it() -> None:
    """C-DATA-6 (siren, siren_isolated=alone_no_adjacent_own: alone, with no fleet of its owner next to
    it): Red's fleet in S9 beside Green's in S8 is still isolated, and so is Green's; once Red has a
    fleet in S15 too, next to S9, neither Red fleet is; in the default reading (alone_in_space) every
    lone fleet is a target."""
    g, s = war_turn(5, POSEIDON)
    put(g, s, 1, S9=1)
    put(g, s, 2, S8=1)
    strict = game(5, siren_isolated="alone_no_adjacent_own").tables
    assert {str(a) for a in effects._siren_options(strict, s, 0)} == {"target S8", "target S9"}
    put(g, s, 1, S15=1)
    assert {str(a) for a in effects._siren_options(strict, s, 0)} == {"target S8"}
    assert {str(a) for a in effects._siren_options(g.tables, s, 0)} == {"target S8", "target S9", "target S15"}


def test_with_all_eight_fleets_out_the_replacing_fleet_comes_off_the_board() -> None:
    """C-COMP-12 (8 fleets a colour), C-DATA-6 (siren: "from reserve; if none, moved from elsewhere on
    the board"): while the summoner chooses where its fleet comes from, the target sea is empty; a fleet taken from
    a sea of one leaves that sea empty and nobody's; from a sea of two, one stays there, its owner's."""
    for alone, left in ((1, (0, NOBODY)), (2, (1, 0))):
        g, s = war_turn(5, POSEIDON)
        t = g.tables
        put(g, s, 0, S1=t.fleets_max - alone, S3=alone)
        put(g, s, 1, S9=1)
        begin_effect(g, s, "siren")
        play(g, s, "target S9")
        s9, s3 = t.sea_index["S9"], t.sea_index["S3"]
        assert effects.pending(s) and (s.fleets[s9], s.fleet_owner[s9]) == (0, NOBODY)
        play(g, s, "from S3")
        assert (s.fleets[s3], s.fleet_owner[s3]) == left, alone
        assert (s.fleets[s9], s.fleet_owner[s9]) == (1, 0) and not effects.pending(s)


# ----- the Chimera ----------------------------------------------------------------------------------
def test_a_card_resolved_by_the_chimera_is_marked_so() -> None:
    """C-CREATURE-5, C-DATA-6 (chimera: "Choose a creature card in the discard pile and resolve its
    effect as if summoned (...); then shuffle the discard pile, Chimera included, into the deck"): while
    the chosen card's effect waits for its decision the effect is marked as the Chimera's with 1 (the
    saved game and the observation read it), and 0 again once the pile is back in the deck."""
    g, s = war_turn(5, POSEIDON, gold=8)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.discard = [t.creature_index["griffon"]]
    begin_effect(g, s, "chimera")
    play(g, s, "take griffon")
    assert effects.pending(s) and s.effect_chimera == 1
    play(g, s, "take Green")
    assert not effects.pending(s) and s.effect_chimera == 0


# ----- the Sphinx -----------------------------------------------------------------------------------
def test_the_sphinx_sells_one_philosopher_or_fleet_at_a_time() -> None:
    """C-DATA-6 (sphinx, param sphinx_price=2: "Sell any number of own troops and fleets (from the board),
    Priests and Philosophers for 2 GP each"): of three Philosophers and three fleets in a sea, each sale
    takes one: two are left of each, the sea still the seller's."""
    g, s = war_turn(5, POSEIDON, gold=0)
    t = g.tables
    put(g, s, 0, I3=1, S12=3)
    s.philosophers[0] = 3
    begin_effect(g, s, "sphinx")
    play(g, s, "sell philosopher", "sell S12")
    s12 = t.sea_index["S12"]
    assert s.philosophers[0] == 2 and (s.fleets[s12], s.fleet_owner[s12]) == (2, 0)
    assert s.gold[0] == 4 and effects.pending(s)


def test_the_sphinx_sells_only_the_sellers_fleets() -> None:
    """C-DATA-6 (sphinx: "Sell any number of own troops and fleets"): another player's fleets are not
    offered, the seller's are."""
    g, s = war_turn(5, POSEIDON, gold=0)
    put(g, s, 0, S12=1)
    put(g, s, 1, S9=2, S1=1)
    begin_effect(g, s, "sphinx")
    assert {str(a) for a in g.legal_actions(s)} == {"done", "sell S12"}


def test_the_sphinxs_price_is_read_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-DATA-6 (creatures.json, sphinx ``sphinx_price``): a sale brings the data's price, 3 GP when
    the data says 3, and 2 GP when the data gives none."""
    g, s = war_turn(5, POSEIDON, gold=0)
    put(g, s, 0, I3=4)
    params = next(c.params for c in g.tables.data.creatures.creatures if c.key == "sphinx")
    begin_effect(g, s, "sphinx")
    monkeypatch.setitem(params, "sphinx_price", 3)
    play(g, s, "sell I3")
    assert s.gold[0] == 3
    monkeypatch.delitem(params, "sphinx_price")
    play(g, s, "sell I3")
    assert s.gold[0] == 5


# ----- the Dryad ------------------------------------------------------------------------------------
def test_the_dryad_moves_one_priest() -> None:
    """C-DATA-6 (dryad: "Take one Priest from a chosen opponent"), C-OFFER-13: from an opponent with three
    Priests to a summoner with two, one changes hands: two and three."""
    g, s = war_turn(5, POSEIDON)
    s.priests[0], s.priests[2] = 2, 3
    begin_effect(g, s, "dryad")
    play(g, s, "take Green")
    assert (s.priests[0], s.priests[2]) == (3, 2) and not effects.pending(s)


# ----- the Sylph ------------------------------------------------------------------------------------
def test_the_sylphs_steps_are_read_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-DATA-6 (creatures.json, sylph ``sylph_steps``; sylph_move=steps_10: "Up to 10 steps of free
    fleet movement this turn"): the Sylph gives the data's number of steps, 4 when the data says 4, and
    10 when the data gives none; in the other reading (one_poseidon_move) one move of 3 steps."""
    g, s = war_turn(5, POSEIDON)
    put(g, s, 0, S12=1)
    params = next(c.params for c in g.tables.data.creatures.creatures if c.key == "sylph")
    monkeypatch.setitem(params, "sylph_steps", 4)
    begin_effect(g, s, "sylph")
    assert s.effect_left == 4
    play(g, s, "done")
    monkeypatch.delitem(params, "sylph_steps")
    begin_effect(g, s, "sylph")
    assert s.effect_left == 10
    play(g, s, "done")
    one = game(5, sylph_move="one_poseidon_move")
    _, s = war_turn(5, POSEIDON)
    put(one, s, 0, S12=1)
    effects.begin(one.tables, s, 0, one.tables.creature_index["sylph"])
    assert s.effect_left == 3


# ----- Polyphemus -----------------------------------------------------------------------------------
def test_a_group_pushed_onto_its_owners_fleets_joins_them() -> None:
    """C-DATA-6 (polyphemus, polyphemus_push=push_one_or_destroy: "fleets already there are pushed one
    space by their owners, away from the island"): Blue's two fleets in S12, next to I1, have one way
    out, S19, where Blue has a fleet already (S11 holds Green's): they go there, three in all."""
    g, s = war_turn(5, POSEIDON)
    put(g, s, 0, S12=2, S19=1)
    put(g, s, 2, S11=1)
    begin_effect(g, s, "polyphemus")
    play(g, s, "target I1")
    s19 = g.tables.sea_index["S19"]
    assert (s.fleets[s19], s.fleet_owner[s19]) == (3, 0) and not effects.pending(s)


def test_polyphemus_through_the_chimera_pushes_then_shuffles_the_pile_back() -> None:
    """C-CREATURE-5, C-DATA-6 (chimera: "resolve its effect as if summoned (a figure creature places its
    figure with that creature's rules); then shuffle the discard pile, Chimera included, into the deck";
    polyphemus): Polyphemus taken from the pile pushes the group next to his island, then the pile
    with the Chimera goes back into the deck."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    s.deck = [0] * len(s.deck)
    s.discard = [t.creature_index["polyphemus"]]
    put(g, s, 0, S12=2)
    put(g, s, 2, S11=1)
    begin_effect(g, s, "chimera")
    play(g, s, "take polyphemus", "target I1")
    assert s.fleets[t.sea_index["S19"]] == 2 and not effects.pending(s)
    assert s.discard == [] and {t.creature_keys[c] for c, n in enumerate(s.deck) if n} == {"polyphemus", "chimera"}


# ----- the usage told at each step ------------------------------------------------------------------
def _usage(g: CycladesGame, s: CycladesState) -> str:
    """The usage the effect in progress tells its decider (the end of its description)."""
    told = effects.describe(g.tables, s)
    assert told is not None
    return told.text.split(" answers: ", 1)[1]


def test_each_step_tells_its_own_usage() -> None:
    """C-SUMMON-3, C-DATA-6 (siren, kraken, sylph, polyphemus): the Siren's first step asks for a target
    and its second, with all eight fleets out, for the sea its fleet comes from; the Kraken's later steps
    and the Sylph's each tell their own choice, with the Kraken's price; Polyphemus's push tells the
    owner where a group may go."""
    g, s = war_turn(5, POSEIDON, gold=5)
    put(g, s, 0, S1=4, S3=4)
    put(g, s, 1, S9=1)
    begin_effect(g, s, "siren")
    assert _usage(g, s) == "target <sea with a lone enemy fleet>"
    play(g, s, "target S9")
    assert _usage(g, s) == "from <sea with your fleet>"
    play(g, s, "from S3")
    begin_effect(g, s, "kraken")
    play(g, s, "target S20")
    assert _usage(g, s) == "target <sea next to the Kraken> (1 GP) or done"  # kraken_move_cost = 1
    play(g, s, "done")
    begin_effect(g, s, "sylph")
    play(g, s, "sail S1 1 S2")
    assert _usage(g, s) == "sail <sea> <count> <sea> or done"
    play(g, s, "done")
    g, s = war_turn(5, POSEIDON)
    put(g, s, 1, S3=1)  # two ways out, S2 and S6: its owner is asked
    begin_effect(g, s, "polyphemus")
    play(g, s, "target I1")
    assert _usage(g, s) == "push <sea one step away from Polyphemus's island>"


# ----- the Kraken -----------------------------------------------------------------------------------
def test_the_krakens_price_is_read_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-DATA-6 (creatures.json, kraken ``kraken_move_cost``: "then it may move one space per 1 GP"): a
    move costs the data's price, 2 GP when the data says 2, and 1 GP when the data gives none."""
    g, s = war_turn(5, POSEIDON, gold=5)
    params = next(c.params for c in g.tables.data.creatures.creatures if c.key == "kraken")
    monkeypatch.setitem(params, "kraken_move_cost", 2)
    begin_effect(g, s, "kraken")
    play(g, s, "target S20")
    assert _usage(g, s) == "target <sea next to the Kraken> (2 GP) or done"
    play(g, s, "target S14")
    assert s.gold[0] == 3
    monkeypatch.delitem(params, "kraken_move_cost")
    play(g, s, "target S20")
    assert s.gold[0] == 2


# ----- refusals that name a lasting figure or a territory marker ------------------------------------
def test_chiron_and_medusa_refusals_name_the_island() -> None:
    """C-SUMMON-4, C-DATA-6 (chiron: "Giant and Harpy cannot target it"; medusa: "troops there cannot
    leave it (no Ares move, Pegasus or land retreat from it)"): a Harpy aimed at Chiron's island and a
    Pegasus flight from Medusa's are refused under C-SUMMON-4, each naming its island."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 1, I2=2, I3=1)  # I3: a target left, so the Harpy waits for a choice
    figures.place(t, s, figures.CHIRON, t.island_index["I2"], 1)
    begin_effect(g, s, "harpy")
    refused = effects.check(t, s, 0, Action.parse("target I2"))
    assert refused is not None and refused.rule == "C-SUMMON-4"
    assert (refused.template, refused.params["island"]) == ("Chiron protects {island} from the {key}", "I2")
    g, s = war_turn(5, POSEIDON)
    put(g, s, 0, I1=2, I4=1)  # I4: a flight left, so the Pegasus waits for a choice
    figures.place(t, s, figures.MEDUSA, t.island_index["I1"], 1)
    begin_effect(g, s, "pegasus")
    refused = effects.check(t, s, 0, Action.parse("target I1 1 I10"))
    assert refused is not None and (refused.rule, refused.message) == ("C-SUMMON-4", "Medusa holds the troops on I1")


def test_a_pegasus_flight_emptying_an_island_needs_a_free_marker() -> None:
    """C-AMB-27, C-DATA-10 (option territory_markers=3), C-DATA-6 (pegasus: "territory marker and
    last-island rules apply"): with three islands already without troops, flying both troops off I1 is
    refused under C-AMB-27, naming I1; flying one is accepted; a count that is not a number is refused
    with the Pegasus's usage."""
    g = game(5, territory_markers="3")
    t = g.tables
    _, s = war_turn(5, POSEIDON)
    put(g, s, 0, I1=2, I2=1, I5=0, I6=0, I7=0)
    effects.begin(t, s, 0, t.creature_index["pegasus"])
    refused = effects.check(t, s, 0, Action.parse("target I1 2 I10"))
    assert refused is not None and refused.rule == "C-AMB-27"
    assert refused.message == "leaving I1 without troops needs a territory marker, and all 3 of yours are in use"
    assert effects.check(t, s, 0, Action.parse("target I1 1 I10")) is None
    for origin in ("I1", "I2"):  # I2 holds one troop: a count that is no number is no troop at all
        refused = effects.check(t, s, 0, Action("target", (origin, "two", "I10")))
        assert refused is not None and refused.rule == "C-SUMMON-3", origin


def test_a_flight_onto_a_last_island_that_brings_the_win_is_refused_only_for_the_marker() -> None:
    """C-TROOP-7, C-AMB-14 (no landing on another player's only island, unless it brings the mover's
    last Metropolis), C-AMB-27 (territory_markers=3), C-DATA-6 (pegasus): Blue, with one Metropolis and
    three islands without troops, may not fly both troops off I1 onto Red's only island, which holds a
    Metropolis — refused for the territory marker, not for the last island."""
    g = game(5, territory_markers="3")
    t = g.tables
    _, s = war_turn(5, POSEIDON)
    put(g, s, 0, I1=2, I5=0, I6=0, I7=0)
    put(g, s, 1, I12=1)
    s.metropolis[t.island_index["I5"]] = s.metropolis[t.island_index["I12"]] = 1
    effects.begin(t, s, 0, t.creature_index["pegasus"])
    refused = effects.check(t, s, 0, Action.parse("target I1 2 I12"))
    assert refused is not None and (refused.rule, refused.params["island"]) == ("C-AMB-27", "I1")
    assert effects.check(t, s, 0, Action.parse("target I1 1 I12")) is None


def test_a_sylph_or_siren_into_the_krakens_sea_is_refused_for_the_kraken() -> None:
    """C-SUMMON-4, C-DATA-6 (kraken: "No fleet may enter or be recruited into its space"; sylph, siren):
    a Sylph step into the Kraken's sea, and a Siren aimed at a lone fleet there, are refused under the
    Kraken's rule, naming the sea, not with the creature's usage."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, S12=1)
    put(g, s, 1, S13=1, S9=1)
    figures.place(t, s, figures.KRAKEN, t.sea_index["S13"], 2)
    kraken = ("C-SUMMON-4", "no fleet may enter S13: the Kraken is there")
    begin_effect(g, s, "sylph")
    refused = effects.check(t, s, 0, Action.parse("sail S12 1 S13"))
    assert refused is not None and (refused.rule, refused.message) == kraken
    play(g, s, "done")
    begin_effect(g, s, "siren")
    refused = effects.check(t, s, 0, Action.parse("target S13"))
    assert refused is not None and (refused.rule, refused.message) == kraken


def test_exactly_the_krakens_price_pays_for_a_move() -> None:
    """C-ACTION-4 ("The player must hold enough GP at that moment"), C-DATA-6 (kraken, kraken_move_cost=1):
    with exactly 1 GP the Kraken's next move is allowed and a sea not next to it is refused with the
    Kraken's usage, not for gold; with 0 GP a move is refused for gold."""
    g, s = war_turn(5, POSEIDON, gold=1)
    t = g.tables
    begin_effect(g, s, "kraken")
    play(g, s, "target S20")
    assert effects.check(t, s, 0, Action.parse("target S14")) is None
    refused = effects.check(t, s, 0, Action.parse("target S1"))
    assert refused is not None and refused.rule == "C-SUMMON-3"
    s.gold[0] = 0
    refused = effects.check(t, s, 0, Action.parse("target S14"))
    assert refused is not None
    assert (refused.rule, refused.message) == ("C-ACTION-4", "moving the Kraken costs 1 GP a space")
