"""Map, control and poleis (R-MAP-12 … R-MAP-26), stacking (R-STACK-*) and component limits (R-COMP-5 … 12).

Several of these rules are also exercised by the action tests (test_create, test_movement, test_siege);
the tests here check what those do not: control itself, the diolkos for merchants and the proxenos,
the capitals, and piece conservation over seeded random playouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal_set, polis, units
from rules_helpers import board as cleared_board

from kleos.core.action import Action
from kleos.core.testing import Checks, random_playout, verb_policy
from kleos.games.polis.board import controller, controls, polis_population, stack_limit
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units, turn_position
from kleos.games.polis.state import BATTLES, END_OF_ROUND, TURN, PolisState
from kleos.games.polis.view import PolisView


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


# A cleared board (rules_helpers.board) with prestige and every good to spare.
board = partial(cleared_board, prestige=10, goods={"iron": 10, "wood": 10, "wine": 10, "silver": 10, "wheat": 20})


def region(game: PolisGame, name: str) -> int:
    return game.tables.region_index[name]


# ----- control --------------------------------------------------------------------------------------
@pytest.mark.parametrize("athens,sparta,who", [(0, 0, -1), (2, 2, -1), (3, 2, 0), (1, 4, 1), (0, 1, 1)])
def test_control_is_strictly_more_units(game: PolisGame, athens: int, sparta: int, who: int) -> None:
    """R-MAP-12, R-MAP-13: strictly more hoplites (territory) or galleys (sea); a tie, none included,
    is nobody's."""
    for name in ("Boiotia", "Kyklades"):
        s = board(game, {name: (athens, sparta)})
        assert controller(s, region(game, name)) == who
        assert controls(s, region(game, name), 0) is (who == 0)


def test_merchants_and_proxenoi_never_count_for_control(game: PolisGame) -> None:
    """R-MAP-13: 5 Athenian merchants in the port inside Kyklades and both proxenoi in Kyklades poleis do
    not break a 1-1 tie of galleys; the Spartan galley may cross Kyklades."""
    s = board(game, active="sparta", Kyklades=(1, 1), MyrtoonPelagos=(0, 1))
    s.merchants_port[0], s.merchants_supply[0] = 5, 3
    s.proxenos[0], s.proxenos[1] = polis(game, "Chalkis"), polis(game, "Athinae")
    assert controller(s, region(game, "Kyklades")) == -1
    play(game, s, "sail ThrakikoPelagos", "from MyrtoonPelagos")
    assert units(game, s, "ThrakikoPelagos", 1) == 1


def test_control_is_recomputed_after_every_unit(game: PolisGame) -> None:
    """R-MAP-14, R-MOVE-11: Athens' 2 against Sparta's 1 in Boiotia; one leaves (tie), the second leaves
    and Sparta controls Boiotia at once, in the middle of the action."""
    s = board(game, Boiotia=(2, 1))
    play(game, s, "march Thessalia", "from Boiotia")
    assert controller(s, region(game, "Boiotia")) == -1
    play(game, s, "from Boiotia")
    assert controller(s, region(game, "Boiotia")) == 1


def test_what_control_blocks(game: PolisGame) -> None:
    """R-MAP-15: a Spartan Kyklades blocks Athenian merchants (trade to Persia) as well as galleys and
    hoplites; nothing blocks the proxenos, which crosses it paying a bribe."""
    s = board(game, Kyklades=(0, 1), NotiesSporades=(1, 0), Attika=(1, 0))
    assert_illegal(game, s, "trade Persia 1 wine", "R-ACT-TRADE-7", listed=False)
    set_units(game, s, "Kyklades", sparta=0)
    assert "trade Persia 1 wine" in legal_set(game, s)
    set_units(game, s, "Kyklades", sparta=1)
    play(game, s, "proxenos", "via Kyklades", "via NotiesSporades", "enter Samos")
    assert s.proxenos[0] == polis(game, "Samos")
    assert goods_of(s, "athens")["silver"] == 9  # 1 silver for the Spartan galley (R-ACT-PROXENOS-10)


# ----- poleis -----------------------------------------------------------------------------------------
def test_polis_cards(game: PolisGame) -> None:
    """R-MAP-16: every card has a territory (or none, Epidamnos and Abdera), a base population equal to its
    fortification, a growth, a maximum not below the base, project types, and 3 are commercial."""
    t = game.tables
    assert len(t.polis_ids) == 18
    for p, name in enumerate(t.polis_ids):
        assert 1 <= t.polis_base[p] <= t.polis_max[p], name
        assert t.polis_growth[p] >= 1, name
        assert (t.polis_territory[p] == -1) == (name in ("Epidamnos", "Abdera")), name
        assert t.polis_project_types[p] <= {"philosophers", "artists", "temples", "theatres", "statues",
                                            "mysteries", "games"}, name
    commercial = {t.polis_ids[p]: side for p, side in enumerate(t.polis_commercial) if side != -1}
    assert commercial == {"Athinae": 0, "Gythion": 1, "Pylos": 1}


def test_neutral_polis_has_no_cubes_and_counts_its_base(game: PolisGame) -> None:
    """R-MAP-17, R-MAP-18: a neutral polis has no owner and no cubes; its population counts as its base."""
    s = board(game)
    t = game.tables
    thibae = polis(game, "Thibae")
    assert (s.owner[thibae], s.pop[thibae]) == (-1, 0)
    assert polis_population(t, s, thibae) == 3
    set_polis(game, s, "Thibae", "sparta", 2)
    assert polis_population(t, s, thibae) == 2


def test_owned_polis_keeps_at_least_one_cube(game: PolisGame) -> None:
    """R-MAP-19: creating units never empties an owned polis; its disc stays on the map."""
    s = board(game, round=2, active="sparta")
    set_goods(s, "sparta", iron=10)
    play(game, s, "hoplites Sparti", "pay iron", "pay iron", "pay iron")
    sparti = polis(game, "Sparti")
    assert s.pending is None and (s.owner[sparti], s.pop[sparti]) == (1, 1)


def test_proxenos_cannot_join_the_opponents_proxenos(game: PolisGame) -> None:
    """R-MAP-23: no move into a polis with the opponent's proxenos; ransom still puts the proxenos in its
    capital even when the opponent's proxenos stands there (A-20)."""
    s = board(game)
    play(game, s, "proxenos", "via Attika", "via Megaris", "via Arkadia", "via Lakedaemon")
    assert "enter Sparti" not in legal_set(game, s)
    assert_illegal(game, s, "enter Sparti", "R-MAP-23", listed=False)
    play(game, s, "enter Gythion")
    s = board(game)
    s.proxenos[0], s.proxenos[1] = -1, polis(game, "Athinae")
    play(game, s, "ransom")
    assert s.proxenos == [polis(game, "Athinae"), polis(game, "Athinae")]


def test_diolkos_for_merchants_and_the_proxenos(game: PolisGame) -> None:
    """R-MAP-24, R-MOVE-10: with Myrtoon pelagos Spartan, Athens' merchants reach Illyria (beyond Ionion
    pelagos) and his proxenos sails Kyklades -> Ionion pelagos only while he owns Korinthos."""
    s = board(game, MyrtoonPelagos=(0, 1))
    assert_illegal(game, s, "trade Illyria 1 wood", "R-ACT-TRADE-7", listed=False)
    play(game, s, "proxenos", "via Kyklades")
    assert_illegal(game, s, "via IonionPelagos", "R-ACT-PROXENOS-3", listed=False)
    s = board(game, MyrtoonPelagos=(0, 1))
    set_polis(game, s, "Korinthos", "athens", 4)
    assert "trade Illyria 1 wood" in legal_set(game, s)
    play(game, s, "proxenos", "via Kyklades", "via IonionPelagos", "enter Naupaktos")
    assert s.proxenos[0] == polis(game, "Naupaktos")


def test_capitals_never_change_hands(game: PolisGame) -> None:
    """R-MAP-25: a capital is never besieged (R-ACT-SIEGE-3), never taken by civil war (R-ACT-STASIS-3) and
    never released during feeding (R-EOR-15)."""
    s = board(game, round=2, active="sparta", Attika=(0, 5))
    s.proxenos[1] = polis(game, "Athinae")
    assert_illegal(game, s, "siege Athinae", "R-ACT-SIEGE-3", listed=False)
    assert_illegal(game, s, "stasis", "R-ACT-STASIS-3", listed=False)
    s = board(game, round=0)
    set_polis(game, s, "Thibae", "athens", 3)
    set_goods(s, "athens", wheat=0)
    play(game, s, "pass", "pass")
    assert s.phase == END_OF_ROUND and game.current_seat(s) == 0
    assert "release Athinae" not in legal_set(game, s) and "release Thibae" in legal_set(game, s)
    assert_illegal(game, s, "release Athinae", "R-EOR-15", listed=False)


NON_CAPITALS = ("Chalkis", "Chios", "Pylos", "Gythion", "Samos", "Korinthos", "Argos", "Thibae", "Naupaktos",
                "Kerkyra", "Pydna", "Potidaia", "Abdera", "Epidamnos", "Syrakousai", "Gela")


@pytest.mark.parametrize("name", NON_CAPITALS)
def test_every_other_polis_can_change_hands(game: PolisGame, name: str) -> None:
    """R-MAP-26: each of the 16 non-capital poleis can be taken: by siege, or (Epidamnos, Abdera) by civil
    war (R-ACT-STASIS-11)."""
    t = game.tables
    assert set(NON_CAPITALS) | {"Athinae", "Sparti"} == set(t.polis_ids)
    s = board(game, round=t.last_round, active="sparta")
    set_polis(game, s, name, "athens", t.polis_base[polis(game, name)])
    territory = t.polis_territory[polis(game, name)]
    if territory == -1:
        s.proxenos[1] = polis(game, name)
        play(game, s, "stasis")
    else:
        set_units(game, s, t.region_ids[territory], sparta=5)
        play(game, s, f"siege {name}")
        if s.chance is not None:
            play(game, s, "roll 4")
    assert s.owner[polis(game, name)] == 1


# ----- stacking -----------------------------------------------------------------------------------------
def test_round_values(game: PolisGame) -> None:
    """R-STACK-1, R-STACK-7, R-ROUND-3: N = 3, 4, 5 [, 5]; it never falls from one round to the next."""
    values = list(game.tables.round_values)
    assert values == ([3, 4, 5, 5] if game.edition == "2012" else [3, 4, 5])
    assert values == sorted(values)
    for r, n in enumerate(values):
        assert stack_limit(game.tables, turn_position(game, round=r)) == n


def test_the_limit_is_per_player(game: PolisGame) -> None:
    """R-STACK-3: with 3 Athenian hoplites in Boiotia (N = 3) Sparta may still bring 3 of his own."""
    s = board(game, round=0, active="sparta", Boiotia=(3, 0), Megaris=(0, 3))
    play(game, s, "march Boiotia", "from Megaris", "from Megaris", "from Megaris")
    assert (units(game, s, "Boiotia", 0), units(game, s, "Boiotia", 1)) == (3, 3)


def test_discs_and_proxenoi_do_not_count(game: PolisGame) -> None:
    """R-STACK-4: after a failed siege (a siege disc in Boiotia [2020]) and with the proxenos in Thibae,
    Athens still brings his fourth hoplite into Boiotia (N = 4)."""
    s = board(game, round=1, Boiotia=(4, 0), Attika=(1, 0))
    s.proxenos[0] = polis(game, "Thibae")
    play(game, s, "siege Thibae", "roll 1", "march Boiotia", "from Attika")
    assert units(game, s, "Boiotia", 0) == 4


def test_no_battle_in_the_first_round(game: PolisGame) -> None:
    """R-STACK-6, R-STACK-3: at most 3 + 3 = 6 units in round 1, fewer than the 8 a battle needs; in round
    2, 4 + 4 = 8 do fight."""
    s = board(game, round=0, Boiotia=(3, 3), Kyklades=(2, 3))
    play(game, s, "proxenos", "via Attika", "enter Chalkis", "galleys Athinae", "pay wood Kyklades")
    assert units(game, s, "Kyklades", 0) == 3
    assert s.phase == TURN and s.active == 1
    s = board(game, round=1, Boiotia=(4, 4))
    play(game, s, "proxenos", "via Attika", "enter Chalkis", "galleys Athinae", "pay wood Kyklades", "done")
    assert s.phase == BATTLES


# ----- piece limits over whole games -----------------------------------------------------------------------
def piece_problems(game: PolisGame) -> Checks[PolisState, PolisView]:
    """Invariants of every position (R-COMP-5 … R-COMP-12, R-MAP-17, R-MAP-19, R-MAP-25, R-STACK-1)."""
    t = game.tables
    limits = t.bundle.setup.limits

    def problems(s: PolisState) -> Iterator[str]:
        for side in (0, 1):
            owned = [p for p in range(len(s.owner)) if s.owner[p] == side]
            cubes = s.supply_cubes[side] + sum(s.pop[p] for p in owned) + sum(
                s.units[r * 2 + side] for r in range(t.n_regions))
            if cubes != limits.cubes or s.supply_cubes[side] < 0:
                yield f"R-COMP-5/6/9: side {side} has {cubes} cubes, {s.supply_cubes[side]} in supply"
            merchants = s.merchants_supply[side] + s.merchants_port[side] + s.slot_merchant.count(side)
            if merchants != limits.merchants or min(s.merchants_supply[side], s.merchants_port[side]) < 0:
                yield f"R-COMP-10: side {side} has {merchants} merchants"
            if limits.discs is not None:
                discs = (s.supply_discs[side] + len(owned) + s.tribute_disc.count(side)
                         + sum(s.siege_discs[p * 2 + side] for p in range(len(s.owner))))
                if discs != limits.discs or s.supply_discs[side] < 0:
                    yield f"R-COMP-5/12: side {side} has {discs} discs, {s.supply_discs[side]} in supply"
            if not -1 <= s.proxenos[side] < len(s.owner):
                yield f"R-COMP-11: proxenos {side} at {s.proxenos[side]}"
            if s.owner[t.capital[side]] != side:
                yield f"R-MAP-25: side {side} lost its capital"
        for p, (owner, pop) in enumerate(zip(s.owner, s.pop, strict=True)):
            if owner not in (-1, 0, 1) or (owner == -1 and pop != 0):
                yield f"R-MAP-17/18: {t.polis_ids[p]} owner {owner} with {pop} cubes"
            if owner != -1 and not 1 <= pop <= t.polis_max[p]:
                yield f"R-MAP-19: {t.polis_ids[p]} has {pop} cubes"
        n = t.round_values[min(s.round, t.last_round)]
        for r in range(t.n_regions):
            for side in (0, 1):
                if not 0 <= s.units[r * 2 + side] <= n:
                    yield f"R-STACK-1: {t.region_ids[r]} holds {s.units[r * 2 + side]} of side {side} (N = {n})"

    return Checks(every=0, apply_all=False, replay=False, invariants=[problems])


def busy_policy(rnd: random.Random, s: PolisState, seat: int, legal: list[Action]) -> Action:
    """Rarely pass, so that rounds are long and full of sieges, moves and creations."""
    if len(legal) > 1 and rnd.random() < 0.97:
        legal = [a for a in legal if a.verb != "pass"] or legal
    return verb_policy(rnd, s, seat, legal)


@pytest.mark.parametrize("seed", [1, 3, 6])
def test_pieces_are_conserved_in_random_games(game: PolisGame, seed: int) -> None:
    """R-COMP-5 … R-COMP-12, R-MAP-17, R-MAP-19, R-MAP-25, R-STACK-1: every position of a seeded random game
    (rich starting stock, so it lasts) keeps cubes, discs and merchants conserved and within the box,
    poleis neutral-and-empty or owned-with-1-to-max cubes, capitals with their owners, stacks within N."""
    start = turn_position(game, round=0, active="sparta", seed=seed)
    for side in ("athens", "sparta"):
        set_prestige(start, side, 40)
        set_goods(start, side, iron=15, wood=15, wine=15, silver=15, wheat=15)
    playout = random_playout(game, seed, piece_problems(game), policy=busy_policy, start=start)
    assert playout.finished
    verbs = {a.verb for _, a in playout.record.actions}
    assert {"siege", "march", "sail", "hoplites"} <= verbs  # the game really exercised the actions
