"""No hidden information reaches a seat: every message sent to each seat and to a spectator during
whole games (HTTP answers and WebSocket pushes) is inspected (R-GEN-17: a seat sees its own hand
only; the generator and the seed never leave the server)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import (
    Chooser,
    Message,
    Table,
    battle_position,
    ctx_of,
    fighting_choice,
    keys_in,
    play,
    random_choice,
    table_from_position,
    text_of,
    two_players,
)

from kleos.core.rng import Rng
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState

SEED = 8_765_432_101_234_567_891  # long enough that finding it in a message is no accident


def secret_numbers(client: TestClient, table: Table, start: PolisState) -> set[str]:
    """The seed and every state the game's generator has been in, as text."""
    loaded = ctx_of(client).store.current(table.game_id)
    game = PolisGame("2020")
    state = game.copy(start)
    numbers = {str(SEED)}
    for seat, action in loaded.actions:  # the generator moves only on chance events
        numbers.add(str(game.rng(state).state))
        game.apply_in_place(state, action, seat, validate=False)
    numbers.add(str(game.rng(state).state))
    return numbers


def check_message(message: Message, seat: int | None, truth: dict[int, Any], secrets: Iterable[str]) -> int:
    """Assert ``message`` (for ``seat``) hides what ``seat`` may not know; returns the number of
    card draws it shows hidden."""
    assert message["seat"] == seat
    assert "rng" not in set(keys_in(message)) and "seed" not in set(keys_in(message))
    text = text_of(message)
    for secret in secrets:
        assert secret not in text, "a generator state or the seed leaked"
    battle = message["view"]["state"]["battle"]
    if battle is not None:
        for side in (0, 1):
            if side != seat:
                assert sum(battle["hands"][side]) == 0, f"seat {seat} sees the hand of {side}"
    if not message["your_turn"]:
        assert message["legal"] == []
    hidden = 0
    for entry in message["log"]:
        true = truth[entry["seq"]]
        if true.readers is None or seat in true.readers:
            assert entry["action"] == true.action and not entry["hidden"]
        else:
            assert entry["action"] == "card (hidden)" and entry["hidden"]
            assert true.action.split(" ", 1)[1] not in entry["text"]
            hidden += 1
    return hidden


def run_watched_game(client: TestClient, table: Table, start: PolisState, rng: random.Random,
                     choose: Chooser) -> tuple[int, int]:
    """Play a whole game while both seats and a spectator watch over WebSocket; check every
    message. Returns (messages checked, hidden card draws seen)."""
    received: list[tuple[int | None, Message]] = []
    url = f"/api/games/{table.game_id}/ws"
    with client.websocket_connect(url) as ws0, client.websocket_connect(url) as ws1, \
            client.websocket_connect(url) as watcher:
        sockets = ((0, ws0), (1, ws1), (None, watcher))
        for seat, ws in sockets:
            ws.send_json({"type": "hello", "token": None if seat is None else table.tokens[seat]})
        received.extend((seat, message) for seat, message in play(client, table, rng, choose=choose))
        final = received[-1][1]
        assert final["status"] == "finished"
        for seat, ws in sockets:
            for _ in range(5000):
                message = ws.receive_json()
                received.append((seat, message))
                if message["seq"] == final["seq"] and message["status"] == "finished":
                    break
    truth = {entry.seq: entry for entry in ctx_of(client).store.current(table.game_id).log}
    secrets = secret_numbers(client, table, start)
    hidden = sum(check_message(message, seat, truth, secrets) for seat, message in received)
    return len(received), hidden


def test_no_leak_in_a_whole_random_game(client: TestClient) -> None:
    table = two_players(client, seed=SEED)
    checked, _ = run_watched_game(client, table, PolisGame("2020").new_state(SEED), random.Random(1), random_choice)
    assert checked > 50


def test_no_leak_through_battles(client: TestClient) -> None:
    """Battles deal cards into hidden hands: each seat sees its own draws, the other seat and the
    spectator see 'card (hidden)', and no message shows the other hand."""
    game = PolisGame("2020")
    start = battle_position(game)
    game.rng(start).state = Rng.from_seed(SEED).state
    table = table_from_position(client, start, SEED)
    checked, hidden = run_watched_game(client, table, start, random.Random(2), fighting_choice)
    loaded = ctx_of(client).store.current(table.game_id)
    draws = [e for e in loaded.log if e.action.startswith("card ")]
    assert draws, "the position should lead to a battle with cards"
    assert all(e.readers in (frozenset({0}), frozenset({1})) for e in draws)
    assert hidden >= len(draws)
    assert checked > 20
