"""Start a project (R-ACT-PROJECT-*), examples EX-3 and EX-4.

Round prestige is paid in end-of-round step 1 (R-EOR-6), posterity at the final scoring (R-END-7).
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal_set, tile

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_units, turn_position
from kleos.games.polis.rules import scoring
from kleos.games.polis.state import END_OF_ROUND, PolisState
from kleos.games.polis.tables import GOODS
from step_cap import StepCap


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


def started(game: PolisGame, s: PolisState, polis: str) -> int:
    return s.project_started[game.tables.polis_index[polis]]


def filler(game: PolisGame, s: PolisState) -> None:
    """An action that changes nothing that matters here: the proxenos steps between the two poleis of
    its capital's territory (Athinae <-> Chalkis, Sparti <-> Gythion), bribing nobody."""
    t = game.tables
    here = t.polis_ids[s.proxenos[s.active]]
    pairs = {"Athinae": "Chalkis", "Chalkis": "Athinae", "Sparti": "Gythion", "Gythion": "Sparti"}
    territory = t.region_ids[t.polis_territory[t.polis_index[here]]]
    play(game, s, "proxenos", f"via {territory}", f"enter {pairs[here]}")


def both_pass(game: PolisGame, s: PolisState) -> None:
    """The active player passes, then the other: the end of round begins with step 1 (projects)."""
    play(game, s, "pass")
    cap = StepCap("s.phase != END_OF_ROUND and not s.passed[s.active]")
    while s.phase != END_OF_ROUND and not s.passed[s.active] and cap():
        play(game, s, "pass")
    assert s.phase == END_OF_ROUND


def finish_end_of_round(game: PolisGame, s: PolisState) -> None:
    """Take every end-of-round decision the cheapest way (no growth, no Phoros) until it is over."""
    cap = StepCap("s.phase == END_OF_ROUND and s.chance is None and s.outcome is None")
    while s.phase == END_OF_ROUND and s.chance is None and s.outcome is None and cap():
        options = legal_set(game, s)
        choice = next(a for a in ("done", "phoros 0", "feed") if a in options)
        play(game, s, choice)


def well_fed(s: PolisState) -> None:
    """Enough wheat that feeding never costs prestige (R-EOR-10)."""
    set_goods(s, "athens", wheat=20)
    set_goods(s, "sparta", wheat=20)


def test_tile_must_be_face_up_and_polis_own(game: PolisGame) -> None:
    """R-ACT-PROJECT-1: only a face-up tile, only in a polis of one's own."""
    s = turn_position(game, round=0, active="athens", projects=("Socrates", "Theatre"))
    set_goods(s, "athens", silver=10)
    assert_illegal(game, s, "project Democritus Athinae", "R-ACT-PROJECT-1", listed=False)
    assert_illegal(game, s, "project Theatre Thibae", "R-ACT-PROJECT-1", listed=False)
    assert_illegal(game, s, "project Socrates Syrakousai", "R-ACT-PROJECT-1", listed=False)
    assert "project Socrates Athinae" in legal_set(game, s)


def test_polis_must_be_listed_on_the_tile(game: PolisGame) -> None:
    """R-ACT-PROJECT-2: Socrates only in Athinae or Syrakousai, not in Chalkis or Korinthos."""
    s = turn_position(game, round=0, active="athens", projects=("Socrates",))
    set_goods(s, "athens", silver=10)
    set_polis(game, s, "Korinthos", "athens", 4)
    assert_illegal(game, s, "project Socrates Chalkis", "R-ACT-PROJECT-2", listed=False)
    assert_illegal(game, s, "project Socrates Korinthos", "R-ACT-PROJECT-2", listed=False)


def test_one_project_per_polis_per_round(game: PolisGame) -> None:
    """R-ACT-PROJECT-3: a second project in Athinae is refused, in Korinthos still possible."""
    s = turn_position(game, round=0, active="athens", projects=("Socrates", "Theatre", "TheatreWithEpiskenion"))
    set_goods(s, "athens", silver=20, iron=4, wood=4)
    set_polis(game, s, "Korinthos", "athens", 4)
    play(game, s, "project Socrates Athinae")
    filler(game, s)
    filler(game, s)
    play(game, s, "galleys Pylos", "pay wood IonionPelagos")
    assert s.active == 0
    assert_illegal(game, s, "project Theatre Athinae", "R-ACT-PROJECT-3", listed=False)
    play(game, s, "project Theatre Korinthos")
    assert started(game, s, "Korinthos") == tile(game, "Theatre")


def test_the_polis_not_the_player_started_the_project(game: PolisGame) -> None:
    """R-ACT-PROJECT-3, R-ACT-PROJECT-7: Sparta, having taken Thibae, cannot start a second one there."""
    s = turn_position(game, round=2, active="athens", projects=("Theatre", "TheatreWithEpiskenion"))
    set_polis(game, s, "Thibae", "athens", 3)
    set_goods(s, "athens", silver=5)
    play(game, s, "project Theatre Thibae")
    filler(game, s)
    set_polis(game, s, "Thibae", "sparta", 3)  # as after a successful siege
    set_goods(s, "sparta", iron=5, wood=5, silver=5)
    assert_illegal(game, s, "project TheatreWithEpiskenion Thibae", "R-ACT-PROJECT-3", listed=False)
    assert started(game, s, "Thibae") == tile(game, "Theatre")


def test_the_printed_cost_is_paid(game: PolisGame) -> None:
    """R-ACT-PROJECT-4: Temple of Apollo costs 2 iron, 3 wood, 2 silver; without enough it is refused."""
    s = turn_position(game, round=0, active="sparta", projects=("TempleOfApollo",))
    set_goods(s, "sparta", iron=2, wood=3, silver=1)
    assert_illegal(game, s, "project TempleOfApollo Sparti", "R-ACT-PROJECT-4", listed=False)
    set_goods(s, "sparta", silver=2)
    play(game, s, "project TempleOfApollo Sparti")
    assert {g: goods_of(s, "sparta")[g] for g in ("iron", "wood", "silver")} == {"iron": 0, "wood": 0, "silver": 0}


def test_a_good_type_is_paid_in_silver_entirely_or_not_at_all(game: PolisGame) -> None:
    """R-ACT-PROJECT-5: with 2 of the 3 iron, the iron must all be paid in silver (3 + 3 silver)."""
    s = turn_position(game, round=0, active="sparta", projects=("TempleOfZeus",))
    set_goods(s, "sparta", iron=2, wood=4, silver=5)
    assert not any(a.verb == "project" for a in game.legal_actions(s))  # 2 iron + 1 silver is not a way
    set_goods(s, "sparta", silver=6)
    assert {str(a) for a in game.legal_actions(s) if a.verb == "project"} == {"project TempleOfZeus Sparti iron"}
    play(game, s, "project TempleOfZeus Sparti iron")
    after = goods_of(s, "sparta")
    assert (after["iron"], after["wood"], after["silver"]) == (2, 0, 0)


def test_only_goods_of_the_cost_can_be_replaced_by_silver(game: PolisGame) -> None:
    """R-ACT-PROJECT-5: 'iron' is not part of the Ephebe's cost; silver cannot replace silver."""
    s = turn_position(game, round=0, active="sparta", projects=("Ephebe",))
    set_goods(s, "sparta", silver=10)
    assert_illegal(game, s, "project Ephebe Sparti iron", "R-ACT-PROJECT-5", listed=False)
    assert_illegal(game, s, "project Ephebe Sparti silver", "R-ACT-PROJECT-5", listed=False)
    play(game, s, "project Ephebe Sparti wood")
    assert goods_of(s, "sparta")["silver"] == 8


def test_started_tile_leaves_the_project_spaces(game: PolisGame) -> None:
    """R-ACT-PROJECT-6: once started, the tile is on the polis and nobody can start it again."""
    s = turn_position(game, round=0, active="athens", projects=("Ephebe", "Theatre"))
    set_polis(game, s, "Epidamnos", "athens", 1)
    play(game, s, "project Ephebe Epidamnos", "pass")
    assert tile(game, "Ephebe") not in s.projects_face_up
    assert started(game, s, "Epidamnos") == tile(game, "Ephebe")
    assert s.active == 1
    assert_illegal(game, s, "project Ephebe Sparti", "R-ACT-PROJECT-1", listed=False)


def test_round_prestige_goes_to_the_owner_at_round_end(game: PolisGame) -> None:
    """R-ACT-PROJECT-7, R-ACT-PROJECT-8, R-MAP-22: Athens pays for the Theatre in Thibae, Sparta owns Thibae
    at the end of the round and gains its 2 prestige."""
    s = turn_position(game, round=1, active="athens", projects=("Theatre",))
    well_fed(s)
    set_polis(game, s, "Thibae", "athens", 3)
    set_goods(s, "athens", silver=5)
    play(game, s, "project Theatre Thibae")
    set_polis(game, s, "Thibae", "sparta", 3)  # as after a successful siege
    before = list(s.prestige)
    both_pass(game, s)
    assert s.prestige == [before[0], before[1] + 2]
    assert s.projects_done[game.tables.polis_index["Thibae"]] == (tile(game, "Theatre"),)


def test_posterity_goes_to_the_owner_at_game_end(game: PolisGame) -> None:
    """R-ACT-PROJECT-9, R-MAP-22: the Theatre with episkenion (1 posterity) built by Athens in Thibae
    counts for Sparta, who owns Thibae at the end; its round prestige (3) went to Athens."""
    s = turn_position(game, round=game.tables.last_round, active="athens", projects=("TheatreWithEpiskenion",))
    well_fed(s)
    set_polis(game, s, "Thibae", "athens", 3)
    set_goods(s, "athens", silver=5)
    play(game, s, "project TheatreWithEpiskenion Thibae")
    before = s.prestige[0]
    both_pass(game, s)
    assert s.prestige[0] == before + 3
    set_polis(game, s, "Thibae", "sparta", 3)  # changes hands before the final scoring
    finish_end_of_round(game, s)
    assert s.outcome is not None
    t = game.tables
    owned = sum(s.pop[p] for p in range(len(t.polis_ids)) if s.owner[p] == 1)
    assert s.outcome.scores[1] == s.prestige[1] + owned + 1
    assert scoring.score(t, s, 0) == s.prestige[0] + sum(s.pop[p] for p in range(len(t.polis_ids)) if s.owner[p] == 0)


def test_phidias_2012_only_in_athinae_for_half_its_population() -> None:
    """R-ACT-PROJECT-10 [2012]: Phidias only in Athinae; round prestige = ceil(population / 2) (5 -> 3)."""
    game = PolisGame("2012")
    s = turn_position(game, round=0, active="athens", projects=("Phidias",))
    well_fed(s)
    set_goods(s, "athens", silver=4)
    set_polis(game, s, "Korinthos", "athens", 4)
    assert_illegal(game, s, "project Phidias Korinthos", "R-ACT-PROJECT-2", listed=False)
    play(game, s, "project Phidias Athinae")
    assert goods_of(s, "athens")["silver"] == 0
    before = s.prestige[0]
    both_pass(game, s)
    assert s.prestige[0] == before + 3


def test_phidias_2020_is_an_artist_for_three_poleis() -> None:
    """R-ACT-PROJECT-10 is [2012] only, R-ACT-PROJECT-11: the [2020] Phidias may go to Korinthos and gives
    its printed prestige, whatever the population."""
    game = PolisGame("2020")
    s = turn_position(game, round=0, active="athens", projects=("Phidias",))
    well_fed(s)
    set_goods(s, "athens", silver=4, wood=2)
    set_polis(game, s, "Korinthos", "athens", 4)
    play(game, s, "project Phidias Korinthos")
    before = s.prestige[0]
    both_pass(game, s)
    assert s.prestige[0] == before + game.tables.projects[tile(game, "Phidias")].prestige


TYPE_POLEIS = {
    "philosophers": {"Athinae", "Syrakousai"},
    "temples": {"Sparti", "Syrakousai"},
    "theatres": {"Korinthos", "Athinae", "Thibae"},
    "statues": {"Abdera", "Gela", "Epidamnos", "Sparti"},
    "mysteries": {"Sparti", "Potidaia", "Samos"},
    "games": {"Korinthos", "Pydna", "Argos"},
}


def test_project_types_and_their_poleis(game: PolisGame) -> None:
    """R-ACT-PROJECT-11: 14 tiles; the poleis and the cost character of each type, per edition."""
    t = game.tables
    artists = {"2012": {"Athinae"}, "2020": {"Athinae", "Syrakousai", "Korinthos"}}[game.edition]
    counts: dict[str, int] = {}
    for p in t.projects:
        counts[p.type] = counts.get(p.type, 0) + 1
        poleis = {t.polis_ids[x] for x in p.poleis}
        assert poleis == (artists if p.type == "artists" else TYPE_POLEIS[p.type]), p.id
        goods = {GOODS[g] for g, _ in p.cost}
        if p.type in ("philosophers",) or (p.type == "artists" and game.edition == "2012"):
            assert goods == {"silver"}, p.id
        if p.type == "artists" and game.edition == "2020":
            assert goods == {"wood", "silver"}, p.id
        if p.type == "games" and game.edition == "2020":
            assert goods == {"wine", "wheat"}, p.id
        if p.type == "games" and game.edition == "2012":
            assert "oil" in goods and goods <= {"oil", "wine", "silver"}, p.id
    assert sum(counts.values()) == 14
    expected = {"philosophers": 3, "artists": 1} if game.edition == "2012" else {"artists": 2}
    for kind, n in expected.items():
        assert counts[kind] == n
    for kind in ("temples", "theatres", "statues", "mysteries", "games"):
        if game.edition == "2012":
            assert counts[kind] == 2


def test_ex3_myron_2020() -> None:
    """EX-3 [2020], R-ACT-PROJECT-4/8/9: Myron in Athinae for 2 wood + 3 silver; +2 prestige at the end of
    the round; 3 posterity at game end for the owner of Athinae."""
    game = PolisGame("2020")
    s = turn_position(game, round=game.tables.last_round, active="athens",
                      projects=("Myron", "TempleOfZeus", "Ephebe"))
    well_fed(s)
    set_goods(s, "athens", iron=9, wood=9, silver=9)
    options = {str(a) for a in game.legal_actions(s) if a.verb == "project"}
    assert options == {"project Myron Athinae", "project Myron Athinae wood"}  # of the three, only Myron
    set_goods(s, "athens", wood=2, silver=3)
    play(game, s, "project Myron Athinae")
    assert (goods_of(s, "athens")["wood"], goods_of(s, "athens")["silver"]) == (0, 0)
    before = s.prestige[0]
    both_pass(game, s)
    assert s.prestige[0] == before + 2
    finish_end_of_round(game, s)
    assert s.outcome is not None
    t = game.tables
    population = sum(s.pop[p] for p in range(len(t.polis_ids)) if s.owner[p] == 0)
    assert s.outcome.scores[0] == s.prestige[0] + population + 3


def test_ex4_socrates_2012() -> None:
    """EX-4 [2012], R-ACT-PROJECT-4/8/9: Sokrates in Athinae for 6 silver; +4 prestige; 2 posterity."""
    game = PolisGame("2012")
    s = turn_position(game, round=game.tables.last_round, active="athens", projects=("Socrates", "TempleOfZeus"))
    well_fed(s)
    set_goods(s, "athens", iron=9, wood=9, silver=9)
    options = {str(a) for a in game.legal_actions(s) if a.verb == "project"}
    assert options == {"project Socrates Athinae"}  # of the two, only Sokrates can go to Athinae
    set_goods(s, "athens", silver=6)
    play(game, s, "project Socrates Athinae")
    assert goods_of(s, "athens")["silver"] == 0
    before = s.prestige[0]
    both_pass(game, s)
    assert s.prestige[0] == before + 4
    finish_end_of_round(game, s)
    assert s.outcome is not None
    t = game.tables
    population = sum(s.pop[p] for p in range(len(t.polis_ids)) if s.owner[p] == 0)
    assert s.outcome.scores[0] == s.prestige[0] + population + 2


def test_project_survives_neutrality(game: PolisGame) -> None:
    """R-ACT-PROJECT-7, R-MAP-22: a polis that rebels keeps its unfinished project; nobody gains its prestige."""
    s = turn_position(game, round=1, active="athens", projects=("Theatre",))
    well_fed(s)
    set_polis(game, s, "Thibae", "athens", 1)
    set_units(game, s, "Boiotia", sparta=4)
    set_goods(s, "athens", iron=1, wood=2, silver=1)
    play(game, s, "project Theatre Thibae", "pass")  # Sparta is now the remaining player
    play(game, s, "siege Thibae", "toll wine", "roll 1")  # fails: Thibae loses its last cube
    t = game.tables
    thibae = t.polis_index["Thibae"]
    assert s.owner[thibae] == -1 and started(game, s, "Thibae") == tile(game, "Theatre")
    before = list(s.prestige)
    play(game, s, "pass")
    assert s.prestige == before
    assert s.projects_done[thibae] == (tile(game, "Theatre"),)
