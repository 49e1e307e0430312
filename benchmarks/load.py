"""Load test of ``kleos serve``: many concurrent games of scripted players over loopback.

    PYTHONPATH=src .venv/bin/python benchmarks/load.py --games 200 --actions 20          # SQLite
    PYTHONPATH=src .venv/bin/python benchmarks/load.py --games 200 --actions 20 --think 0  # saturated
    PYTHONPATH=src .venv/bin/python benchmarks/load.py --transport http
    PYTHONPATH=src .venv/bin/python benchmarks/load.py --database postgresql://kleos@127.0.0.1:5432/kleos \
        --database-pid "$(head -1 /path/to/pgdata/postmaster.pid)"

It starts a server on 127.0.0.1 (a temporary SQLite file unless ``--database`` is given), opens
``--games`` two-person games and lets every game play up to ``--actions`` random legal actions,
all games at once. Each player behaves like the browser UI: it keeps a WebSocket to its game
(asking for incremental logs), waits until a pushed state message says it is its turn, thinks
(``--think`` seconds on average, exponentially distributed; 0: answer at once, which saturates
the server), then sends its action (over the WebSocket, or ``POST …/actions`` with
``--transport http``). The latency is the time from sending an action to its acknowledgement
only. It prints the latency (p50/p99), the throughput, the CPU time of the server and of this
client (they share the machine; with ``--database-pid``, the PostgreSQL server's postmaster, also
that of the database server and its backends), the load average, the errors, and the lost
actions: acknowledged actions that the server's log does not hold at the end. Everything is
bounded (actions per game and ``--deadline``) and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, int, int, str]] = field(default_factory=list)  # game, seat, seq sent, action
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass
class Table:
    """One game being played: its tokens, how many actions are left, and when it is over."""

    game_id: str
    tokens: dict[int, str]
    left: int
    over: asyncio.Event = field(default_factory=asyncio.Event)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def open_game(client: httpx.AsyncClient, seed: int, actions: int) -> Table:
    created = (await client.post("/api/games", json={"seed": seed, "opponent": "person"})).json()
    joined = (await client.post("/api/join", json={"invite": created["invite"]})).json()
    return Table(created["game_id"], {created["seat"]: created["token"], joined["seat"]: joined["token"]}, actions)


async def player(ws_url: str, client: httpx.AsyncClient | None, table: Table, seat: int, think: float,
                 rng: random.Random, tally: Tally) -> None:
    """One seat: waits for its turn on its WebSocket, thinks, acts, until the game's budget is spent."""
    try:
        await play_seat(ws_url, client, table, seat, think, rng, tally)
    finally:
        table.over.set()


async def play_seat(ws_url: str, client: httpx.AsyncClient | None, table: Table, seat: int, think: float,
                    rng: random.Random, tally: Tally) -> None:
    token = table.tokens[seat]
    async with connect(f"{ws_url}/api/games/{table.game_id}/ws", max_size=1 << 24) as ws:
        # as the browser with its text view closed: no position in words in the state messages
        await ws.send(json.dumps({"type": "hello", "token": token, "since": 0, "describe": False}))
        acted = -1
        while not table.over.is_set():
            message = json.loads(await ws.recv())
            kind = message.get("type")
            if kind == "error":
                tally.error(f"{message.get('status')} {message.get('error')}")
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if kind != "state":
                continue
            if message["status"] == "finished":
                if not table.over.is_set():
                    tally.finished += 1
                return
            if not message["your_turn"] or message["seq"] <= acted:
                continue
            if think > 0:
                await asyncio.sleep(rng.expovariate(1.0 / think))
            if table.left <= 0:
                table.over.set()
                return
            table.left -= 1
            acted = message["seq"]
            action = rng.choice(message["legal"])["action"]
            if await send_action(ws, client, table, seat, acted, action, tally):
                tally.acked.append((table.game_id, seat, acted, action))
            if table.left <= 0:
                table.over.set()


async def send_action(ws: ClientConnection, client: httpx.AsyncClient | None, table: Table, seat: int, seq: int,
                      action: str, tally: Tally) -> bool:
    """Send one action and wait for its acknowledgement; the latency is recorded. ``True`` if acked."""
    start = time.perf_counter()
    if client is not None:
        response = await client.post(f"/api/games/{table.game_id}/actions", headers=auth(table.tokens[seat]),
                                     json={"seq": seq, "action": action, "since": seq})
        if response.status_code != 200:
            tally.error(f"HTTP {response.status_code}")
            return False
        tally.latencies.append(time.perf_counter() - start)
        return True
    await ws.send(json.dumps({"type": "action", "seq": seq, "action": action, "id": seq}))
    while True:  # state pushes may come before the ack: the next turn is handled by the caller's loop
        message = json.loads(await ws.recv())
        if message.get("id") != seq:
            continue
        if message.get("type") == "ack":
            tally.latencies.append(time.perf_counter() - start)
            return True
        tally.error(f"{message.get('status')} {message.get('error')}")
        return False


async def play_game(ws_url: str, client: httpx.AsyncClient | None, table: Table, think: float, seed: int,
                    tally: Tally) -> None:
    seats = [asyncio.create_task(player(ws_url, client, table, seat, think, random.Random(seed * 2 + seat), tally))
             for seat in (0, 1)]
    await table.over.wait()  # a player that stops, for any reason, ends its game
    for task in seats:
        task.cancel()
    for result in await asyncio.gather(*seats, return_exceptions=True):
        if isinstance(result, Exception):
            tally.error(type(result).__name__)


async def count_lost(client: httpx.AsyncClient, tally: Tally) -> int:
    logs: dict[str, dict[int, tuple[int, str]]] = {}
    for game_id in {g for g, *_ in tally.acked}:
        log = (await client.get(f"/api/games/{game_id}")).json()["log"]
        logs[game_id] = {e["seq"]: (e["seat"], e["action"]) for e in log}
    return sum(1 for g, seat, seq, action in tally.acked if logs[g].get(seq + 1) != (seat, action))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int | None) -> float:
    """CPU time of ``pid`` and its children (a database server and its backends; 0 without a pid).
    A child that exits during the run takes its CPU time with it: the pool keeps them alive."""
    if pid is None:
        return 0.0
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            continue
    return total


@dataclass
class Result:
    tally: Tally
    lost: int
    elapsed: float
    server_cpu: float
    client_cpu: float
    database_cpu: float


async def run(url: str, server_pid: int, games: int, actions: int, seed: int, deadline: float, think: float,
              transport: str, database_pid: int | None = None) -> Result:
    tally = Tally()
    ws_url = url.replace("http://", "ws://")
    # connections idle for 2 s are not reused: the server closes idle ones after 5 s, and a request
    # sent on a connection as it closes fails
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits) as client:
        tables = await asyncio.gather(*(open_game(client, seed + i, actions) for i in range(games)))
        server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
        database_cpu = tree_cpu_seconds(database_pid)
        start = time.perf_counter()
        poster = client if transport == "http" else None
        tasks = [asyncio.create_task(play_game(ws_url, poster, t, think, seed + i, tally))
                 for i, t in enumerate(tables)]
        done, pending = await asyncio.wait(tasks, timeout=deadline)
        for task in pending:
            task.cancel()
        if pending:
            tally.error("deadline")
        for task in done:
            if task.exception() is not None:
                tally.error(type(task.exception()).__name__)
        elapsed = time.perf_counter() - start
        server_cpu, client_cpu = cpu_seconds(server_pid) - server_cpu, time.process_time() - client_cpu
        database_cpu = tree_cpu_seconds(database_pid) - database_cpu
        lost = await count_lost(client, tally)
    return Result(tally, lost, elapsed, server_cpu, client_cpu, database_cpu)


def start_server(database: str, port: int, log: Path, extra: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``kleos serve`` on 127.0.0.1 for a benchmark (``extra``: more of its flags)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.Popen([sys.executable, "-m", "kleos", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--database", database, "--allow-client-seed", "--rate", "1000", "--burst", "1000",
                             # one address plays every game: the per-client limits are lifted
                             "--request-limit", "100000/second", "--games-per-hour", "100000",
                             "--no-access-log", "--log-level", "warning", *extra],
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
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a player thinks once it is its turn (default 1; 0 saturates the server)")
    parser.add_argument("--transport", choices=["ws", "http"], default="ws",
                        help="send actions over the WebSocket (default) or POST /actions")
    parser.add_argument("--database", default=None, help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--deadline", type=float, default=600.0, help="stop after this many seconds (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-pid", type=int, default=None,
                        help="pid of the database server (PostgreSQL's postmaster): its CPU time is printed too")
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="kleos-load-"))
    database = args.database or f"sqlite:///{workdir / 'load.db'}"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(database, port, workdir / "serve.log")
    try:
        wait_ready(url, server)
        load_before = os.getloadavg()[0]
        result = asyncio.run(run(url, server.pid, args.games, args.actions, args.seed, args.deadline, args.think,
                                 args.transport, args.database_pid))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    tally, elapsed = result.tally, result.elapsed
    ms = [x * 1000 for x in tally.latencies]
    print(f"games {args.games}, up to {args.actions} actions each, think {args.think} s, transport "
          f"{args.transport}, database {database.split(':')[0]}")
    print(f"acknowledged actions {len(ms)} in {elapsed:.1f} s ({len(ms) / elapsed:.0f}/s); games finished "
          f"{tally.finished}")
    if ms:
        print(f"action latency ms: p50 {percentile(ms, 0.5):.1f}  p99 {percentile(ms, 0.99):.1f}  "
              f"mean {statistics.fmean(ms):.1f}  max {max(ms):.1f}")
        print(f"cpu s: server {result.server_cpu:.1f} ({result.server_cpu / len(ms) * 1000:.2f} ms/action), "
              f"client {result.client_cpu:.1f} ({result.client_cpu / len(ms) * 1000:.2f} ms/action)"
              + (f", database {result.database_cpu:.1f} ({result.database_cpu / len(ms) * 1000:.2f} ms/action)"
                 if args.database_pid is not None else ""))
    print(f"load average (1 min) {load_before:.2f} before, {os.getloadavg()[0]:.2f} after, on {os.cpu_count()} cores")
    print(f"errors {sum(tally.errors.values())} {tally.errors if tally.errors else ''}".rstrip())
    print(f"lost actions {result.lost}")
    return 0 if result.lost == 0 and not tally.errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
