"""``POST /api/games`` with ``handicap`` (SQLite): a game with a bot handicap (Pericles' Honor handicap,
P-DATA-14) gives its bot seats the game's default, or ``handicap`` (0: none); the catalog lists it;
a game without one (the test game Sealed Bids) refuses the field; a rematch moves each handicap on
with its player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth

from kleos.core import registry
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.server.app import create_app
from kleos.server.config import Settings
from toygame.kit import KIT as BIDS

VIGNETTE = {"scenario": "14_1_09a"}
BOTS = ["me", "random", "random", "random"]


@pytest.fixture
def both(settings: Settings) -> Iterator[TestClient]:
    """A server with the test game installed next to the real ones."""
    registry.register(BIDS)
    try:
        with TestClient(create_app(settings)) as client:
            yield client
    finally:
        registry.unregister(BIDS.name)


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"game": "pericles", "options": VIGNETTE, "seed": 3, **body})


def options_of(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.text
    options: dict[str, Any] = answer.json()["options"]
    return options


def test_catalog_lists_the_bot_handicap(both: TestClient) -> None:
    """P-DATA-14: the lobby learns the game's handicap (20, 0-40) to show its field; none for a game
    without one."""
    games = {g["name"]: g for g in both.get("/api/catalog").json()["games"]}
    spec = games["pericles"]["bot_handicap"]
    assert (spec["default"], spec["minimum"], spec["maximum"]) == (20, 0, 40) and "Honor" in spec["help"]
    assert games["bids"]["bot_handicap"] is None
    german = {g["name"]: g for g in both.get("/api/catalog", headers={"Accept-Language": "de"}).json()["games"]}
    assert german["pericles"]["bot_handicap"]["help"].startswith("zusätzliche Anfangsehre")  # the reader's words


def test_p_data_14_bot_seats_get_the_default(client: TestClient) -> None:
    """P-DATA-14: without ``handicap`` each bot's faction gets 20 in the full war (14_2), the
    creator's none."""
    created = create(client, seats=BOTS, options={})
    assert created.status_code == 201, created.text
    options = options_of(client, created.json()["game_id"])
    assert options["honor_handicap"] == {"DF": 20, "EK": 20, "AK": 20}
    plain = PERICLES.make_game({}).new_state(3).honor
    assert PERICLES.make_game(options).new_state(3).honor == [plain[0], *(h + 20 for h in plain[1:])]


def test_the_one_phase_vignette_gives_bots_no_default_handicap(client: TestClient) -> None:
    """P-DATA-14 (issue 24): the vignette 14_1_09a is one Theater phase, too short to catch up +20
    Honor: without ``handicap`` its bots get none; asked for, they get it."""
    created = create(client, seats=BOTS)
    assert created.status_code == 201, created.text
    assert "honor_handicap" not in options_of(client, created.json()["game_id"])
    asked = create(client, seats=BOTS, handicap=20)
    assert options_of(client, asked.json()["game_id"])["honor_handicap"] == {"DF": 20, "EK": 20, "AK": 20}


def test_handicap_field_sets_the_amount_and_zero_turns_it_off(client: TestClient) -> None:
    """``handicap`` N for every bot seat (persons' seats get none); 0 gives none."""
    mixed = create(client, seats=["person", "me", "random", "person"], handicap=35)
    assert mixed.status_code == 201, mixed.text
    assert options_of(client, mixed.json()["game_id"])["honor_handicap"] == {"EK": 35}
    off = create(client, seats=BOTS, handicap=0)
    assert off.status_code == 201, off.text
    assert "honor_handicap" not in options_of(client, off.json()["game_id"])
    persons = create(client, seats=["me", "person", "person", "person"])
    assert "honor_handicap" not in options_of(client, persons.json()["game_id"])


@pytest.mark.parametrize(("body", "words"), [
    ({"seats": BOTS, "handicap": 41}, "from 0 to 40"),
    ({"seats": ["me", "person", "person", "person"], "handicap": 5}, "no seat is played by a bot"),
])
def test_bad_handicaps_are_refused(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = create(client, **body)
    assert answer.status_code == 400, answer.text
    error = answer.json()
    assert error["error"] == "bad_handicap" and error["field"] == "handicap" and words in error["message"]


@pytest.mark.parametrize("value", [-1, "20", 2.5, True])
def test_a_handicap_that_is_no_whole_number_is_an_invalid_request(client: TestClient, value: object) -> None:
    answer = create(client, seats=BOTS, handicap=value)
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_request"


def test_a_game_without_a_handicap_refuses_the_field(both: TestClient) -> None:
    for amount in (3, 0):
        answer = both.post("/api/games", json={"game": "bids", "options": {"players": 3}, "seed": 1,
                                               "seats": ["me", "random", "random"], "handicap": amount})
        assert answer.status_code == 400 and answer.json()["error"] == "bad_handicap"
        assert "Sealed Bids has no handicap for bots" in answer.json()["message"]
    plain = both.post("/api/games", json={"game": "bids", "options": {"players": 3}, "seed": 1,
                                          "seats": ["me", "random", "random"]})
    assert plain.status_code == 201 and options_of(both, plain.json()["game_id"]) == {"players": 3}


def test_a_rematch_moves_each_handicap_on_with_its_player(client: TestClient) -> None:
    """Every player moves one seat on in a rematch, bots too: so do their handicaps (P-DATA-14), and
    the person's new faction has none."""
    created = create(client, seats=BOTS, handicap=12).json()
    resigned = client.post(f"/api/games/{created['game_id']}/resign", headers=auth(created["token"]))
    assert resigned.status_code == 200, resigned.text
    again = client.post(f"/api/games/{created['game_id']}/rematch", headers=auth(created["token"]))
    assert again.status_code == 200, again.text
    assert again.json()["seat"] == 1
    assert options_of(client, again.json()["game_id"])["honor_handicap"] == {"AF": 12, "EK": 12, "AK": 12}
