"""Clocks and time limits (issue 17): a game may be created with a live clock (minutes per seat,
seconds more per decision) or an async one (days per move); it starts once every seat is taken,
each accepted action charges the seat that made it, and a seat whose time runs out loses the game
on time (reason ``time``) — found by the next read or action, by the periodic sweep, or by the
other player's claim. The server's time is a fake that the tests move: nothing sleeps."""

# The fixtures come from endings_helpers, so the test functions' arguments name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from typing import Any

import pytest
from endings_helpers import FakeTime, bid, bids, db_settings, state, toy, toy_any_db  # noqa: F401 (fixtures)
from fastapi.testclient import TestClient
from server_helpers import auth, ctx_of

from kleos.server import endings
from step_cap import StepCap

Toy = tuple[TestClient, FakeTime]
LIVE = {"kind": "live", "minutes": 1, "increment": 2}
ASYNC = {"kind": "async", "days": 1}


def left(message: dict[str, Any]) -> list[float]:
    return [entry["left"] for entry in message["clock"]["seats"]]


@pytest.mark.parametrize("clock", [
    {"kind": "live"}, {"kind": "live", "minutes": 0}, {"kind": "live", "minutes": -3},
    {"kind": "live", "minutes": 5, "increment": 7200}, {"kind": "live", "minutes": 5, "days": 1},
    {"kind": "async"}, {"kind": "async", "days": 0}, {"kind": "async", "days": 61},
    {"kind": "async", "days": 2, "minutes": 3},
])
def test_a_clock_that_cannot_be_used_is_refused_with_422(toy: Toy, clock: dict[str, Any]) -> None:
    client, _ = toy
    response = client.post("/api/games", json={"game": "bids", "options": {"players": 2}, "seats": ["me", "person"],
                                               "clock": clock})
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "bad_clock" and response.json()["field"] == "clock"
    wrong = client.post("/api/games", json={"game": "bids", "seats": ["me", "person"], "clock": {"kind": "blitz"}})
    assert wrong.status_code == 400


def test_no_clock_no_clock_in_the_message(toy: Toy) -> None:
    client, _ = toy
    assert "clock" not in state(client, bids(client), 0)


def test_the_clock_waits_for_the_last_player_then_charges_each_decision(toy_any_db: Toy) -> None:
    client, now = toy_any_db
    game = bids(client, clock=LIVE, join=False)
    waiting = state(client, game, 0)["clock"]
    assert waiting["kind"] == "live" and waiting["control"] == "1+2" and not waiting["started"]
    now.advance(3600)  # an open game waits for a stranger: nobody's time runs
    assert state(client, game, 0)["status"] == "active"
    created = client.get(f"/api/games/{game.game_id}").json()
    assert left(created) == [60.0, 60.0]
    joined = client.post("/api/join", json={"invite": _invite_of(client, game)})
    game.tokens[1] = joined.json()["token"]
    started = state(client, game, 0)["clock"]
    assert started["started"] and [s["running"] for s in started["seats"]] == [True, True]  # both bid at once
    now.advance(10)
    assert left(state(client, game, 0)) == [50.0, 50.0]
    bid(client, game, 0)  # 10 s spent, 2 s back
    now.advance(5)
    message = state(client, game, 1)
    assert left(message) == [52.0, 45.0]
    assert [s["running"] for s in message["clock"]["seats"]] == [False, True]


def _invite_of(client: TestClient, game: Any) -> str:
    store = ctx_of(client).store
    meta = store.committed(game.game_id).current.meta
    invite = next(x.invite for x in meta.seats if x.invite is not None)
    assert invite is not None
    return invite


def test_a_seat_out_of_time_loses_when_the_game_is_next_read(toy_any_db: Toy) -> None:
    client, now = toy_any_db
    game = bids(client, clock=LIVE)
    bid(client, game, 0)
    now.advance(60.5)  # seat 1 has not bid for a minute
    message = state(client, game, None)
    outcome = message["outcome"]
    assert message["status"] == "finished" and outcome["reason"] == "time"
    assert outcome["seat"] == 1 and outcome["winner"] == 0 and outcome["losers"] == [1]
    assert message["outcome_text"] == "Player 2 ran out of time: Player 1 wins."
    assert [s["running"] for s in message["clock"]["seats"]] == [False, False]
    listed = client.post("/api/my-games", json={"tokens": [game.tokens[0]]}).json()["games"][0]
    assert listed["outcome"]["reason"] == "time"


def test_an_action_after_the_deadline_does_not_count(toy: Toy) -> None:
    client, now = toy
    game = bids(client, clock=LIVE)
    message = state(client, game, 1)
    now.advance(61)
    late = client.post(f"/api/games/{game.game_id}/actions", headers=auth(game.tokens[1]),
                       json={"seq": message["seq"], "action": message["legal"][0]["action"]})
    assert late.status_code in (409, 422), late.text
    outcome = state(client, game, 0)["outcome"]
    assert outcome["reason"] == "time" and outcome["losers"] == [0, 1] and outcome["winner"] is None


def test_the_sweep_ends_the_games_whose_time_is_up_and_only_those(toy_any_db: Toy) -> None:
    client, now = toy_any_db
    store = ctx_of(client).store
    slow = bids(client, clock=LIVE)
    bid(client, slow, 0)
    fast = bids(client, clock={"kind": "live", "minutes": 10})
    untimed = bids(client)
    assert endings.sweep(store) == []
    now.advance(61)
    assert endings.sweep(store) == [slow.game_id]
    assert endings.sweep(store) == []
    assert store.committed(slow.game_id).current.meta.status == "finished"
    assert store.committed(fast.game_id).current.meta.status == "active"
    assert store.committed(untimed.game_id).current.meta.status == "active"


def test_the_sweep_is_bounded(toy: Toy) -> None:
    client, now = toy
    store = ctx_of(client).store
    games = [bids(client, clock=LIVE).game_id for _ in range(3)]
    now.advance(61)
    first = endings.sweep(store, limit=2)
    assert len(first) == 2
    assert endings.sweep(store, limit=2) == [g for g in games if g not in first]


def test_the_end_on_time_is_pushed_to_watchers(toy: Toy) -> None:
    client, now = toy
    game = bids(client, clock=LIVE)
    with client.websocket_connect(f"/api/games/{game.game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": game.tokens[0]})
        assert ws.receive_json()["clock"]["started"]
        now.advance(61)
        endings.sweep(ctx_of(client).store)
        pushed = ws.receive_json()
        cap = StepCap("no state with an outcome pushed", 50)
        while (pushed["type"] != "state" or pushed["outcome"] is None) and cap():
            pushed = ws.receive_json()
        assert pushed["outcome"]["reason"] == "time"


def test_an_abandoned_async_game_is_claimed_by_the_waiting_player(toy_any_db: Toy) -> None:
    client, now = toy_any_db
    game = bids(client, clock=ASYNC)
    bid(client, game, 0)
    now.advance(23 * 3600)
    early = client.post(f"/api/games/{game.game_id}/claim", headers=auth(game.tokens[0]))
    assert early.status_code == 409 and early.json()["error"] == "not_yet"
    assert "3600 seconds" in early.json()["message"]
    now.advance(3601)  # the other player has let a whole day pass: the sweep has not come by yet
    claimed = client.post(f"/api/games/{game.game_id}/claim", headers=auth(game.tokens[0]))
    assert claimed.status_code == 200, claimed.text
    outcome = claimed.json()["outcome"]
    assert outcome["reason"] == "time" and outcome["winner"] == 0 and outcome["seat"] == 1
    loser = client.post(f"/api/games/{game.game_id}/claim", headers=auth(game.tokens[1]))
    assert loser.status_code == 409 and loser.json()["error"] == "game_over"


def test_async_time_is_per_move(toy: Toy) -> None:
    client, now = toy
    game = bids(client, clock=ASYNC)
    now.advance(20 * 3600)
    bid(client, game, 0)
    bid(client, game, 1)  # a new round: each seat has a whole day again
    now.advance(20 * 3600)
    message = state(client, game, 0)
    assert message["status"] == "active" and left(message) == [4 * 3600.0, 4 * 3600.0]


def test_claim_without_a_clock(toy: Toy) -> None:
    client, _ = toy
    game = bids(client)
    response = client.post(f"/api/games/{game.game_id}/claim", headers=auth(game.tokens[0]))
    assert response.status_code == 409 and response.json()["error"] == "no_clock"


def test_a_rematch_keeps_the_time_control(toy: Toy) -> None:
    client, _ = toy
    game = bids(client, clock=LIVE)
    client.post(f"/api/games/{game.game_id}/resign", headers=auth(game.tokens[0]))
    again = client.post(f"/api/games/{game.game_id}/rematch", headers=auth(game.tokens[0]))
    assert again.status_code == 200, again.text
    clock = client.get(f"/api/games/{again.json()['game_id']}").json()["clock"]
    assert clock["control"] == "1+2" and not clock["started"]
