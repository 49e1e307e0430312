"""Helpers of the server tests: scripted clients that play through the HTTP API."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.server.config import Settings
from kleos.server.context import ServerContext
from kleos.server.games import SeatAsk

Message = dict[str, Any]
Client = TestClient | httpx.Client


def searches_in_threads(monkeypatch: Any, make_agent: Callable[[str, Any], Any]) -> None:
    """Worker threads stand in for the worker processes, so that a test can watch the agents: the
    decisions still go through :func:`kleos.server.thinking.decide`, the view serialized."""
    from multiprocessing.pool import ThreadPool

    from kleos.server import pool, thinking

    monkeypatch.setattr(pool, "make_local_pool", lambda processes, started: ThreadPool(processes))
    monkeypatch.setattr(thinking, "make_agent", make_agent)


@contextmanager
def toy_server(settings: Settings) -> Iterator[TestClient]:
    """A test client of a server with the toy game (``tests/toygame``) installed beside the others."""
    from kleos.core import registry
    from kleos.server.app import create_app
    from toygame.kit import KIT

    registry.register(KIT)
    try:
        with TestClient(create_app(settings)) as client:
            yield client
    finally:
        registry.unregister(KIT.name)


def metric(exposition: str, name: str) -> float:
    """The sum of the samples of metric ``name`` in a ``/metrics`` answer (0 when it has none yet)."""
    return sum(float(line.split()[-1]) for line in exposition.splitlines()
               if line.startswith(name) and line[len(name)] in "{ ")


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def ctx_of(client: TestClient) -> ServerContext:
    app = client.app
    assert isinstance(app, FastAPI)
    ctx: ServerContext = app.state.ctx
    return ctx


@dataclass
class Table:
    """A game between two scripted persons: its id and the token of each seat."""

    game_id: str
    tokens: dict[int, str]


def new_game(client: Client, **body: Any) -> Message:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: Message = response.json()
    return data


def two_players(client: Client, seed: int = 7, edition: str = "2020") -> Table:
    created = new_game(client, edition=edition, seed=seed, opponent="person")
    joined = client.post("/api/join", json={"invite": created["invite"]})
    assert joined.status_code == 200, joined.text
    return Table(created["game_id"], {created["seat"]: created["token"], joined.json()["seat"]: joined.json()["token"]})


def table_from_position(client: TestClient, position: PolisState, seed: int, edition: str = "2020") -> Table:
    """A two-person game that starts from ``position`` (through the store: the API starts from seeds)."""
    store = ctx_of(client).store
    seated = store.create("polis", {"edition": edition}, SeatAsk(0, ("me", "person")), seed=seed, position=position)
    invite = seated.invite
    assert invite is not None
    joined = client.post("/api/join", json={"invite": invite})
    assert joined.status_code == 200, joined.text
    return Table(seated.game_id, {0: seated.token, 1: joined.json()["token"]})


def battle_position(game: PolisGame) -> PolisState:
    """Round 2, Sparta to act, 8 hoplites in Boiotia and 8 galleys in Thrakiko pelagos: the end of
    the turn starts battles (R-BATTLE-1)."""
    s = pos.turn_position(game, round=1, active="sparta")
    pos.set_units(game, s, "Boiotia", 4, 4)
    pos.set_units(game, s, "ThrakikoPelagos", 4, 4)
    return s


def get_message(client: Client, game_id: str, token: str | None) -> Message:
    response = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def post_action(client: Client, game_id: str, token: str | None, seq: int, action: str) -> httpx.Response:
    return client.post(f"/api/games/{game_id}/actions", json={"seq": seq, "action": action}, headers=auth(token))


Chooser = Callable[[Message, random.Random], str]


def random_choice(message: Message, rng: random.Random) -> str:
    action: str = rng.choice(message["legal"])["action"]
    return action


def fighting_choice(message: Message, rng: random.Random) -> str:
    """Random, but never retreat when a battle can be fought (so cards are drawn)."""
    legal = [str(item["action"]) for item in message["legal"]]
    return "fight" if "fight" in legal else rng.choice(legal)


def play(client: Client, table: Table, rng: random.Random, *, max_steps: int = 600,
         choose: Chooser = random_choice) -> Iterator[tuple[int, Message]]:
    """Play the game with both scripted seats; yields every message a seat received (seat, message)."""
    for _ in range(max_steps):
        first = get_message(client, table.game_id, table.tokens[0])
        yield 0, first
        if first["status"] == "finished":
            return
        seat = first["to_act"][0]
        mine = first if seat == 0 else get_message(client, table.game_id, table.tokens[seat])
        if seat != 0:
            yield seat, mine
        response = post_action(client, table.game_id, table.tokens[seat], mine["seq"], choose(mine, rng))
        assert response.status_code == 200, response.text
        yield seat, response.json()
    raise AssertionError(f"game {table.game_id} did not end within {max_steps} steps")


def keys_in(value: Any) -> Iterator[str]:
    """Every key of every object nested in ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from keys_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_in(item)


def text_of(message: Message) -> str:
    return json.dumps(message)


class Truth:
    """A game as the server holds it, replayed step by step from its seed: the state after every
    step, every state of its generator (the seed included) and the log by step, for leak tests."""

    def __init__(self, client: TestClient, game_id: str, game: Any, seed: int) -> None:
        loaded = ctx_of(client).store.current(game_id)
        state = game.new_state(seed)
        self.states: list[Any] = [state.copy()]
        self.secrets = {str(seed), str(state.rng.state)}
        for seat, action in loaded.actions:
            state = game.apply(state, action, seat)
            self.states.append(state.copy())
            self.secrets.add(str(state.rng.state))
        assert loaded.state == state, "the replayed actions do not give the server's state"
        self.log = {entry.seq: entry for entry in loaded.log}


def create_all_persons(client: TestClient, game: str, options: dict[str, Any], seats: int,
                       seed: int) -> tuple[str, dict[int, str]]:
    """A game of ``seats`` persons: the creator in seat 0, the others joined by their invites; its
    id and every seat's token."""
    answer = client.post("/api/games", json={"game": game, "options": options,
                                             "seats": ["me"] + ["person"] * (seats - 1), "seed": seed})
    assert answer.status_code == 201, answer.text
    created: Message = answer.json()
    tokens = {created["seat"]: created["token"]}
    for invite in created["invites"]:
        joined = client.post("/api/join", json={"invite": invite["invite"]})
        assert joined.status_code == 200, joined.text
        tokens[joined.json()["seat"]] = joined.json()["token"]
    assert sorted(tokens) == list(range(seats))
    return created["game_id"], tokens


def get_since(client: TestClient, game_id: str, token: str, since: int) -> Message:
    """A seat's message with the log steps after ``since`` only (the rest was checked before)."""
    answer = client.get(f"/api/games/{game_id}", headers=auth(token), params={"since": since})
    assert answer.status_code == 200, answer.text
    message: Message = answer.json()
    return message


Pick = Callable[[Message, Any], tuple[int, str]]  # (the public message, the true state) -> (seat, action)


def play_watched_persons(client: TestClient, game_id: str, tokens: dict[int, str], pick: Pick,
                         max_steps: int) -> list[tuple[int | None, Message]]:
    """Play a game of persons to its end over HTTP, each seat and a spectator also listening on the
    WebSocket: every message any of them received, with its seat (``None``: the spectator), for a
    leak test to check. ``pick`` chooses the seat to act and its action (checked legal for it)."""
    store = ctx_of(client).store
    received: list[tuple[int | None, Message]] = []
    url = f"/api/games/{game_id}/ws"
    with ExitStack() as stack:
        sockets = [(seat, stack.enter_context(client.websocket_connect(url))) for seat in (*sorted(tokens), None)]
        for seat, ws in sockets:
            ws.send_json({"type": "hello", "token": None if seat is None else tokens[seat]})
        message = get_message(client, game_id, None)
        received.append((None, message))
        seen = dict.fromkeys(tokens, 0)  # the last step each seat was told of (HTTP asks for the rest)
        for _ in range(max_steps):
            if message["status"] == "finished":
                break
            seat, action = pick(message, store.current(game_id).state)
            mine = get_since(client, game_id, tokens[seat], seen[seat])
            received.append((seat, mine))
            assert action in [item["action"] for item in mine["legal"]]
            answer = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                                 json={"seq": mine["seq"], "action": action, "since": mine["seq"]})
            assert answer.status_code == 200, answer.text
            message = answer.json()
            received.append((seat, message))
            seen[seat] = message["seq"]
        else:
            raise AssertionError(f"the game did not end in {max_steps} decisions")
        final = received[-1][1]
        for seat, ws in sockets:
            for _ in range(20 * max_steps):
                message = ws.receive_json()
                received.append((seat, message))
                if message["seq"] == final["seq"] and message["status"] == "finished":
                    break
    return received
