"""Load test of ``kleos serve``: many concurrent games of scripted clients over loopback.

    PYTHONPATH=src .venv/bin/python benchmarks/load.py                 # 200 games, SQLite
    PYTHONPATH=src .venv/bin/python benchmarks/load.py --games 50 --actions 20
    PYTHONPATH=src .venv/bin/python benchmarks/load.py --database postgresql://kleos@127.0.0.1:5432/kleos

It starts a server on 127.0.0.1 (a temporary SQLite file unless ``--database`` is given), opens
``--games`` two-person games, and lets every game play up to ``--actions`` random legal actions,
all games at once. It prints the action latency (p50/p99, the time from sending an action to its
acknowledgement), the throughput, the errors, and the lost actions: acknowledged actions that the
server's log does not hold at the end. Everything is bounded (actions per game and ``--deadline``)
and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, int, int, str]] = field(default_factory=list)  # game, seat, seq sent, action
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def open_game(client: httpx.AsyncClient, seed: int) -> tuple[str, dict[int, str]]:
    created = (await client.post("/api/games", json={"seed": seed, "opponent": "person"})).json()
    joined = (await client.post("/api/join", json={"invite": created["invite"]})).json()
    return created["game_id"], {created["seat"]: created["token"], joined["seat"]: joined["token"]}


async def play_game(client: httpx.AsyncClient, game_id: str, tokens: dict[int, str], actions: int,
                    rng: random.Random, tally: Tally) -> None:
    message: dict[str, Any] = (await client.get(f"/api/games/{game_id}", headers=auth(tokens[0]))).json()
    for _ in range(actions):
        if message["status"] == "finished":
            tally.finished += 1
            return
        seat = message["to_act"][0]
        if message["seat"] != seat:
            message = (await client.get(f"/api/games/{game_id}", headers=auth(tokens[seat]))).json()
        action = rng.choice(message["legal"])["action"]
        start = time.perf_counter()
        try:
            response = await client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                                         json={"seq": message["seq"], "action": action})
        except httpx.HTTPError as exc:
            tally.error(type(exc).__name__)
            return
        if response.status_code != 200:
            tally.error(f"HTTP {response.status_code}")
            message = (await client.get(f"/api/games/{game_id}", headers=auth(tokens[0]))).json()
            continue
        tally.latencies.append(time.perf_counter() - start)
        tally.acked.append((game_id, seat, message["seq"], action))
        message = response.json()


async def count_lost(client: httpx.AsyncClient, tally: Tally) -> int:
    logs: dict[str, dict[int, tuple[int, str]]] = {}
    for game_id in {g for g, *_ in tally.acked}:
        log = (await client.get(f"/api/games/{game_id}")).json()["log"]
        logs[game_id] = {e["seq"]: (e["seat"], e["action"]) for e in log}
    return sum(1 for g, seat, seq, action in tally.acked if logs[g].get(seq + 1) != (seat, action))


async def run(url: str, games: int, actions: int, seed: int, deadline: float) -> tuple[Tally, int, float]:
    tally = Tally()
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits) as client:
        tables = await asyncio.gather(*(open_game(client, seed + i) for i in range(games)))
        start = time.perf_counter()
        tasks = [asyncio.create_task(play_game(client, g, t, actions, random.Random(seed + i), tally))
                 for i, (g, t) in enumerate(tables)]
        done, pending = await asyncio.wait(tasks, timeout=deadline)
        for task in pending:
            task.cancel()
        if pending:
            tally.error("deadline")
        for task in done:
            if task.exception() is not None:
                tally.error(type(task.exception()).__name__)
        elapsed = time.perf_counter() - start
        lost = await count_lost(client, tally)
    return tally, lost, elapsed


def start_server(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.Popen([sys.executable, "-m", "kleos", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--database", database, "--allow-client-seed", "--rate", "1000", "--burst", "1000",
                             "--no-access-log", "--log-level", "warning"],
                            stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env)


def wait_ready(url: str, process: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"kleos serve exited with {process.returncode}")
        try:
            if httpx.get(url + "/api/health", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("kleos serve did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--actions", type=int, default=30, help="actions per game at most (default 30)")
    parser.add_argument("--database", default=None, help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--deadline", type=float, default=600.0, help="stop after this many seconds (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="kleos-load-"))
    database = args.database or f"sqlite:///{workdir / 'load.db'}"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(database, port, workdir / "serve.log")
    try:
        wait_ready(url, server)
        tally, lost, elapsed = asyncio.run(run(url, args.games, args.actions, args.seed, args.deadline))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    ms = [x * 1000 for x in tally.latencies]
    print(f"games {args.games}, up to {args.actions} actions each, database {database.split(':')[0]}")
    print(f"acknowledged actions {len(ms)} in {elapsed:.1f} s ({len(ms) / elapsed:.0f}/s); games finished "
          f"{tally.finished}")
    if ms:
        print(f"action latency ms: p50 {percentile(ms, 0.5):.1f}  p99 {percentile(ms, 0.99):.1f}  "
              f"mean {statistics.fmean(ms):.1f}  max {max(ms):.1f}")
    print(f"errors {sum(tally.errors.values())} {tally.errors if tally.errors else ''}".rstrip())
    print(f"lost actions {lost}")
    return 0 if lost == 0 and not tally.errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
