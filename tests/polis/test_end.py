"""End of the game and final scoring (R-END-*), edition by edition.

Positions come from :func:`kleos.games.polis.positions.turn_position`; the round is ended by two passes
and the end-of-round decisions in notation. The games load an empty event file.
"""

from __future__ import annotations

import pytest
from rules_helpers import feed_exactly, over

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import scoring
from kleos.games.polis.state import END_OF_ROUND, OVER, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PolisGame]:
    folder = tmp_path_factory.mktemp("no_events")
    (folder / "events.json").write_text('{"decks": []}', encoding="utf-8")
    return {edition: PolisGame(edition, folder) for edition in ("2020", "2012")}


# ----- helpers ---------------------------------------------------------------------------------
def last_round(game: PolisGame, first: str = "athens", projects: tuple[str, ...] = ()) -> PolisState:
    return pos.turn_position(game, round=game.tables.last_round, active=first, projects=projects)


def assert_game_over(game: PolisGame, s: PolisState) -> None:
    """R-END-4: nothing more can happen: no one acts and every action is refused."""
    assert game.is_terminal(s) and game.actors(s) == ()
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        game.apply_in_place(s, Action("pass"))
    assert err.value.rule == "PROTOCOL" and s == before


# ----- 13.1 immediate defeat ----------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_a_forced_prestige_loss_that_cannot_be_paid_loses(edition: str, games: dict[str, PolisGame]) -> None:
    """R-END-1, R-END-4, R-BATTLE-24: Sparta at 0 prestige must pay for his Salpinx: he loses at once,
    Athens wins, no final scoring."""
    game = games[edition]
    s = pos.turn_position(game, round=1, active="sparta")
    pos.set_units(game, s, "Boiotia", 4, 4)
    pos.set_prestige(s, SPARTA, 0)
    pos.play(game, s, "pass")
    if edition == "2012":
        pos.play(game, s, "pass")  # [2012]: battles wait for the second pass
    pos.play(game, s, "fight")  # Athens; Sparta at 0 cannot retreat
    for code in ("Phalanx/Proothisi", "Salpinx", "Ippiko/Proothisi", "Ippiko/Proothisi"):
        pos.play(game, s, f"card {code}")
    for code in ("Phalanx/Proothisi",) * 4:
        pos.play(game, s, f"card {code}")
    pos.play(game, s, "attack Phalanx/Proothisi Salpinx", "defend Phalanx/Proothisi Phalanx/Proothisi")
    assert over(s) == ("salpinx", ATHENS)
    assert s.outcome is not None and s.outcome.scores == (0, 0)
    assert_game_over(game, s)


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_a_player_with_only_his_capital_who_cannot_feed_it_loses(edition: str,
                                                                  games: dict[str, PolisGame]) -> None:
    """R-END-2, R-EOR-15, R-END-5: Sparta owns only Sparti (4 cubes) with no wheat and 3 prestige; he
    passed first, so he feeds first and loses before Athens feeds."""
    game = games[edition]
    s = pos.turn_position(game, round=0, active="sparta")
    pos.set_polis(game, s, "Pylos", None)
    pos.set_polis(game, s, "Gythion", None)
    pos.set_prestige(s, SPARTA, 3)
    pos.play(game, s, "pass", "pass")
    assert over(s) == ("starvation", ATHENS)
    assert pos.goods_of(s, ATHENS)["wheat"] == 4  # Athens never fed
    assert_game_over(game, s)


def test_a_capital_fed_with_prestige_is_no_defeat(games: dict[str, PolisGame]) -> None:
    """R-END-2, R-EOR-11: with 4 prestige Sparta feeds Sparti's 4 cubes and plays on."""
    game = games["2020"]
    s = pos.turn_position(game, round=0, active="sparta")
    pos.set_polis(game, s, "Pylos", None)
    pos.set_polis(game, s, "Gythion", None)
    pos.set_prestige(s, SPARTA, 4)
    pos.play(game, s, "pass", "pass")
    assert s.phase == END_OF_ROUND and game.actors(s) == (SPARTA,)
    pos.play(game, s, "feed")
    assert s.prestige[SPARTA] == 0 and s.outcome is None


def test_releasing_everything_but_the_capital_then_starving_loses(games: dict[str, PolisGame]) -> None:
    """R-END-2, R-EOR-12: a player who cannot pay must release; once only his capital is left and still
    cannot be fed, he loses."""
    game = games["2020"]
    s = pos.turn_position(game, round=0, active="sparta")
    pos.set_polis(game, s, "Sparti", "sparta", 8)
    pos.set_prestige(s, SPARTA, 2)
    pos.play(game, s, "pass", "pass")
    assert {str(a) for a in game.legal_actions(s)} == {"release Pylos", "release Gythion"}
    pos.play(game, s, "release Pylos")
    assert s.outcome is None
    pos.play(game, s, "release Gythion")
    assert over(s) == ("starvation", ATHENS)


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_zero_prestige_after_the_round_loses(edition: str, games: dict[str, PolisGame]) -> None:
    """R-END-3, R-EOR-28, R-END-4: Athens ends the round with 0 prestige: ostracism, Sparta wins."""
    game = games[edition]
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_prestige(s, ATHENS, 0)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    pos.play(game, s, "phoros 0")  # Sparta (Athens, at 0, has no Phoros to give)
    assert over(s) == ("ostracism", SPARTA)
    assert_game_over(game, s)


def test_both_at_zero_prestige_is_a_draw(games: dict[str, PolisGame]) -> None:
    """R-END-5 (A-24): if both players meet the zero-prestige check at once, the game is drawn."""
    game = games["2020"]
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_prestige(s, ATHENS, 0)
    pos.set_prestige(s, SPARTA, 0)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    assert over(s) == ("ostracism", None)


def test_the_first_condition_reached_ends_the_game(games: dict[str, PolisGame]) -> None:
    """R-END-5: Athens (first passer) starves before Sparta, who would also starve, is looked at."""
    game = games["2020"]
    s = pos.turn_position(game, round=0, active="athens")
    for polis in ("Chalkis", "Chios", "Pylos", "Gythion"):
        pos.set_polis(game, s, polis, None)
    pos.set_goods(s, ATHENS, wheat=0)
    pos.play(game, s, "pass", "pass")
    assert over(s) == ("starvation", SPARTA)


# ----- 13.2 normal end and final scoring -----------------------------------------------------------------
@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_the_game_ends_after_megalopolis_of_the_last_round(edition: str, games: dict[str, PolisGame]) -> None:
    """R-END-6, R-EOR-5: after step 4 of Omega / 5β the game is over and scored; the round before is not
    the end."""
    game = games[edition]
    s = pos.turn_position(game, round=game.tables.last_round - 1, active="athens")
    feed_exactly(s)
    pos.play(game, s, "pass", "pass", "phoros 0", "phoros 0")
    assert s.outcome is None
    s = last_round(game)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    assert s.phase == OVER and s.outcome is not None and s.outcome.reason == "score"


def test_zero_prestige_at_the_last_round_is_a_defeat_not_a_score(games: dict[str, PolisGame]) -> None:
    """R-END-6, R-EOR-28 (A-23): the zero-prestige check follows step 4 of the last round too."""
    game = games["2012"]
    s = last_round(game)
    pos.set_prestige(s, SPARTA, 0)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    assert over(s) == ("ostracism", ATHENS)


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_score_is_population_prestige_and_posterity(edition: str, games: dict[str, PolisGame]) -> None:
    """R-END-7, R-END-11 (A-25), R-EOR-8: a Theatre completed in Athinae in the last round gives its round
    prestige (2) and its posterity (1): Athens 8 cubes + 5 prestige + 1; Sparta 7 + prestige."""
    game = games[edition]
    s = last_round(game, first="sparta", projects=("Theatre",))
    pos.set_goods(s, ATHENS, silver=1)
    feed_exactly(s)
    pos.play(game, s, "pass", "project Theatre Athinae", "toll wine", "pass")
    start = 3 if edition == "2020" else 4
    assert s.outcome is not None and s.outcome.scores == (8 + start + 2 + 1, 7 + start)
    assert s.outcome.winner == ATHENS and s.outcome.reason == "score"


def test_units_goods_and_neutral_projects_do_not_score(games: dict[str, PolisGame]) -> None:
    """R-END-8: units, merchants, the proxenos, goods and a completed project on a neutral polis add
    nothing; only the owner of a polis scores its posterity."""
    game = games["2020"]
    s = last_round(game)
    t = game.tables
    thibae = t.polis_index["Thibae"]
    s.projects_done[thibae] = (t.project_index["TheatreWithEpiskenion"],)
    base = scoring.score(t, s, ATHENS)
    pos.set_units(game, s, "Boiotia", 5, 0)
    pos.set_goods(s, ATHENS, iron=20, wood=20, silver=20)
    s.merchants_port[ATHENS] += 3
    s.merchants_supply[ATHENS] -= 3
    assert scoring.score(t, s, ATHENS) == base == 8 + 3
    pos.set_polis(game, s, "Thibae", "athens", 3)
    assert scoring.score(t, s, ATHENS) == base + 3 + 1


@pytest.mark.parametrize(("edition", "sparta_prestige", "athens_goods", "winner", "reason"), [
    ("2020", 4, {}, SPARTA, "goods_tiebreak"),  # 11 all; goods 12 against 16
    ("2020", 4, {"silver": 5}, ATHENS, "goods_tiebreak"),
    ("2020", 4, {"silver": 4}, None, "shared"),
    ("2020", 3, {}, ATHENS, "score"),  # 11 against 10
    ("2012", 5, {"oil": 9}, ATHENS, "goods_tiebreak"),  # 12 all; oil counts: 21 against 20
    ("2012", 5, {"oil": 8}, None, "shared"),
])
def test_higher_score_wins_then_more_goods_then_shared(edition: str, sparta_prestige: int,
                                                       athens_goods: dict[str, int], winner: int | None,
                                                       reason: str, games: dict[str, PolisGame]) -> None:
    """R-END-9, R-END-10: the higher score wins; on a tie the player with more goods in total ([2012]
    counting oil); if that is tied too, a shared victory."""
    game = games[edition]
    s = last_round(game)
    pos.set_prestige(s, SPARTA, sparta_prestige)
    feed_exactly(s)
    pos.set_goods(s, ATHENS, **athens_goods)
    pos.play(game, s, "pass", "pass")
    assert over(s) == (reason, winner)
