"""A game read from the database is the position of the row that was read. On PostgreSQL each
statement of a read sees what other processes committed after the row was read, so the events and
snapshots read after it must stop at the row's ``seq``: a row at event 46 with the position after
event 48 would tell a player it is their turn when it is not (the scale-out test once failed so)."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient
from server_helpers import ctx_of, get_message, post_action, random_choice, two_players

from kleos.server import rows
from kleos.server.db import GameRow


def _steps(client: TestClient, game_id: str, tokens: dict[int, str], rng: random.Random, count: int) -> None:
    for _ in range(count):
        seat = get_message(client, game_id, tokens[0])["to_act"][0]
        mine = get_message(client, game_id, tokens[seat])
        assert post_action(client, game_id, tokens[seat], mine["seq"], random_choice(mine, rng)).status_code == 200


def _read(client: TestClient, game_id: str, seq: int | None = None) -> tuple[int, int, str]:
    """(seq, actions, the position as JSON) of the game read at its row, or at the row as it was at
    event ``seq`` (a copy of the row, not written)."""
    store = ctx_of(client).store
    with store.db.read() as s:
        row = rows.get_row(s, game_id)
        if seq is not None:
            row = GameRow(**{column.name: getattr(row, column.name) for column in GameRow.__table__.columns})
            row.seq = seq
        kit, game = store.kit_game(row)
        loaded = rows.load(s, row, kit, game)
    return loaded.seq, len(loaded.actions), json.dumps(game.state_to_json(loaded.state), sort_keys=True)


def test_a_game_read_at_its_row_is_that_rows_position(client: TestClient) -> None:
    table = two_players(client, seed=85)
    rng = random.Random(85)
    _steps(client, table.game_id, table.tokens, rng, 6)
    then = _read(client, table.game_id)
    _steps(client, table.game_id, table.tokens, rng, 6)
    now = _read(client, table.game_id)
    assert now[0] > then[0] and now[1] > then[1]
    assert _read(client, table.game_id, seq=then[0]) == then
