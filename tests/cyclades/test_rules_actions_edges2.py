"""Edges of the action phase (rules/actions.py; C-APOLLO-1..4, C-AMB-15/16, C-ACTION-3): the gold of an
Apollo turn for no, one and several islands, each from its own figure of the data sheet; the last
prosperity marker of the supply; the first Apollo player's choice, its refusals in rule and words and a
second marker on a blessed island; the refusal of an unknown verb; and the turn fields of a new game.

Rulebook (seed 002, "APOLO"): "El jugador que haya elegido Apolo obtiene: 1 MO si posee más de una
isla. 4 MO si es propietario de una sola isla." — "Además, el jugador toma un marcador de prosperidad y
lo pone en la isla de su elección (esta isla, bendecida por Apolo, ganará 1 MO extra al inicio de cada
ciclo posterior)." — "sólo el primer jugador en haber elegido a Apolo obtendrá un marcador de
prosperidad." """

from __future__ import annotations

import dataclasses

import pytest
from cyc_helpers import game, put, war_turn

from compiled_build import SPIES_ON_RULES
from kleos.core.action import Action
from kleos.core.errors import RunawayLoop
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, EMPTY, POSEIDON, Tables


def _apollo(players: int = 3, islands: tuple[str, ...] = ("I2",)) -> tuple[CycladesGame, CycladesState]:
    """Seat 0's first marker alone on Apollo, space 1, seat 0 owning ``islands`` with a troop each."""
    g, s = war_turn(players, POSEIDON)
    s.bidder = [EMPTY] * len(s.bidder)
    s.queue, s.apollo = [0], [0]
    s.next_order = [EMPTY] * g.tables.n_markers
    put(g, s, 0, **dict.fromkeys(islands, 1))
    return g, s


def _gain(t: Tables, s: CycladesState) -> int:
    """The gold seat 0 gains from its Apollo turn, run by :func:`actions.settle`."""
    before = s.gold[0]
    actions.settle(t, s)
    return s.gold[0] - before


def _refusal(text: str, islands: tuple[str, ...] = ("I2",)) -> tuple[str, str] | None:
    """The rule and English words the first Apollo player's ``text`` is refused with (None: accepted)."""
    g, s = _apollo(islands=islands)
    put(g, s, 1, I1=1)
    assert actions.settle(g.tables, s) and s.apollo_choice
    refused = actions.check(g.tables, s, 0, Action.parse(text))
    return None if refused is None else (refused.rule, refused.message)


# ----- Apollo's gold --------------------------------------------------------------------------------
def test_apollo_gold_for_no_one_and_several_islands() -> None:
    """C-APOLLO-1, C-AMB-16 ("1 MO si posee más de una isla. 4 MO si es propietario de una sola isla";
    no island: 4 GP): 4 GP for none, 4 for exactly one, 1 for two and for three."""
    for islands, gold in (((), 4), (("I2",), 4), (("I2", "I3"), 1), (("I2", "I3", "I4"), 1)):
        g, s = _apollo(islands=islands)
        assert _gain(g.tables, s) == gold, islands


def test_each_island_count_reads_its_own_figure_of_the_data_sheet() -> None:
    """C-APOLLO-1, C-AMB-16, C-DATA (apollo: gold_one_island, gold_more_islands, gold_no_island): with
    data where the three differ (5, 2 and 7 GP), none, one and two islands each get their own figure,
    not the one of the next count."""
    for islands, gold in (((), 7), (("I2",), 5), (("I2", "I3"), 2)):
        g, s = _apollo(islands=islands)
        t = dataclasses.replace(g.tables, apollo_one_island=5, apollo_more_islands=2, apollo_no_island=7)
        assert _gain(t, s) == gold, islands


# ----- the prosperity marker ------------------------------------------------------------------------
def test_the_last_marker_of_the_supply_is_still_placed() -> None:
    """C-APOLLO-2, C-APOLLO-3, C-COMP-4 (no marker only when the supply is empty): with 15 of the 16 on
    the board the first Apollo player is asked where the last one goes, the choice pending as 1; with
    all 16 out, nobody is asked."""
    g, s = _apollo()
    t = g.tables
    s.markers[t.island_index["I5"]] = t.prosperity_markers - 1
    assert actions.settle(t, s) is True
    assert s.apollo_choice == 1
    assert actions.legal(t, s, 0) == [Action("prosper", ("I2",))]
    g, s = _apollo()
    s.markers[t.island_index["I5"]] = t.prosperity_markers
    assert actions.settle(t, s) is False and s.apollo_choice == 0


def test_a_marker_goes_on_an_own_island_and_the_turn_ends() -> None:
    """C-APOLLO-2, C-APOLLO-4, C-AMB-15 ("lo pone en la isla de su elección", one of the player's own):
    ``prosper`` on an own island is accepted; it adds a marker to one already there (each stays and
    pays 1 GP), the choice is cleared to 0 and the marker goes to the last free turn-order space
    (C-ACTION-6, C-AMB-1)."""
    g, s = _apollo()
    t = g.tables
    i2 = t.island_index["I2"]
    s.markers[i2] = 1
    assert actions.settle(t, s)
    assert actions.check(t, s, 0, Action.parse("prosper I2")) is None
    actions.apply(t, s, 0, Action.parse("prosper I2"))
    assert s.markers[i2] == 2
    assert s.apollo_choice == 0
    assert s.queue == [] and s.next_order[-1] == 0


def test_a_prosper_with_another_verb_or_arity_is_refused_with_its_usage() -> None:
    """C-APOLLO-2: the first Apollo player is asked only 'prosper <island>': another verb, or two
    islands where one is asked, is refused under C-APOLLO-2 with the usage in words."""
    usage = ("C-APOLLO-2", "the first Apollo player places a prosperity marker: 'prosper <island>'")
    assert _refusal("end") == usage
    assert _refusal("prosper I2 I1") == usage
    assert _refusal("prosper I2") is None


def test_a_prosper_on_an_island_not_ones_own_names_it() -> None:
    """C-APOLLO-2, C-AMB-15 (an island the player owns): another player's island and an island that is
    not on the board are each refused under C-APOLLO-2, naming the island."""
    assert _refusal("prosper I1") == ("C-APOLLO-2", "I1 is not one of your islands")
    assert _refusal("prosper I99") == ("C-APOLLO-2", "I99 is not one of your islands")
    assert _refusal("prosper I3", islands=("I2", "I3")) is None


# ----- a main-god turn ------------------------------------------------------------------------------
def test_an_unknown_verb_is_refused_with_the_turns_menu() -> None:
    """C-ACTION-3 (the permitted actions of a main-god turn): an unknown verb is refused, naming it and
    every verb the turn offers."""
    g, s = war_turn(3, POSEIDON)
    refused = actions.check(g.tables, s, 0, Action.parse("fly I2"))
    assert refused is not None and refused.rule == "C-ACTION-3"
    menu = "end, recruit, build, sail, march, swap, summon"
    assert refused.message == f"unknown action 'fly' (a main-god turn offers: {menu})"


def test_a_new_game_has_no_temple_used_and_no_metropolis_under_way() -> None:
    """C-BUILD-7, C-TWO-8 (a Temple's discount once per cycle), C-METRO-2: the game starts with no Temple
    discount used by any seat and no Metropolis being gained (the saved game and the observation
    encoding read these fields)."""
    for players in (2, 3, 4, 5):
        s = game(players).new_state(1)
        assert s.temples_used == [0] * players
        assert (s.metro_stage, s.metro_todo, s.metro_seat, s.recruited) == (0, 0, EMPTY, 0)


def test_while_a_battles_dice_are_pending_the_turn_stays_the_movers() -> None:
    """C-ACTION-8, C-BATTLE-2 (only the active player acts, except for a battle's or effect's prompts):
    after a landing starts a battle, with its dice still to roll and no retreat asked, the action
    phase's seat is the player whose turn it is."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, S6=1)
    put(g, s, 1, I2=1, I7=1)
    g.apply_in_place(s, Action.parse("march I1 2 I2"))
    assert s.battle_place == g.tables.island_index["I2"] and s.chance is not None
    assert actions.pending_prompt(s) is None
    assert actions.actor(g.tables, s) == 0


@SPIES_ON_RULES
def test_an_apollo_turn_that_never_ends_fails_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-APOLLO-1, C-ACTION-6: the turns that need no decision are run in a loop that ends each turn;
    were a turn never to end (a broken rule), the loop stops with :class:`RunawayLoop` instead of
    spinning."""
    g, s = _apollo(islands=())
    monkeypatch.setattr(actions, "_finish_turn", lambda t, s: None)
    with pytest.raises(RunawayLoop, match="Apollo turns"):
        actions.settle(g.tables, s)
