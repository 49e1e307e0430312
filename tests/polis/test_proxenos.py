"""Move the proxenos (R-ACT-PROXENOS), ransom it (R-ACT-RANSOM, R-TURN-14), worked examples EX-15
and EX-16.

``proxenos``, then ``via <region>`` for each region of the exact path and ``enter <polis>``; bribes of
1 silver per opponent unit in every region of the path are paid to the bank. ``ransom`` is an action
in [2012] and a free move in [2020].
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new, put_proxenos

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA


def where(game: PolisGame, s: PolisState, side: int) -> str | None:
    p = s.proxenos[side]
    return None if p == NO_ONE else game.tables.polis_ids[p]


def silver(s: PolisState, side: str) -> int:
    return goods_of(s, side)["silver"]


# ----- worked examples ----------------------------------------------------------------------------
def _ex15() -> tuple[PolisGame, PolisState]:
    """[2020]: Spartan hoplites on the land way Athinae -> Potidaia total 4, one Spartan galley in
    Thrakiko pelagos."""
    game, s = new("2020")
    set_units(game, s, "Boiotia", sparta=1)
    set_units(game, s, "Thessalia", sparta=2)
    set_units(game, s, "Makedonia", sparta=1)
    set_units(game, s, "ThrakikoPelagos", sparta=1)
    set_goods(s, "athens", silver=5)
    return game, s


def test_ex15_athinae_to_potidaia_2020() -> None:
    """EX-15 [2020], R-ACT-PROXENOS-10/11/14: by land through Boiotia and Thessalia into Makedonia the
    bribes total 4 silver; by sea (Kyklades, Thrakiko pelagos) only 1, for the Spartan galley. The
    silver goes to the bank, not to Sparta."""
    game, s = _ex15()
    play(game, s, "proxenos", "via Attika", "via Boiotia", "via Thessalia", "via Makedonia", "enter Potidaia")
    assert where(game, s, ATHENS) == "Potidaia" and silver(s, "athens") == 1
    assert silver(s, "sparta") == 4
    game, s = _ex15()
    play(game, s, "proxenos", "via Kyklades", "via ThrakikoPelagos", "enter Potidaia")
    assert where(game, s, ATHENS) == "Potidaia" and silver(s, "athens") == 4
    assert silver(s, "sparta") == 4


def _ex16() -> tuple[PolisGame, PolisState]:
    """[2012]: Athens' proxenos in Naupaktos (Thessalia); 2 Spartan hoplites in Thessalia and 2 in
    Makedonia; Sparta's only galley on the sea way is in Myrtoon pelagos."""
    game, s = new("2012")
    put_proxenos(game, s, ATHENS, "Naupaktos")
    set_units(game, s, "Thessalia", sparta=2)
    set_units(game, s, "Makedonia", sparta=2)
    set_units(game, s, "IonionPelagos", sparta=0)
    set_units(game, s, "MyrtoonPelagos", sparta=1)
    set_goods(s, "athens", silver=5)
    return game, s


def test_ex16_naupaktos_to_potidaia_2012() -> None:
    """EX-16 [2012], R-ACT-PROXENOS-10, A-19: by land Thessalia -> Makedonia costs 4 silver (start and
    destination territories both count); by sea only 1, for the galley in Myrtoon pelagos."""
    game, s = _ex16()
    play(game, s, "proxenos", "via Thessalia", "via Makedonia", "enter Potidaia")
    assert where(game, s, ATHENS) == "Potidaia" and silver(s, "athens") == 1
    game, s = _ex16()
    play(game, s, "proxenos", "via IonionPelagos", "via MyrtoonPelagos", "via Kyklades", "via ThrakikoPelagos",
         "enter Potidaia")
    assert where(game, s, ATHENS) == "Potidaia" and silver(s, "athens") == 4
    assert silver(s, "sparta") == 4


# ----- the move -----------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_no_prestige_and_not_while_captive(edition: str) -> None:
    """R-ACT-PROXENOS-1: moving the proxenos costs no prestige (possible at 0); a captive proxenos
    cannot move."""
    game, s = new(edition)
    set_prestige(s, "athens", 0)
    play(game, s, "proxenos", "via Attika", "enter Chalkis")
    assert where(game, s, ATHENS) == "Chalkis" and s.prestige[ATHENS] == 0
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, None)
    assert_illegal(game, s, "proxenos", "R-ACT-PROXENOS-1")


@pytest.mark.parametrize("edition", EDITIONS)
def test_leaves_into_its_territory_or_port_sea(edition: str) -> None:
    """R-ACT-PROXENOS-2: the first region is the polis's territory or a sea of its port (Athinae:
    Attika or Kyklades); a polis is entered only after naming the path (R-ACT-PROXENOS-4)."""
    game, s = new(edition)
    play(game, s, "proxenos")
    assert sorted(legal(game, s)) == ["via Attika", "via Kyklades"]
    assert_illegal(game, s, "via Boiotia", "R-ACT-PROXENOS-2")
    assert_illegal(game, s, "enter Chalkis", "R-ACT-PROXENOS-4")


@pytest.mark.parametrize("edition", EDITIONS)
def test_land_or_sea_never_both(edition: str) -> None:
    """R-ACT-PROXENOS-3: a land move goes through adjacent territories, a sea move through adjacent
    seas; the two are never mixed. The diolkos joins Kyklades and Ionion pelagos only for the owner of
    Korinthos (R-MAP-24)."""
    game, s = new(edition)
    play(game, s, "proxenos", "via Kyklades")
    assert_illegal(game, s, "via Attika", "R-ACT-PROXENOS-3")
    assert_illegal(game, s, "via IonionPelagos", "R-ACT-PROXENOS-3")
    game, s = new(edition)
    play(game, s, "proxenos", "via Attika")
    assert_illegal(game, s, "via Kyklades", "R-ACT-PROXENOS-3")
    assert_illegal(game, s, "via Thessalia", "R-ACT-PROXENOS-3")  # not adjacent to Attika
    game, s = new(edition)
    set_polis(game, s, "Korinthos", "athens", 4)
    set_units(game, s, "IonionPelagos", sparta=0)
    play(game, s, "proxenos", "via Kyklades", "via IonionPelagos", "enter Epidamnos")
    assert where(game, s, ATHENS) == "Epidamnos"


@pytest.mark.parametrize("edition", EDITIONS)
def test_ends_in_a_polis_of_the_last_region(edition: str) -> None:
    """R-ACT-PROXENOS-4: a land move ends in a polis of the last territory, a sea move in a polis with a
    port on the last sea."""
    game, s = new(edition)
    play(game, s, "proxenos", "via Attika")
    assert_illegal(game, s, "enter Thibae", "R-ACT-PROXENOS-4")
    assert "enter Chalkis" in legal(game, s)
    play(game, s, "via Boiotia", "enter Thibae")
    assert where(game, s, ATHENS) == "Thibae"
    game, s = new(edition)
    play(game, s, "proxenos", "via Kyklades", "via ThrakikoPelagos")
    assert_illegal(game, s, "enter Chalkis", "R-ACT-PROXENOS-4")
    assert {a for a in legal(game, s) if a.startswith("enter")} == {"enter Abdera", "enter Potidaia", "enter Pydna"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_destination_rules(edition: str) -> None:
    """R-ACT-PROXENOS-5, R-MAP-23: the destination differs from the start and does not hold the
    opponent's proxenos."""
    game, s = new(edition)
    play(game, s, "proxenos", "via Attika")
    assert_illegal(game, s, "enter Athinae", "R-ACT-PROXENOS-5")
    game, s = new(edition)
    put_proxenos(game, s, SPARTA, "Chalkis")
    play(game, s, "proxenos", "via Attika")
    assert_illegal(game, s, "enter Chalkis", "R-MAP-23")


@pytest.mark.parametrize("edition", EDITIONS)
def test_control_and_stacking_never_block(edition: str) -> None:
    """R-ACT-PROXENOS-6: the proxenos crosses a territory the opponent controls and one where its owner
    has N hoplites; it only pays the bribes (R-ACT-PROXENOS-10)."""
    game, s = new(edition)
    set_units(game, s, "Boiotia", sparta=4)
    set_units(game, s, "Megaris", athens=4)
    set_units(game, s, "Kyklades", sparta=4)
    set_goods(s, "athens", silver=4)
    play(game, s, "proxenos", "via Attika", "via Boiotia", "via Thessalia", "enter Naupaktos")
    assert where(game, s, ATHENS) == "Naupaktos" and silver(s, "athens") == 0
    game, s = new(edition)
    set_units(game, s, "Megaris", athens=4)
    play(game, s, "proxenos", "via Attika", "via Megaris", "enter Korinthos")
    assert where(game, s, ATHENS) == "Korinthos"


@pytest.mark.parametrize("edition", EDITIONS)
def test_epidamnos_and_abdera_only_by_sea(edition: str) -> None:
    """R-ACT-PROXENOS-7, A-37: Epidamnos and Abdera are entered and left only by sea."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Abdera")
    play(game, s, "proxenos")
    assert legal(game, s) == ["via ThrakikoPelagos"]
    assert_illegal(game, s, "via Makedonia", "R-ACT-PROXENOS-2")
    play(game, s, "via ThrakikoPelagos", "enter Pydna")
    assert where(game, s, ATHENS) == "Pydna"
    game, s = new(edition)
    set_units(game, s, "IonionPelagos", sparta=0)
    put_proxenos(game, s, ATHENS, "Naupaktos")
    play(game, s, "proxenos", "via Thessalia")
    assert not any(a == "enter Epidamnos" for a in legal(game, s))
    play(game, s, "via Akarnania")
    assert_illegal(game, s, "enter Epidamnos", "R-ACT-PROXENOS-4")


@pytest.mark.parametrize("edition", EDITIONS)
def test_sparti_and_thibae_only_by_land(edition: str) -> None:
    """R-ACT-PROXENOS-8: Sparti and Thibae have no port: entered and left only by land."""
    game, s = new(edition)
    play(game, s, "proxenos", "via Kyklades")
    assert_illegal(game, s, "enter Thibae", "R-ACT-PROXENOS-4")
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Thibae")
    play(game, s, "proxenos")
    assert legal(game, s) == ["via Boiotia"]
    assert_illegal(game, s, "via Kyklades", "R-ACT-PROXENOS-2")


@pytest.mark.parametrize("edition", EDITIONS)
def test_ionia_inside_by_land_out_by_sea(edition: str) -> None:
    """R-ACT-PROXENOS-9, A-38: Chios -> Ionia -> Samos and Chios -> Noties sporades -> Samos are both
    legal; Ionia has no land neighbours, so a land move from it stays inside."""
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Chios")
    play(game, s, "proxenos", "via Ionia")
    assert legal(game, s) == ["enter Samos"]
    play(game, s, "enter Samos")
    assert where(game, s, ATHENS) == "Samos"
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Chios")
    play(game, s, "proxenos", "via NotiesSporades", "enter Samos")
    assert where(game, s, ATHENS) == "Samos"


@pytest.mark.parametrize("edition", EDITIONS)
def test_bribes_for_every_region_of_the_path(edition: str) -> None:
    """R-ACT-PROXENOS-10, A-19: 1 silver per opponent hoplite (territory) or galley (sea) in every
    region of the path, first and last included; own units and merchants cost nothing.
    R-ACT-PROXENOS-11: bribes go to the bank."""
    game, s = new(edition)
    set_units(game, s, "Attika", sparta=1)
    set_units(game, s, "Megaris", sparta=2)
    set_units(game, s, "Arkadia", sparta=1)
    set_goods(s, "athens", silver=9)
    play(game, s, "proxenos", "via Attika", "via Megaris", "via Arkadia", "via Lakedaemon", "enter Gythion")
    assert silver(s, "athens") == 9 - (1 + 2 + 1 + 3)
    assert silver(s, "sparta") == 4


@pytest.mark.parametrize("edition", EDITIONS)
def test_bribes_must_be_payable(edition: str) -> None:
    """R-ACT-PROXENOS-12: a move whose bribes cannot be paid is illegal; a step is refused when no way
    on from it is affordable, and the action is not offered when no destination is."""
    game, s = new(edition)
    set_units(game, s, "Thessalia", sparta=2)
    set_units(game, s, "Makedonia", sparta=2)
    set_goods(s, "athens", silver=3)
    play(game, s, "proxenos", "via Attika", "via Boiotia", "via Thessalia")
    assert_illegal(game, s, "via Makedonia", "R-ACT-PROXENOS-12")
    play(game, s, "enter Naupaktos")
    assert silver(s, "athens") == 1
    game, s = new(edition)
    put_proxenos(game, s, ATHENS, "Thibae")
    set_units(game, s, "Boiotia", sparta=1)
    set_goods(s, "athens", silver=0)
    assert_illegal(game, s, "proxenos", "R-ACT-PROXENOS-12")


@pytest.mark.parametrize("edition", EDITIONS)
def test_may_end_in_opponent_polis_or_capital(edition: str) -> None:
    """R-ACT-PROXENOS-13: the proxenos may end in the opponent's poleis, his capital included."""
    game, s = new(edition)
    set_goods(s, "athens", silver=3)
    put_proxenos(game, s, SPARTA, "Gythion")
    play(game, s, "proxenos", "via Attika", "via Megaris", "via Arkadia", "via Lakedaemon", "enter Sparti")
    assert where(game, s, ATHENS) == "Sparti" and silver(s, "athens") == 0
    game, s = new(edition, active="sparta")
    set_units(game, s, "NotiesSporades", athens=0)
    play(game, s, "proxenos", "via Lakedaemon", "via Messinia", "enter Pylos")
    assert where(game, s, SPARTA) == "Pylos"


@pytest.mark.parametrize("edition", EDITIONS)
def test_exact_path_in_notation(edition: str) -> None:
    """R-ACT-PROXENOS-14: the move names its exact path ('proxenos' takes no argument; each step is
    'via' or 'enter'); R-MOVE-12: no region twice."""
    game, s = new(edition)
    assert_illegal(game, s, "proxenos Potidaia", "R-ACT-PROXENOS-14")
    play(game, s, "proxenos", "via Attika")
    assert_illegal(game, s, "sail Kyklades", "R-ACT-PROXENOS-14")
    assert_illegal(game, s, "pass", "R-TURN-4")
    play(game, s, "via Boiotia")
    assert_illegal(game, s, "via Attika", "R-MOVE-12")


# ----- ransom -------------------------------------------------------------------------------------
def _captive(edition: str, *, active: str = "athens") -> tuple[PolisGame, PolisState]:
    """Athens' proxenos is held by Sparta; Athens has 3 silver."""
    game, s = new(edition, active=active)
    put_proxenos(game, s, ATHENS, None)
    set_goods(s, "athens", silver=3)
    return game, s


@pytest.mark.parametrize("edition", EDITIONS)
def test_capture_then_ransom(edition: str) -> None:
    """R-ACT-RANSOM-3, R-ACT-RANSOM-4, R-ACT-RANSOM-5 with R-ACT-SIEGE-20: a proxenos captured by a
    successful siege is ransomed for 2 silver paid to the captor and returns to its capital."""
    game, s = new(edition, active="sparta")
    set_polis(game, s, "Naupaktos", "athens", 1)
    put_proxenos(game, s, ATHENS, "Naupaktos")
    set_units(game, s, "Thessalia", sparta=3)
    play(game, s, "siege Naupaktos")
    assert s.proxenos[ATHENS] == NO_ONE and s.owner[game.tables.polis_index["Naupaktos"]] == SPARTA
    play(game, s, "tribute Lakedaemon", "assign iron", "done")
    assert game.actors(s) == (ATHENS,)
    set_goods(s, "athens", silver=2)
    play(game, s, "ransom")
    assert where(game, s, ATHENS) == "Athinae"
    assert silver(s, "athens") == 0 and silver(s, "sparta") == 4 + 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_ransom_only_when_captive(edition: str) -> None:
    """R-ACT-RANSOM-3: no ransom while the proxenos is on the map."""
    game, s = new(edition)
    set_goods(s, "athens", silver=3)
    assert_illegal(game, s, "ransom", "R-ACT-RANSOM-3")


@pytest.mark.parametrize("edition", EDITIONS)
def test_ransom_costs_two_silver_to_the_opponent(edition: str) -> None:
    """R-ACT-RANSOM-4: 2 silver go to the opponent (who cannot refuse); with less it is impossible."""
    game, s = _captive(edition)
    set_goods(s, "athens", silver=1)
    assert_illegal(game, s, "ransom", "R-ACT-RANSOM-4")
    set_goods(s, "athens", silver=2)
    play(game, s, "ransom")
    assert silver(s, "athens") == 0 and silver(s, "sparta") == 6


@pytest.mark.parametrize("edition", EDITIONS)
def test_ransomed_proxenos_in_capital_usable_at_once(edition: str) -> None:
    """R-ACT-RANSOM-5, A-20: the proxenos goes to its capital, even if the opponent's proxenos stands
    there, and can move again in the same turn."""
    game, s = _captive(edition)
    put_proxenos(game, s, SPARTA, "Athinae")
    play(game, s, "ransom")
    assert where(game, s, ATHENS) == "Athinae" and where(game, s, SPARTA) == "Athinae"
    assert "proxenos" in legal(game, s)
    play(game, s, "proxenos", "via Attika", "enter Chalkis")
    assert where(game, s, ATHENS) == "Chalkis"


def test_ransom_is_an_action_2012() -> None:
    """R-ACT-RANSOM-1 [2012], R-TURN-2: ransom is one of the turn's two actions (the turn ends after it
    and one more action), and after the opponent's pass it costs the extra good (R-TURN-7)."""
    game, s = _captive("2012")
    play(game, s, "ransom")
    assert s.turn_actions == ("ransom",) and game.actors(s) == (ATHENS,)
    play(game, s, "tribute Attika", "assign wine", "done")
    assert game.actors(s) == (SPARTA,)
    game, s = _captive("2012", active="sparta")
    play(game, s, "pass", "ransom")
    assert s.pending is not None and all(a.startswith("toll") for a in legal(game, s))
    play(game, s, "toll wine")
    assert where(game, s, ATHENS) == "Athinae"
    assert goods_of(s, "athens")["wine"] == 3 and silver(s, "athens") == 1


def test_ransom_needs_toll_silver_2012() -> None:
    """R-ACT-RANSOM-1 [2012], R-ACT-GEN-5: after the pass, paying the extra good in silver is refused if
    it leaves less than the ransom."""
    game, s = _captive("2012", active="sparta")
    set_goods(s, "athens", silver=2)
    play(game, s, "pass", "ransom")
    assert_illegal(game, s, "toll silver", "R-ACT-GEN-5")


def test_ransom_is_free_2020() -> None:
    """R-ACT-RANSOM-2, R-TURN-14 [2020]: ransom is not an action: it does not count toward the two
    actions, can come before or between them, and needs no extra good after the opponent's pass."""
    game, s = _captive("2020")
    play(game, s, "ransom")
    assert s.turn_actions == () and game.actors(s) == (ATHENS,)
    play(game, s, "tribute Attika", "assign wine", "done")
    play(game, s, "proxenos", "via Attika", "enter Chalkis")
    assert game.actors(s) == (SPARTA,)
    game, s = _captive("2020")
    play(game, s, "tribute Attika", "assign wine", "done", "ransom")
    assert s.turn_actions == ("tribute",) and game.actors(s) == (ATHENS,)
    game, s = _captive("2020", active="sparta")
    before = goods_of(s, "athens")
    play(game, s, "pass", "ransom")
    assert s.pending is None and where(game, s, ATHENS) == "Athinae"
    assert goods_of(s, "athens") == {**before, "silver": before["silver"] - 2}


@pytest.mark.parametrize(("edition", "rule"), [("2012", "R-ACT-RANSOM-1"), ("2020", "R-ACT-RANSOM-2")])
def test_ransom_not_during_an_action(edition: str, rule: str) -> None:
    """R-ACT-RANSOM-2, A-21 [2020]: not in the middle of an action; R-ACT-RANSOM-1 [2012]: the ransom
    is an action of its own, so it cannot start inside another either. The refusal names the rule of
    the edition and the action to finish."""
    game, s = _captive(edition)
    play(game, s, "tribute Attika", "assign wine")
    refused = assert_illegal(game, s, "ransom", rule)
    assert refused.message == "finish the tribute action first; ransom only before or between actions"
    play(game, s, "done", "ransom")
    assert where(game, s, ATHENS) == "Athinae"
