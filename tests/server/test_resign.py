"""Resign (issue 17): the game ends at once as a loss for the seat that resigns; with two seats the
other wins, with more the seats still in share the win; a person resigning against bots ends the
game. The end is stored like any end (status, outcome with its reason and seat), so lists, replays
and watchers see it, and no action counts after it."""

# The fixtures come from endings_helpers, so the test functions' arguments name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import pytest
from account_helpers import sign_up
from endings_helpers import FakeTime, bid, bids, db_settings, state, toy, toy_any_db  # noqa: F401 (fixtures)
from fastapi.testclient import TestClient
from server_helpers import Message, auth, ctx_of

from step_cap import StepCap

Toy = tuple[TestClient, FakeTime]


def resign(client: TestClient, game_id: str, token: str | None) -> Message:
    response = client.post(f"/api/games/{game_id}/resign", headers=auth(token))
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def test_two_seats_the_other_wins_and_the_end_is_stored(toy_any_db: Toy) -> None:
    client, _ = toy_any_db
    game = bids(client)
    bid(client, game, 0)
    answer = resign(client, game.game_id, game.tokens[0])
    outcome = answer["outcome"]
    assert answer["status"] == "finished" and answer["to_act"] == [] and answer["legal"] == []
    assert outcome["reason"] == "resigned" and outcome["seat"] == 0 and outcome["winner"] == 1
    assert outcome["scores"] == [0, 1] and outcome["losers"] == [0]
    assert answer["outcome_text"] == "Player 1 resigned: Player 2 wins."
    other = state(client, game, 1)
    assert other["outcome"] == outcome and not other["your_turn"] and other["legal"] == []
    assert state(client, game, None)["outcome"] == outcome
    listed = client.post("/api/my-games", json={"tokens": [game.tokens[1]]}).json()["games"][0]
    assert listed["status"] == "finished" and listed["outcome"]["reason"] == "resigned"
    replay = client.get(f"/api/games/{game.game_id}/replay")
    assert replay.status_code == 200 and replay.json()["outcome"]["winner"] == 1
    assert client.get(f"/api/games/{game.game_id}/replay", params={"step": 0}).json()["outcome"] is None
    assert client.get(f"/api/games/{game.game_id}/record").status_code == 200


def test_no_action_counts_after_a_resignation(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    seq = state(client, game, 1)["seq"]
    legal = state(client, game, 1)["legal"][0]["action"]
    resign(client, game.game_id, game.tokens[0])
    late = client.post(f"/api/games/{game.game_id}/actions", headers=auth(game.tokens[1]),
                       json={"seq": seq, "action": legal})
    assert late.status_code == 409 and late.json()["error"] == "stale"  # the end moved the game's seq on
    fresh = state(client, game, 1)["seq"]
    assert fresh == seq + 1
    again = client.post(f"/api/games/{game.game_id}/actions", headers=auth(game.tokens[1]),
                        json={"seq": fresh, "action": legal})
    assert again.status_code == 422
    twice = client.post(f"/api/games/{game.game_id}/resign", headers=auth(game.tokens[1]))
    assert twice.status_code == 409 and twice.json()["error"] == "game_over"
    undo = client.post(f"/api/games/{game.game_id}/undo", headers=auth(game.tokens[1]), json={"seq": fresh})
    assert undo.status_code == 422


def test_three_seats_the_others_share_the_win(toy: Toy) -> None:
    client, _ = toy
    game = bids(client, players=3)
    answer = resign(client, game.game_id, game.tokens[1])
    outcome = answer["outcome"]
    assert outcome["winner"] is None and outcome["scores"] == [1, 0, 1] and outcome["seat"] == 1
    assert answer["outcome_text"] == "Player 2 resigned: Player 1 and Player 3 share the win."


def test_a_person_resigning_against_bots_ends_the_game(toy: Toy) -> None:
    client, _ = toy
    game = bids(client, players=3, seats=["me", "random", "random"])
    answer = resign(client, game.game_id, game.tokens[0])
    assert answer["status"] == "finished" and answer["outcome"]["scores"] == [0, 1, 1]
    assert ctx_of(client).store.games_waiting_for_bots() == []


def test_watchers_are_told_over_the_websocket(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    with client.websocket_connect(f"/api/games/{game.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": game.tokens[1]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["outcome"] is None
        resign(client, game.game_id, game.tokens[0])
        pushed = ws.receive_json()
        cap = StepCap("no state with an outcome pushed", 50)
        while (pushed["type"] != "state" or pushed["outcome"] is None) and cap():
            pushed = ws.receive_json()
        assert pushed["outcome"]["reason"] == "resigned" and pushed["outcome"]["winner"] == 1


def test_a_signed_in_player_resigns_with_the_session(toy: Toy) -> None:
    client, _ = toy
    sign_up(client, "Resigner")
    game = bids(client, join=False)  # created with the session cookie: the seat is the account's
    answer = client.post(f"/api/games/{game.game_id}/resign")
    assert answer.status_code == 200, answer.text
    assert answer.json()["outcome"]["seat"] == 0
    both = bids(client)  # the same account took the other seat too: it must say which seat resigns
    unclear = client.post(f"/api/games/{both.game_id}/resign")
    assert unclear.status_code == 422 and unclear.json()["field"] == "seat"
    said = client.post(f"/api/games/{both.game_id}/resign", json={"seat": 1})
    assert said.status_code == 200 and said.json()["outcome"]["losers"] == [1]


@pytest.mark.parametrize("token", [None, "not-a-seat-token"])
def test_resign_needs_a_seat(toy: Toy, token: str | None) -> None:
    client, _ = toy
    client.cookies.clear()
    game = bids(client)
    response = client.post(f"/api/games/{game.game_id}/resign", headers=auth(token))
    assert response.status_code == 401  # no token, or one this server never issued
    assert state(client, game, 0)["status"] == "active"
    assert client.post("/api/games/nosuchgame/resign", headers=auth(game.tokens[0])).status_code == 404
