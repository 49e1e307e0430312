"""The packaged Polis data: what the rules need from it, its provenance, and the loader's errors.

Tests that check a fact a rule depends on cite the rule ID; each asserts the fact itself, so a data
file edited into contradiction with the rules makes a test fail.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

from data_refusal import Edit, assert_names_the_fault, broken_folder, first
from kleos.core.errors import DataError
from kleos.games.polis import loader
from kleos.games.polis.datamodel import TABLES, CardHalf, EditionBundle, EventsData, Side
from kleos.games.polis.loader import (
    EDITIONS,
    load_edition,
    provenance_summary,
    reconstructed_values,
    tagged_values,
)
from step_cap import StepCap

PACKAGED = Path(loader.__file__).parent / "data"
TERRITORIES = {"Achaia", "Akarnania", "Arkadia", "Attika", "Boiotia", "Ionia", "Lakedaemon", "Makedonia",
               "Megaris", "Messinia", "Sikelia", "Thessalia"}
SEAS = {"IonionPelagos", "Kyklades", "MyrtoonPelagos", "NotiesSporades", "ThrakikoPelagos"}
MARKETS = {"Aegyptos", "EuxinosPontos", "Illyria", "Persia", "Thraki"}
POLEIS = {"Athinae", "Sparti", "Thibae", "Naupaktos", "Potidaia", "Abdera", "Epidamnos", "Syrakousai", "Gythion",
          "Pylos", "Korinthos", "Kerkyra", "Chalkis", "Chios", "Samos", "Gela", "Pydna", "Argos"}


@pytest.fixture(params=EDITIONS)
def bundle(request: pytest.FixtureRequest) -> EditionBundle:
    edition: str = request.param
    return load_edition(edition)


@pytest.fixture
def b12() -> EditionBundle:
    return load_edition("2012")


@pytest.fixture
def b20() -> EditionBundle:
    return load_edition("2020")


def _polis(b: EditionBundle, pid: str) -> Any:
    return next(p for p in b.poleis.poleis if p.id == pid)


def _edges(pairs: list[tuple[str, str]]) -> set[frozenset[str]]:
    return {frozenset(p) for p in pairs}


# ----- map -------------------------------------------------------------------------------------
def test_regions_and_markets(bundle: EditionBundle) -> None:
    """R-MAP-1 .. R-MAP-4: 12 territories, 5 seas, 18 poleis, 5 markets, 2 commercial ports."""
    m = bundle.map
    assert {t.id for t in m.territories} == TERRITORIES
    assert {s.id for s in m.seas} == SEAS
    assert {x.id for x in m.markets} == MARKETS
    assert {p.id for p in bundle.poleis.poleis} == POLEIS
    assert len(bundle.poleis.poleis) == 18
    assert set(m.commercial_ports) == {"athens", "sparta"}


def test_every_record_has_both_printed_names(bundle: EditionBundle) -> None:
    """Section 2 concordance: each place keeps its 2012 and 2020 spelling."""
    names = [r.names for r in (*bundle.map.territories, *bundle.map.seas)]
    names += [x.names for x in bundle.map.markets] + [p.names for p in bundle.poleis.poleis]
    assert len(names) == 12 + 5 + 5 + 18
    assert all(set(n) == {"2012", "2020"} for n in names)
    assert _polis(bundle, "Sparti").names == {"2012": "Sparta", "2020": "Sparti"}
    lak = next(t for t in bundle.map.territories if t.id == "Lakedaemon")
    assert lak.names == {"2012": "Lakedaimon", "2020": "Lakedaemon"}


def test_neutral_areas_and_territories(bundle: EditionBundle) -> None:
    """R-MAP-5, R-MAP-6: only Epidamnos and Abdera lie outside every territory."""
    outside = {p.id for p in bundle.poleis.poleis if p.territory is None}
    assert outside == {"Epidamnos", "Abdera"}


def test_island_poleis_belong_to_their_territory(bundle: EditionBundle) -> None:
    """R-MAP-7: Chalkis is part of Attika; Chios and Samos of Ionia."""
    assert _polis(bundle, "Chalkis").territory == "Attika"
    assert _polis(bundle, "Chios").territory == "Ionia"
    assert _polis(bundle, "Samos").territory == "Ionia"


def test_ports(bundle: EditionBundle) -> None:
    """R-MAP-8: Sparti and Thibae have no port, Korinthos two (its diolkos seas), every other one."""
    ports = {p.id: p.ports for p in bundle.poleis.poleis}
    assert ports.pop("Sparti") == [] and ports.pop("Thibae") == []
    assert sorted(ports.pop("Korinthos")) == ["IonionPelagos", "Kyklades"]
    assert all(len(p) == 1 for p in ports.values())


def test_commercial_ports(bundle: EditionBundle) -> None:
    """R-MAP-9: Athens' port lies in Kyklades; Sparta's opens onto Ionion and Myrtoon pelagos."""
    assert bundle.map.commercial_ports["athens"] == ["Kyklades"]
    assert sorted(bundle.map.commercial_ports["sparta"]) == ["IonionPelagos", "MyrtoonPelagos"]


def test_commercial_poleis_and_capitals(bundle: EditionBundle) -> None:
    """R-MAP-10, R-GEN-4: Athinae for Athens, Gythion and Pylos for Sparta; the two capitals."""
    commercial = {p.id: p.commercial for p in bundle.poleis.poleis if p.commercial}
    assert commercial == {"Athinae": "athens", "Gythion": "sparta", "Pylos": "sparta"}
    capitals = {p.id: p.capital for p in bundle.poleis.poleis if p.capital}
    assert capitals == {"Athinae": "athens", "Sparti": "sparta"}


def test_achaia_has_no_polis(bundle: EditionBundle) -> None:
    """R-MAP-11: Achaia contains no polis (tribute there needs hoplites only), yet has a tribute table."""
    assert not [p for p in bundle.poleis.poleis if p.territory == "Achaia"]
    assert "Achaia" in {t.territory for t in bundle.tribute.tables}


def test_polis_cards(bundle: EditionBundle) -> None:
    """R-MAP-16, EX-20: every card has base >= 1 and base <= max; Sparti is 4 / 3 / 8."""
    for p in bundle.poleis.poleis:
        assert 1 <= p.base <= p.max, p.id
        assert p.growth >= 1, p.id
    sparti = _polis(bundle, "Sparti")
    assert (sparti.base, sparti.growth, sparti.max) == (4, 3, 8)


def test_fortifications_the_rulebooks_give(bundle: EditionBundle) -> None:
    """R-SETUP-1, R-SETUP-4 and the siege examples: bases of the starting poleis, Thibae 3, Naupaktos 1;
    Korinthos and Syrakousai cannot be besieged in round 1 (base above N = 3)."""
    base = {p.id: p.base for p in bundle.poleis.poleis}
    assert {k: base[k] for k in ("Athinae", "Chios", "Chalkis", "Sparti", "Pylos", "Gythion")} == {
        "Athinae": 5, "Chios": 2, "Chalkis": 1, "Sparti": 4, "Pylos": 2, "Gythion": 1}
    assert base["Thibae"] == 3 and base["Naupaktos"] == 1
    assert base["Korinthos"] > 3 and base["Syrakousai"] > 3
    assert _polis(bundle, "Pylos").max == 3 and _polis(bundle, "Chalkis").max == 2


def test_land_graph_facts(bundle: EditionBundle) -> None:
    """D-1 (R-MAP-1): adjacencies the rulebook examples rely on, plus section 11.1 Megaris-Boiotia."""
    land = _edges(bundle.map.land_adjacency)
    for a, b in (("Megaris", "Boiotia"), ("Boiotia", "Thessalia"), ("Thessalia", "Makedonia"),
                 ("Attika", "Boiotia")):
        assert frozenset((a, b)) in land
    coasts = bundle.map.coasts
    assert "Thessalia" in coasts["Kyklades"] and "Attika" in coasts["Kyklades"]
    assert "Ionia" in coasts["NotiesSporades"] and "Makedonia" in coasts["ThrakikoPelagos"]
    sea = _edges(bundle.map.sea_adjacency)
    assert frozenset(("Kyklades", "NotiesSporades")) in sea
    assert frozenset(("Kyklades", "ThrakikoPelagos")) in sea


def test_boiotia_touches_no_sea(bundle: EditionBundle) -> None:
    """Section 11.1: Boiotia has no coast (Thibae has no port, R-MAP-8)."""
    assert all("Boiotia" not in coast for coast in bundle.map.coasts.values())


def test_sea_only_territories(bundle: EditionBundle) -> None:
    """R-ACT-MOVEHOP-11: Ionia and Sikelia are reached only by sea, so no land edge touches them."""
    assert sorted(bundle.map.sea_only_territories) == ["Ionia", "Sikelia"]
    touched = {t for edge in bundle.map.land_adjacency for t in edge}
    assert not touched & {"Ionia", "Sikelia"}


def test_diolkos_is_a_rule_not_an_edge(bundle: EditionBundle) -> None:
    """R-MAP-24: Kyklades and Ionion pelagos are joined only for the owner of Korinthos."""
    assert set(bundle.map.diolkos) == {"Kyklades", "IonionPelagos"}
    assert bundle.map.diolkos_polis == "Korinthos"
    assert frozenset(bundle.map.diolkos) not in _edges(bundle.map.sea_adjacency)


def _reachable_markets(b: EditionBundle, side: Side) -> set[str]:
    graph: dict[str, set[str]] = {}
    for a, c in b.map.trade_routes:
        graph.setdefault(a, set()).add(c)
        graph.setdefault(c, set()).add(a)
    seen = set(b.map.commercial_ports[side])
    queue = deque(seen)
    cap = StepCap("queue")
    while queue and cap():
        node = queue.popleft()
        for nxt in graph.get(node, set()) - seen:
            seen.add(nxt)
            if nxt in SEAS:
                queue.append(nxt)
    return seen & MARKETS


def test_trade_routes_reach_every_market(bundle: EditionBundle) -> None:
    """R-ACT-TRADE-6, A-18: from both commercial ports a dotted route reaches all five markets."""
    assert _reachable_markets(bundle, "athens") == MARKETS
    assert _reachable_markets(bundle, "sparta") == MARKETS


def test_athens_route_to_persia(bundle: EditionBundle) -> None:
    """R-ACT-TRADE-7 example: Athens reaches Persia across Kyklades and Noties sporades."""
    routes = _edges(bundle.map.trade_routes)
    assert frozenset(("Kyklades", "NotiesSporades")) in routes
    assert frozenset(("NotiesSporades", "Persia")) in routes


def test_land_trade_routes(bundle: EditionBundle) -> None:
    """R-ACT-TRADE-10: Epidamnos trades at Illyria and Abdera at Thraki by land."""
    assert bundle.map.land_trade_routes == {"Epidamnos": "Illyria", "Abdera": "Thraki"}


# ----- edition switches ------------------------------------------------------------------------
def test_goods(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-GEN-5, R-GEN-6, R-GEN-7: goods, tradable goods and perishable goods per edition."""
    assert b20.edition.goods == ["iron", "wood", "wine", "silver", "wheat"]
    assert b20.edition.tradable == ["iron", "wood", "wine"]
    assert b20.edition.perishable == ["wine", "wheat"]
    assert b12.edition.goods == ["iron", "wood", "wine", "oil", "silver", "wheat"]
    assert b12.edition.tradable == ["iron", "wood", "wine", "oil"]
    assert b12.edition.perishable == ["wine", "oil", "wheat"]


def test_rounds(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-ROUND-1, R-ROUND-2, R-ROUND-3: round names and values N."""
    assert [(r.name, r.value) for r in b20.edition.rounds] == [("Alfa", 3), ("Epsilon", 4), ("Omega", 5)]
    assert [(r.name, r.value) for r in b12.edition.rounds] == [("3", 3), ("4", 4), ("5a", 5), ("5b", 5)]


def test_projects_per_round(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-ROUND-5, R-PREP-7, R-PREP-8: 3 tiles a round [2012]; 3 / 4 / 5 after drawing 5 and 6 [2020]."""
    assert b12.edition.projects_per_round == [3, 3, 3, 3]
    assert b12.edition.projects_drawn_after_round == []
    assert b20.edition.projects_per_round == [3, 4, 5]
    assert b20.edition.projects_drawn_after_round == [5, 6]
    drawn = b20.edition.projects_drawn_after_round
    assert [n - 1 for n in drawn] == b20.edition.projects_per_round[1:]  # one drawn tile is removed


def test_rule_switches(b12: EditionBundle, b20: EditionBundle) -> None:
    """Section 1 differences: R-TURN-2 (ransom), R-ACT-SIEGE-9/27 (discs, once per turn), R-ACT-TRADE-16..19
    (dice), R-EOR-24/25/26 (phoros), R-ROUND-7/9 (fixed roles), R-TURN-9 (marker), R-BATTLE-5 with A-3,
    R-ACT-GEN-8 with A-36."""
    e12, e20 = b12.edition, b20.edition
    assert (e12.ransom_is_action, e20.ransom_is_action) == (True, False)
    assert (e12.siege_discs, e20.siege_discs) == (False, True)
    assert (e12.siege_once_per_turn, e20.siege_once_per_turn) == (True, False)
    assert (e12.barter_dice, e20.barter_dice) == ("one", "lower_of_two")
    assert (e12.purchase_dice, e20.purchase_dice) == ("higher_of_two", "one_per_good")
    assert (e12.phoros, e20.phoros) == ("any", "one_or_two")
    assert (e12.phoros_needs_other_polis, e20.phoros_needs_other_polis) == (False, True)
    assert (e12.fixed_first_round_roles, e20.fixed_first_round_roles) == (False, True)
    assert (e12.end_of_round_marker, e20.end_of_round_marker) == (False, True)
    assert (e12.defer_battles_from_pass_turn, e20.defer_battles_from_pass_turn) == (True, False)
    assert (e12.post_pass_create_other_polis, e20.post_pass_create_other_polis) == (False, True)
    assert e12.spoilage_rounding == e20.spoilage_rounding == "keep_half_up"  # A-1, R-EOR-20


# ----- set-up and components -------------------------------------------------------------------
def test_setup_2020(b20: EditionBundle) -> None:
    """R-SETUP-1 .. R-SETUP-6: the Devir set-up as the rulebook lists it."""
    sp, at = b20.setup.sparta, b20.setup.athens
    assert sp.poleis == {"Pylos": 2, "Gythion": 1, "Sparti": 4}
    assert sp.hoplites == {"Lakedaemon": 3}
    assert sp.galleys == {"IonionPelagos": 1, "MyrtoonPelagos": 2}
    assert (sp.merchants, sp.proxenos, sp.prestige) == (1, "Sparti", 3)
    assert sp.goods == {"iron": 4, "wood": 4, "wine": 4, "silver": 4, "wheat": 0}
    assert at.poleis == {"Chios": 2, "Chalkis": 1, "Athinae": 5}
    assert at.hoplites == {"Attika": 3, "Ionia": 2}
    assert at.galleys == {"Kyklades": 2, "NotiesSporades": 1}
    assert (at.merchants, at.proxenos, at.prestige) == (1, "Athinae", 3)
    assert at.goods == {"iron": 4, "wood": 4, "wine": 4, "silver": 0, "wheat": 4}


def test_starting_cubes_equal_base_population(bundle: EditionBundle) -> None:
    """R-SETUP-1, R-SETUP-4: each starting polis gets cubes equal to its base population."""
    for side in (bundle.setup.athens, bundle.setup.sparta):
        for pid, cubes in side.poleis.items():
            assert cubes == _polis(bundle, pid).base, pid


def test_other_poleis_start_neutral(bundle: EditionBundle) -> None:
    """R-SETUP-7: the other 12 poleis start neutral."""
    owned = set(bundle.setup.athens.poleis) | set(bundle.setup.sparta.poleis)
    assert len(owned) == 6
    assert len(POLEIS - owned) == 12


def test_setup_2012(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-SETUP-19 with polis-data section 11.7: the Devir set-up, plus oil 4, prestige 4 and Sparta's
    prototype galleys (1 Ionion, 1 Myrtoon), the last flagged as source."""
    for side in ("athens", "sparta"):
        s12, s20 = getattr(b12.setup, side), getattr(b20.setup, side)
        assert (s12.poleis, s12.hoplites, s12.proxenos) == (s20.poleis, s20.hoplites, s20.proxenos)
        assert s12.goods == {**s20.goods, "oil": 4}
        assert s12.prestige == 4
        assert s12.tag_of("galleys") == "source" and s12.tag_of("poleis") == "reconstructed"
    assert b12.setup.sparta.galleys == {"IonionPelagos": 1, "MyrtoonPelagos": 1}
    assert b12.setup.athens.galleys == b20.setup.athens.galleys


def test_component_limits(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-COMP-1, R-COMP-2, R-COMP-4, R-COMP-7: cubes 39 / 38, discs 25 / unlimited, 8 merchants."""
    l12, l20 = b12.setup.limits, b20.setup.limits
    assert (l20.cubes, l12.cubes) == (45 - 6, 45 - 7)
    assert (l20.discs, l12.discs) == (25, None)
    assert l20.merchants == l12.merchants == 8
    assert (l20.goods_max, l20.prestige_max) == (20, 99)  # section 11.7, reconstructed
    assert (l12.goods_max, l12.prestige_max) == (None, None)  # R-GEN-12


def test_black_cubes(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-COMP-1, R-SETUP-12: 11 black cubes [2020] = 3 track markers + 8 covers on value-4/5 slots;
    R-COMP-2: 5 [2012] = 4 track markers + the round marker."""
    covers = sum(1 for ms in b20.markets.markets for s in ms.slots if s.value >= 4)
    assert len(b20.markets.start_space) + covers == 11
    assert len(b12.markets.start_space) + 1 == 5


# ----- markets, tribute ------------------------------------------------------------------------
def test_persia(b12: EditionBundle, b20: EditionBundle) -> None:
    """D-4: Persia's three slots as each rulebook describes them."""
    def slots(b: EditionBundle) -> list[tuple[int, str, list[str]]]:
        ms = next(m for m in b.markets.markets if m.market == "Persia")
        return [(int(s.value), str(s.reward), [str(g) for g in s.accepts]) for s in ms.slots]

    assert slots(b12) == [(3, "wheat", ["wine"]), (4, "wheat", ["oil"]), (5, "silver", ["wine"])]
    assert slots(b20) == [(3, "wheat", ["iron", "wine"]), (4, "wheat", ["wine"]),
                          (5, "silver", ["iron", "wood", "wine"])]


def test_value_table(bundle: EditionBundle) -> None:
    """D-5, R-SETUP-11: rows for cargo 3, 4 and 5 on one 11-space track; markers start leftmost.
    The Devir example (5 silver for 5 iron / 6 wood / 7 wine) needs those amounts in the 5-row."""
    table = bundle.markets.value_table
    assert sorted(table) == ["3", "4", "5"]
    assert {len(row) for row in table.values()} == {11}
    assert [table[k][0] for k in ("3", "4", "5")] == [3, 4, 5]
    assert {5, 6, 7} <= set(table["5"]) and 5 in table["4"]
    assert set(bundle.markets.start_space.values()) == {0}
    assert set(bundle.markets.start_space) == set(bundle.edition.tradable)


def test_round_one_wheat_cargoes(bundle: EditionBundle) -> None:
    """R-ACT-TRADE-5 (only 3-cargoes in round 1): Aegyptos, Illyria, Thraki and Persia sell 3 wheat."""
    three = {ms.market for ms in bundle.markets.markets for s in ms.slots if s.value == 3 and s.reward == "wheat"}
    assert three == {"Aegyptos", "Illyria", "Thraki", "Persia"}


def test_no_oil_in_2020(b20: EditionBundle) -> None:
    """R-GEN-5: no table of the Devir edition mentions oil."""
    assert all("oil" not in t.columns for t in b20.tribute.tables)
    assert all("oil" not in s.accepts for ms in b20.markets.markets for s in ms.slots)
    assert all("oil" not in p.cost for p in b20.projects.projects)


def test_sikelia_tribute(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-ACT-TRIBUTE-8 examples: Sikelia gives up to 15 wine and oil and 6 wheat; 3 hoplites give 6 wine,
    2 give 3 oil [2012]; wine 1/3/6/10/15 and up to 6 wheat [2020]."""
    s12 = next(t for t in b12.tribute.tables if t.territory == "Sikelia").columns
    s20 = next(t for t in b20.tribute.tables if t.territory == "Sikelia").columns
    assert s12["wine"][2] == 6 and s12["oil"][1] == 3 and s12["oil"][-1] == 15 and s12["wheat"][-1] == 6
    assert s20["wine"] == [1, 3, 6, 10, 15] and s20["wheat"][-1] == 6 and s20["wheat"][1] == 3


# ----- projects --------------------------------------------------------------------------------
def _types(b: EditionBundle) -> Counter[str]:
    return Counter(p.type for p in b.projects.projects)


def test_project_counts(b12: EditionBundle, b20: EditionBundle) -> None:
    """R-ACT-PROJECT-11: 14 tiles; [2012] 3 philosophers, 1 artist, 2 of each other type; [2020] 2 each."""
    assert _types(b12) == {"philosophers": 3, "artists": 1, "temples": 2, "theatres": 2, "statues": 2,
                           "mysteries": 2, "games": 2}
    assert set(_types(b20).values()) == {2} and len(_types(b20)) == 7
    assert len(b12.projects.projects) == len(b20.projects.projects) == 14


def test_project_poleis(bundle: EditionBundle) -> None:
    """R-ACT-PROJECT-11, R-ACT-PROJECT-2: the poleis that host each type, as tiles and cards agree."""
    hosts = {"philosophers": {"Athinae", "Syrakousai"}, "temples": {"Sparti", "Syrakousai"},
             "theatres": {"Korinthos", "Athinae", "Thibae"}, "statues": {"Abdera", "Gela", "Epidamnos", "Sparti"},
             "mysteries": {"Sparti", "Potidaia", "Samos"}, "games": {"Korinthos", "Pydna", "Argos"},
             "artists": {"Athinae"} if bundle.edition.edition == "2012" else {"Athinae", "Syrakousai", "Korinthos"}}
    for tile in bundle.projects.projects:
        assert set(tile.poleis) == hosts[tile.type], tile.id
    for p in bundle.poleis.poleis:
        assert set(p.projects) == {t for t, poleis in hosts.items() if p.id in poleis}, p.id
    assert sum(1 for p in bundle.poleis.poleis if p.projects) == 12  # "about 2/3 of all poleis"


def test_named_tiles(b12: EditionBundle, b20: EditionBundle) -> None:
    """EX-3 (Myron), EX-4 (Sokrates), R-ACT-PROJECT-10 (Phidias [2012]: half of Athinae's population)."""
    t12 = {p.id: p for p in b12.projects.projects}
    t20 = {p.id: p for p in b20.projects.projects}
    assert (t12["Socrates"].cost, t12["Socrates"].prestige, t12["Socrates"].posterity) == ({"silver": 6}, 4, 2)
    assert (t20["Myron"].cost, t20["Myron"].prestige, t20["Myron"].posterity) == (
        {"wood": 2, "silver": 3}, 2, 3)
    assert t12["Phidias"].prestige == "half_capital_population" and t12["Phidias"].poleis == ["Athinae"]
    assert set(t12["Phidias"].cost) == {"silver"}
    assert all(isinstance(p.prestige, int) for p in b20.projects.projects)


# ----- battle cards ----------------------------------------------------------------------------
def _halves(b: EditionBundle) -> list[tuple[str, list[CardHalf]]]:
    return [("land", b.battle_cards.land), ("sea", b.battle_cards.sea)]


def test_battle_card_specials(bundle: EditionBundle) -> None:
    """R-BATTLE-11: one Mercenaries (Antistasi, 0) and one Salpinx (Enedra, -1) in each half-deck."""
    for _, cards in _halves(bundle):
        specials = {c.special: (c.formation, c.manoeuvre, c.value, c.copies) for c in cards if c.special}
        assert specials == {"mercenaries": ("Mercenaries", "Antistasi", 0, 1),
                            "salpinx": ("Salpinx", "Enedra", -1, 1)}


def test_battle_card_structure(bundle: EditionBundle) -> None:
    """R-BATTLE-8, R-BATTLE-10, R-BATTLE-12: 24 copies per half; values 2/1/0/-1; each formation with at most
    two manoeuvres; a manoeuvre has one value throughout."""
    for half, cards in _halves(bundle):
        assert sum(c.copies for c in cards) == 24, half
        assert {c.value for c in cards} <= {2, 1, 0, -1}
        manoeuvres: dict[str, set[str]] = {}
        values: dict[str, set[int]] = {}
        for c in cards:
            manoeuvres.setdefault(c.formation, set()).add(c.manoeuvre)
            values.setdefault(c.manoeuvre, set()).add(c.value)
        assert all(len(m) <= 2 for m in manoeuvres.values()), manoeuvres
        assert all(len(v) == 1 for v in values.values()), values


def test_battle_cards_the_rulebooks_give(bundle: EditionBundle) -> None:
    """D-8, EX-17 .. EX-19: Phalanx/Othismos 2 x3, Phalanx/Proothisi 1 x5, Toxotis with Voli and Proothisi,
    Kyklos 0, Treeris with Kyklos and Periplous (> 0), Anotera Treeris with Diekplous."""
    land = {(c.formation, c.manoeuvre): c for c in bundle.battle_cards.land}
    sea = {(c.formation, c.manoeuvre): c for c in bundle.battle_cards.sea}
    assert (land["Phalanx", "Othismos"].value, land["Phalanx", "Othismos"].copies) == (2, 3)
    assert (land["Phalanx", "Proothisi"].value, land["Phalanx", "Proothisi"].copies) == (1, 5)
    assert ("Toxotis", "Voli") in land and land["Toxotis", "Proothisi"].value == 1
    assert sea["Treeris", "Kyklos"].value == 0 and sea["Treeris", "Periplous"].value > 0
    assert ("AnoteraTreeris", "Diekplous") in sea
    assert sum(c.copies for c in bundle.battle_cards.land if c.formation == "Phalanx") == 8


# ----- provenance ------------------------------------------------------------------------------
def test_reconstructed_values_list_what_was_reconstructed(b20: EditionBundle) -> None:
    """Korinthos' growth is a prototype value carried to the Devir edition; Sparti's base is in the rulebook."""
    found = {(rec, field) for _, rec, field, _ in reconstructed_values(b20)}
    assert ("poleis[Korinthos]", "growth") in found
    assert ("poleis[Sparti]", "base") not in found
    assert ("", "land_adjacency[13]") in found  # Megaris-Boiotia, section 11.1
    assert b20.map.land_adjacency[13] == ("Megaris", "Boiotia")


def test_reconstructed_values_name_their_file(b20: EditionBundle) -> None:
    entry = next(e for e in reconstructed_values(b20) if e[1] == "poleis[Korinthos]" and e[2] == "growth")
    assert entry[0] == b20.files["poleis"] and entry[0].endswith("poleis.json")
    assert entry[3] == 2


def test_prototype_values_are_source_in_2012(b12: EditionBundle) -> None:
    """The same prototype value is a found source for the edition it was made for."""
    assert _polis(b12, "Korinthos").tag_of("growth") == "source"
    found = {(rec, field) for _, rec, field, _ in reconstructed_values(b12)}
    assert ("poleis[Korinthos]", "growth") not in found


def test_element_provenance(bundle: EditionBundle) -> None:
    """A provenance key may tag one element of a field (names.2012) instead of the whole field."""
    tags = {(v.table, v.record, v.field): v.tag for v in tagged_values(bundle)}
    assert tags["map", "territories[Arkadia]", "names.2012"] == "reconstructed"
    assert tags["map", "territories[Arkadia]", "names.2020"] == "rulebook"
    assert tags["map", "", "land_adjacency[4]"] == "rulebook"  # Boiotia-Attika, rulebook example
    assert tags["map", "", "land_adjacency[0]"] == "source"


def test_inherited_provenance(b12: EditionBundle) -> None:
    """A record without its own provenance takes the tag its parent gives: prototype tribute is source,
    Sikelia (rulebook example) is rulebook."""
    tags = {(v.record, v.field): v.tag for v in tagged_values(b12) if v.table == "tribute"}
    assert tags["tables[Makedonia]", "columns"] == "source"
    assert tags["tables[Sikelia]", "columns"] == "rulebook"


def test_a_value_keeps_its_record_path_field_and_value(b12: EditionBundle, b20: EditionBundle) -> None:
    """A tagged value names the record it stands in by its path (a record inside a record, a record of a
    list by its key or else its position), holds its own value, and takes the tag of the nearest record
    that gives one; ids, keys, notes and provenance maps are not values."""
    values = {(v.table, v.record, v.field): v for v in tagged_values(b20)}
    assert (values["setup", "limits", "goods_max"].value, values["setup", "limits", "goods_max"].tag) == (
        20, "reconstructed")
    assert values["setup", "limits", "cubes"].tag == "rulebook"
    slot = {(v.table, v.record, v.field): v for v in tagged_values(b12)}["markets", "markets[Persia].slots[0]", "value"]
    assert (slot.value, slot.tag) == (3, "rulebook")  # a slot has no provenance: its market's tag
    assert values["map", "", "land_adjacency[13]"].value == ("Megaris", "Boiotia")
    assert values["map", "territories[Arkadia]", "names.2020"].value == "Arcadia"
    assert {v.field for v in tagged_values(b20) if v.record == "territories[Arkadia]"} == {"names.2012", "names.2020"}
    assert {v.field for v in tagged_values(b12) if v.record == "tables[Makedonia]"} == {"columns"}


def test_the_nearest_provenance_key_tags_a_part(tmp_path: Path) -> None:
    """A key naming a whole field tags every part of it that a longer key does not name."""
    data = _packaged_json("2020", "map")
    provenance = {"default": "source", "names": "rulebook", "names.2012": "reconstructed"}
    _named(data, "territories", "Arkadia")["provenance"] = provenance
    tags = {(v.record, v.field): v.tag for v in tagged_values(load_edition("2020", _override(tmp_path, "map", data)))}
    assert tags["territories[Arkadia]", "names.2012"] == "reconstructed"
    assert tags["territories[Arkadia]", "names.2020"] == "rulebook"


def test_provenance_summary(bundle: EditionBundle) -> None:
    summary = provenance_summary(bundle)
    assert set(summary) == {"rulebook", "source", "reconstructed"}
    assert sum(summary.values()) == len(tagged_values(bundle))
    assert summary["reconstructed"] == len(reconstructed_values(bundle)) > 0
    assert summary["rulebook"] > 0


# ----- loading mechanics -----------------------------------------------------------------------
def test_packaged_editions_are_cached() -> None:
    assert load_edition("2020") is load_edition("2020")
    assert load_edition("2012") is not load_edition("2020")


def test_unknown_edition() -> None:
    with pytest.raises(DataError) as err:
        load_edition("2016")
    assert (err.value.file, err.value.field) == ("(argument)", "edition")
    assert err.value.message == "unknown edition '2016'; expected one of ('2012', '2020')"


def test_a_file_not_in_utf8_is_refused_naming_it(tmp_path: Path) -> None:
    """A user's file saved in another encoding is refused, naming that file, not read as garbage."""
    (tmp_path / "poleis.json").write_bytes('{"poleis": [{"id": "Athènes"}]}'.encode("latin-1"))
    with pytest.raises(DataError) as err:
        load_edition("2020", tmp_path)
    assert (err.value.file, err.value.field) == (str(tmp_path / "poleis.json"), "(file)")
    assert err.value.message.startswith("cannot be read as UTF-8 text")


def _packaged_folder(edition: str, table: str) -> Path:
    """The packaged folder whose ``table`` the edition reads: its own, else the common one."""
    own = PACKAGED / edition
    return own if (own / f"{table}.json").is_file() else PACKAGED / "common"


def _packaged_json(edition: str, table: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_packaged_folder(edition, table) / f"{table}.json").read_text(encoding="utf-8"))
    return data


def _override(tmp_path: Path, table: str, data: object) -> Path:
    (tmp_path / f"{table}.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


def _index(data: dict[str, Any], pid: str) -> int:
    return next(i for i, p in enumerate(data["poleis"]) if p["id"] == pid)


def test_override_with_a_corrected_value(tmp_path: Path) -> None:
    """A user who owns the game corrects Korinthos' growth; only that table comes from his folder."""
    data = _packaged_json("2020", "poleis")
    i = _index(data, "Korinthos")
    data["poleis"][i]["growth"] = 3
    data["poleis"][i]["provenance"]["growth"] = "rulebook"
    b = load_edition("2020", _override(tmp_path, "poleis", data))
    assert _polis(b, "Korinthos").growth == 3
    assert b.files["poleis"] == str(tmp_path / "poleis.json")
    assert b.files["map"].endswith(str(Path("common") / "map.json"))
    assert ("poleis[Korinthos]", "growth") not in {(r, f) for _, r, f, _ in reconstructed_values(b)}
    assert load_edition("2020", tmp_path) is not load_edition("2020", tmp_path)  # user data is not cached
    assert _polis(load_edition("2020"), "Korinthos").growth == 2  # the packaged data is untouched


def test_bad_json_syntax(tmp_path: Path) -> None:
    (tmp_path / "poleis.json").write_text('{\n  "poleis": [\n    {"id": "Athinae",,}\n  ]\n}\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_edition("2020", tmp_path)
    assert err.value.file == str(tmp_path / "poleis.json")
    assert err.value.field.startswith("line 3")


def test_wrong_type(tmp_path: Path) -> None:
    data = _packaged_json("2020", "poleis")
    data["poleis"][3]["base"] = "five"
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "poleis", data))
    assert err.value.file == str(tmp_path / "poleis.json")
    assert err.value.field == "poleis[3].base"


def test_missing_required_field(tmp_path: Path) -> None:
    data = _packaged_json("2012", "poleis")
    del data["poleis"][5]["growth"]
    with pytest.raises(DataError) as err:
        load_edition("2012", _override(tmp_path, "poleis", data))
    assert (err.value.file, err.value.field) == (str(tmp_path / "poleis.json"), "poleis[5].growth")


def test_unknown_polis_in_a_cross_reference(tmp_path: Path) -> None:
    data = _packaged_json("2020", "projects")
    data["projects"][0]["poleis"].append("Atlantis")
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "projects", data))
    assert err.value.file == str(tmp_path / "projects.json")
    assert err.value.field == f"projects[0].poleis[{len(data['projects'][0]['poleis']) - 1}]"
    assert err.value.message == "unknown polis 'Atlantis'"


def test_unknown_polis_in_setup(tmp_path: Path) -> None:
    data = _packaged_json("2020", "setup")
    data["athens"]["proxenos"] = "Atlantis"
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "setup", data))
    assert (err.value.file, err.value.field) == (str(tmp_path / "setup.json"), "athens.proxenos")


def test_unknown_territory_in_a_polis(tmp_path: Path) -> None:
    data = _packaged_json("2012", "poleis")
    data["poleis"][_index(data, "Argos")]["territory"] = "Arcadia"
    with pytest.raises(DataError) as err:
        load_edition("2012", _override(tmp_path, "poleis", data))
    assert err.value.field == f"poleis[{_index(data, 'Argos')}].territory"
    assert err.value.message == "unknown territory 'Arcadia'"


def test_good_of_the_other_edition(tmp_path: Path) -> None:
    """R-GEN-5: oil is no good of the Devir edition, so a tribute column of oil is refused."""
    data = _packaged_json("2020", "tribute")
    data["tables"][0]["columns"]["oil"] = [1, 3]
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "tribute", data))
    assert err.value.field == "tables[0].columns.oil"
    assert err.value.message == "unknown good of this edition 'oil'"


def test_battle_cards_must_total_24(tmp_path: Path) -> None:
    """R-BATTLE-8: each half-deck holds 24 cards."""
    data = _packaged_json("2020", "battle_cards")
    data["sea"][0]["copies"] += 1
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "battle_cards", data))
    assert (err.value.file, err.value.field) == (str(tmp_path / "battle_cards.json"), "sea")
    assert err.value.message == "copies total 25, expected 24"


def test_setup_over_the_cube_limit(tmp_path: Path) -> None:
    """R-COMP-4: the starting position cannot use more cubes than the limit."""
    data = _packaged_json("2020", "setup")
    data["limits"]["cubes"] = 10
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "setup", data))
    assert err.value.field == "athens"


def test_value_table_rows_of_equal_length(tmp_path: Path) -> None:
    data = _packaged_json("2012", "markets")
    data["value_table"]["5"].append(14)
    with pytest.raises(DataError) as err:
        load_edition("2012", _override(tmp_path, "markets", data))
    assert err.value.field == "value_table"


def test_mistyped_provenance_key(tmp_path: Path) -> None:
    """A provenance key that names nothing would silently tag nothing, so it is an error."""
    data = _packaged_json("2020", "poleis")
    data["poleis"][0]["provenance"]["grwoth"] = "rulebook"
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "poleis", data))
    assert err.value.field == "poleis[0].provenance.grwoth"
    assert err.value.message == "names no field or element of this record"


def test_edition_file_of_the_wrong_edition(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "edition", _packaged_json("2012", "edition")))
    assert err.value.field == "edition"
    assert err.value.message == "file is for edition '2012', but edition '2020' was asked for"


def test_rounds_must_match_projects_per_round(tmp_path: Path) -> None:
    data = _packaged_json("2020", "edition")
    data["projects_per_round"] = [3, 4]
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "edition", data))
    assert err.value.field == "projects_per_round"
    assert err.value.message == "2 entries for 3 rounds"


def _fake_package(tmp_path: Path, drop: str) -> Path:
    """A copy of the packaged data without any file of table ``drop``."""
    root = tmp_path / "package"
    shutil.copytree(PACKAGED, root)
    for path in root.glob(f"*/{drop}.json"):
        path.unlink()
    return root


def test_missing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _fake_package(tmp_path, "tribute")
    monkeypatch.setattr(loader, "_packaged_root", lambda: root)
    with pytest.raises(DataError) as err:
        loader._load("2020", None)
    assert (err.value.file, err.value.field) == (str(root / "2020" / "tribute.json"), "(file)")
    assert err.value.message == "missing: neither 2020/ nor common/ has tribute.json"


def test_a_packaged_file_not_in_utf8_is_refused_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged installation names the packaged file it cannot read."""
    root = _fake_package(tmp_path, "nothing")
    (root / "common" / "map.json").write_bytes(b"\xff\xfe")
    monkeypatch.setattr(loader, "_packaged_root", lambda: root)
    with pytest.raises(DataError) as err:
        loader._load("2020", None)
    assert (err.value.file, err.value.field) == (str(root / "common" / "map.json"), "(file)")


def test_missing_events_give_empty_decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _fake_package(tmp_path, "events")
    monkeypatch.setattr(loader, "_packaged_root", lambda: root)
    b = loader._load("2012", None)
    assert b.events == EventsData(decks=[])
    assert b.files["events"] == loader.NO_FILE
    tables = {v.table for v in tagged_values(b)}
    assert "events" not in tables and {"setup", "scenarios"} <= tables  # the tables after it still count


def test_events_file_is_loaded(tmp_path: Path) -> None:
    deck = {"round": "Alfa", "cards": [{"provenance": {"default": "rulebook"}, "id": "XerxesAssassinated",
                                        "title": "Xerxes I assassinated", "text": "No trade with Persia.",
                                        "effect": "close_market", "params": {"market": "Persia"}}]}
    b = load_edition("2020", _override(tmp_path, "events", {"decks": [deck]}))
    assert b.events.decks[0].cards[0].id == "XerxesAssassinated"
    assert b.files["events"] == str(tmp_path / "events.json")


def test_events_deck_for_an_unknown_round(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "events", {"decks": [{"round": "5b", "cards": []}]}))
    assert err.value.field == "decks[0].round"
    assert err.value.message == "unknown round name '5b'"


def test_every_table_is_covered() -> None:
    """Every table the schema names has a model, and every packaged table but the optional ones has a
    file (the 2020 edition has no scenarios)."""
    assert set(loader.MODELS) == set(TABLES)
    assert set(loader.OPTIONAL_TABLES) == {"events", "scenarios"}
    for edition in EDITIONS:
        for table in set(TABLES) - set(loader.OPTIONAL_TABLES):
            assert any((PACKAGED / f / f"{table}.json").is_file() for f in (edition, "common")), table


# ----- each cross-check refuses a file that breaks it -----------------------------------------------
def _named(raw: dict[str, Any], key: str, name: str) -> dict[str, Any]:
    return first(raw, key, lambda record: record["id"] == name)


def _second_capital(raw: dict[str, Any]) -> None:
    _named(raw, "poleis", "Korinthos")["capital"] = "athens"


def _no_sparta_capital(raw: dict[str, Any]) -> None:
    _named(raw, "poleis", "Sparti")["capital"] = None


def _mercenaries_twice(half: str) -> Edit:
    """The first plain card of ``half`` (3 copies in both editions) made a mercenaries card too."""
    def edit(raw: dict[str, Any]) -> None:
        next(card for card in raw[half] if card.get("special") is None)["special"] = "mercenaries"
    return edit


def _no_salpinx(raw: dict[str, Any]) -> None:
    first(raw, "sea", lambda card: card.get("special") == "salpinx")["special"] = None


CASES: list[tuple[str, str, str, Edit, str, str]] = [
    # (case, edition, table, edit, field, words of the message)
    ("tradable goods are goods", "2020", "edition", lambda r: r["tradable"].append("oil"), "tradable[3]",
     r"^unknown good \(not in goods\) 'oil'$"),
    ("perishable goods are goods", "2020", "edition", lambda r: r["perishable"].append("oil"), "perishable[2]",
     r"unknown good \(not in goods\) 'oil'"),
    ("round names", "2020", "edition", lambda r: r["rounds"][1].update(name="Alfa"), "rounds",
     "^round names repeat$"),
    ("projects drawn after each round", "2020", "edition", lambda r: r.update(projects_drawn_after_round=[5]),
     "projects_drawn_after_round", "^needs one entry per round after the first, or none$"),
    ("region ids", "2020", "map", lambda r: r["seas"][0].update(id="Achaia"), "territories",
     r"^region or market ids repeat: \['Achaia'\]$"),
    ("a land border's first territory", "2020", "map", lambda r: r["land_adjacency"][0].__setitem__(0, "Atlantis"),
     "land_adjacency[0][0]", "^unknown territory 'Atlantis'$"),
    ("a land border's second territory", "2020", "map",
     lambda r: r["land_adjacency"][0].__setitem__(1, "Atlantis"), "land_adjacency[0][1]", "unknown territory"),
    ("a territory bordering itself", "2020", "map", lambda r: r["land_adjacency"][0].__setitem__(1, "Makedonia"),
     "land_adjacency[0]", "^a region cannot border itself$"),
    ("a sea border", "2020", "map", lambda r: r["sea_adjacency"][0].__setitem__(1, "Attika"),
     "sea_adjacency[0][1]", "^unknown sea 'Attika'$"),
    ("a coast's sea", "2020", "map", lambda r: r["coasts"].update(Okeanos=["Attika"]), "coasts.Okeanos",
     "unknown sea 'Okeanos'"),
    ("a coast's territory", "2020", "map", lambda r: r["coasts"]["Kyklades"].append("Atlantis"),
     "coasts.Kyklades[3]", "unknown territory 'Atlantis'"),
    ("the diolkos' seas", "2020", "map", lambda r: r["diolkos"].__setitem__(0, "Attika"), "diolkos[0]",
     "unknown sea 'Attika'"),
    ("the diolkos' polis", "2020", "map", lambda r: r.update(diolkos_polis="Atlantis"), "diolkos_polis",
     "^unknown polis 'Atlantis'$"),
    ("sea-only territories", "2020", "map", lambda r: r["sea_only_territories"].__setitem__(0, "Kyklades"),
     "sea_only_territories[0]", "unknown territory 'Kyklades'"),
    ("commercial ports", "2020", "map", lambda r: r["commercial_ports"]["athens"].__setitem__(0, "Attika"),
     "commercial_ports.athens[0]", "unknown sea 'Attika'"),
    ("a route's first end", "2020", "map", lambda r: r["trade_routes"][0].__setitem__(0, "Attika"),
     "trade_routes[0][0]", "^unknown sea or market 'Attika'$"),
    ("a route's second end", "2020", "map", lambda r: r["trade_routes"][0].__setitem__(1, "Attika"),
     "trade_routes[0][1]", "unknown sea or market 'Attika'"),
    ("a route between two markets", "2020", "map", lambda r: r["trade_routes"].append(["Aegyptos", "Persia"]),
     "trade_routes[11]", "^an edge needs at least one sea$"),
    ("a land route's polis", "2020", "map", lambda r: r["land_trade_routes"].update(Atlantis="Illyria"),
     "land_trade_routes.Atlantis", "unknown polis 'Atlantis'"),
    ("a land route's market", "2020", "map", lambda r: r["land_trade_routes"].update(Epidamnos="Atlantis"),
     "land_trade_routes.Epidamnos", "^unknown market 'Atlantis'$"),
    ("polis ids", "2020", "poleis", lambda r: r["poleis"][3].update(id="Chalkis"), "poleis", "^polis ids repeat$"),
    ("a polis above its maximum", "2020", "poleis", lambda r: r["poleis"][0].update(base=11), "poleis[0].base",
     "^base 11 exceeds max 10$"),
    ("a port's sea", "2020", "poleis", lambda r: r["poleis"][0]["ports"].__setitem__(0, "Attika"),
     "poleis[0].ports[0]", "unknown sea 'Attika'"),
    ("a port on the polis' coast", "2020", "poleis", lambda r: r["poleis"][0].update(ports=["IonionPelagos"]),
     "poleis[0].ports[0]", r"^Attika does not border IonionPelagos \(map.coasts\)$"),
    ("two capitals", "2020", "poleis", _second_capital, "poleis",
     r"^athens needs exactly one capital, has \['Athinae', 'Korinthos'\]$"),
    ("no capital", "2020", "poleis", _no_sparta_capital, "poleis", r"^sparta needs exactly one capital, has \[\]$"),
    ("a tribute table's territory", "2020", "tribute", lambda r: r["tables"][0].update(territory="Atlantis"),
     "tables[0].territory", "unknown territory 'Atlantis'"),
    ("a territory with two tribute tables", "2020", "tribute",
     lambda r: r["tables"][1].update(territory=r["tables"][0]["territory"]), "tables[1].territory",
     "^territory listed twice$"),
    ("an empty tribute column", "2020", "tribute", lambda r: r["tables"][0]["columns"].update(wood=[]),
     "tables[0].columns.wood", "positive and not empty"),
    ("a tribute of nothing", "2020", "tribute", lambda r: r["tables"][0]["columns"].update(wood=[0, 1]),
     "tables[0].columns.wood", "^amounts must be positive and not empty$"),
    ("a market's name", "2012", "markets", lambda r: r["markets"][0].update(market="Atlantis"),
     "markets[0].market", "^unknown market 'Atlantis'$"),
    ("a market listed twice", "2012", "markets", lambda r: r["markets"][1].update(market=r["markets"][0]["market"]),
     "markets[1].market", "^market listed twice$"),
    ("a slot's cargo size", "2012", "markets", lambda r: r["value_table"].pop("5"), "markets[0].slots[2].value",
     "^no value_table row for this cargo size$"),
    ("a slot's goods", "2012", "markets", lambda r: r["markets"][0]["slots"][0]["accepts"].__setitem__(0, "wheat"),
     "markets[0].slots[0].accepts[0]", "^unknown tradable good 'wheat'$"),
    ("an empty value row", "2012", "markets", lambda r: r["value_table"].update({"3": []}), "value_table",
     r"found lengths \[0, 11\]"),
    ("the start spaces' goods", "2012", "markets", lambda r: r["start_space"].pop("oil"), "start_space",
     r"^needs exactly the tradable goods \['iron', 'oil', 'wine', 'wood'\]$"),
    ("a start space off the track", "2012", "markets", lambda r: r["start_space"].update(wine=11),
     "start_space.wine", "^space 11 is off the 11-space track$"),
    ("project ids", "2020", "projects", lambda r: r["projects"][1].update(id=r["projects"][0]["id"]), "projects",
     "^project ids repeat$"),
    ("a project's cost", "2020", "projects", lambda r: r["projects"][0]["cost"].update(oil=1),
     "projects[0].cost.oil", "^unknown good of this edition 'oil'$"),
    ("a project its polis' card forbids", "2020", "projects", lambda r: r["projects"][0]["poleis"].append("Sparti"),
     "projects[0].poleis[2]", r"^Sparti's card does not allow philosophers \(poleis.json\)$"),
    ("enough project tiles", "2020", "projects", lambda r: r.update(projects=r["projects"][:13]), "projects",
     "^13 tiles, but the rounds reveal 14$"),
    ("one mercenaries card a half", "2020", "battle_cards", _mercenaries_twice("land"), "land",
     "^needs exactly one mercenaries card, has 4$"),
    ("one salpinx card a half", "2020", "battle_cards", _no_salpinx, "sea", "^needs exactly one salpinx card, has 0$"),
    ("a polis of both sides", "2020", "setup", lambda r: r["sparta"]["poleis"].update(Chalkis=1), "sparta.poleis",
     r"^both sides start with \['Chalkis'\]$"),
    ("a side's polis", "2020", "setup", lambda r: r["athens"]["poleis"].update(Atlantis=1), "athens.poleis.Atlantis",
     "^unknown polis 'Atlantis'$"),
    ("a polis without cubes", "2020", "setup", lambda r: r["athens"]["poleis"].update(Chalkis=0),
     "athens.poleis.Chalkis", r"^0 cubes is outside 1\.\.2$"),
    ("a polis above its maximum at the start", "2020", "setup", lambda r: r["athens"]["poleis"].update(Chalkis=3),
     "athens.poleis.Chalkis", r"^3 cubes is outside 1\.\.2$"),
    ("the capital at the start", "2020", "setup", lambda r: r["sparta"]["poleis"].pop("Sparti"), "sparta.poleis",
     "^must include the capital Sparti$"),
    ("a hoplite's territory", "2020", "setup", lambda r: r["athens"]["hoplites"].update(Kyklades=1),
     "athens.hoplites.Kyklades", "^unknown territory 'Kyklades'$"),
    ("a galley's sea", "2020", "setup", lambda r: r["sparta"]["galleys"].update(Attika=1), "sparta.galleys.Attika",
     "^unknown sea 'Attika'$"),
    ("the first round's stacking limit", "2020", "setup", lambda r: r["athens"]["hoplites"].update(Attika=4),
     "athens.hoplites.Attika", r"^4 units is outside 0\.\.3 \(stacking limit of the first round\)$"),
    ("the proxenos' polis", "2020", "setup", lambda r: r["sparta"].update(proxenos="Atlantis"), "sparta.proxenos",
     "^unknown polis 'Atlantis'$"),
    ("a side's goods", "2020", "setup", lambda r: r["athens"]["goods"].update(oil=1), "athens.goods.oil",
     "^unknown good of this edition 'oil'$"),
    ("a good above its track", "2020", "setup", lambda r: r["athens"]["goods"].update(wheat=21), "athens.goods.wheat",
     r"^21 is outside 0\.\.20$"),
    ("a good at its track's top", "2020", "setup", lambda r: r["limits"].update(goods_max=3), "athens.goods.iron",
     r"^4 is outside 0\.\.3$"),
    ("prestige above its track", "2020", "setup", lambda r: r["sparta"].update(prestige=100), "sparta.prestige",
     "^above prestige_max$"),
    ("merchants", "2020", "setup", lambda r: r["limits"].update(merchants=0), "athens.merchants",
     "^1 merchants, limit 0$"),
    ("discs", "2020", "setup", lambda r: r["limits"].update(discs=2), "athens.poleis", "^more poleis than discs$"),
    ("cubes", "2020", "setup", lambda r: r["limits"].update(cubes=15), "athens",
     r"^16 cubes on the board, limit 15 \(R-COMP-4\)$"),
    ("provenance of a missing dict element", "2020", "map",
     lambda r: r["territories"][0]["provenance"].update({"names.2016": "rulebook"}),
     "territories[0].provenance.names.2016", "^names no field or element of this record$"),
    ("provenance of an element past a list's end", "2020", "map",
     lambda r: r["provenance"].update({f"land_adjacency[{len(r['land_adjacency'])}]": "rulebook"}),
     r"provenance\.land_adjacency\[\d+\]", "names no field or element"),
    ("provenance of a dict by position", "2020", "map",
     lambda r: r["territories"][0]["provenance"].update({"names[0]": "rulebook"}),
     "territories[0].provenance.names[0]", "names no field or element"),
    ("provenance of a list by name", "2020", "map",
     lambda r: r["provenance"].update({"coasts.Kyklades.Attika": "source"}),
     "provenance.coasts.Kyklades.Attika", "names no field or element"),
    ("provenance of a key not written out", "2020", "map",
     lambda r: r["territories"][0]["provenance"].update({"names..2012": "rulebook"}),
     "territories[0].provenance.names..2012", "names no field or element"),
    ("provenance of nothing", "2020", "map", lambda r: r["territories"][0]["provenance"].update({".": "rulebook"}),
     "territories[0].provenance..", "names no field or element"),
    ("provenance in a record of a record", "2020", "setup", lambda r: r["athens"]["provenance"].update(nope="source"),
     "athens.provenance.nope", "names no field or element"),
    ("provenance in a record of a list in a record", "2012", "markets",
     lambda r: r["markets"][0]["slots"][0].update(provenance={"default": "rulebook", "nope": "source"}),
     "markets[0].slots[0].provenance.nope", "names no field or element"),
    ("scenario ids", "2012", "scenarios", lambda r: r["scenarios"][1].update(id=r["scenarios"][0]["id"]),
     "scenarios", "^ids repeat$"),
    ("a scenario after one not playable", "2012", "scenarios",
     lambda r: r["scenarios"][2].update(playable=True, rounds=["6"]), "scenarios[2].rounds[0]",
     "^unknown round name '6'$"),
]


@pytest.mark.parametrize(("edition", "table", "edit", "field", "words"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_a_broken_data_file_is_refused_naming_the_field(tmp_path: Path, edition: str, table: str, edit: Edit,
                                                       field: str, words: str) -> None:
    """R-SETUP-1, R-COMP-4: each cross-check of a user's data folder refuses its own fault, naming the
    file, the field and the fault (the packaged files pass every check, so only a broken file shows
    that a check still refuses)."""
    folder = broken_folder(_packaged_folder(edition, table), tmp_path, table, edit)
    with pytest.raises(DataError) as refused:
        load_edition(edition, folder)
    assert_names_the_fault(refused.value, folder, table, field, words)


@pytest.mark.parametrize(("case", "table", "edit"), [
    ("a polis at its maximum", "setup", lambda r: r["athens"]["poleis"].update(Chalkis=2)),
    ("a region listed with no units", "setup", lambda r: r["athens"]["hoplites"].update(Attika=0)),
    ("units at the first round's stacking limit", "setup", lambda r: r["sparta"]["galleys"].update(MyrtoonPelagos=3)),
    ("goods at the track's top", "setup", lambda r: r["athens"]["goods"].update(wheat=20)),
    ("prestige at the track's top", "setup", lambda r: r["athens"].update(prestige=99)),
    ("merchants at the limit", "setup", lambda r: r["limits"].update(merchants=1)),
    ("poleis as many as discs", "setup", lambda r: r["limits"].update(discs=3)),
    ("cubes at the limit", "setup", lambda r: r["limits"].update(cubes=16)),
    ("a polis' base at its maximum", "poleis", lambda r: r["poleis"][0].update(base=10)),
    ("a value track one space long", "markets",
     lambda r: r.update(value_table={size: row[:1] for size, row in r["value_table"].items()})),
])
def test_a_table_at_a_limit_loads(tmp_path: Path, case: str, table: str, edit: Edit) -> None:
    """R-SETUP-1, R-STACK-1, R-COMP-4, R-MAP-16, R-SETUP-11: each check refuses only past its limit; a
    value at the limit itself loads (the refusal cases above are one step past it)."""
    folder = broken_folder(_packaged_folder("2020", table), tmp_path, table, edit)
    assert load_edition("2020", folder).files[table] == str(folder / f"{table}.json"), case


def test_provenance_keys_reach_inside_a_field(tmp_path: Path) -> None:
    """A provenance key may name an element of an element (a list in a dict, a pair in a list): such
    keys load and tag just that element."""
    data = _packaged_json("2020", "map")
    data["provenance"].update({"coasts.Kyklades[0]": "reconstructed", "land_adjacency[13][0]": "source"})
    tags = {(v.record, v.field): v.tag for v in tagged_values(load_edition("2020", _override(tmp_path, "map", data)))}
    assert tags["", "coasts.Kyklades[0]"] == "reconstructed"
    assert tags["", "land_adjacency[13][0]"] == "source"


def test_a_port_on_a_sea_without_a_coast_is_refused(tmp_path: Path) -> None:
    """A sea the map gives no coast borders no territory, so a polis' port on it is refused (not a crash)."""
    data = _packaged_json("2020", "map")
    del data["coasts"]["Kyklades"]
    with pytest.raises(DataError) as err:
        load_edition("2020", _override(tmp_path, "map", data))
    assert (err.value.field, err.value.message) == (
        "poleis[0].ports[0]", "Attika does not border Kyklades (map.coasts)")

