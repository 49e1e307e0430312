"""Bots bounded: a cap on the budget an agent spec may ask for, a deadline per decision counted
from when the game is queued, cancellation, and a server that stops within seconds even while a
search is running. The reproduction of the issue: ``"opponent": "ismcts:2000000000"`` stopped
every bot on the server and kept SIGTERM from stopping it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import make_settings
from server_helpers import auth, ctx_of, get_message, metric, new_game, searches_in_threads, two_players
from server_services import ServerProcess, free_port

from kleos.agents.base import RandomAgent
from kleos.core.action import Action
from kleos.server import bots
from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.server.games import SeatAsk
from kleos.server.pool import LocalThinkers
from kleos.server.thinking import pack

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
    searches_in_threads(monkeypatch, Recorder())  # on a server without the cap: no endless search
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
    searches_in_threads(monkeypatch, recorder)
    with TestClient(create_app(make_settings(tmp_path, bot_max_budget=300))) as client:
        seated = ctx_of(client).store.create("polis", {"edition": "2020"}, SeatAsk(0, ("me", HUGE)),
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


def test_bot_decisions_are_cancelled_when_the_server_stops(tmp_path: Path) -> None:
    """stop() ends a running search (its worker process is terminated): nothing is committed, and
    the game waits for the next start."""
    settings = make_settings(tmp_path, bot_workers=1, bot_max_budget=2**62, bot_decision_seconds=3600.0)
    with TestClient(create_app(settings)) as client:
        slow = new_game(client, opponent=HUGE, side="athens", seed=SPARTA_OPENS)
        thinkers = ctx_of(client).thinkers
        for _ in range(300):
            if thinkers.in_flight():
                break
            time.sleep(0.1)
        assert thinkers.in_flight() == 1, "the bot's search never started"
        seq = get_message(client, slow["game_id"], slow["token"])["seq"]
        worker = ctx_of(client).bots
        assert isinstance(thinkers, LocalThinkers)
        processes = thinkers.worker_processes()
    # leaving the client stopped the app: the search was ended, the workers are gone
    assert not any(thread.is_alive() for thread in worker._threads)
    assert processes and not any(process.is_alive() for process in processes)
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
    """A decision asked for after stop() is not searched: the pool is closed and answers at once."""
    thinkers = LocalThinkers(1)
    worker = bots.BotWorker(Any, thinkers, 1, lambda game_id, seq: None)  # type: ignore[arg-type]  # no game
    worker.stop()
    decision = pack("kleos-none-0-1", "polis", "{}", "random", None, [Action("pass"), Action("pass")],
                    random.Random(1), 60.0)
    assert thinkers.think(decision, 60.0) is None
    assert not worker._threads[0].is_alive()


RETRIED_BUDGET = 4_000  # a search of some seconds: long enough to be caught in the middle, short enough to end
POLL_SECONDS = 0.05
POLL_ROUNDS = 3600  # at most three minutes: on a loaded machine a spawned worker takes long to import
# (a CI run beside heavy benchmarks waited over a minute for the retried search to start)


def poll(check: Callable[[], Any], what: str) -> Any:
    """``check()`` once it gives something (polled at most :data:`POLL_ROUNDS` times)."""
    for _ in range(POLL_ROUNDS):
        found = check()
        if found:
            return found
        time.sleep(POLL_SECONDS)
    raise AssertionError(f"never happened: {what}")


def test_a_decision_whose_worker_dies_is_searched_again_by_another_worker(tmp_path: Path) -> None:
    """Two worker processes; the one searching for the bot is killed (``kill -9``) in the middle of
    the search: the decision is asked again at once, as a new job, on the other worker, and the bot
    plays that search's choice, not the fallback (a retry counted in ``/metrics``, no fallback)."""
    settings = make_settings(tmp_path, bot_workers=2, bot_max_budget=RETRIED_BUDGET, bot_decision_seconds=300.0)
    with TestClient(create_app(settings)) as client:
        thinkers = ctx_of(client).thinkers
        assert isinstance(thinkers, LocalThinkers)
        game = new_game(client, opponent=f"ismcts:{RETRIED_BUDGET}", side="athens", seed=SPARTA_OPENS)
        [(first, victim)] = poll(thinkers.runners, "the bot's search to start").items()
        os.kill(victim, signal.SIGKILL)
        [(again, searcher)] = poll(lambda: {t: p for t, p in thinkers.runners().items() if t != first},
                                   "the decision to be asked again").items()
        assert again.startswith(f"kleos-{game['game_id']}-") and "-r1#" in again and searcher != victim
        assert wait_until_bot_moved(client, game["game_id"], game["token"])["your_turn"]
        exposition = client.get("/metrics").text
    assert metric(exposition, "kleos_bot_retries_total") == 1
    assert metric(exposition, "kleos_bot_fallbacks_total") == 0
