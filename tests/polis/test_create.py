"""Create hoplites, galleys and merchants, and the rules common to all actions.

Rules: R-ACT-GEN-*, R-ACT-HOPLITES-*, R-ACT-GALLEYS-*, R-ACT-MERCHANTS-*, R-COMP-5/6/8/10; examples EX-1, EX-2.
Round indices are 0-based: round=1 is the second round (N = 4), round=2 the third (N = 5).
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal_set, pop, units

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units, turn_position
from kleos.games.polis.rules import actions
from kleos.games.polis.rules.common import DEVELOPMENT, MILITARY, POLITICAL
from kleos.games.polis.state import PolisState


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


def after_athens_passed(game: PolisGame, round: int = 1) -> PolisState:
    """Athens passes at once; Sparta is the remaining player (R-TURN-6)."""
    s = turn_position(game, round=round, active="athens")
    play(game, s, "pass")
    assert s.active == 1 and s.passed == [True, False]
    return s


# ----- rules common to all actions ---------------------------------------------------------------
def test_action_groups(game: PolisGame) -> None:
    """R-ACT-GEN-1: development, military and political actions."""
    groups = {verb: kind.group for verb, kind in actions.KINDS.items()}
    assert {v for v, g in groups.items() if g == DEVELOPMENT} == {"hoplites", "galleys", "merchants", "project"}
    assert {v for v, g in groups.items() if g == MILITARY} == {"march", "sail", "siege", "tribute"}
    assert {v for v, g in groups.items() if g == POLITICAL} == {"trade", "proxenos", "stasis", "ransom"}


def test_military_action_costs_one_prestige_before_it_is_carried_out(game: PolisGame) -> None:
    """R-ACT-GEN-2, R-ACT-MOVEHOP-1: the prestige is gone as soon as the move is chosen."""
    s = turn_position(game, round=1, active="athens")
    before = s.prestige[0]
    play(game, s, "march Boiotia")
    assert s.prestige[0] == before - 1
    assert s.pending is not None  # no unit has moved yet


def test_tribute_in_own_capital_territory_costs_no_prestige(game: PolisGame) -> None:
    """R-ACT-GEN-2 exception (R-ACT-TRIBUTE-2), R-ACT-GEN-3: free, so possible even with 0 prestige."""
    s = turn_position(game, round=1, active="athens")
    set_prestige(s, "athens", 0)
    play(game, s, "tribute Attika")
    assert s.prestige[0] == 0


def test_no_military_action_with_zero_prestige(game: PolisGame) -> None:
    """R-ACT-GEN-3: march, sail and siege are refused at 0 prestige."""
    s = turn_position(game, round=1, active="athens")
    set_prestige(s, "athens", 0)
    set_units(game, s, "Thessalia", athens=3)
    assert_illegal(game, s, "march Boiotia", "R-ACT-GEN-3", listed=False)
    assert_illegal(game, s, "sail Kyklades", "R-ACT-GEN-3", listed=False)
    assert_illegal(game, s, "siege Naupaktos", "R-ACT-GEN-3", listed=False)
    assert not any(a.verb in ("march", "sail", "siege") for a in game.legal_actions(s))


def test_development_and_political_actions_cost_no_prestige(game: PolisGame) -> None:
    """R-ACT-GEN-4."""
    s = turn_position(game, round=2, active="athens")
    before = s.prestige[0]
    play(game, s, "hoplites Athinae", "pay iron", "done", "proxenos")
    assert s.prestige[0] == before


def test_an_action_that_cannot_be_paid_is_never_started(game: PolisGame) -> None:
    """R-ACT-GEN-5, R-ACT-HOPLITES-3: no iron and no silver, so 'hoplites' is refused before anything is paid."""
    s = turn_position(game, round=1, active="sparta")
    set_goods(s, "sparta", iron=0, silver=0)
    assert_illegal(game, s, "hoplites Sparti", "R-ACT-HOPLITES-3", listed=False)


def test_post_pass_good_is_chosen_first_and_validated(game: PolisGame) -> None:
    """R-ACT-GEN-5, R-ACT-GEN-10: after the opponent's pass the extra good comes first; a good whose
    payment would make the action impossible is refused and changes nothing."""
    s = after_athens_passed(game)
    set_goods(s, "sparta", iron=1, silver=0, wood=1)
    play(game, s, "hoplites Sparti")
    assert all(a.verb == "toll" for a in game.legal_actions(s))
    assert "toll iron" not in legal_set(game, s)
    assert_illegal(game, s, "toll iron", "R-ACT-GEN-5", listed=False)
    play(game, s, "toll wood", "pay iron")
    assert goods_of(s, "sparta")["iron"] == 0 and goods_of(s, "sparta")["wood"] == 0


def test_create_and_move_actions_need_at_least_one_unit(game: PolisGame) -> None:
    """R-ACT-GEN-6: 'done' before the first unit is refused."""
    s = turn_position(game, round=2, active="athens")
    play(game, s, "hoplites Athinae")
    assert "done" not in legal_set(game, s)
    assert assert_illegal(game, s, "done", "R-ACT-GEN-6", listed=False).message == "create at least one unit"
    play(game, s, "pay iron", "done", "march Boiotia")
    assert assert_illegal(game, s, "done", "R-ACT-GEN-6", listed=False).message == "move at least one unit"


def test_done_takes_no_argument(game: PolisGame) -> None:
    """R-ACT-GEN-6: once a unit is made or moved, 'done' ends the action, but 'done' with words after
    it is refused, in creation and in movement alike."""
    s = turn_position(game, round=2, active="athens")
    play(game, s, "hoplites Athinae", "pay iron")
    assert "done" in legal_set(game, s)
    refused = assert_illegal(game, s, "done now", "R-ACT-GEN-6", listed=False)
    assert refused.message == "'done' takes nothing after it"
    play(game, s, "done", "march Boiotia", "from Attika")
    refused = assert_illegal(game, s, "done Attika", "R-ACT-GEN-6", listed=False)
    assert refused.message == "'done' takes nothing after it"
    play(game, s, "done")


@pytest.mark.parametrize("verb", ["hoplites", "galleys", "merchants"])
def test_last_cube_can_never_be_used(game: PolisGame, verb: str) -> None:
    """R-ACT-GEN-7, R-ACT-HOPLITES-5, R-ACT-GALLEYS-5, R-ACT-MERCHANTS-5: Gythion has 1 cube."""
    s = turn_position(game, round=1, active="sparta")
    assert pop(game, s, "Gythion") == 1
    assert_illegal(game, s, f"{verb} Gythion", "R-ACT-GEN-7", listed=False)


@pytest.mark.parametrize("verb,pay", [("hoplites", "pay iron"), ("galleys", "pay wood IonionPelagos"),
                                      ("merchants", "pay wood")])
def test_creation_stops_at_the_last_cube(game: PolisGame, verb: str, pay: str) -> None:
    """R-ACT-GEN-7: Pylos (2 cubes) gives one unit, then the action ends by itself with 1 cube left."""
    s = turn_position(game, round=1, active="sparta")
    play(game, s, f"{verb} Pylos", pay)
    assert pop(game, s, "Pylos") == 1
    assert s.pending is None and s.turn_actions == (verb,)


def test_each_create_action_uses_one_polis(game: PolisGame) -> None:
    """R-ACT-GEN-8, R-ACT-HOPLITES-1: every unit of the action comes from the chosen polis."""
    s = turn_position(game, round=2, active="athens")
    set_polis(game, s, "Chalkis", "athens", 2)
    set_goods(s, "athens", iron=4, silver=0)
    play(game, s, "hoplites Athinae", "pay iron")
    assert pop(game, s, "Athinae") == 4 and pop(game, s, "Chalkis") == 2
    assert legal_set(game, s) == {"done", "pay iron"}  # no step can name another polis


def test_create_repeated_after_pass_in_another_polis_2020() -> None:
    """R-ACT-GEN-8 [2020] (A-36): after the opponent's pass a repeated create action may use another polis."""
    game = PolisGame("2020")
    s = after_athens_passed(game)
    play(game, s, "hoplites Sparti", "toll wine", "pay iron")  # Lakedaemon is full (4): the action ends
    play(game, s, "hoplites Pylos", "toll wine", "pay iron")
    assert units(game, s, "Messinia", "sparta") == 1


def test_create_repeated_after_pass_only_in_the_same_polis_2012() -> None:
    """R-ACT-GEN-8 [2012] (A-36): the post-pass sequence is one turn, so hoplites stay in the first polis."""
    game = PolisGame("2012")
    s = after_athens_passed(game, round=2)
    play(game, s, "hoplites Sparti", "toll wine", "pay iron", "done")
    assert_illegal(game, s, "hoplites Pylos", "R-ACT-GEN-8", listed=False)
    play(game, s, "hoplites Sparti", "toll wine", "pay iron")  # Lakedaemon is full (5): the action ends
    assert units(game, s, "Lakedaemon", "sparta") == 5
    play(game, s, "galleys Pylos", "toll wine", "pay wood IonionPelagos")  # another type: another polis


def test_each_unit_is_paid_separately(game: PolisGame) -> None:
    """R-ACT-GEN-9, R-ACT-HOPLITES-3: one hoplite for iron, the next for silver."""
    s = turn_position(game, round=2, active="sparta")
    before = goods_of(s, "sparta")
    play(game, s, "hoplites Sparti", "pay iron", "pay silver")  # Lakedaemon is full (5): the action ends
    after = goods_of(s, "sparta")
    assert (before["iron"] - after["iron"], before["silver"] - after["silver"]) == (1, 1)
    assert units(game, s, "Lakedaemon", "sparta") == 5


# ----- create hoplites --------------------------------------------------------------------------
def test_hoplites_only_in_own_polis(game: PolisGame) -> None:
    """R-ACT-HOPLITES-1: a neutral polis and the opponent's polis are refused."""
    s = turn_position(game, round=1, active="sparta")
    assert_illegal(game, s, "hoplites Thibae", "R-ACT-HOPLITES-1", listed=False)
    assert_illegal(game, s, "hoplites Athinae", "R-ACT-HOPLITES-1", listed=False)


def test_no_hoplites_in_epidamnos_or_abdera(game: PolisGame) -> None:
    """R-ACT-HOPLITES-2, R-ACT-GALLEYS-7: they lie in no territory, but they have ports."""
    s = turn_position(game, round=1, active="athens")
    set_polis(game, s, "Epidamnos", "athens", 2)
    set_polis(game, s, "Abdera", "athens", 2)
    assert_illegal(game, s, "hoplites Epidamnos", "R-ACT-HOPLITES-2", listed=False)
    assert_illegal(game, s, "hoplites Abdera", "R-ACT-HOPLITES-2", listed=False)
    play(game, s, "galleys Epidamnos", "pay wood IonionPelagos")
    assert units(game, s, "IonionPelagos", "athens") == 1


def test_hoplite_costs_iron_or_silver(game: PolisGame) -> None:
    """R-ACT-HOPLITES-3: wood is refused; with neither iron nor silver nothing can be paid."""
    s = turn_position(game, round=1, active="sparta")
    set_goods(s, "sparta", iron=0, silver=1)
    play(game, s, "hoplites Sparti")
    assert legal_set(game, s) == {"pay silver"}
    assert_illegal(game, s, "pay wood", "R-ACT-HOPLITES-3", listed=False)
    assert_illegal(game, s, "pay iron", "R-GEN-9", listed=False)


def test_hoplite_is_a_cube_from_the_polis_into_its_territory(game: PolisGame) -> None:
    """R-ACT-HOPLITES-4, R-COMP-8: the cube comes off the card, never from the supply."""
    s = turn_position(game, round=2, active="athens")
    supply = s.supply_cubes[0]
    play(game, s, "hoplites Athinae", "pay iron", "pay iron")
    assert pop(game, s, "Athinae") == 3
    assert units(game, s, "Attika", "athens") == 5
    assert s.supply_cubes[0] == supply


@pytest.mark.parametrize("round,n", [(0, 3), (1, 4), (2, 5)])
def test_hoplites_only_below_the_stacking_limit(game: PolisGame, round: int, n: int) -> None:
    """R-ACT-HOPLITES-6, R-STACK-1, R-STACK-5: at N hoplites in the territory none can be created."""
    s = turn_position(game, round=round, active="athens")
    set_units(game, s, "Attika", athens=n)
    assert_illegal(game, s, "hoplites Athinae", "R-ACT-HOPLITES-6", listed=False)
    set_units(game, s, "Attika", athens=n - 1)
    play(game, s, "hoplites Athinae", "pay iron")
    assert units(game, s, "Attika", "athens") == n
    assert s.pending is None  # full: the action ended by itself


def test_player_chooses_how_many_hoplites(game: PolisGame) -> None:
    """R-ACT-HOPLITES-7: he may stop after one although more would fit."""
    s = turn_position(game, round=2, active="athens")
    play(game, s, "hoplites Athinae", "pay iron")
    assert "pay iron" in legal_set(game, s)
    play(game, s, "done")
    assert units(game, s, "Attika", "athens") == 4


def test_opponent_control_does_not_prevent_creating_hoplites(game: PolisGame) -> None:
    """R-ACT-HOPLITES-8."""
    s = turn_position(game, round=2, active="sparta")
    set_units(game, s, "Lakedaemon", athens=5, sparta=1)
    play(game, s, "hoplites Sparti", "pay iron", "done")
    assert units(game, s, "Lakedaemon", "sparta") == 2


def test_ex1_pylos_creates_two_hoplites(game: PolisGame) -> None:
    """EX-1, R-ACT-HOPLITES-6, R-ACT-HOPLITES-3: Pylos 3 cubes, round 2 (N = 4), 2 hoplites in Messinia."""
    s = turn_position(game, round=1, active="sparta")
    set_polis(game, s, "Pylos", "sparta", 3)
    set_units(game, s, "Messinia", sparta=2)
    iron = goods_of(s, "sparta")["iron"]
    play(game, s, "hoplites Pylos", "pay iron", "pay iron")
    assert s.pending is None  # at most 2: the action ends by itself
    assert goods_of(s, "sparta")["iron"] == iron - 2
    assert pop(game, s, "Pylos") == 1
    assert units(game, s, "Messinia", "sparta") == 4


# ----- create galleys ---------------------------------------------------------------------------
def test_galleys_only_in_own_polis_with_a_port(game: PolisGame) -> None:
    """R-ACT-GALLEYS-1: Sparti and Thibae have no port; neutral poleis are not one's own."""
    s = turn_position(game, round=1, active="sparta")
    set_polis(game, s, "Thibae", "sparta", 3)
    assert_illegal(game, s, "galleys Sparti", "R-ACT-GALLEYS-1", listed=False)
    assert_illegal(game, s, "galleys Thibae", "R-ACT-GALLEYS-1", listed=False)
    assert_illegal(game, s, "galleys Kerkyra", "R-ACT-GALLEYS-1", listed=False)


def test_galley_costs_wood_or_silver(game: PolisGame) -> None:
    """R-ACT-GALLEYS-2."""
    s = turn_position(game, round=1, active="athens")
    set_goods(s, "athens", wood=0, silver=1)
    play(game, s, "galleys Athinae")
    assert legal_set(game, s) == {"pay silver Kyklades"}
    assert_illegal(game, s, "pay iron Kyklades", "R-ACT-GALLEYS-2", listed=False)
    set_goods(s, "athens", wood=0, silver=0)
    assert_illegal(game, s, "pay silver Kyklades", "R-ACT-GALLEYS-2", listed=False)


def test_galley_is_a_cube_from_the_polis_into_its_port_sea(game: PolisGame) -> None:
    """R-ACT-GALLEYS-3, R-COMP-8: the cube leaves the card for the sea; the supply is not used."""
    s = turn_position(game, round=1, active="sparta")
    supply = s.supply_cubes[1]
    play(game, s, "galleys Pylos", "pay wood IonionPelagos")
    assert pop(game, s, "Pylos") == 1
    assert units(game, s, "IonionPelagos", "sparta") == 2
    assert s.supply_cubes[1] == supply


def test_korinthos_galleys_choose_their_sea_one_by_one(game: PolisGame) -> None:
    """R-ACT-GALLEYS-4: each galley built in Korinthos enters Kyklades or Ionion pelagos, as chosen."""
    s = turn_position(game, round=2, active="athens")
    set_polis(game, s, "Korinthos", "athens", 4)
    play(game, s, "galleys Korinthos")
    assert legal_set(game, s) == {"pay wood Kyklades", "pay wood IonionPelagos"}
    assert_illegal(game, s, "pay wood MyrtoonPelagos", "R-ACT-GALLEYS-4", listed=False)
    assert_illegal(game, s, "pay wood", "R-ACT-GALLEYS-4", listed=False)
    play(game, s, "pay wood Kyklades", "pay wood IonionPelagos", "done")
    assert units(game, s, "Kyklades", "athens") == 3
    assert units(game, s, "IonionPelagos", "athens") == 1


def test_galleys_only_below_the_stacking_limit(game: PolisGame) -> None:
    """R-ACT-GALLEYS-6, R-STACK-5: Kyklades full blocks Chalkis; Korinthos can still use Ionion pelagos."""
    s = turn_position(game, round=1, active="athens")
    set_units(game, s, "Kyklades", athens=4)
    set_polis(game, s, "Chalkis", "athens", 2)
    assert_illegal(game, s, "galleys Chalkis", "R-ACT-GALLEYS-6", listed=False)
    set_polis(game, s, "Korinthos", "athens", 4)
    play(game, s, "galleys Korinthos")
    assert_illegal(game, s, "pay wood Kyklades", "R-ACT-GALLEYS-6", listed=False)
    play(game, s, "pay wood IonionPelagos")


def test_ex2_chalkis_builds_one_galley(game: PolisGame) -> None:
    """EX-2, R-ACT-GALLEYS-2/3/6: Chalkis (2 cubes), round 2, 3 galleys in Kyklades: one more, 4 = the limit."""
    s = turn_position(game, round=1, active="athens")
    set_polis(game, s, "Chalkis", "athens", 2)
    set_units(game, s, "Kyklades", athens=3)
    wood = goods_of(s, "athens")["wood"]
    play(game, s, "galleys Chalkis", "pay wood Kyklades")
    assert s.pending is None
    assert goods_of(s, "athens")["wood"] == wood - 1
    assert units(game, s, "Kyklades", "athens") == 4
    assert pop(game, s, "Chalkis") == 1


# ----- create merchants -------------------------------------------------------------------------
def test_merchants_only_in_own_commercial_poleis(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-1: Athens only in Athinae; Sparta in Gythion or Pylos."""
    s = turn_position(game, round=1, active="athens")
    set_polis(game, s, "Chalkis", "athens", 2)
    set_polis(game, s, "Korinthos", "athens", 4)
    assert_illegal(game, s, "merchants Chalkis", "R-ACT-MERCHANTS-1", listed=False)
    assert_illegal(game, s, "merchants Korinthos", "R-ACT-MERCHANTS-1", listed=False)
    assert "merchants Athinae" in legal_set(game, s)
    s = turn_position(game, round=1, active="sparta")
    set_polis(game, s, "Gythion", "sparta", 2)
    assert {"merchants Pylos", "merchants Gythion"} <= legal_set(game, s)
    assert "merchants Sparti" not in legal_set(game, s)


def test_no_merchants_in_the_opponents_commercial_polis(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-2: Athens owns Pylos but cannot build merchants there."""
    s = turn_position(game, round=1, active="athens")
    set_polis(game, s, "Pylos", "athens", 3)
    assert_illegal(game, s, "merchants Pylos", "R-ACT-MERCHANTS-2", listed=False)
    play(game, s, "hoplites Pylos", "pay iron", "done")  # it is still his own polis otherwise


def test_merchant_costs_wood_or_silver(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-3."""
    s = turn_position(game, round=1, active="athens")
    set_goods(s, "athens", wood=1, silver=0)
    play(game, s, "merchants Athinae")
    assert legal_set(game, s) == {"pay wood"}
    assert_illegal(game, s, "pay iron", "R-ACT-MERCHANTS-3", listed=False)


def test_merchant_cube_goes_to_supply_and_merchant_to_port(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-4, R-COMP-10: cube to the supply, merchant from the supply to the port; 8 in all."""
    s = turn_position(game, round=1, active="athens")
    set_goods(s, "athens", wood=2)
    supply, port, spare = s.supply_cubes[0], s.merchants_port[0], s.merchants_supply[0]
    play(game, s, "merchants Athinae", "pay wood", "pay wood")
    assert pop(game, s, "Athinae") == 3
    assert s.supply_cubes[0] == supply + 2
    assert (s.merchants_port[0], s.merchants_supply[0]) == (port + 2, spare - 2)
    placed = sum(1 for side in s.slot_merchant if side == 0)
    assert s.merchants_port[0] + s.merchants_supply[0] + placed == 8


def test_merchants_ignore_stacking_and_round(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-6, R-STACK-4: round 1 (N = 3), yet 4 merchants in one action."""
    s = turn_position(game, round=0, active="athens")
    set_goods(s, "athens", wood=4)
    play(game, s, "merchants Athinae", "pay wood", "pay wood", "pay wood", "pay wood")
    assert s.merchants_port[0] == 5
    assert pop(game, s, "Athinae") == 1


def test_merchants_limited_to_the_pieces_in_the_box(game: PolisGame) -> None:
    """R-ACT-MERCHANTS-6, R-COMP-5 [2020] / R-COMP-6 [2012]: with all 8 merchants in play none can be built."""
    s = turn_position(game, round=1, active="athens")
    s.merchants_port[0] += s.merchants_supply[0]
    s.merchants_supply[0] = 0
    assert_illegal(game, s, "merchants Athinae", "R-ACT-MERCHANTS-6", listed=False)
    s.merchants_port[0] -= 1
    s.merchants_supply[0] = 1
    play(game, s, "merchants Athinae", "pay wood")
    assert s.pending is None and s.merchants_port[0] == 8


def test_empty_cube_supply_never_blocks_hoplites_or_galleys(game: PolisGame) -> None:
    """R-COMP-8: the cubes come from the polis card."""
    s = turn_position(game, round=1, active="sparta")
    s.supply_cubes[1] = 0
    play(game, s, "hoplites Sparti", "pay iron", "galleys Pylos", "pay wood IonionPelagos")
    assert units(game, s, "Lakedaemon", "sparta") == 4
    assert units(game, s, "IonionPelagos", "sparta") == 2
