"""Undo over the API: only the seat's own last step, never after chance or the other seat's action
(the rule of ``kleos.core.undo``)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Table, auth, get_message, post_action, two_players


def undo(client: TestClient, table: Table, seat: int, seq: int) -> Any:
    return client.post(f"/api/games/{table.game_id}/undo", json={"seq": seq}, headers=auth(table.tokens[seat]))


def to_act(client: TestClient, table: Table) -> tuple[int, dict[str, Any]]:
    seat = get_message(client, table.game_id, table.tokens[0])["to_act"][0]
    return seat, get_message(client, table.game_id, table.tokens[seat])


def test_undo_own_last_step_restores_the_position(client: TestClient) -> None:
    table = two_players(client, seed=42)  # Sparta opens with a turn (no event decision first)
    seat, before = to_act(client, table)
    assert not before["undoable"]  # only chance has happened so far
    create = next(a["action"] for a in before["legal"] if a["action"].startswith("hoplites"))
    after = post_action(client, table.game_id, table.tokens[seat], before["seq"], create).json()
    assert after["undoable"] and after["log"][-1]["action"] == create
    other = get_message(client, table.game_id, table.tokens[1 - seat])
    assert not other["undoable"]
    refused = undo(client, table, 1 - seat, after["seq"])
    assert refused.status_code == 422 and refused.json()["rule"] == "UNDO"
    assert undo(client, table, seat, before["seq"]).status_code == 409  # stale seq
    undone = undo(client, table, seat, after["seq"])
    assert undone.status_code == 200
    body = undone.json()
    assert body["seq"] == after["seq"] + 1  # the log only grows: the undo is an event
    assert body["view"] == before["view"] and body["legal"] == before["legal"] and body["log"] == before["log"]
    nothing = undo(client, table, seat, body["seq"])
    assert nothing.status_code == 422 and "cannot undo" in nothing.json()["message"]
    # the same step can be taken again
    again = post_action(client, table.game_id, table.tokens[seat], body["seq"], create)
    assert again.status_code == 200 and again.json()["log"][-1]["action"] == create


def test_no_undo_after_a_die_roll(client: TestClient) -> None:
    """A trade is followed by a die roll (chance): the roll is never taken back."""
    rng = random.Random(3)
    for seed in range(42, 80):
        table = two_players(client, seed=seed)
        seat, message = to_act(client, table)
        trades = [a["action"] for a in message["legal"] if a["action"].startswith("trade")]
        if not trades:
            continue
        after = post_action(client, table.game_id, table.tokens[seat], message["seq"], rng.choice(trades)).json()
        if after["log"][-1]["seat"] != -1:
            continue
        assert after["log"][-1]["action"].startswith("roll") and not after["undoable"]
        refused = undo(client, table, seat, after["seq"])
        assert refused.status_code == 422 and refused.json()["rule"] == "UNDO"
        assert "die" in refused.json()["message"]
        return
    raise AssertionError("no seed offered a trade at the first turn")


def test_no_undo_after_the_other_players_action(client: TestClient) -> None:
    table = two_players(client, seed=43)
    rng = random.Random(4)
    last_actor = None
    for _ in range(200):
        seat, message = to_act(client, table)
        if last_actor is not None and seat != last_actor:
            break
        action = rng.choice([a["action"] for a in message["legal"]])
        post_action(client, table.game_id, table.tokens[seat], message["seq"], action)
        last_actor = seat
    assert last_actor is not None
    seat, message = to_act(client, table)
    action = rng.choice([a["action"] for a in message["legal"]])
    acted = post_action(client, table.game_id, table.tokens[seat], message["seq"], action).json()
    if acted["log"][-1]["seat"] == seat:
        refused = undo(client, table, 1 - seat, acted["seq"])
        assert refused.status_code == 422 and "other player" in refused.json()["message"]
