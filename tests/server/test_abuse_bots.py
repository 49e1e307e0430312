"""Bots bounded: a cap on the budget an agent spec may ask for, a deadline per decision counted
from when the game is queued, cancellation, and a server that stops within seconds even while a
search is running. The reproduction of the issue: ``"opponent": "ismcts:2000000000"`` stopped
every bot on the server and kept SIGTERM from stopping it."""

from __future__ import annotations

import random
import signal
import subprocess
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import make_settings
from server_helpers import auth, ctx_of, get_message, new_game, two_players
from server_services import ServerProcess, free_port

from kleos.agents import registry
from kleos.agents.base import RandomAgent
from kleos.core.action import Action
from kleos.server import bots
from kleos.server.app import create_app
from kleos.server.config import Settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HUGE = "ismcts:2000000000"
SPARTA_OPENS = 64  # with this seed the bot (Sparta) acts first


def wait_until_bot_moved(client: TestClient | httpx.Client, game_id: str, token: str,
                         rounds: int = 600) -> dict[str, Any]:
    """The game once its bot has moved and it is the person's turn again (polled at most
    ``rounds`` times, 0.1 s apart)."""
    for _ in range(rounds):
        message = get_message(client, game_id, token)
        if message["your_turn"] and any(e["seat"] == 1 for e in message["log"]):
            return message
        time.sleep(0.1)
    raise AssertionError(f"the bot of {game_id} never moved")


class Recorder:
    """Stands in for ``make_agent``: keeps the specs asked for and plays random (fast)."""

    def __init__(self) -> None:
        self.specs: list[str] = []

    def __call__(self, spec: str, game: Any) -> RandomAgent:
        self.specs.append(spec)
        return RandomAgent()


@pytest.mark.parametrize(("body", "field"), [
    ({"opponent": HUGE, "side": "athens"}, "opponent"),
    ({"seats": ["me", HUGE]}, "seats.1"),
])
def test_a_budget_above_the_cap_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           body: dict[str, Any], field: str) -> None:
    monkeypatch.setattr(bots, "make_agent", Recorder())  # on a server without the cap: no endless search
    with TestClient(create_app(make_settings(tmp_path))) as client:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_opponent" and response.json()["field"] == field
        assert str(Settings().bot_max_budget) in response.json()["message"]
        imported = client.post("/api/import", json={"record": {"game": "polis", "seed": 1}, **body})
        assert imported.status_code == 400 and imported.json()["field"] == field
        at_cap = client.post("/api/games", json={"opponent": f"ismcts:{Settings().bot_max_budget}", "side": "athens"})
        assert at_cap.status_code == 201


def test_games_stored_before_the_cap_play_at_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored game (or a rematch) keeps its agent spec; its bot searches at the cap."""
    recorder = Recorder()
    monkeypatch.setattr(bots, "make_agent", recorder)
    with TestClient(create_app(make_settings(tmp_path, bot_max_budget=300))) as client:
        seated = ctx_of(client).store.create("polis", {"edition": "2020"}, seat=0, opponent=HUGE,
                                             seed=SPARTA_OPENS)
        ctx_of(client).bots.schedule(seated.game_id)
        wait_until_bot_moved(client, seated.game_id, seated.token)
    assert recorder.specs and recorder.specs[0] == "ismcts:300"


def test_a_slow_bot_does_not_hold_another_games_bot(tmp_path: Path) -> None:
    """One worker, a search that would never end: it is cut at its deadline (the bot plays a
    random legal action instead) and the other game's bot moves all the same."""
    settings = make_settings(tmp_path, bot_workers=1, bot_max_budget=2**62, bot_decision_seconds=1.0)
    with TestClient(create_app(settings)) as client:
        slow = new_game(client, opponent=HUGE, side="athens", seed=SPARTA_OPENS)
        quick = new_game(client, opponent="random", side="athens", seed=SPARTA_OPENS)
        assert wait_until_bot_moved(client, quick["game_id"], quick["token"])["your_turn"]
        assert wait_until_bot_moved(client, slow["game_id"], slow["token"])["your_turn"]


def test_bot_decisions_are_cancelled_when_the_server_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """stop() cancels a running search: nothing is committed, and the game waits for the next start."""
    started: list[str] = []

    def make(spec: str, game: Any) -> Any:
        agent = registry.make_agent(spec, game)
        inner = agent.choose

        def choose(view: Any, legal: list[Action], rng: random.Random) -> Action:
            if len(legal) > 1:  # a search (a single legal action is played at once)
                started.append(spec)
            chosen: Action = inner(view, legal, rng)
            return chosen

        agent.choose = choose  # type: ignore[method-assign]
        return agent

    monkeypatch.setattr(bots, "make_agent", make)
    settings = make_settings(tmp_path, bot_max_budget=2**62, bot_decision_seconds=3600.0)
    with TestClient(create_app(settings)) as client:
        slow = new_game(client, opponent=HUGE, side="athens", seed=SPARTA_OPENS)
        for _ in range(300):
            if started:
                break
            time.sleep(0.1)
        assert started == [HUGE]
        seq = get_message(client, slow["game_id"], slow["token"])["seq"]
        worker = ctx_of(client).bots
    # leaving the client stopped the app: the search was cancelled, the workers are gone
    assert not any(thread.is_alive() for thread in worker._threads)
    with TestClient(create_app(make_settings(tmp_path))) as client:
        message = get_message(client, slow["game_id"], slow["token"])
        assert message["to_act"] == [1] and message["seq"] == seq


def test_sigterm_stops_a_searching_server_and_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """``kleos serve`` with a bot searching without end exits promptly on SIGTERM; an action
    acknowledged before is there after a restart, and the resumed bot obeys the default limits."""
    database = f"sqlite:///{tmp_path / 'kleos.db'}"
    server = ServerProcess(free_port(), "--database", database, "--allow-client-seed", "--bot-max-budget",
                           str(2**62), "--bot-seconds", "3600", log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=30.0) as http:
            slow = new_game(http, opponent=HUGE, side="athens", seed=SPARTA_OPENS)
            table = two_players(http, seed=10)
            first = get_message(http, table.game_id, table.tokens[0])
            seat = first["to_act"][0]
            mine = get_message(http, table.game_id, table.tokens[seat])
            acked = http.post(f"/api/games/{table.game_id}/actions", headers=auth(table.tokens[seat]),
                              json={"seq": mine["seq"], "action": mine["legal"][0]["action"]})
            assert acked.status_code == 200
            acked_seq = acked.json()["ack"]["seq"]
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            raise AssertionError("kleos serve did not exit within 15 s of SIGTERM") from None
    finally:
        server.stop()
    again = ServerProcess(free_port(), "--database", database, "--bot-seconds", "2", log=tmp_path / "serve.log")
    try:
        again.wait_ready()
        with httpx.Client(base_url=again.url, timeout=30.0) as http:
            assert get_message(http, table.game_id, table.tokens[0])["seq"] == acked_seq
            assert wait_until_bot_moved(http, slow["game_id"], slow["token"])["your_turn"]
    finally:
        again.stop()


def test_no_search_begins_once_the_workers_are_stopping() -> None:
    """A worker that reaches its next decision after stop() (its watchdog may have gone: nothing
    would cancel the search) gives it up instead of searching on in a leaked thread."""
    worker = bots.BotWorker(Any, 1, lambda game_id, seq: None)  # type: ignore[arg-type]  # no game is played
    worker.stop()
    called: list[bool] = []

    def choose() -> Action:
        called.append(True)
        return Action("pass")

    assert worker._guarded(worker._slots[0], time.monotonic() + 60, choose) is None
    assert called == [] and worker._slots[0].deadline is None
