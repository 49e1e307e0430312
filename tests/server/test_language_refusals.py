"""A rules refusal answered by the server names the game's own words (a god, a colour) in the
reader's language: the rules keep the English identifiers, the game's kit words them (issue 30)."""

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
