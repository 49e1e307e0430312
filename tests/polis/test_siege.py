"""Besiege a polis: R-ACT-SIEGE-*, R-COMP-9/11/12, examples EX-7 … EX-10.

Thibae (Boiotia, fortification 3, no port) and Naupaktos (Thessalia, fortification 1) are the usual
targets. Each test clears the board's units first and places only those it needs.
"""

from __future__ import annotations

from functools import partial

import pytest
from rules_helpers import EDITIONS, assert_illegal, polis, units
from rules_helpers import board as cleared_board

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_polis, set_units, side_index
from kleos.games.polis.state import END_OF_ROUND, PolisState
from step_cap import StepCap


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


# A cleared board (rules_helpers.board): 10 prestige each, goods to spare (wine left at its starting amount).
board = partial(cleared_board, prestige=10, goods={"iron": 10, "wood": 10, "silver": 10, "wheat": 20})


def owner_pop(game: PolisGame, s: PolisState, name: str) -> tuple[int, int]:
    p = polis(game, name)
    return s.owner[p], s.pop[p]


def discs(game: PolisGame, s: PolisState, name: str, side: int | str) -> int:
    """Siege discs of ``side`` on ``name`` [2020]."""
    return s.siege_discs[polis(game, name) * 2 + side_index(side)]


def filler(game: PolisGame, s: PolisState) -> None:
    """One action away from the test's regions: the proxenos steps to the other polis of its capital's
    territory; if the proxenos already moved this turn, the capital trains one hoplite at home."""
    t = game.tables
    side = s.active
    if "proxenos" not in s.turn_actions:
        home = t.region_ids[t.polis_territory[t.capital[side]]]
        other = {"Athinae": "Chalkis", "Chalkis": "Athinae", "Sparti": "Gythion", "Gythion": "Sparti"}
        play(game, s, "proxenos", f"via {home}", f"enter {other[t.polis_ids[s.proxenos[side]]]}")
        return
    play(game, s, f"hoplites {t.polis_ids[t.capital[side]]}", "pay iron")
    if s.pending is not None:
        play(game, s, "done")


def until_turn_of(game: PolisGame, s: PolisState, side: int) -> None:
    """Filler actions until ``side`` begins a new turn (the current turn is finished first)."""
    cap = StepCap("not (s.active == side and not s.turn_actions)")
    while not (s.active == side and not s.turn_actions) and cap():
        filler(game, s)


def disc_total(game: PolisGame, s: PolisState, side: int) -> int:
    """Every disc of a side: supply, owned poleis, tribute spaces, siege discs (R-COMP-12)."""
    owned = sum(1 for o in s.owner if o == side)
    tribute = sum(1 for d in s.tribute_disc if d == side)
    return s.supply_discs[side] + owned + tribute + sum(s.siege_discs[p * 2 + side] for p in range(len(s.owner)))


# ----- preconditions --------------------------------------------------------------------------------
def test_siege_costs_one_prestige(game: PolisGame) -> None:
    """R-ACT-SIEGE-1: paid when the siege is chosen, before the roll."""
    s = board(game, Boiotia=(3, 0))
    play(game, s, "siege Thibae")
    assert s.prestige[0] == 9 and s.chance is not None


def test_target_is_neutral_or_the_opponents(game: PolisGame) -> None:
    """R-ACT-SIEGE-2, R-ACT-SIEGE-32: nobody besieges his own polis, so a proxenos in a polis its owner's
    opponent owns can never be captured."""
    s = board(game, Attika=(3, 0), Messinia=(0, 3))
    assert_illegal(game, s, "siege Chalkis", "R-ACT-SIEGE-2", listed=False)
    s = board(game, active="sparta", Messinia=(0, 3))
    s.proxenos[0] = polis(game, "Pylos")
    assert_illegal(game, s, "siege Pylos", "R-ACT-SIEGE-2", listed=False)


def test_capitals_can_never_be_besieged(game: PolisGame) -> None:
    """R-ACT-SIEGE-3, R-ACT-SIEGE-32, R-MAP-25: not even with 5 hoplites and the proxenos inside."""
    s = board(game, round=2, Lakedaemon=(5, 0))
    assert s.proxenos[1] == polis(game, "Sparti")
    assert_illegal(game, s, "siege Sparti", "R-ACT-SIEGE-3", listed=False)
    s = board(game, round=2, active="sparta", Attika=(0, 5))
    assert_illegal(game, s, "siege Athinae", "R-ACT-SIEGE-3", listed=False)


def test_epidamnos_and_abdera_can_never_be_besieged(game: PolisGame) -> None:
    """R-ACT-SIEGE-4."""
    s = board(game)
    assert_illegal(game, s, "siege Epidamnos", "R-ACT-SIEGE-4", listed=False)
    assert_illegal(game, s, "siege Abdera", "R-ACT-SIEGE-4", listed=False)


def test_besieger_must_control_the_territory(game: PolisGame) -> None:
    """R-ACT-SIEGE-5: 3 against 3 is no control."""
    s = board(game, Boiotia=(3, 3))
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-5", listed=False)


def test_hoplites_at_least_the_fortification(game: PolisGame) -> None:
    """R-ACT-SIEGE-6: Thibae (fortification 3) with only 1 cube left still needs 3 hoplites."""
    s = board(game, Boiotia=(2, 0))
    set_polis(game, s, "Thibae", "sparta", 1)
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-6", listed=False)
    set_units(game, s, "Boiotia", athens=3)
    play(game, s, "siege Thibae")


def test_korinthos_and_syrakousai_not_in_round_one(game: PolisGame) -> None:
    """R-ACT-SIEGE-6, R-STACK-1: fortification 4 needs 4 hoplites, more than N = 3 in round 1."""
    t = game.tables
    assert t.polis_base[polis(game, "Korinthos")] == 4 and t.polis_base[polis(game, "Syrakousai")] == 4
    s = board(game, round=0, Megaris=(3, 0), Sikelia=(3, 0))
    assert_illegal(game, s, "siege Korinthos", "R-ACT-SIEGE-6", listed=False)
    assert_illegal(game, s, "siege Syrakousai", "R-ACT-SIEGE-6", listed=False)


def test_supply_must_hold_the_cubes_to_place(game: PolisGame) -> None:
    """R-ACT-SIEGE-7, R-COMP-5/6: base population for a neutral polis, current population for the
    opponent's."""
    s = board(game, Boiotia=(3, 0))
    s.supply_cubes[0] = 2
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-7", listed=False)
    set_polis(game, s, "Thibae", "sparta", 2)
    play(game, s, "siege Thibae")


def test_besieger_needs_a_disc_2020() -> None:
    """R-ACT-SIEGE-8 [2020], R-COMP-5: no disc in the supply, no siege."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(3, 0))
    s.supply_discs[0] = 0
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-8", listed=False)


def test_discs_are_unlimited_2012() -> None:
    """R-COMP-7 [2012]: discs never block a siege."""
    game = PolisGame("2012")
    s = board(game, Boiotia=(3, 0))
    s.supply_discs[0] = 0
    play(game, s, "siege Thibae", "roll 4")
    assert owner_pop(game, s, "Thibae") == (0, 3)


# ----- resolution ------------------------------------------------------------------------------------
def test_fortification_one_needs_no_roll(game: PolisGame) -> None:
    """R-ACT-SIEGE-10, R-ACT-SIEGE-21, R-ACT-SIEGE-19: Naupaktos falls at once; 1 cube, +1 prestige."""
    s = board(game, Thessalia=(1, 0))
    play(game, s, "siege Naupaktos")
    assert s.chance is None and s.pending is None
    assert owner_pop(game, s, "Naupaktos") == (0, 1)
    assert s.prestige[0] == 10


@pytest.mark.parametrize("roll,success", [(1, False), (2, False), (3, True), (4, True)])
def test_success_when_the_roll_reaches_the_fortification(game: PolisGame, roll: int, success: bool) -> None:
    """R-ACT-SIEGE-9, R-ACT-SIEGE-11: a d4 against Thibae's 3, no siege disc yet."""
    s = board(game, Boiotia=(3, 0))
    play(game, s, "siege Thibae")
    assert [str(a) for a in game.legal_actions(s)] == ["roll 1", "roll 2", "roll 3", "roll 4"]
    play(game, s, f"roll {roll}")
    assert (s.owner[polis(game, "Thibae")] == 0) is success


def test_failure_against_a_neutral_polis(game: PolisGame) -> None:
    """R-ACT-SIEGE-12, R-ACT-SIEGE-16, R-ACT-SIEGE-25, R-COMP-9: one hoplite back to the supply; the
    neutral polis loses nothing; the other besiegers stay."""
    s = board(game, Boiotia=(4, 0))
    supply = s.supply_cubes[0]
    play(game, s, "siege Thibae", "roll 2")
    assert units(game, s, "Boiotia", 0) == 3
    assert s.supply_cubes[0] == supply + 1
    assert owner_pop(game, s, "Thibae") == (-1, 0)


def test_failure_leaves_no_mark_2012() -> None:
    """R-ACT-SIEGE-13 [2012]: no siege disc; R-ACT-SIEGE-9: a later roll of 2 fails again."""
    game = PolisGame("2012")
    s = board(game, Boiotia=(4, 0))
    play(game, s, "siege Thibae", "roll 2")
    assert discs(game, s, "Thibae", 0) == 0
    until_turn_of(game, s, 0)
    play(game, s, "siege Thibae", "roll 2")
    assert owner_pop(game, s, "Thibae") == (-1, 0)


def test_failure_places_a_siege_disc_2020() -> None:
    """R-ACT-SIEGE-14 [2020], R-COMP-12: a disc from the supply next to the polis, in place of the hoplite."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(4, 0))
    supply = s.supply_discs[0]
    play(game, s, "siege Thibae", "roll 1")
    assert discs(game, s, "Thibae", 0) == 1
    assert s.supply_discs[0] == supply - 1
    assert disc_total(game, s, 0) == 25


def test_failure_against_the_opponents_polis(game: PolisGame) -> None:
    """R-ACT-SIEGE-15, R-COMP-9: the opponent's polis loses one cube to its owner's supply."""
    s = board(game, Boiotia=(3, 0))
    set_polis(game, s, "Thibae", "sparta", 3)
    supply = s.supply_cubes[1]
    play(game, s, "siege Thibae", "roll 1")
    assert owner_pop(game, s, "Thibae") == (1, 2)
    assert s.supply_cubes[1] == supply + 1


def test_last_cube_lost_the_polis_rebels(game: PolisGame) -> None:
    """R-ACT-SIEGE-17, R-MAP-20, R-MAP-21, R-MAP-22: Thibae (1 cube) loses it and turns neutral with its
    finished project; its cube and disc go back to Sparta; the besieger does not gain it."""
    s = board(game, Boiotia=(3, 0))
    set_polis(game, s, "Thibae", "sparta", 1)
    theatre = game.tables.project_index["Theatre"]
    s.projects_done[polis(game, "Thibae")] = (theatre,)
    cubes, discs_before = s.supply_cubes[1], s.supply_discs[1]
    play(game, s, "siege Thibae", "roll 2")
    assert owner_pop(game, s, "Thibae") == (-1, 0)
    assert s.projects_done[polis(game, "Thibae")] == (theatre,)
    assert (s.supply_cubes[1], s.supply_discs[1]) == (cubes + 1, discs_before + 1)


def test_success_against_a_neutral_polis(game: PolisGame) -> None:
    """R-ACT-SIEGE-18, R-ACT-SIEGE-19, R-ACT-SIEGE-21, R-ACT-SIEGE-23, R-ACT-SIEGE-25: base population from
    the supply, disc on the map, prestige = fortification, besiegers stay."""
    s = board(game, Boiotia=(4, 0))
    cubes, disc_supply = s.supply_cubes[0], s.supply_discs[0]
    play(game, s, "siege Thibae", "roll 3")
    assert owner_pop(game, s, "Thibae") == (0, 3)
    assert (s.supply_cubes[0], s.supply_discs[0]) == (cubes - 3, disc_supply - 1)
    assert s.prestige[0] == 10 - 1 + 3
    assert units(game, s, "Boiotia", 0) == 4


def test_success_against_the_opponents_polis(game: PolisGame) -> None:
    """R-ACT-SIEGE-18, R-ACT-SIEGE-19, R-ACT-SIEGE-22, R-ACT-SIEGE-23, R-MAP-22: cubes swapped (2 for 2, from
    the supply, not the hoplites), discs swapped, prestige = fortification 3 (not the population 2), and
    the projects go with the card."""
    s = board(game, Boiotia=(3, 0))
    set_polis(game, s, "Thibae", "sparta", 2)
    theatre = game.tables.project_index["Theatre"]
    s.project_started[polis(game, "Thibae")] = theatre
    before = (s.supply_cubes[0], s.supply_cubes[1], s.supply_discs[0], s.supply_discs[1])
    play(game, s, "siege Thibae", "roll 4")
    assert owner_pop(game, s, "Thibae") == (0, 2)
    assert (s.supply_cubes[0], s.supply_cubes[1], s.supply_discs[0], s.supply_discs[1]) == (
        before[0] - 2, before[1] + 2, before[2] - 1, before[3] + 1)
    assert units(game, s, "Boiotia", 0) == 3
    assert s.prestige[0] == 10 - 1 + 3
    assert s.project_started[polis(game, "Thibae")] == theatre


def test_opponents_proxenos_is_captured(game: PolisGame) -> None:
    """R-ACT-SIEGE-20, R-COMP-11: Sparta's proxenos in neutral Thibae leaves the map, held by Athens (never
    on the map meanwhile), who is paid 2 silver when Sparta ransoms it to Sparti."""
    s = board(game, Boiotia=(3, 0))
    s.proxenos[1] = polis(game, "Thibae")
    play(game, s, "siege Thibae", "roll 3")
    assert s.proxenos[1] == -1
    assert s.proxenos[0] == polis(game, "Athinae")  # his own proxenos is untouched
    until_turn_of(game, s, 1)
    play(game, s, "ransom")
    assert s.proxenos[1] == polis(game, "Sparti")
    assert (goods_of(s, "sparta")["silver"], goods_of(s, "athens")["silver"]) == (8, 12)  # R-ACT-RANSOM-4


def test_a_failed_siege_may_be_tried_again_later(game: PolisGame) -> None:
    """R-ACT-SIEGE-26: after a failure, in a later turn, while the preconditions still hold."""
    s = board(game, Boiotia=(4, 0))
    play(game, s, "siege Thibae", "roll 1")
    until_turn_of(game, s, 0)
    play(game, s, "siege Thibae", "roll 4")
    assert owner_pop(game, s, "Thibae") == (0, 3)


def test_once_per_turn_even_after_the_opponents_pass_2012() -> None:
    """R-ACT-SIEGE-27 [2012] (A-12): the post-pass sequence is one turn, so a failed siege cannot be
    repeated in it."""
    game = PolisGame("2012")
    s = board(game, active="sparta", Boiotia=(4, 0))
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1")
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-27", listed=False)


def test_repeat_after_the_opponents_pass_2020() -> None:
    """R-ACT-SIEGE-27 is [2012] only: [2020] lets the remaining player besiege again at once."""
    game = PolisGame("2020")
    s = board(game, active="sparta", Boiotia=(4, 0))
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1", "siege Thibae", "toll wine", "roll 2")
    assert owner_pop(game, s, "Thibae") == (0, 3)  # 2 + 1 for the siege disc


# ----- siege discs [2020] -------------------------------------------------------------------------------
def test_siege_discs_count_in_the_whole_territory_2020() -> None:
    """R-ACT-SIEGE-9 [2020]: +1 per own siege disc in the territory (the rulebook's words, over the spec's
    A-10 default): a disc left at Chios helps at Samos."""
    game = PolisGame("2020")
    s = board(game, round=2, active="sparta", Ionia=(0, 4))
    play(game, s, "siege Chios", "roll 1")
    assert discs(game, s, "Chios", 1) == 1
    until_turn_of(game, s, 1)
    play(game, s, "siege Samos", "roll 2")
    assert s.owner[polis(game, "Samos")] == 1  # 2 + 1 >= 3


def test_siege_discs_count_only_for_their_polis_as_an_option_2020() -> None:
    """R-ACT-SIEGE-9 [2020] with A-10's siege_disc_scope=polis: a disc on Chios does not help at Samos."""
    game = PolisGame("2020", rules={"siege_disc_scope": "polis"})
    s = board(game, round=2, active="sparta", Ionia=(0, 4))
    play(game, s, "siege Chios", "roll 1")
    until_turn_of(game, s, 1)
    play(game, s, "siege Samos", "roll 2")
    assert s.owner[polis(game, "Samos")] == -1  # 2 < 3: the Chios disc does not count


def test_siege_discs_leave_with_the_last_hoplite_2020() -> None:
    """R-ACT-SIEGE-28 [2020] (A-11): the disc stays while one own hoplite remains, and goes home as soon as
    the last one leaves."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(3, 0))
    play(game, s, "siege Thibae", "roll 1")
    until_turn_of(game, s, 0)
    play(game, s, "march Attika", "from Boiotia")
    assert discs(game, s, "Thibae", 0) == 1
    play(game, s, "from Boiotia")
    assert discs(game, s, "Thibae", 0) == 0
    assert disc_total(game, s, 0) == 25


def test_opponents_siege_removes_siege_discs_2020() -> None:
    """R-ACT-SIEGE-29 [2020]: Sparta besieging the same neutral polis sends Athens' disc home at once,
    before the roll, whatever it shows."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(3, 0), Megaris=(0, 3))
    play(game, s, "siege Thibae", "roll 1")
    until_turn_of(game, s, 1)
    play(game, s, "march Boiotia", "from Megaris", "from Megaris", "from Megaris", "siege Thibae")
    assert discs(game, s, "Thibae", 0) == 0
    play(game, s, "roll 1")
    assert discs(game, s, "Thibae", 0) == 0 and discs(game, s, "Thibae", 1) == 1


def test_siege_discs_go_at_round_end_2020() -> None:
    """R-ACT-SIEGE-30 [2020] (R-PREP-3): every siege disc goes back to its owner when the round ends."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(3, 0))
    play(game, s, "siege Thibae", "roll 1", "pass")
    play(game, s, "pass")
    cap = StepCap("s.phase == END_OF_ROUND and s.chance is None")
    while s.phase == END_OF_ROUND and s.chance is None and cap():
        options = {str(a) for a in game.legal_actions(s)}
        play(game, s, next(a for a in ("done", "phoros 0", "feed") if a in options))
    assert not any(s.siege_discs)
    assert disc_total(game, s, 0) == 25


def test_success_takes_back_the_siege_discs_2020() -> None:
    """R-ACT-SIEGE-24 [2020]."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(4, 0))
    play(game, s, "siege Thibae", "roll 1")
    until_turn_of(game, s, 0)
    play(game, s, "siege Thibae", "roll 2")
    assert owner_pop(game, s, "Thibae") == (0, 3)
    assert discs(game, s, "Thibae", 0) == 0
    assert disc_total(game, s, 0) == 25


def test_civil_war_takes_back_the_siege_discs_2020() -> None:
    """R-ACT-SIEGE-31 [2020] (A-10): Athens fails at Thibae, then wins it by civil war: his disc comes back."""
    game = PolisGame("2020")
    s = board(game, Boiotia=(3, 0))
    s.proxenos[0] = polis(game, "Thibae")
    play(game, s, "siege Thibae", "roll 1", "stasis")
    assert owner_pop(game, s, "Thibae") == (0, 3)
    assert discs(game, s, "Thibae", 0) == 0
    assert disc_total(game, s, 0) == 25


# ----- worked examples ------------------------------------------------------------------------------------
def test_ex7_naupaktos(game: PolisGame) -> None:
    """EX-7, R-ACT-SIEGE-5/10/19/21/23: round 1, 2 Spartans in Thessalia; Athens moves 3 in (1 prestige),
    controls it, besieges Naupaktos (1 prestige): no roll, 1 cube, his disc, +1 prestige."""
    s = board(game, round=0, Attika=(3, 0), Thessalia=(0, 2))
    discs_before = s.supply_discs[0]
    play(game, s, "march Thessalia", "from Attika", "from Attika", "from Attika", "siege Naupaktos")
    assert s.chance is None
    assert owner_pop(game, s, "Naupaktos") == (0, 1)
    assert s.supply_discs[0] == discs_before - 1
    assert s.prestige[0] == 10 - 1 - 1 + 1


def test_ex8_thibae_with_a_siege_disc_2020() -> None:
    """EX-8 [2020], R-ACT-SIEGE-9/14/24: round 2; 3 hoplites to Boiotia, roll 2 fails (hoplite lost, siege
    disc placed); next turn 2 more (4 in all), roll 2 + 1 = 3 succeeds: 3 cubes, disc, +3, disc back."""
    game = PolisGame("2020")
    s = board(game, round=1, Attika=(3, 0), Thessalia=(2, 0))
    play(game, s, "march Boiotia", "from Attika", "from Attika", "from Attika", "done", "siege Thibae", "roll 2")
    assert units(game, s, "Boiotia", 0) == 2 and discs(game, s, "Thibae", 0) == 1
    until_turn_of(game, s, 0)
    play(game, s, "march Boiotia", "from Thessalia", "from Thessalia", "siege Thibae", "roll 2")
    assert owner_pop(game, s, "Thibae") == (0, 3)
    assert discs(game, s, "Thibae", 0) == 0
    assert units(game, s, "Boiotia", 0) == 4
    assert s.prestige[0] == 10 - 4 + 3


def test_ex9_thibae_without_siege_discs_2012() -> None:
    """EX-9 [2012], R-ACT-SIEGE-9/13: roll 2 fails (no disc); next turn 2 more hoplites, roll 3 succeeds."""
    game = PolisGame("2012")
    s = board(game, round=1, Attika=(3, 0), Thessalia=(2, 0))
    play(game, s, "march Boiotia", "from Attika", "from Attika", "from Attika", "done", "siege Thibae", "roll 2")
    assert units(game, s, "Boiotia", 0) == 2 and discs(game, s, "Thibae", 0) == 0
    until_turn_of(game, s, 0)
    play(game, s, "march Boiotia", "from Thessalia", "from Thessalia", "siege Thibae", "roll 3")
    assert owner_pop(game, s, "Thibae") == (0, 3)
    assert s.prestige[0] == 10 - 4 + 3


def ex10_board(game: PolisGame) -> PolisState:
    """EX-10: last round (N = 5); Athens owns Thibae (2 cubes, a Theatre under way), 2 hoplites in Boiotia;
    Sparta brings 4 hoplites from Lakedaemon and besieges."""
    s = board(game, round=game.tables.last_round, Boiotia=(2, 0), Lakedaemon=(0, 4))
    set_polis(game, s, "Thibae", "athens", 2)
    s.project_started[polis(game, "Thibae")] = game.tables.project_index["Theatre"]
    until_turn_of(game, s, 1)
    play(game, s, "march Boiotia", "from Lakedaemon", "from Lakedaemon", "from Lakedaemon", "from Lakedaemon",
         "siege Thibae")
    return s


def test_ex10_sparta_takes_athenian_thibae(game: PolisGame) -> None:
    """EX-10, R-ACT-SIEGE-18/19/22/23: roll 4: the card and its project change hands, 2 cubes swapped for 2,
    the disc replaced, +3 prestige (2 spent)."""
    s = ex10_board(game)
    cubes = (s.supply_cubes[0], s.supply_cubes[1])
    play(game, s, "roll 4")
    assert owner_pop(game, s, "Thibae") == (1, 2)
    assert (s.supply_cubes[0], s.supply_cubes[1]) == (cubes[0] + 2, cubes[1] - 2)
    assert s.project_started[polis(game, "Thibae")] == game.tables.project_index["Theatre"]
    assert s.prestige[1] == 10 - 2 + 3


@pytest.mark.parametrize("second_roll", [1, 3])
def test_ex10_failure_then_athens_loses_thibae_anyway(game: PolisGame, second_roll: int) -> None:
    """EX-10, R-ACT-SIEGE-15/17/26: roll 1 fails (Sparta 3 hoplites, Thibae 1 cube); a second siege next
    turn takes Thibae from Athens whatever the roll: success gives it to Sparta, failure makes it neutral."""
    s = ex10_board(game)
    play(game, s, "roll 1")
    assert units(game, s, "Boiotia", 1) == 3 and owner_pop(game, s, "Thibae") == (0, 1)
    until_turn_of(game, s, 1)
    play(game, s, "siege Thibae", f"roll {second_roll}")
    assert s.owner[polis(game, "Thibae")] == (1 if second_roll == 3 else -1)
    assert s.project_started[polis(game, "Thibae")] == game.tables.project_index["Theatre"]
