"""The server names a game's own words (a god, a colour) in each reader's language: a rules
refusal, the seats' labels of a game's message on the socket and over REST, the chat's lines. The
identifiers (seat numbers, ``seat_names``) stay as they are (issue 30)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create_all_persons

from kleos.games.cyclades.tables import ATHENA, GODS
from kleos.i18n import gettext_in
from kleos.server.language import LANG_COOKIE

GOD_NAMES = ("Poseidon", "Ares", "Zeus", "Athena")  # the data's names of GODS, in their order


def _to_move(client: TestClient, game_id: str, tokens: dict[int, str]) -> tuple[int, dict[str, Any]]:
    for seat, token in tokens.items():
        message: dict[str, Any] = client.get(f"/api/games/{game_id}", headers=auth(token)).json()
        if message["your_turn"]:
            return seat, message
    raise AssertionError("nobody is to move")


@pytest.mark.parametrize("language", ["es", "de"])
def test_an_offering_to_a_face_down_god_names_the_god_in_the_reader_s_language(client: TestClient,
                                                                                language: str) -> None:
    """C-GODS-9: the 422 of an offering to a face-down god words the god's name as the reader's
    language does (Atenea, Athene), not as the rules' English identifier."""
    game_id, tokens = create_all_persons(client, "cyclades", {"players": 3}, 3, seed=1)
    seat, message = _to_move(client, game_id, tokens)
    state = message["view"]["state"]
    down = [god for pos, god in enumerate(state["gods"]) if not state["gods_up"][pos]]
    assert ATHENA in down, "seed 1 leaves Athena face down in the first cycle (C-GODS-9)"
    english, worded = GOD_NAMES[ATHENA], gettext_in("cyclades", GOD_NAMES[ATHENA], language)
    assert worded != english
    response = client.post(f"/api/games/{game_id}/actions",
                           headers={**auth(tokens[seat]), "Cookie": f"{LANG_COOKIE}={language}"},
                           json={"seq": message["seq"], "action": f"offer {GODS[ATHENA]} 1"})
    body = response.json()
    assert response.status_code == 422 and body["rule"] == "C-GODS-9", body
    template = gettext_in("cyclades", "{name} is face down this cycle", language)
    assert body["message"] == template.format(name=worded) and english not in body["message"]


COLOURS = {"es": ("Azul", "Rojo", "Verde"), "de": ("Blau", "Rot", "Grün")}  # the glossary's words for the seats


def test_a_socket_names_the_seats_in_its_reader_s_language(client: TestClient) -> None:
    """One Cyclades game read on a German and a Spanish socket and over REST: each message's ``side``,
    ``seat_labels`` and players' sides are that reader's words, the identifiers the same English."""
    game_id, tokens = create_all_persons(client, "cyclades", {"players": 3}, 3, seed=1)
    url = f"/api/games/{game_id}/ws"
    with client.websocket_connect(url, headers={"Accept-Language": "de"}) as german, \
            client.websocket_connect(url, headers={"Accept-Language": "es"}) as spanish:
        german.send_json({"type": "hello", "token": tokens[1]})
        spanish.send_json({"type": "hello", "token": tokens[2]})
        read = {"de": german.receive_json(), "es": spanish.receive_json()}
    read["es-rest"] = client.get(f"/api/games/{game_id}", headers={**auth(tokens[0]), "Accept-Language": "es"}).json()
    for key, message in read.items():
        words = COLOURS[key[:2]]
        assert message["seat_names"] == ["Blue", "Red", "Green"]
        assert message["seat_labels"] == list(words)
        assert [p["side"] for p in message["players"]] == list(words)
        assert message["side"] == words[message["seat"]]


def test_chat_lines_name_the_seat_in_the_reader_s_language(client: TestClient) -> None:
    """A chat line read in German names its seat in German, whoever wrote it in Spanish."""
    game_id, tokens = create_all_persons(client, "cyclades", {"players": 3}, 3, seed=1)
    said = client.post(f"/api/games/{game_id}/chat", json={"text": "hola", "seat": 0},
                       headers={**auth(tokens[0]), "Accept-Language": "es"})
    assert said.status_code == 201, said.text
    assert said.json()["line"]["side"] == "Azul"
    read = client.get(f"/api/games/{game_id}/chat", headers={**auth(tokens[1]), "Accept-Language": "de"})
    assert [line["side"] for line in read.json()["lines"]] == ["Blau"]
