"""Durability: ``kleos serve`` is killed with SIGKILL while clients act; after a restart every
acknowledged action is in the log and every game resumes."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import httpx
from server_helpers import Table, get_message, post_action, two_players
from server_services import ServerProcess, free_port

GAMES = 4


def test_no_acknowledged_action_is_lost_after_kill_9(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'crash.db'}"
    # the players share one address, and requests count per address
    args = ("--database", database, "--allow-client-seed", "--rate", "1000", "--burst", "1000",
            "--request-limit", "100000/second")
    port = free_port()
    server = ServerProcess(port, *args, log=tmp_path / "serve.log")
    acked: list[tuple[str, int, int, str]] = []  # game, seat, seq sent, action
    lock = threading.Lock()
    stop = threading.Event()
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=10.0) as client:
            tables = [two_players(client, seed=70 + i) for i in range(GAMES)]

        def player(table: Table, seed: int) -> None:
            rng = random.Random(seed)
            with httpx.Client(base_url=server.url, timeout=10.0) as client:
                for _ in range(400):
                    if stop.is_set():
                        return
                    try:
                        seat = get_message(client, table.game_id, table.tokens[0])["to_act"][0]
                        message = get_message(client, table.game_id, table.tokens[seat])
                        if message["status"] == "finished":
                            return
                        action = rng.choice(message["legal"])["action"]
                        response = post_action(client, table.game_id, table.tokens[seat], message["seq"], action)
                    except (httpx.HTTPError, AssertionError, IndexError):
                        return  # the server is gone
                    if response.status_code == 200:
                        with lock:
                            acked.append((table.game_id, seat, message["seq"], action))

        threads = [threading.Thread(target=player, args=(t, i)) for i, t in enumerate(tables)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with lock:
                if len(acked) >= 40:
                    break
            time.sleep(0.01)
        server.kill()  # SIGKILL while the players are still sending
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        server.stop()
    assert len(acked) >= 40, "the players acknowledged too few actions before the kill"

    server = ServerProcess(free_port(), *args, log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=10.0) as client:
            logs = {t.game_id: get_message(client, t.game_id, None)["log"] for t in tables}
            for game_id, seat, seq, action in acked:
                entry = next((e for e in logs[game_id] if e["seq"] == seq + 1), None)
                assert entry is not None, f"acknowledged action {action!r} of {game_id} at seq {seq + 1} was lost"
                assert (entry["seat"], entry["action"]) == (seat, action)
            # every game goes on where it stopped
            for table in tables:
                message = get_message(client, table.game_id, table.tokens[0])
                if message["status"] == "finished":
                    continue
                seat = message["to_act"][0]
                mine = get_message(client, table.game_id, table.tokens[seat])
                response = post_action(client, table.game_id, table.tokens[seat], mine["seq"],
                                       mine["legal"][0]["action"])
                assert response.status_code == 200, response.text
    finally:
        server.stop()
