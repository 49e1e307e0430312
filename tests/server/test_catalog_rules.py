"""``GET /api/catalog/{game}/rules``: the lobby reads a game's rules reference and every kind of
move's help before a game is made, in the reader's language, the same texts a game's help gives;
an unknown game is a 404 naming it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, toy_server

from kleos import i18n
from kleos.core import registry
from kleos.server.config import Settings
from kleos.server.language import LANG_COOKIE

GAMES = ("polis", "cyclades", "pericles")


@pytest.fixture
def both(settings: Settings) -> Iterator[TestClient]:
    """A server with the test game installed next to the real ones."""
    with toy_server(settings) as client:
        yield client


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_the_kits_in_english(client: TestClient, game: str) -> None:
    answer = client.get(f"/api/catalog/{game}/rules", headers={"Accept-Language": "en"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    parts = registry.kit(game).help_parts()
    assert parts is not None and parts.rules is not None
    assert (body["game"], body["title"], body["rules"]) == (game, registry.kit(game).title, parts.rules)
    assert [v["verb"] for v in body["verbs"]] == list(parts.verbs)
    assert all(v["title"] and v["text"] for v in body["verbs"])
    assert answer.headers["vary"] == "Cookie, Accept-Language"


def test_the_lobby_gets_the_same_verbs_as_a_games_help(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "cyclades", "options": {"players": 3},
                                              "seats": ["me", "random", "random"], "seed": 3})
    assert created.status_code == 201, created.text
    seated = created.json()
    game_help = client.get(f"/api/games/{seated['game_id']}/help", headers=auth(seated["token"])).json()
    before = client.get("/api/catalog/cyclades/rules").json()
    assert (before["verbs"], before["rules"]) == (game_help["verbs"], game_help["rules"])


@pytest.mark.parametrize(("language", "title"), [("es", "# Cyclades: referencia de reglas"),
                                                 ("de", "# Cyclades: Regelübersicht")])
def test_the_rules_come_in_the_readers_language(client: TestClient, language: str, title: str) -> None:
    by_header = client.get("/api/catalog/cyclades/rules", headers={"Accept-Language": language}).json()
    client.cookies.set(LANG_COOKIE, language)
    by_cookie = client.get("/api/catalog/cyclades/rules", headers={"Accept-Language": "en"}).json()
    assert by_header == by_cookie
    assert by_header["rules"].startswith(title + "\n")
    with i18n.use_locale(language):
        parts = registry.kit("cyclades").help_parts()
    assert parts is not None
    assert [v["title"] for v in by_header["verbs"]] == [h.title for h in parts.verbs.values()]


def test_a_game_without_a_reference_gives_none_and_its_verbs(both: TestClient) -> None:
    body = both.get("/api/catalog/bids/rules").json()
    assert body["rules"] is None and body["game"] == "bids"
    assert isinstance(body["verbs"], list)


def test_an_unknown_game_is_a_404_naming_it(client: TestClient) -> None:
    answer = client.get("/api/catalog/chess/rules", headers={"Accept-Language": "en"})
    assert answer.status_code == 404
    assert answer.json() == {"error": "not_found", "message": "no game 'chess' on this server"}
