"""Bots search apart from the web process: a cheap request is not delayed by bots searching.

Before issue 26 the bots searched in threads of the web process, sharing its interpreter lock with
request handling; a health check's p99 went from milliseconds to over a second under bot load.
The bound here is far above a normal answer and far below that delay: not a speed measurement.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from server_helpers import get_message, new_game
from server_services import ServerProcess, free_port

HUGE = "ismcts:2000000000"  # a search that lasts until its deadline
SPARTA_OPENS = 64  # with this seed the bot (Sparta) acts first
SEARCHING_GAMES = 4
PROBES = 200
P99_BOUND_SECONDS = 0.25
SETTLE_SECONDS = 3.0  # time for the searches to start before probing


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def test_a_health_check_is_not_delayed_by_bots_searching(tmp_path: Path) -> None:
    """Four bot games search without end (budget uncapped, two-minute deadline) while a client
    asks for ``/api/health`` 200 times: p99 stays under 250 ms, and the bots are still thinking."""
    database = f"sqlite:///{tmp_path / 'kleos.db'}"
    server = ServerProcess(free_port(), "--database", database, "--allow-client-seed", "--bot-max-budget",
                           str(2**62), "--bot-seconds", "120", "--bot-workers", str(SEARCHING_GAMES),
                           "--request-limit", "100000/second", log=tmp_path / "serve.log")
    try:
        server.wait_ready()
        with httpx.Client(base_url=server.url, timeout=30.0) as http:
            games = [new_game(http, opponent=HUGE, side="athens", seed=SPARTA_OPENS) for _ in range(SEARCHING_GAMES)]
            time.sleep(SETTLE_SECONDS)
            samples = []
            for _ in range(PROBES):
                started = time.perf_counter()
                assert http.get("/api/health").status_code == 200
                samples.append(time.perf_counter() - started)
            still_thinking = [get_message(http, g["game_id"], g["token"])["to_act"] == [1] for g in games]
    finally:
        server.stop()
    assert all(still_thinking), "a bot finished its search: the probes did not run under load"
    assert p99(samples) < P99_BOUND_SECONDS, (
        f"health p99 {p99(samples) * 1000:.0f} ms under {SEARCHING_GAMES} searching bots "
        f"(median {sorted(samples)[len(samples) // 2] * 1000:.1f} ms)")
