"""End of round (R-EOR-*), preparation of the next round (R-PREP-*) and EX-20, rule by rule.

Positions start from :func:`kleos.games.polis.positions.turn_position`; both players pass and the
end-of-round decisions are made in notation (``feed``, ``release <polis>``, ``grow <polis>``, ``done``,
``phoros <n>``, ``discard <tile>``; chance ``project <tile>``). The games load an empty event file, so
the next round's start never depends on the event cards being written elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from rules_helpers import polis, rejects, tile

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round, trade
from kleos.games.polis.state import END_OF_ROUND, OVER, ROUND_START, TURN, PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA
from step_cap import StepCap


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("no_events")
    (folder / "events.json").write_text('{"decks": []}', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def g20(data_dir: Path) -> PolisGame:
    return PolisGame("2020", data_dir)


@pytest.fixture(scope="module")
def g12(data_dir: Path) -> PolisGame:
    return PolisGame("2012", data_dir)


# ----- helpers ---------------------------------------------------------------------------------
def position(game: PolisGame, *, round: int = 0, first: str = "athens",
             projects: tuple[str, ...] = ()) -> PolisState:
    """The starting set-up at the turn of ``first``, who will pass first."""
    return pos.turn_position(game, round=round, active=first, projects=projects)


def need(s: PolisState, side: int) -> int:
    return end_of_round.requirement(s, side)


def feedable(s: PolisState, athens: int = 0, sparta: int = 0) -> None:
    """Give each side exactly its food requirement in wheat, plus ``athens`` / ``sparta`` more."""
    pos.set_goods(s, ATHENS, wheat=need(s, ATHENS) + athens)
    pos.set_goods(s, SPARTA, wheat=need(s, SPARTA) + sparta)


def both_pass(game: PolisGame, s: PolisState) -> None:
    pos.play(game, s, "pass", "pass")
    assert s.phase in (END_OF_ROUND, OVER)


def answer(game: PolisGame, s: PolisState, step: int, text: str) -> None:
    """Answer ``text`` to every decision of end-of-round step ``step`` (e.g. growth: ``done``)."""
    cap = StepCap("s.phase == END_OF_ROUND and s.eor_step == step and not game.is_chance(s)")
    while s.phase == END_OF_ROUND and s.eor_step == step and not game.is_chance(s) and cap():
        pos.play(game, s, text)


def to_phoros(game: PolisGame, s: PolisState) -> None:
    both_pass(game, s)
    answer(game, s, end_of_round.GROW, "done")
    assert s.eor_step == end_of_round.PHOROS


def draw_projects(game: PolisGame, s: PolisState, tiles: Sequence[str] = ()) -> list[str]:
    """Resolve the pending project draws, with ``tiles`` first; returns the tiles drawn."""
    drawn: list[str] = []
    wanted = list(tiles)
    cap = StepCap("game.is_chance(s) and s.chance == 'project'")
    while game.is_chance(s) and s.chance == "project" and cap():
        action = Action("project", (wanted.pop(0),)) if wanted else game.sample_chance(s)
        game.apply_in_place(s, action)
        drawn.append(str(action.args[0]))
    return drawn


def wheat(s: PolisState, side: int) -> int:
    return pos.goods_of(s, side)["wheat"]


# ----- 11.1 structure ----------------------------------------------------------------------------
def test_2020_steps_in_order_first_passer_first(g20: PolisGame) -> None:
    """R-EOR-2, R-EOR-3 [2020]: feeding, growth (first passer Athens, then Sparta), Megalopolis counting
    the new cubes, spoilage of what growth left, Phoros, then the preparation (5 tiles drawn, the player
    with less prestige removes one)."""
    s = position(g20, first="athens")
    feedable(s, athens=3, sparta=2)
    pos.set_goods(s, ATHENS, wine=5)
    both_pass(g20, s)
    assert s.first_passer == ATHENS
    assert (wheat(s, ATHENS), wheat(s, SPARTA)) == (3, 2)  # fed in wheat
    assert g20.actors(s) == (ATHENS,) and s.eor_step == end_of_round.GROW
    pos.play(g20, s, "grow Chalkis", "done")
    assert g20.actors(s) == (SPARTA,)
    pos.play(g20, s, "grow Sparti", "done")
    assert s.eor_step == end_of_round.PHOROS and g20.actors(s) == (ATHENS,)
    assert s.prestige == [4, 4]  # Megalopolis: Chalkis 2 > 1, Sparti 5 > 4
    assert pos.goods_of(s, ATHENS) == {"iron": 4, "wood": 4, "wine": 3, "oil": 0, "silver": 0, "wheat": 1}
    assert pos.goods_of(s, SPARTA) == {"iron": 4, "wood": 4, "wine": 2, "oil": 0, "silver": 4, "wheat": 1}
    pos.play(g20, s, "phoros 2")
    assert g20.actors(s) == (SPARTA,)
    pos.play(g20, s, "phoros 0")
    assert s.prestige == [2, 4] and pos.goods_of(s, ATHENS)["silver"] == 3
    assert len(draw_projects(g20, s)) == 5
    assert g20.actors(s) == (ATHENS,) and s.eor_step == end_of_round.DISCARD
    pos.play(g20, s, str(g20.legal_actions(s)[0]))
    assert s.phase == TURN and s.round == 1 and s.active == ATHENS


def test_2012_phases_in_order_first_passer_first(g12: PolisGame) -> None:
    """R-EOR-2, R-EOR-4 [2012]: six phases, the first passer (Sparta) first in each, then the
    preparation, after which the next round starts by revealing 3 tiles (R-PREP-14)."""
    s = position(g12, first="sparta")
    feedable(s)
    pos.set_goods(s, ATHENS, oil=5)
    both_pass(g12, s)
    assert s.first_passer == SPARTA and s.eor_step == end_of_round.PHOROS
    assert g12.actors(s) == (SPARTA,)
    assert pos.goods_of(s, ATHENS)["oil"] == 3 and pos.goods_of(s, SPARTA)["wine"] == 2
    pos.play(g12, s, "phoros 3")
    assert g12.actors(s) == (ATHENS,)
    pos.play(g12, s, "phoros 0")
    assert s.prestige == [4, 1] and pos.goods_of(s, SPARTA)["silver"] == 7
    assert s.round == 1 and s.phase == ROUND_START and s.chance == "project"
    assert len(draw_projects(g12, s)) == 3
    assert s.phase == TURN and s.active == SPARTA  # R-ROUND-9: less prestige starts


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_the_last_round_ends_after_megalopolis(edition: str, g20: PolisGame, g12: PolisGame) -> None:
    """R-EOR-5, R-END-6 (A-32): in the last round no spoilage, no Phoros and no preparation: the game
    ends after Megalopolis with final scores."""
    game = g20 if edition == "2020" else g12
    s = position(game, round=game.tables.last_round)
    feedable(s)
    pos.set_goods(s, ATHENS, wine=5)
    both_pass(game, s)
    assert s.phase == OVER and s.outcome is not None and s.outcome.reason in ("score", "goods_tiebreak", "shared")
    assert pos.goods_of(s, ATHENS)["wine"] == 5
    assert s.outcome.scores == (s.prestige[ATHENS] + 8, s.prestige[SPARTA] + 7)


# ----- 11.2 step 1: projects ---------------------------------------------------------------------
def test_projects_complete_and_pay_round_prestige_to_the_owner(g20: PolisGame) -> None:
    """R-EOR-6, R-EOR-7, R-EOR-8, R-ACT-PROJECT-8: projects started this round are completed in owned and
    neutral poleis; the owner gains the round prestige (not the posterity), a neutral polis's is lost."""
    s = position(g20, first="sparta", projects=("Theatre", "Ephebe"))
    pos.set_goods(s, ATHENS, silver=1)
    thibae = polis(g20, "Thibae")
    s.project_started[thibae] = tile(g20, "TheatreWithEpiskenion")  # started before Thibae turned neutral
    feedable(s)
    pos.play(g20, s, "project Ephebe Sparti", "pass")
    pos.play(g20, s, "project Theatre Athinae", "toll wine", "pass")
    assert s.eor_step == end_of_round.PHOROS
    assert s.prestige == [3 + 2, 3 + 1]
    assert s.projects_done[polis(g20, "Athinae")] == (tile(g20, "Theatre"),)
    assert s.projects_done[polis(g20, "Sparti")] == (tile(g20, "Ephebe"),)
    assert s.projects_done[thibae] == (tile(g20, "TheatreWithEpiskenion"),)
    assert all(t == -1 for t in s.project_started)


def test_2012_phidias_gives_half_of_athinaes_population(g12: PolisGame) -> None:
    """R-EOR-7, R-ACT-PROJECT-10 [2012]: Phidias's round prestige is half Athinae's population, rounded up."""
    s = position(g12, first="sparta")
    pos.set_polis(g12, s, "Athinae", "athens", 7)
    s.project_started[polis(g12, "Athinae")] = tile(g12, "Phidias")
    feedable(s)
    to_phoros(g12, s)
    assert s.prestige[ATHENS] == 4 + 4 + 1  # ceil(7 / 2) = 4, and Megalopolis for 7 > 5


# ----- 11.3 step 2: feeding ------------------------------------------------------------------------
def test_enough_wheat_pays_exactly_the_population(g20: PolisGame) -> None:
    """R-EOR-9, R-EOR-10: the requirement is the cubes on the polis cards (units on the map do not eat);
    with enough wheat exactly that is paid, no prestige, no polis released, no decision asked."""
    s = position(g20, first="athens")
    pos.set_units(g20, s, "Boiotia", 3, 3)
    assert need(s, ATHENS) == 5 + 1 + 2 and need(s, SPARTA) == 4 + 2 + 1
    feedable(s, athens=2)
    both_pass(g20, s)
    assert s.eor_step == end_of_round.GROW and g20.actors(s) == (ATHENS,)
    assert wheat(s, ATHENS) == 2 and wheat(s, SPARTA) == 0
    assert s.prestige == [3, 3] and s.owner[polis(g20, "Chios")] == ATHENS
    rejects(g20, s, "release Chios", "R-EOR-16")


def test_a_shortfall_offers_prestige_or_releasing(g20: PolisGame) -> None:
    """R-EOR-11, R-EOR-14, R-EOR-15: with 4 wheat for 8 cubes Athens may feed (prestige for the rest)
    or release a polis other than his capital; nothing else (no single cubes)."""
    s = position(g20, first="athens")
    pos.set_prestige(s, ATHENS, 5)
    both_pass(g20, s)
    assert g20.actors(s) == (ATHENS,) and s.eor_step == end_of_round.FEED
    assert set(map(str, g20.legal_actions(s))) == {"feed", "release Chalkis", "release Chios"}
    rejects(g20, s, "release Athinae", "R-EOR-15")
    rejects(g20, s, "release Pylos", "R-EOR-12")
    rejects(g20, s, "grow Athinae", "R-EOR-11")


def test_feeding_spends_all_wheat_then_prestige(g20: PolisGame) -> None:
    """R-EOR-13, R-EOR-14 (A-22): ``feed`` pays the 4 wheat and 4 prestige; no cube leaves a polis."""
    s = position(g20, first="athens")
    pos.set_prestige(s, ATHENS, 5)
    both_pass(g20, s)
    pops = s.pop[:]
    pos.play(g20, s, "feed")
    assert wheat(s, ATHENS) == 0 and s.prestige[ATHENS] == 1
    assert s.pop == pops
    assert g20.actors(s) == (SPARTA,) and s.eor_step == end_of_round.FEED


def test_feeding_with_prestige_needs_enough_prestige(g20: PolisGame) -> None:
    """R-EOR-11, R-END-1: 4 wheat and 3 prestige cannot feed 8 cubes: ``feed`` is refused, releasing is not."""
    s = position(g20, first="athens")
    both_pass(g20, s)
    rejects(g20, s, "feed", "R-END-1")
    assert set(map(str, g20.legal_actions(s))) == {"release Chalkis", "release Chios"}


def test_releasing_lowers_the_requirement_until_wheat_covers_it(g20: PolisGame) -> None:
    """R-EOR-12, R-MAP-21 (A-22 b): releasing Chios (2 cubes) brings 8 down to 6 = Athens' wheat: the rest
    is paid in wheat at once; Chios turns neutral, its cubes and disc go home; Sparta feeds next."""
    s = position(g20, first="athens")
    pos.set_goods(s, ATHENS, wheat=6)
    cubes, discs = s.supply_cubes[ATHENS], s.supply_discs[ATHENS]
    both_pass(g20, s)
    pos.play(g20, s, "release Chios")
    chios = polis(g20, "Chios")
    assert s.owner[chios] == NO_ONE and s.pop[chios] == 0
    assert s.supply_cubes[ATHENS] == cubes + 2 and s.supply_discs[ATHENS] == discs + 1
    assert wheat(s, ATHENS) == 0 and s.prestige[ATHENS] == 3
    assert g20.actors(s) == (SPARTA,) and s.eor_step == end_of_round.FEED


def test_releases_go_one_at_a_time_while_short(g20: PolisGame) -> None:
    """R-EOR-12, R-EOR-13 (A-22 c): after releasing Chalkis Athens is still short (7 > 4) and chooses
    again; he may then pay the rest in prestige."""
    s = position(g20, first="athens")
    both_pass(g20, s)
    pos.play(g20, s, "release Chalkis")
    assert g20.actors(s) == (ATHENS,) and s.eor_step == end_of_round.FEED
    assert set(map(str, g20.legal_actions(s))) == {"feed", "release Chios"}
    pos.play(g20, s, "feed")
    assert wheat(s, ATHENS) == 0 and s.prestige[ATHENS] == 0


# ----- 11.4 step 3: growth ------------------------------------------------------------------------
def test_ex20_sparti_grows_at_most_three_a_round(g20: PolisGame) -> None:
    """EX-20, R-EOR-16, R-EOR-17: Sparti (base 4, growth 3, maximum 8) with 4 cubes grows by 3 cubes for
    3 wheat, and no more this round."""
    s = position(g20, first="sparta")
    feedable(s, sparta=5)
    both_pass(g20, s)
    assert g20.actors(s) == (SPARTA,) and s.eor_step == end_of_round.GROW
    supply = s.supply_cubes[SPARTA]
    pos.play(g20, s, "grow Sparti", "grow Sparti", "grow Sparti")
    sparti = polis(g20, "Sparti")
    assert s.pop[sparti] == 7 and wheat(s, SPARTA) == 2 and s.supply_cubes[SPARTA] == supply - 3
    assert Action("grow", ("Sparti",)) not in g20.legal_actions(s)
    rejects(g20, s, "grow Sparti", "R-EOR-17")


def test_ex20_sparti_with_seven_cubes_grows_by_one(g20: PolisGame) -> None:
    """EX-20, R-EOR-17: with 7 cubes Sparti can grow by only 1 (maximum population 8)."""
    s = position(g20, first="sparta")
    pos.set_polis(g20, s, "Sparti", "sparta", 7)
    feedable(s, sparta=5)
    both_pass(g20, s)
    pos.play(g20, s, "grow Sparti")
    assert s.pop[polis(g20, "Sparti")] == 8
    rejects(g20, s, "grow Sparti", "R-EOR-17")


def test_growth_is_optional(g20: PolisGame) -> None:
    """R-EOR-16: ``done`` without growing keeps the wheat; a polis of the opponent cannot grow."""
    s = position(g20, first="sparta")
    feedable(s, sparta=3)
    both_pass(g20, s)
    rejects(g20, s, "grow Athinae", "R-EOR-16")
    pos.play(g20, s, "done")
    assert wheat(s, SPARTA) == 2 and s.pop[polis(g20, "Sparti")] == 4  # 3 kept, then spoilage: 2


def test_growth_needs_cubes_in_the_supply(g20: PolisGame) -> None:
    """R-EOR-18, R-COMP-4: with one cube in his supply Sparta grows once, then the step ends by itself;
    with none he is not asked at all."""
    s = position(g20, first="sparta")
    feedable(s, sparta=3)
    s.supply_cubes[SPARTA] = 1
    both_pass(g20, s)
    assert g20.actors(s) == (SPARTA,) and s.eor_step == end_of_round.GROW
    pos.play(g20, s, "grow Sparti")
    assert s.eor_step == end_of_round.PHOROS and s.supply_cubes[SPARTA] == 0
    assert s.pop[polis(g20, "Sparti")] == 5 and wheat(s, SPARTA) == 1  # 2 left, then spoilage
    s = position(g20, first="sparta")
    feedable(s, sparta=3)
    s.supply_cubes[SPARTA] = 0
    both_pass(g20, s)
    assert s.eor_step == end_of_round.PHOROS
    assert s.pop[polis(g20, "Sparti")] == 4 and wheat(s, SPARTA) == 2


# ----- 11.5 step 4: Megalopolis -------------------------------------------------------------------
def test_megalopolis_one_prestige_per_polis_above_base(g20: PolisGame) -> None:
    """R-EOR-19: Sparti 5 (base 4) and Pylos 3 (base 2) give Sparta 2; Gythion at its base and Athens'
    poleis at their bases give nothing."""
    s = position(g20, first="sparta")
    pos.set_polis(g20, s, "Sparti", "sparta", 5)
    pos.set_polis(g20, s, "Pylos", "sparta", 3)
    feedable(s)
    to_phoros(g20, s)
    assert s.prestige == [3, 5]


# ----- 11.6 step 5: spoilage ----------------------------------------------------------------------
@pytest.mark.parametrize(("before", "after"), [(0, 0), (1, 1), (3, 2), (5, 3), (7, 4)])
@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_spoilage_keeps_half_rounded_up(edition: str, before: int, after: int, g20: PolisGame,
                                        g12: PolisGame) -> None:
    """R-EOR-20, R-EOR-21, R-EOR-22, R-GEN-7 (A-1): wine and wheat ([2012] also oil) keep ceil(x / 2);
    iron, wood and silver keep everything ([2012]: 5 -> 3, not the printed German 5 -> 2)."""
    game = g20 if edition == "2020" else g12
    s = position(game, first="athens")
    feedable(s, athens=before)
    pos.set_goods(s, ATHENS, wine=before, oil=before, iron=before, wood=before, silver=before)
    to_phoros(game, s)
    goods = pos.goods_of(s, ATHENS)
    assert goods["wine"] == after and goods["wheat"] == after
    assert goods["oil"] == (after if edition == "2012" else before)
    assert (goods["iron"], goods["wood"], goods["silver"]) == (before, before, before)


# ----- 11.7 step 6: Phoros ------------------------------------------------------------------------
def test_phoros_is_optional(g20: PolisGame) -> None:
    """R-EOR-23: ``phoros 0`` changes nothing."""
    s = position(g20, first="athens")
    feedable(s)
    to_phoros(g20, s)
    before = s.copy()
    pos.play(g20, s, "phoros 0")
    assert s.prestige == before.prestige and s.goods == before.goods


def test_2020_phoros_one_for_one_or_two_for_three(g20: PolisGame) -> None:
    """R-EOR-25 [2020]: at most one option: 1 prestige for 1 silver or 2 prestige for 3 silver."""
    s = position(g20, first="athens")
    feedable(s)
    to_phoros(g20, s)
    assert set(map(str, g20.legal_actions(s))) == {"phoros 0", "phoros 1", "phoros 2"}
    rejects(g20, s, "phoros 3", "R-EOR-25")
    rejects(g20, s, "phoros", "R-EOR-23")
    pos.play(g20, s, "phoros 2")
    assert s.prestige[ATHENS] == 1 and pos.goods_of(s, ATHENS)["silver"] == 3
    pos.play(g20, s, "phoros 1")
    assert s.prestige[SPARTA] == 2 and pos.goods_of(s, SPARTA)["silver"] == 5


def test_2020_phoros_needs_a_polis_besides_the_capital(g20: PolisGame) -> None:
    """R-EOR-24 [2020]: Sparta, owning only Sparti, is not asked; the preparation follows Athens' Phoros."""
    s = position(g20, first="athens")
    pos.set_polis(g20, s, "Pylos", None)
    pos.set_polis(g20, s, "Gythion", None)
    feedable(s)
    to_phoros(g20, s)
    pos.play(g20, s, "phoros 0")
    assert s.chance == "project" and s.eor_step == end_of_round.DISCARD
    assert end_of_round.phoros_options(g20.tables, s, SPARTA) == []


def test_2012_phoros_any_number_one_silver_each(g12: PolisGame) -> None:
    """R-EOR-26 [2012] (A-16): any number up to his prestige, 1 silver each, even owning only the capital."""
    s = position(g12, first="sparta")
    pos.set_polis(g12, s, "Pylos", None)
    pos.set_polis(g12, s, "Gythion", None)
    feedable(s)
    to_phoros(g12, s)
    assert g12.actors(s) == (SPARTA,)
    assert {str(a) for a in g12.legal_actions(s)} == {f"phoros {n}" for n in range(5)}
    rejects(g12, s, "phoros 5", "R-EOR-26")
    pos.play(g12, s, "phoros 3")
    assert s.prestige[SPARTA] == 1 and pos.goods_of(s, SPARTA)["silver"] == 4 + 3


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_phoros_down_to_zero_loses(edition: str, g20: PolisGame, g12: PolisGame) -> None:
    """R-EOR-27, R-EOR-28, R-END-3, R-END-4: Phoros may take Athens to 0 prestige; the check after Phoros
    ends the game before the preparation, and Sparta wins."""
    game = g20 if edition == "2020" else g12
    s = position(game, first="athens")
    pos.set_prestige(s, ATHENS, 2)
    feedable(s)
    to_phoros(game, s)
    pos.play(game, s, "phoros 2", "phoros 0")
    assert s.phase == OVER and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner) == ("ostracism", SPARTA)
    assert s.chance is None and s.round == 0


def test_zero_prestige_is_checked_once_after_the_steps(g20: PolisGame) -> None:
    """R-EOR-28 (A-23): Athens pays his last prestige in feeding, but Megalopolis gives 1 back before
    the check: he does not lose."""
    s = position(g20, first="athens")
    pos.set_polis(g20, s, "Chios", "athens", 3)
    pos.set_goods(s, ATHENS, wheat=need(s, ATHENS) - 3)
    pos.set_goods(s, SPARTA, wheat=need(s, SPARTA))
    both_pass(g20, s)
    assert s.prestige[ATHENS] == 3
    pos.play(g20, s, "feed")  # 6 wheat and 3 prestige: 0 left, then +1 for Chios (3 > 2)
    assert s.prestige[ATHENS] == 1 and s.outcome is None
    pos.play(g20, s, "phoros 0", "phoros 0")
    assert s.outcome is None and s.chance == "project"


# ----- 12.1 preparation [2020] -----------------------------------------------------------------------
def _marked_position(game: PolisGame, first: str = "athens") -> PolisState:
    """Tribute and siege discs, a merchant on a market, three tiles face up and not started; Sparta owns
    neither of his commercial poleis."""
    s = position(game, first=first, projects=("Theatre", "Ephebe", "Socrates"))
    t = game.tables
    s.tribute_disc[t.region_index["Attika"]] = ATHENS
    s.supply_discs[ATHENS] -= 1
    if t.rules.siege_discs:
        s.siege_discs[polis(game, "Thibae") * 2 + SPARTA] = 2
        s.supply_discs[SPARTA] -= 2
    s.slot_merchant[0] = SPARTA
    s.merchants_port[SPARTA] -= 1
    pos.set_polis(game, s, "Pylos", None)
    pos.set_polis(game, s, "Gythion", None)
    feedable(s)
    return s


def test_2020_preparation_resets_the_board(g20: PolisGame) -> None:
    """R-PREP-2, R-PREP-3, R-PREP-5, R-PREP-6 [2020]: the end-of-round marker goes back, tribute and siege
    discs go home, merchants return to their ports (Sparta owning neither commercial polis), unstarted
    tiles leave the game."""
    s = _marked_position(g20)
    discs = list(s.supply_discs)
    old = [tile(g20, n) for n in ("Theatre", "Ephebe", "Socrates")]
    to_phoros(g20, s)
    assert s.eor_marker == SPARTA  # R-TURN-9: Athens passed first
    pos.play(g20, s, "phoros 0")  # Sparta, owning only Sparti, has no Phoros (R-EOR-24)
    assert s.eor_marker == NO_ONE
    assert s.tribute_disc == [NO_ONE] * g20.tables.n_territories
    assert s.siege_discs == [0] * len(s.siege_discs)
    assert s.supply_discs == [discs[ATHENS] + 1, discs[SPARTA] + 2]
    assert s.slot_merchant == [NO_ONE] * len(g20.tables.slots) and s.merchants_port == [1, 1]
    assert not set(old) & set(s.project_pile) and not set(old) & set(s.projects_face_up)
    draw_projects(g20, s)
    assert not set(old) & set(s.projects_face_up)
    pos.play(g20, s, str(g20.legal_actions(s)[0]))
    assert s.phase == TURN and s.round == 1
    violation = trade.check(g20.tables, s, SPARTA, Action.parse("trade Persia 1 wine"))
    assert violation is not None and violation[0] == "R-ACT-TRADE-2"


def test_2020_round_marker_and_market_cargoes(g20: PolisGame) -> None:
    """R-PREP-1, R-PREP-4 (A-17) [2020]: Alfa becomes Épsilon, then Omega; with the cover cubes gone a
    cargo of 4 becomes available in Épsilon (and 5 in Omega)."""
    s = position(g20, first="athens")
    persia4 = Action.parse("trade Persia 2 wine")
    persia5 = Action.parse("trade Persia 3 wine")
    violation = trade.check(g20.tables, s, ATHENS, persia4)
    assert violation is not None and violation[0] == "R-ACT-TRADE-5"
    feedable(s)
    to_phoros(g20, s)
    pos.play(g20, s, "phoros 0", "phoros 0")
    draw_projects(g20, s)
    pos.play(g20, s, str(g20.legal_actions(s)[0]))
    assert g20.tables.round_names[s.round] == "Epsilon" and s.round == 1
    violation = trade.check(g20.tables, s, ATHENS, persia4)
    assert violation is None or violation[0] != "R-ACT-TRADE-5"
    violation = trade.check(g20.tables, s, ATHENS, persia5)
    assert violation is not None and violation[0] == "R-ACT-TRADE-5"
    feedable(s)
    pos.play(g20, s, "pass", "pass")
    answer(g20, s, end_of_round.GROW, "done")
    answer(g20, s, end_of_round.PHOROS, "phoros 0")
    draw_projects(g20, s)
    answer(g20, s, end_of_round.DISCARD, str(g20.legal_actions(s)[0]))
    assert g20.tables.round_names[s.round] == "Omega" and s.round == 2
    violation = trade.check(g20.tables, s, ATHENS, persia5)
    assert violation is None or violation[0] != "R-ACT-TRADE-5"


@pytest.mark.parametrize(("first", "prestige", "remover"), [
    ("athens", (3, 3), ATHENS), ("sparta", (3, 3), SPARTA), ("athens", (4, 3), SPARTA), ("sparta", (2, 3), ATHENS),
])
def test_after_alfa_five_tiles_and_the_poorer_player_removes_one(
        g20: PolisGame, first: str, prestige: tuple[int, int], remover: int) -> None:
    """R-PREP-7 [2020]: after Alfa 5 tiles are drawn; the player with less prestige (tie: the first
    passer) removes one from the game; 4 remain for Épsilon (R-ROUND-6: no draw at round start)."""
    s = position(g20, first=first)
    pos.set_prestige(s, ATHENS, prestige[0])
    pos.set_prestige(s, SPARTA, prestige[1])
    feedable(s)
    to_phoros(g20, s)
    pos.play(g20, s, "phoros 0", "phoros 0")
    pile = len(s.project_pile)
    drawn = draw_projects(g20, s, ["Socrates", "Myron", "Ephebe", "Theatre", "IsthmianGames"])
    assert len(drawn) == 5 and len(s.project_pile) == pile - 5
    assert g20.actors(s) == (remover,)
    rejects(g20, s, "discard TempleOfZeus", "R-PREP-7")
    before = s.copy()
    with pytest.raises(IllegalAction):
        g20.apply_in_place(s, Action.parse("discard Myron"), 1 - remover)
    assert s == before
    pos.play(g20, s, "discard Myron")
    assert s.round == 1 and s.phase == TURN
    assert sorted(s.projects_face_up) == sorted(tile(g20, n) for n in ("Socrates", "Ephebe", "Theatre",
                                                                        "IsthmianGames"))
    assert tile(g20, "Myron") not in s.project_pile


def test_after_epsilon_the_last_six_tiles_and_one_is_removed(g20: PolisGame) -> None:
    """R-PREP-8, R-ROUND-6 [2020]: after Épsilon the remaining 6 tiles are all placed face up; one is
    removed and 5 remain for Omega."""
    s = position(g20, round=1, first="athens", projects=("Socrates", "Myron", "Ephebe", "Theatre"))
    rest = ["TempleOfZeus", "TempleOfApollo", "StatueOfAphrodite", "EleusinianMysteries", "NemeanGames",
            "IsthmianGames"]
    s.project_pile = [tile(g20, n) for n in rest]  # the others left the game after Alfa
    feedable(s)
    to_phoros(g20, s)
    pos.play(g20, s, "phoros 0", "phoros 0")
    assert len(draw_projects(g20, s)) == 6 and s.project_pile == []
    assert sorted(s.projects_face_up) == sorted(tile(g20, n) for n in rest)
    pos.play(g20, s, "discard NemeanGames")
    assert s.round == 2 and s.phase == TURN and len(s.projects_face_up) == 5


def test_the_remover_is_chosen_on_prestige_after_phoros(g20: PolisGame) -> None:
    """R-PREP-9 [2020]: Athens (4) has more prestige than Sparta (3) until his Phoros of 2 leaves him 2:
    then Athens removes the tile."""
    s = position(g20, first="sparta")
    pos.set_prestige(s, ATHENS, 4)
    feedable(s)
    to_phoros(g20, s)
    pos.play(g20, s, "phoros 0", "phoros 2")
    draw_projects(g20, s)
    assert s.prestige == [2, 3] and g20.actors(s) == (ATHENS,)


# ----- 12.2 preparation [2012] -----------------------------------------------------------------------
def test_2012_preparation(g12: PolisGame) -> None:
    """R-PREP-10, R-PREP-11, R-PREP-12, R-PREP-13, R-PREP-14 [2012]: the round marker advances (10),
    tribute discs go home (11), merchants return to their ports even if Sparta owns neither Pylos nor
    Gythion (12), unstarted tiles leave the game (13); the next round reveals 3 new tiles, then the start
    player is chosen (14)."""
    s = _marked_position(g12, first="sparta")
    discs = s.supply_discs[ATHENS]
    old = [tile(g12, n) for n in ("Theatre", "Ephebe", "Socrates")]
    to_phoros(g12, s)
    pos.play(g12, s, "phoros 0", "phoros 1")
    assert s.round == 1 and g12.tables.round_names[s.round] == "4"
    assert s.tribute_disc == [NO_ONE] * g12.tables.n_territories and s.supply_discs[ATHENS] == discs + 1
    assert s.slot_merchant == [NO_ONE] * len(g12.tables.slots) and s.merchants_port == [1, 1]
    assert s.phase == ROUND_START and s.projects_face_up == []
    assert not set(old) & set(s.project_pile)
    assert len(draw_projects(g12, s)) == 3 and len(s.projects_face_up) == 3
    assert s.phase == TURN and s.active == ATHENS  # Athens 3 < Sparta 4 after Phoros (R-ROUND-9)
