"""Edges of moving and ransoming the proxenos (rules/proxenos.py, R-ACT-PROXENOS, R-ACT-RANSOM): each
refusal names its rule and says what it refuses; a destination is only one other than the start and
the polis of the opponent's proxenos, so a proxenos whose only ways out end there cannot move; the
diolkos serves the proxenos's path for the owner of Korinthos in the check as in the generated menu;
and a ransom with exactly its price in silver is paid.

Map (polis-data.md 11.1): Thibae is Boiotia's only polis and has no port; Boiotia borders Attika,
Megaris and Thessalia. Makedonia holds Pydna and Potidaia, whose one port is on Thrakiko pelagos
(where Abdera's port is too); Makedonia borders Akarnania and Thessalia."""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new, put_proxenos

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_units
from kleos.games.polis.rules import actions
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, SPARTA


def _step_menu_is_checked(game: PolisGame, s: PolisState, side: int) -> list[str]:
    """The generated menu of the pending proxenos step, held equal to the candidates its check accepts."""
    t = game.tables
    assert s.pending is not None
    step = actions.STEPS[s.pending[0]]
    checked = [str(a) for a in step.candidates(t, s, side) if step.check(t, s, side, a) is None]
    assert [str(a) for a in step.legal(t, s, side)] == checked
    return checked


# ----- starting the move -------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_move_is_refused_with_its_rule_and_words(edition: str) -> None:
    """R-ACT-PROXENOS-14: ``proxenos`` takes no argument; R-ACT-PROXENOS-1: not while captive."""
    game, s = new(edition)
    err = assert_illegal(game, s, "proxenos Potidaia", "R-ACT-PROXENOS-14")
    assert err.message == "usage: proxenos, then 'via <region>' ... 'enter <polis>'"
    put_proxenos(game, s, ATHENS, None)
    err = assert_illegal(game, s, "proxenos", "R-ACT-PROXENOS-1")
    assert err.message == "your proxenos is held captive"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_polis_alone_in_its_territory_is_no_destination(edition: str) -> None:
    """R-ACT-PROXENOS-5, R-ACT-PROXENOS-12: from Thibae the free Boiotia leads only back to Thibae, and
    every territory beyond holds a Spartan bribe Athens cannot pay: there is no destination."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Thibae")
    for region in ("Attika", "Megaris", "Thessalia"):
        set_units(game, s, region, sparta=1)
    set_goods(s, "athens", silver=0)
    err = assert_illegal(game, s, "proxenos", "R-ACT-PROXENOS-12")
    assert err.message == "no destination whose bribes you can pay"
    set_goods(s, "athens", silver=1)
    assert "proxenos" in legal(game, s)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_opponents_proxenos_closes_the_last_way_out(edition: str) -> None:
    """R-MAP-23, R-ACT-PROXENOS-12: from Pydna, Makedonia's only other polis holds Sparta's proxenos, and
    Thrakiko pelagos and the territories beyond cost bribes Athens cannot pay: no destination."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Pydna")
    put_proxenos(game, s, SPARTA, "Potidaia")
    for region in ("ThrakikoPelagos", "Akarnania", "Thessalia"):
        set_units(game, s, region, sparta=1)
    set_goods(s, "athens", silver=0)
    assert_illegal(game, s, "proxenos", "R-ACT-PROXENOS-12")
    put_proxenos(game, s, SPARTA, "Sparti")
    play(game, s, "proxenos", "via Makedonia", "enter Potidaia")
    assert s.proxenos[ATHENS] == game.tables.polis_index["Potidaia"]


# ----- the steps of the path ---------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("steps,text,rule,message", [
    ((), "via", "R-ACT-PROXENOS-14", "usage: via <region>"),
    ((), "via Atlantis", "R-ACT-PROXENOS-14", "usage: via <region>"),
    ((), "via Attika Boiotia", "R-ACT-PROXENOS-14", "usage: via <region>"),
    ((), "via Boiotia", "R-ACT-PROXENOS-2", "Boiotia does not continue this path"),
    (("via Attika",), "via Thessalia", "R-ACT-PROXENOS-3", "Thessalia does not continue this path"),
    (("via Attika", "via Boiotia"), "via Attika", "R-MOVE-12", "a path never passes the same region twice"),
    ((), "enter Chalkis", "R-ACT-PROXENOS-4", "name the path first with 'via <region>'"),
    (("via Attika",), "enter Chalkis Thibae", "R-ACT-PROXENOS-4", "name the path first with 'via <region>'"),
    (("via Attika",), "enter Athinae", "R-ACT-PROXENOS-5", "the proxenos must move to another polis"),
    (("via Attika",), "enter Thibae", "R-ACT-PROXENOS-4", "Thibae cannot be entered from Attika"),
    (("via Attika",), "sail Kyklades", "R-ACT-PROXENOS-14",
     "continue the path with 'via <region>' or end it with 'enter <polis>'"),
])
def test_a_refused_step_names_its_rule_and_what_it_is_about(
        edition: str, steps: tuple[str, ...], text: str, rule: str, message: str) -> None:
    """R-ACT-PROXENOS-14: one region per ``via``; R-ACT-PROXENOS-2: the first region is the start's
    territory or a sea of its ports; R-ACT-PROXENOS-3: then an adjacent region of the same kind;
    R-MOVE-12: never twice; R-ACT-PROXENOS-4: one polis of the last region, after a path;
    R-ACT-PROXENOS-5: another polis than the start."""
    game, s = new(edition)
    play(game, s, "proxenos", *steps)
    err = assert_illegal(game, s, text, rule)
    assert err.message == message


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_step_beyond_the_silver_and_the_opponents_polis_are_named(edition: str) -> None:
    """R-ACT-PROXENOS-12: a step from which every way on costs more than the silver; R-MAP-23: the
    polis of the opponent's proxenos, by name."""
    game, s = new(edition)
    put_proxenos(game, s, SPARTA, "Chalkis")
    set_units(game, s, "Thessalia", sparta=2)
    set_goods(s, "athens", silver=1)
    play(game, s, "proxenos", "via Attika", "via Boiotia")
    err = assert_illegal(game, s, "via Thessalia", "R-ACT-PROXENOS-12")
    assert err.message == "the bribes on any way on from there are more than your silver"
    game, s = new(edition)
    put_proxenos(game, s, SPARTA, "Chalkis")
    play(game, s, "proxenos", "via Attika")
    err = assert_illegal(game, s, "enter Chalkis", "R-MAP-23")
    assert err.message == "Chalkis holds the opponent's proxenos"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_bribes_are_checked_again_on_entering(edition: str) -> None:
    """R-ACT-PROXENOS-10, R-ACT-PROXENOS-12: a Spartan unit put into Attika behind the path's back (a
    position loaded mid-move may hold one) is a bribe due on entering, which 0 silver cannot pay."""
    game, s = new(edition)
    set_goods(s, "athens", silver=0)
    play(game, s, "proxenos", "via Attika")
    set_units(game, s, "Attika", sparta=1)
    err = assert_illegal(game, s, "enter Chalkis", "R-ACT-PROXENOS-12", listed=False)
    assert err.message == "not enough silver for the bribes"


@pytest.mark.parametrize("edition,rule", [("2012", "R-ACT-RANSOM-1"), ("2020", "R-ACT-RANSOM-2")])
def test_no_pass_and_no_ransom_in_the_middle_of_the_move(edition: str, rule: str) -> None:
    """R-TURN-4, R-ACT-RANSOM-1/2: the refusals name the proxenos move as the action to finish."""
    game, s = new(edition)
    play(game, s, "proxenos", "via Attika")
    err = assert_illegal(game, s, "pass", "R-TURN-4")
    assert err.message == "finish the proxenos action first; pass only where you would choose an action"
    err = assert_illegal(game, s, "ransom", rule)
    assert err.message == "finish the proxenos action first; ransom only before or between actions"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_diolkos_serves_the_path_of_korinthos_owner(edition: str) -> None:
    """R-MAP-24, R-ACT-PROXENOS-3: owning Korinthos, Athens' proxenos goes on from Kyklades to Ionion
    pelagos, by the check as by the generated menu; without Korinthos it does not."""
    game, s = new(edition)
    set_polis(game, s, "Korinthos", "athens", 4)
    set_units(game, s, "IonionPelagos", sparta=0)
    play(game, s, "proxenos", "via Kyklades")
    assert "via IonionPelagos" in _step_menu_is_checked(game, s, ATHENS)
    play(game, s, "via IonionPelagos")
    assert "enter Kerkyra" in _step_menu_is_checked(game, s, ATHENS)
    game, s = new(edition)
    set_units(game, s, "IonionPelagos", sparta=0)
    play(game, s, "proxenos", "via Kyklades")
    assert "via IonionPelagos" not in _step_menu_is_checked(game, s, ATHENS)


# ----- ransom ------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_ransom_is_refused_with_its_rule_and_words(edition: str) -> None:
    """R-ACT-RANSOM-4: ``ransom`` takes no argument and costs 2 silver; R-ACT-RANSOM-3: only a captive
    proxenos is ransomed."""
    game, s = new(edition)
    err = assert_illegal(game, s, "ransom", "R-ACT-RANSOM-3")
    assert err.message == "your proxenos is not captive"
    put_proxenos(game, s, ATHENS, None)
    err = assert_illegal(game, s, "ransom Athinae", "R-ACT-RANSOM-4")
    assert err.message == "usage: ransom"
    set_goods(s, "athens", silver=1)
    err = assert_illegal(game, s, "ransom", "R-ACT-RANSOM-4")
    assert err.message == "ransom costs 2 silver"


@pytest.mark.parametrize("edition", EDITIONS)
def test_exactly_the_price_pays_the_ransom(edition: str) -> None:
    """R-ACT-RANSOM-4, R-ACT-RANSOM-5: 2 silver, all Athens has, go to Sparta; the proxenos is home.
    The check accepts it as the generated menu does (the menu alone decides what is played)."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, None)
    set_goods(s, "athens", silver=2)
    assert actions.KINDS["ransom"].check(game.tables, s, ATHENS, Action("ransom")) is None
    assert "ransom" in legal(game, s)
    sparta_silver = goods_of(s, "sparta")["silver"]
    play(game, s, "ransom")
    assert goods_of(s, "athens")["silver"] == 0 and goods_of(s, "sparta")["silver"] == sparta_silver + 2
    assert s.proxenos[ATHENS] == game.tables.capital[ATHENS]
