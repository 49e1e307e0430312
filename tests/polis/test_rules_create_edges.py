"""Edges of creating hoplites, galleys and merchants (rules/create.py, R-ACT-HOPLITES, R-ACT-GALLEYS,
R-ACT-MERCHANTS, R-ACT-GEN): each refusal names its rule and says what it refuses, with the polis,
region, good or limit it is about; the action records how many units it made; and [2012] the polis a
create action type was first used in stays recorded while another type is created.

Set-up (R-SETUP-1 … R-SETUP-6, both editions): Athens owns Athinae (5 cubes), Chalkis (1) and Chios
(2), has 4 iron, 4 wood and no silver; Athinae's one port is on Kyklades, Korinthos' on Kyklades and
Ionion pelagos. The second round (``round=1``) allows 4 units a region."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rules_helpers import EDITIONS, assert_illegal, new

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_goods, set_polis, set_units, turn_position
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS

Setup = Callable[[PolisGame, PolisState], None]


def _nothing(game: PolisGame, s: PolisState) -> None:
    """The opening position as it is."""


def _epidamnos_and_thibae_owned(game: PolisGame, s: PolisState) -> None:
    set_polis(game, s, "Epidamnos", "athens", 2)
    set_polis(game, s, "Thibae", "athens", 2)


def _pylos_owned(game: PolisGame, s: PolisState) -> None:
    set_polis(game, s, "Pylos", "athens", 2)


def _no_iron_no_silver(game: PolisGame, s: PolisState) -> None:
    set_goods(s, "athens", iron=0, silver=0)


def _attika_full(game: PolisGame, s: PolisState) -> None:
    set_units(game, s, "Attika", athens=4)


def _kyklades_full(game: PolisGame, s: PolisState) -> None:
    set_units(game, s, "Kyklades", athens=4)


def _every_merchant_in_play(game: PolisGame, s: PolisState) -> None:
    s.merchants_port[ATHENS] += s.merchants_supply[ATHENS]
    s.merchants_supply[ATHENS] = 0


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("text,setup,rule,message", [
    ("hoplites", _nothing, "R-TURN-2", "usage: hoplites <polis>"),
    ("galleys Atlantis", _nothing, "R-TURN-2", "usage: galleys <polis>"),
    ("hoplites Athinae Chios", _nothing, "R-TURN-2", "usage: hoplites <polis>"),
    ("hoplites Sparti", _nothing, "R-ACT-HOPLITES-1", "Sparti is not yours"),
    ("galleys Gythion", _nothing, "R-ACT-GALLEYS-1", "Gythion is not yours"),
    ("hoplites Epidamnos", _epidamnos_and_thibae_owned, "R-ACT-HOPLITES-2", "Epidamnos lies in no territory"),
    ("galleys Thibae", _epidamnos_and_thibae_owned, "R-ACT-GALLEYS-1", "Thibae has no port"),
    ("merchants Chios", _nothing, "R-ACT-MERCHANTS-1", "Chios is not a commercial polis"),
    ("merchants Pylos", _pylos_owned, "R-ACT-MERCHANTS-2",
     "Pylos is loyal to your opponent: you can never build merchants there"),
    ("hoplites Chalkis", _nothing, "R-ACT-GEN-7", "Chalkis would lose its last cube"),
    ("hoplites Athinae", _no_iron_no_silver, "R-ACT-HOPLITES-3", "each unit costs 1 iron or 1 silver"),
    ("hoplites Athinae", _attika_full, "R-ACT-HOPLITES-6", "already 4 hoplites in Attika"),
    ("galleys Athinae", _kyklades_full, "R-ACT-GALLEYS-6", "every sea of its ports is at the stacking limit"),
    ("merchants Athinae", _every_merchant_in_play, "R-ACT-MERCHANTS-6", "all 8 merchants are in play"),
])
def test_a_refused_create_action_names_its_rule_and_what_it_is_about(
        edition: str, text: str, setup: Setup, rule: str, message: str) -> None:
    """R-TURN-2: one polis named; R-ACT-HOPLITES-1, R-ACT-GALLEYS-1: one's own polis; R-ACT-HOPLITES-2:
    hoplites need a territory, R-ACT-GALLEYS-1 galleys a port; R-ACT-MERCHANTS-1/2: merchants only in
    one's own commercial poleis; R-ACT-GEN-7: never the last cube; R-ACT-HOPLITES-3: the cost;
    R-ACT-HOPLITES-6, R-ACT-GALLEYS-6: the stacking limit; R-ACT-MERCHANTS-6, R-COMP-5/6: 8 merchants."""
    game, s = new(edition)
    setup(game, s)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("start,text,rule,message", [
    ("hoplites Athinae", "march Attika", "R-ACT-GEN-5", "finish the hoplites action first: pay for a unit or 'done'"),
    ("hoplites Athinae", "pay wood", "R-ACT-HOPLITES-3", "pay 1 iron or 1 silver"),
    ("merchants Athinae", "pay iron", "R-ACT-MERCHANTS-3", "pay 1 wood or 1 silver"),
    ("hoplites Athinae", "pay iron iron", "R-ACT-GEN-9", "usage: pay <good>"),
    ("hoplites Athinae", "pay silver", "R-GEN-9", "no silver left"),
    ("galleys Athinae", "pay wood Attika", "R-ACT-GALLEYS-4", "name one of the seas of Athinae's ports"),
    ("galleys Athinae", "pay wood", "R-ACT-GALLEYS-4", "name one of the seas of Athinae's ports"),
])
def test_a_refused_payment_names_its_rule_and_what_it_is_about(
        edition: str, start: str, text: str, rule: str, message: str) -> None:
    """R-ACT-GEN-5: an action is finished before another; R-ACT-HOPLITES-3, R-ACT-MERCHANTS-3: each unit
    costs its good or silver; R-ACT-GEN-9: one good per unit; R-GEN-9: a good one has; R-ACT-GALLEYS-4:
    a galley goes onto a sea of the polis's ports, named."""
    game, s = new(edition)
    play(game, s, start)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_galley_for_a_full_sea_names_the_limit_and_the_sea(edition: str) -> None:
    """R-ACT-GALLEYS-6, R-ACT-GALLEYS-4: Korinthos' galleys may still go to Ionion pelagos, not to the
    full Kyklades."""
    game, s = new(edition)
    set_polis(game, s, "Korinthos", "athens", 3)
    set_units(game, s, "Kyklades", athens=4)
    set_units(game, s, "IonionPelagos", sparta=0)
    play(game, s, "galleys Korinthos")
    err = assert_illegal(game, s, "pay wood Kyklades", "R-ACT-GALLEYS-6")
    assert err.message == "already 4 galleys in Kyklades"
    play(game, s, "pay wood IonionPelagos")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_action_counts_the_units_made(edition: str) -> None:
    """R-ACT-HOPLITES-5: the player creates as many hoplites as he pays for; the action records them."""
    game, s = new(edition)
    athinae = game.tables.polis_index["Athinae"]
    set_units(game, s, "Attika", athens=0)
    play(game, s, "hoplites Athinae")
    assert s.pending == ("hoplites", athinae, 0)
    play(game, s, "pay iron", "pay iron")
    assert s.pending == ("hoplites", athinae, 2)


def test_the_first_polis_of_a_type_stays_recorded_while_another_type_is_created_2012() -> None:
    """R-ACT-GEN-8 [2012] (A-36): in the post-pass turn, hoplites made in Sparti keep hoplites in Sparti
    after galleys were made in Pylos; the refusal names the type and the polis."""
    game = PolisGame("2012")
    s = turn_position(game, round=2, active="athens")
    play(game, s, "pass")
    play(game, s, "hoplites Sparti", "toll wine", "pay iron", "done")
    play(game, s, "galleys Pylos", "toll wine", "pay wood IonionPelagos")  # Pylos' last cube: it ends
    err = assert_illegal(game, s, "hoplites Pylos", "R-ACT-GEN-8", listed=False)
    assert err.message == "this turn you create hoplites only in Sparti"
