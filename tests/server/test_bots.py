"""Server-side bots: they play in worker processes, see only their seat's view (serialized), and
resume after a restart."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Message, ctx_of, get_message, new_game, post_action, searches_in_threads

from kleos.agents import registry
from kleos.core.action import Action
from kleos.games.polis.view import PolisView
from kleos.server.app import create_app
from kleos.server.games import SeatAsk


def wait_for_turn(client: TestClient, game_id: str, token: str, seconds: float = 30.0) -> Message:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = get_message(client, game_id, token)
        if message["your_turn"] or message["status"] == "finished":
            return message
        time.sleep(0.01)
    raise AssertionError(f"the bot of {game_id} did not move within {seconds} s")


def play_against_bot(client: TestClient, created: Message, seed: int, max_steps: int = 600) -> Message:
    rng = random.Random(seed)
    for _ in range(max_steps):
        message = wait_for_turn(client, created["game_id"], created["token"])
        if message["status"] == "finished":
            return message
        action = rng.choice(message["legal"])["action"]
        response = post_action(client, created["game_id"], created["token"], message["seq"], action)
        assert response.status_code in (200, 409), response.text
    raise AssertionError("the game did not end")


class SpyAgent:
    """Wraps a real agent and keeps what it was shown."""

    def __init__(self, inner: Any, seen: list[tuple[Any, list[Action]]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen = seen

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        self.seen.append((view, list(legal)))
        action: Action = self.inner.choose(view, legal, rng)
        return action


def test_bot_game_sees_only_its_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker rebuilds the view from what it was sent: a seat's view, the hidden state redacted."""
    seen: list[tuple[Any, list[Action]]] = []
    searches_in_threads(monkeypatch, lambda spec, game: SpyAgent(registry.make_agent(spec, game), seen))
    with TestClient(create_app(make_settings(tmp_path))) as client:
        created = new_game(client, opponent="simple", side="athens", seed=61)
        final = play_against_bot(client, created, 61)
    assert final["outcome"] is not None
    bot_steps = [e for e in final["log"] if e["seat"] == 1]
    assert bot_steps and 0 < len(seen) <= len(bot_steps)  # a lone legal action is played without a search
    for view, legal in seen:
        assert isinstance(view, PolisView) and view.seat == 1 and view.state.rng.state == 0
        assert legal
    players = final["players"]
    assert players[1] == {"seat": 1, "side": "Sparta", "kind": "bot", "agent": "simple", "joined": True}


def test_bot_games_are_reproducible(client: TestClient) -> None:
    """Bots draw from agent_rng(seed, seat), split per step: same seed and moves, same game."""
    logs = []
    for _ in range(2):
        created = new_game(client, opponent="random", side="sparta", seed=62)
        logs.append([e["action"] for e in play_against_bot(client, created, 7)["log"]])
    assert logs[0] == logs[1]


def test_ismcts_bot_moves(client: TestClient) -> None:
    created = new_game(client, opponent="ismcts:easy", side="athens", seed=63)
    rng = random.Random(1)
    for _ in range(40):
        message = wait_for_turn(client, created["game_id"], created["token"], seconds=60)
        if any(e["seat"] == 1 for e in message["log"]) or message["status"] == "finished":
            break
        post_action(client, created["game_id"], created["token"], message["seq"],
                    rng.choice(message["legal"])["action"])
    assert any(e["seat"] == 1 for e in message["log"]), "the ISMCTS bot never moved"


def test_bots_resume_after_a_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        # created behind the API's back, so no worker was told: the bot is to act and nobody plays it
        store = ctx_of(client).store
        seated = store.create("polis", {"edition": "2020"}, SeatAsk(0, ("me", "random")), seed=64)  # Sparta opens
        message = get_message(client, seated.game_id, seated.token)
        assert not message["your_turn"] and message["to_act"] == [1]
    with TestClient(create_app(settings)) as client:
        message = wait_for_turn(client, seated.game_id, seated.token)
        assert any(e["seat"] == 1 for e in message["log"])
