"""Do searching bots slow the web server? Cheap requests and people's actions beside N bot games.

    PYTHONPATH=src .venv/bin/python benchmarks/load_bots.py --bot-games 50                # SQLite
    PYTHONPATH=src .venv/bin/python benchmarks/load_bots.py --bot-games 50 \
        --database postgresql://kleos@127.0.0.1:5432/kleos

It starts ``kleos serve`` on 127.0.0.1 (a temporary SQLite file unless ``--database`` is given) and
makes two runs of ``--seconds`` each, the first without bots for the ratio (first: the bot games of
a run are resumed by the next server on the same database):

* ``--bot-games`` games of a scripted person (answering after ``--person-think`` seconds on
  average, 0 by default) against a bot at ``--agent``
  (``ismcts:normal``), so the bots search all the time: their decisions queue for the server's
  ``--bot-workers`` worker processes;
* ``--people-games`` games between two scripted people who think ``--think`` seconds on average
  and act over their WebSockets (as in ``benchmarks/load.py``): the latency from sending an
  action to its acknowledgement;
* a prober in a process of its own asking ``GET /api/health`` every ``--probe-every`` seconds:
  the latency of a cheap request.

It prints p50/p99 of both latencies with and without bots and their ratio, the bot decisions made
and played by the fallback (from ``/metrics``), and the load average before and after each run
with the number of cores: the machine may be shared, and the figures say so.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import (
    Table,
    Tally,
    free_port,
    open_game,
    percentile,
    play_game,
    play_seat,
    start_server,
    wait_ready,
)

DECISIONS = "kleos_bot_decision_seconds_count"
FALLBACKS = "kleos_bot_fallbacks_total"


@dataclass
class RunFigures:
    bot_games: int
    health_ms: list[float]
    action_ms: list[float]
    decisions: float
    fallbacks: float
    load_before: float
    load_after: float
    errors: dict[str, int]


def probe(url: str, seconds: float, every: float, out: Connection) -> None:
    """In its own process: ``GET /api/health`` every ``every`` seconds; sends the latencies (ms)."""
    samples: list[float] = []
    end = time.monotonic() + seconds
    with httpx.Client(base_url=url, timeout=30.0) as client:
        while time.monotonic() < end:
            started = time.perf_counter()
            client.get("/api/health")
            samples.append((time.perf_counter() - started) * 1000)
            time.sleep(max(0.0, every - (time.perf_counter() - started)))
    out.send(samples)
    out.close()


def metric(text: str, name: str) -> float:
    """The sum of every sample of ``name`` in a Prometheus exposition."""
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name) and not line.startswith("#"))


async def metrics_text(client: httpx.AsyncClient) -> str:
    """The server's ``/metrics`` (empty from a server without it, which this script can measure too)."""
    response = await client.get("/metrics")
    return response.text if response.status_code == 200 else ""


async def open_bot_game(client: httpx.AsyncClient, seed: int, agent: str) -> Table:
    created = (await client.post("/api/games", json={"seed": seed, "opponent": agent})).json()
    return Table(created["game_id"], {created["seat"]: created["token"]}, 10**6)


async def person_against_bot(ws_url: str, table: Table, think: float, seed: int, tally: Tally) -> None:
    (seat,) = table.tokens
    await play_seat(ws_url, None, table, seat, think, random.Random(seed), tally)


async def one_run(url: str, args: argparse.Namespace, bot_games: int) -> RunFigures:
    ws_url = url.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200, keepalive_expiry=2.0)
    bots, people = Tally(), Tally()
    async with httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits) as client:
        bot_tables = [await open_bot_game(client, args.seed + 1000 + i, args.agent) for i in range(bot_games)]
        bot_tasks = [asyncio.create_task(person_against_bot(ws_url, t, args.person_think, args.seed + i, bots))
                     for i, t in enumerate(bot_tables)]
        tables = await asyncio.gather(*(open_game(client, args.seed + i, 10**6) for i in range(args.people_games)))
        people_tasks = [asyncio.create_task(play_game(ws_url, None, t, args.think, args.seed + i, people))
                        for i, t in enumerate(tables)]
        await asyncio.sleep(args.warmup)  # every game under way, caches warm: then measure
        people.latencies.clear()
        before = await metrics_text(client)
        load_before = os.getloadavg()[0]
        receiver, sender = multiprocessing.Pipe(duplex=False)
        prober = multiprocessing.get_context("spawn").Process(target=probe, args=(url, args.seconds, args.probe_every,
                                                                                  sender))
        prober.start()
        health = await asyncio.get_running_loop().run_in_executor(None, receiver.recv)
        prober.join(30)
        load_after = os.getloadavg()[0]
        for table in (*tables, *bot_tables):
            table.over.set()
        for task in (*people_tasks, *bot_tasks):
            task.cancel()
        await asyncio.gather(*people_tasks, *bot_tasks, return_exceptions=True)
        after = await metrics_text(client)
    decisions = metric(after, DECISIONS) - metric(before, DECISIONS)
    fallbacks = metric(after, FALLBACKS) - metric(before, FALLBACKS)
    return RunFigures(bot_games, health, [x * 1000 for x in people.latencies], decisions, fallbacks, load_before,
                      load_after, {**people.errors})


def show(figures: RunFigures) -> None:
    h, a = figures.health_ms, figures.action_ms
    print(f"  bot games {figures.bot_games}: health p50 {percentile(h, 0.5):.1f} ms  "
          f"p99 {percentile(h, 0.99):.1f} ms ({len(h)} probes); "
          f"people's action p50 {percentile(a, 0.5):.1f} ms  p99 {percentile(a, 0.99):.1f} ms ({len(a)} actions)")
    print(f"    bot decisions answered by workers {figures.decisions:.0f}, "
          f"played by the fallback {figures.fallbacks:.0f}; "
          f"load average (1 min) {figures.load_before:.2f} before, {figures.load_after:.2f} after; "
          f"errors {sum(figures.errors.values())} {figures.errors if figures.errors else ''}".rstrip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot-games", type=int, default=50, help="games against a searching bot (default 50)")
    parser.add_argument("--agent", default="ismcts:normal", help="the bots' agent (default ismcts:normal)")
    parser.add_argument("--person-think", type=float, default=0.0,
                        help="mean thinking seconds of the person facing each bot (default 0: at once, so the "
                             "bot is always to search)")
    parser.add_argument("--people-games", type=int, default=20, help="games between two people (default 20)")
    parser.add_argument("--think", type=float, default=0.5, help="people's mean thinking seconds (default 0.5)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each measured run (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds every game plays (and the bots search) before measuring (default 10)")
    parser.add_argument("--probe-every", type=float, default=0.05, help="seconds between health probes")
    parser.add_argument("--bot-workers", type=int, default=max(1, (os.cpu_count() or 1) - 1),
                        help="the server's worker processes (default cores - 1)")
    parser.add_argument("--database", default=None, help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="kleos-load-bots-"))
    database = args.database or f"sqlite:///{workdir / 'load.db'}"
    print(f"database {database.split(':')[0]}, {args.bot_workers} worker process(es), {os.cpu_count()} cores, "
          f"{args.people_games} people games (think {args.think} s), {args.seconds:g} s per run")
    runs = []
    for bot_games in (0, args.bot_games):
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_server(database, port, workdir / "serve.log", ("--bot-workers", str(args.bot_workers)))
        try:
            wait_ready(url, server)
            runs.append(asyncio.run(one_run(url, args, bot_games)))
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        show(runs[-1])
    quiet, loaded = runs
    pairs = (("health", loaded.health_ms, quiet.health_ms), ("people's action", loaded.action_ms, quiet.action_ms))
    for name, with_bots, without in pairs:
        p50 = percentile(with_bots, 0.5) / percentile(without, 0.5)
        p99 = percentile(with_bots, 0.99) / percentile(without, 0.99)
        print(f"  ratio with/without bots, {name}: p50 {p50:.2f}  p99 {p99:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
