"""Setup (R-SETUP-*), components and limits (R-COMP-1 … R-COMP-4) and the map (R-MAP-1 … R-MAP-11),
checked on the engine: the compiled tables and the position ``new_state`` builds, and the actions that
depend on them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rules_helpers import rejects

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import flow, trade
from kleos.games.polis.state import ROUND_START, TURN, PolisState
from kleos.games.polis.tables import ATHENS, GOOD_INDEX, NO_ONE, SPARTA
from step_cap import StepCap

G20 = PolisGame("2020")
G12 = PolisGame("2012")
GAMES = {"2020": G20, "2012": G12}

TERRITORIES = {"Achaia", "Akarnania", "Arkadia", "Attika", "Boiotia", "Ionia", "Lakedaemon", "Makedonia",
               "Megaris", "Messinia", "Sikelia", "Thessalia"}
SEAS = {"IonionPelagos", "Kyklades", "MyrtoonPelagos", "NotiesSporades", "ThrakikoPelagos"}
MARKETS = {"Aegyptos", "EuxinosPontos", "Illyria", "Persia", "Thraki"}
# R-SETUP-1, R-SETUP-2, R-SETUP-4, R-SETUP-5
START_POLEIS = {ATHENS: {"Athinae": 5, "Chalkis": 1, "Chios": 2}, SPARTA: {"Sparti": 4, "Pylos": 2, "Gythion": 1}}
START_UNITS = {ATHENS: {"Attika": 3, "Ionia": 2, "Kyklades": 2, "NotiesSporades": 1},
               SPARTA: {"Lakedaemon": 3, "IonionPelagos": 1, "MyrtoonPelagos": 2}}
START_PROXENOS = {ATHENS: "Athinae", SPARTA: "Sparti"}


def fresh(game: PolisGame, seed: int = 0) -> PolisState:
    return game.new_state(seed)


def units_of(game: PolisGame, s: PolisState, side: int) -> dict[str, int]:
    t = game.tables
    return {t.region_ids[r]: s.units[r * 2 + side] for r in range(t.n_regions) if s.units[r * 2 + side]}


def poleis_of(game: PolisGame, s: PolisState, side: int) -> dict[str, int]:
    t = game.tables
    return {t.polis_ids[p]: s.pop[p] for p in range(len(t.polis_ids)) if s.owner[p] == side}


def cubes_in_play(game: PolisGame, s: PolisState, side: int) -> int:
    """Population, hoplites, galleys and the supply: every cube a player owns (R-COMP-3)."""
    return s.supply_cubes[side] + sum(poleis_of(game, s, side).values()) + sum(units_of(game, s, side).values())


# ----- 5.1 / 5.2 the two sides [2020] ---------------------------------------------------------------
@pytest.mark.parametrize("side", [ATHENS, SPARTA])
def test_2020_starting_pieces(side: int) -> None:
    """R-SETUP-1, R-SETUP-2, R-SETUP-4, R-SETUP-5 [2020]: poleis with their base population and a disc,
    hoplites, galleys, one merchant in the commercial port, the proxenos in the capital."""
    s = fresh(G20)
    t = G20.tables
    assert poleis_of(G20, s, side) == START_POLEIS[side]
    assert all(t.polis_base[t.polis_index[p]] == n for p, n in START_POLEIS[side].items())
    assert units_of(G20, s, side) == START_UNITS[side]
    assert s.merchants_port[side] == 1 and s.slot_merchant == [NO_ONE] * len(t.slots)
    assert s.proxenos[side] == t.polis_index[START_PROXENOS[side]]
    assert s.supply_discs[side] == 25 - 3


def test_2020_starting_goods_and_prestige() -> None:
    """R-SETUP-3, R-SETUP-6 [2020]: Sparta prestige 3, iron/wood/wine/silver 4, wheat 0; Athens prestige
    3, iron/wood/wine/wheat 4, silver 0."""
    s = fresh(G20)
    assert s.prestige == [3, 3]
    assert pos.goods_of(s, SPARTA) == {"iron": 4, "wood": 4, "wine": 4, "oil": 0, "silver": 4, "wheat": 0}
    assert pos.goods_of(s, ATHENS) == {"iron": 4, "wood": 4, "wine": 4, "oil": 0, "silver": 0, "wheat": 4}


# ----- 5.3 common elements [2020] -----------------------------------------------------------------
@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_the_other_twelve_poleis_start_neutral(edition: str) -> None:
    """R-SETUP-7 (R-SETUP-19 for [2012]), R-MAP-17, R-MAP-18: 12 poleis neutral, without cubes."""
    s = fresh(GAMES[edition])
    neutral = [p for p, o in enumerate(s.owner) if o == NO_ONE]
    assert len(neutral) == 12 and all(s.pop[p] == 0 for p in neutral)


def test_2020_round_marker_on_alfa_and_end_of_round_marker_aside() -> None:
    """R-SETUP-8, R-SETUP-13 [2020]: the game starts in Alfa; nobody holds the end-of-round marker."""
    s = fresh(G20)
    assert s.round == 0 and G20.tables.round_names[0] == "Alfa"
    assert s.eor_marker == NO_ONE and s.first_passer == NO_ONE


def test_2020_three_random_tiles_face_up() -> None:
    """R-SETUP-9 [2020]: 3 of the 14 tiles are drawn at random (each equally likely) and placed face up;
    the other 11 stay face down."""
    s = fresh(G20)
    outcomes = G20.chance_outcomes(s)
    assert len(outcomes) == 14 and {p for _, p in outcomes} == {1 / 14}
    seen = set()
    for seed in range(6):
        s = fresh(G20, seed)
        cap = StepCap("s.chance == 'project'")
        while s.chance == "project" and cap():
            G20.step_chance(s)
        assert len(s.projects_face_up) == 3 and len(s.project_pile) == 11
        seen.add(tuple(sorted(s.projects_face_up)))
    assert len(seen) > 1


def _events(tmp_path: Path, edition: str) -> PolisGame:
    names = {"2020": ["Alfa", "Epsilon", "Omega"], "2012": ["3", "4", "5a", "5b"]}[edition]
    decks = [{"round": n, "cards": [{"id": f"E{n}{k}", "title": "t", "text": "t", "effect": "none"}
                                    for k in range(3)]} for n in names]
    (tmp_path / "events.json").write_text(json.dumps({"decks": decks}), encoding="utf-8")
    return PolisGame(edition, tmp_path)


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_one_event_card_per_round_from_its_own_deck(edition: str, tmp_path: Path) -> None:
    """R-SETUP-10 [2020], R-SETUP-16 [2012]: each round's card comes at random from that round's deck
    only (drawing it when it is revealed gives the same odds as setting it aside at setup)."""
    game = _events(tmp_path, edition)
    s = fresh(game)
    cap = StepCap("s.chance == 'project'")
    while s.chance == "project" and cap():
        game.step_chance(s)
    first = game.tables.round_names[0]
    outcomes = game.chance_outcomes(s)
    assert [a for a, _ in outcomes] == [Action("event", (f"E{first}{k}",)) for k in range(3)]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    game.step_chance(s)
    assert s.phase == TURN and s.event is not None and s.event.startswith(f"E{first}")
    s = pos.turn_position(game, round=1, projects=("Socrates", "Democritus", "Ephebe", "Theatre"))
    flow.begin_round(game.tables, s)
    cap = StepCap("s.chance == 'project'")
    while s.chance == "project" and cap():
        game.step_chance(s)
    second = game.tables.round_names[1]
    assert {str(a.args[0]) for a, _ in game.chance_outcomes(s)} == {f"E{second}{k}" for k in range(3)}


def test_2020_market_markers_leftmost_and_high_cargoes_covered() -> None:
    """R-SETUP-11, R-SETUP-12, R-COMP-1 [2020] (A-17): iron, wood and wine markers on the leftmost space;
    the 8 cargo slots of value 4 or 5 are covered, so only cargoes of 3 can be traded in Alfa."""
    s = fresh(G20)
    t = G20.tables
    assert [s.market_pos[g] for g in t.tradable] == [0, 0, 0]
    assert sum(1 for slot in t.slots if slot.value >= 4) == 8
    assert len(t.tradable) + 8 == 11
    s = pos.turn_position(G20, active="athens")
    violation = trade.check(t, s, ATHENS, Action.parse("trade Persia 2 wine"))
    assert violation is not None and violation[0] == "R-ACT-TRADE-5"
    assert any(a.verb == "trade" for a in G20.legal_actions(s))
    assert all(t.slots[t.market_slots[t.market_index[str(a.args[0])]][int(a.args[1]) - 1]].value == 3
               for a in G20.legal_actions(s) if a.verb == "trade")


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_no_battle_at_setup_and_a_full_battle_deck(edition: str) -> None:
    """R-SETUP-14: the 24 battle cards (one land and one sea half each) wait beside the board."""
    game = GAMES[edition]
    s = fresh(game)
    assert s.battle is None
    assert sum(c.copies for c in game.tables.land_cards) == 24 == sum(c.copies for c in game.tables.sea_cards)


# ----- 5.4 setup [2012] ------------------------------------------------------------------------------
def test_2012_no_tile_revealed_during_setup() -> None:
    """R-SETUP-15 [2012]: the 14 tiles start face down; the round start reveals them (R-ROUND-5)."""
    s = fresh(G12)
    assert s.projects_face_up == [] and sorted(s.project_pile) == list(range(14))
    assert s.phase == ROUND_START and s.chance == "project"


def test_2012_round_marker_on_3() -> None:
    """R-SETUP-17 [2012]: the round marker starts on "3" (N = 3)."""
    s = fresh(G12)
    assert s.round == 0 and G12.tables.round_names[0] == "3" and G12.tables.round_values[0] == 3


def test_2012_market_markers_from_the_setup_figure() -> None:
    """R-SETUP-18, R-SETUP-19 [2012] (A-27): the four markers (metal, wood, wine, oil) start on the spaces
    of the setup data, provisionally the leftmost."""
    s = fresh(G12)
    t = G12.tables
    assert len(t.tradable) == 4 and GOOD_INDEX["oil"] in t.tradable
    assert [s.market_pos[g] for g in t.tradable] == [t.market_start[g] for g in t.tradable] == [0, 0, 0, 0]


def test_2012_starting_position_follows_the_2020_one() -> None:
    """R-SETUP-19 [2012] (A-27): poleis, hoplites, Athens' galleys, merchants and proxenoi as in [2020];
    oil like wine (4 each); the other goods as in [2020]. (Sparta's galleys and the prestige come from the
    prototype, polis-data.md 11.7: 1 + 1 galleys and prestige 4.)"""
    s12, s20 = fresh(G12), fresh(G20)
    for side in (ATHENS, SPARTA):
        assert poleis_of(G12, s12, side) == poleis_of(G20, s20, side)
        assert s12.proxenos[side] == s20.proxenos[side] and s12.merchants_port[side] == 1
        goods = pos.goods_of(s12, side)
        assert goods["oil"] == goods["wine"] == 4
        del goods["oil"]
        assert goods == {g: n for g, n in pos.goods_of(s20, side).items() if g != "oil"}
        assert s12.prestige[side] in (3, 4)
    assert units_of(G12, s12, ATHENS) == units_of(G20, s20, ATHENS)
    t = G12.tables
    assert {r: n for r, n in units_of(G12, s12, SPARTA).items() if t.region_index[r] < t.n_territories} == {
        "Lakedaemon": 3}


# ----- 3.2 components and limits -------------------------------------------------------------------
@pytest.mark.parametrize(("edition", "cubes", "discs"), [("2020", 39, 25), ("2012", 38, None)])
def test_pieces_per_colour(edition: str, cubes: int, discs: int | None) -> None:
    """R-COMP-1 [2020], R-COMP-2 [2012], R-COMP-4 (A-34): 45 cubes less the board markers (6 / 7) =
    39 / 38 for population and units; 25 discs [2020] / unlimited [2012]; 8 merchants; 1 proxenos;
    18 polis cards, 14 project tiles, 24 battle cards."""
    game = GAMES[edition]
    s = fresh(game)
    t = game.tables
    assert len(t.polis_ids) == 18 and len(t.projects) == 14
    for side in (ATHENS, SPARTA):
        assert cubes_in_play(game, s, side) == cubes
        assert s.merchants_supply[side] + s.merchants_port[side] == 8
        assert s.proxenos[side] != NO_ONE
        owned_discs = sum(1 for o in s.owner if o == side)
        if discs is None:
            assert s.supply_discs[side] + owned_discs >= 20
        else:
            assert s.supply_discs[side] + owned_discs == discs
    assert len(t.goods) + 1 == (7 if edition == "2012" else 6)  # board markers: goods + prestige


def test_2012_five_black_cubes() -> None:
    """R-COMP-2 [2012]: 5 black cubes: a market marker for each of the 4 tradable goods plus the round
    marker; no cover cubes, so the round value alone opens the cargoes."""
    assert len(G12.tables.tradable) + 1 == 5
    s = pos.turn_position(G12, round=2, active="athens")
    violation = trade.check(G12.tables, s, ATHENS, Action.parse("trade Persia 3 wine"))
    assert violation is None or violation[0] != "R-ACT-TRADE-5"


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_cubes_serve_as_population_units_and_come_back(edition: str) -> None:
    """R-COMP-3: a created hoplite or galley is a population cube moved to the map; a merchant returns
    its cube to the supply; the player's cube total never changes."""
    game = GAMES[edition]
    s = pos.turn_position(game, round=1, active="athens")
    total = cubes_in_play(game, s, ATHENS)
    athinae = game.tables.polis_index["Athinae"]
    pos.play(game, s, "hoplites Athinae", "pay iron")
    assert s.pop[athinae] == 4 and units_of(game, s, ATHENS)["Attika"] == 4
    assert cubes_in_play(game, s, ATHENS) == total
    supply = s.supply_cubes[ATHENS]
    pos.play(game, s, "merchants Athinae", "pay wood", "done")
    assert s.pop[athinae] == 3 and s.supply_cubes[ATHENS] == supply + 1 and s.merchants_port[ATHENS] == 2
    assert cubes_in_play(game, s, ATHENS) == total


# ----- 4 map -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_map_regions(edition: str) -> None:
    """R-MAP-1, R-MAP-2, R-MAP-3, R-MAP-4: 12 territories, 5 seas, 18 poleis, 5 external markets, 2
    commercial ports and trade routes reaching every market."""
    t = GAMES[edition].tables
    assert set(t.region_ids[:t.n_territories]) == TERRITORIES and t.n_territories == 12
    assert set(t.region_ids[t.n_territories:]) == SEAS and t.n_regions == 17
    assert set(t.market_ids) == MARKETS and len(t.polis_ids) == 18
    assert all(t.first_seas[side] for side in (ATHENS, SPARTA))
    reached = {m for seas in t.route_markets for m in seas} | set(t.land_trade.values())
    assert reached == set(range(5))


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_neutral_areas(edition: str) -> None:
    """R-MAP-5, R-MAP-6: Epidamnos and Abdera lie in neutral areas (no territory, no region) that
    hoplites can never enter."""
    game = GAMES[edition]
    t = game.tables
    outside = {t.polis_ids[p] for p, r in enumerate(t.polis_territory) if r == NO_ONE}
    assert outside == {"Epidamnos", "Abdera"}
    assert not outside & set(t.region_ids) and not MARKETS & set(t.region_ids)
    s = pos.turn_position(game, round=1, active="athens")
    rejects(game, s, "march Epidamnos", "R-ACT-MOVEHOP-10")


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_every_other_polis_in_one_territory(edition: str) -> None:
    """R-MAP-6, R-MAP-7: each polis but Epidamnos and Abdera lies in exactly one territory; Chalkis's
    island is part of Attika, Chios and Samos of Ionia."""
    t = GAMES[edition].tables
    for p, r in enumerate(t.polis_territory):
        if r != NO_ONE:
            assert [terr for terr, ps in enumerate(t.territory_poleis) if p in ps] == [r]
    where = {t.polis_ids[p]: t.region_ids[r] for p, r in enumerate(t.polis_territory) if r != NO_ONE}
    assert (where["Chalkis"], where["Chios"], where["Samos"], where["Athinae"]) == ("Attika", "Ionia", "Ionia",
                                                                                   "Attika")
    assert sum(len(ps) for ps in t.territory_poleis) == 16


def test_island_poleis_are_like_mainland_poleis() -> None:
    """R-MAP-7: hoplites created in Chalkis (an island) stand in Attika like those of Athinae."""
    s = pos.turn_position(G20, round=1, active="athens")
    pos.set_polis(G20, s, "Chalkis", "athens", 2)
    pos.play(G20, s, "hoplites Chalkis", "pay iron")
    assert units_of(G20, s, ATHENS)["Attika"] == 4


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_ports(edition: str) -> None:
    """R-MAP-8: Sparti and Thibae have no port, Korinthos two, every other polis one; no galleys can be
    built in a polis without a port."""
    game = GAMES[edition]
    t = game.tables
    ports = {t.polis_ids[p]: len(x) for p, x in enumerate(t.polis_ports)}
    assert ports.pop("Sparti") == 0 and ports.pop("Thibae") == 0 and ports.pop("Korinthos") == 2
    assert set(ports.values()) == {1}
    s = pos.turn_position(game, round=1, active="sparta")
    rejects(game, s, "galleys Sparti", "R-ACT-GALLEYS-1")


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_commercial_ports(edition: str) -> None:
    """R-MAP-9: Athens' commercial port lies in Kyklades; Sparta's between Ionion and Myrtoon pelagos."""
    t = GAMES[edition].tables
    assert {t.region_ids[r] for r in t.first_seas[ATHENS]} == {"Kyklades"}
    assert {t.region_ids[r] for r in t.first_seas[SPARTA]} == {"IonionPelagos", "MyrtoonPelagos"}


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_commercial_poleis(edition: str) -> None:
    """R-MAP-10: Athinae is Athens' commercial polis, Gythion and Pylos Sparta's; merchants are built
    nowhere else, and never by the owner of the opponent's commercial polis."""
    game = GAMES[edition]
    t = game.tables
    commercial = {t.polis_ids[p]: side for p, side in enumerate(t.polis_commercial) if side != NO_ONE}
    assert commercial == {"Athinae": ATHENS, "Gythion": SPARTA, "Pylos": SPARTA}
    s = pos.turn_position(game, round=1, active="athens")
    pos.set_polis(game, s, "Chalkis", "athens", 2)
    rejects(game, s, "merchants Chalkis", "R-ACT-MERCHANTS-1")
    pos.set_polis(game, s, "Pylos", "athens", 3)
    before = s.copy()
    with pytest.raises(IllegalAction):
        pos.play(game, s, "merchants Pylos")
    assert s == before


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_achaia_has_no_polis(edition: str) -> None:
    """R-MAP-11: Achaia contains no polis."""
    t = GAMES[edition].tables
    assert t.territory_poleis[t.region_index["Achaia"]] == ()
    assert all(ps for r, ps in enumerate(t.territory_poleis) if t.region_ids[r] != "Achaia")


@pytest.mark.parametrize(("edition", "starter"), [("2020", SPARTA), ("2012", SPARTA)])
def test_a_new_game_waits_only_for_chance_before_the_first_turn(edition: str, starter: int,
                                                                tmp_path: Path) -> None:
    """R-SETUP-8 … R-SETUP-17: after the set-up draws (tiles, event) the first turn of round 1 begins:
    Sparta's ([2020] fixed; [2012] the tie of equal prestige goes to Sparta)."""
    game = _events(tmp_path, edition)
    s = fresh(game, 7)
    draws = []
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        draws.append(str(game.step_chance(s)).split()[0])
    assert draws == ["project"] * 3 + ["event"]
    assert s.phase == TURN and s.round == 0 and s.active == starter
