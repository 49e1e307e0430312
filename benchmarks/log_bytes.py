"""Bytes a live page is sent over a game: every state message with the whole log (as the browser
asked before) against incremental logs (``since``: only the steps the page lacks, as it asks now).

    PYTHONPATH=src .venv/bin/python benchmarks/log_bytes.py
    PYTHONPATH=src .venv/bin/python benchmarks/log_bytes.py --games pericles --steps 300

A test server (``tests/web/web_app.py``) runs on 127.0.0.1 with a fresh database. For each game the
first seat is played by this script (a seeded random choice among its legal actions) against the
server's random bots, and watched by two WebSockets of that seat, as two pages would: one says no
``since`` in its hello (every message has the whole log), the other ``since: 0`` (each message has
the steps that are new to it). The bytes of the state messages each is sent are added up. The
messages are the same changes told twice, so the ratio depends on the game and the seed, hardly
on the machine (a busy one may fold two quick changes into one message).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
SEATS = {"polis": ["me", "random"], "cyclades": ["me", "random", "random"],
         "pericles": ["me", "random", "random", "random"]}
OPTIONS: dict[str, dict[str, Any]] = {"polis": {}, "cyclades": {"players": 3}, "pericles": {}}
STALE = 409  # the answer to an action made on an older position
SETTLE = 1.0  # seconds the sockets are given for the last pushes
START_TRIES = 300  # tenths of a second the server may take to answer
WAIT_LIMIT = 600  # reads of a game whose bots are thinking, before giving up on it


def start_server(database: Path) -> tuple[subprocess.Popen[str], str]:
    """The test server on a free port of 127.0.0.1, and its address."""
    env = {"PYTHONPATH": f"{ROOT / 'src'}:{ROOT / 'tests' / 'web'}", "PATH": "/usr/bin:/bin"}
    process = subprocess.Popen([sys.executable, str(ROOT / "tests" / "web" / "web_app.py"), str(database)],
                               stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    port = process.stdout.readline().strip()
    if not port.isdigit():
        process.kill()
        raise SystemExit(f"the test server did not start (it said {port!r})")
    base = f"http://127.0.0.1:{port}"
    for _ in range(START_TRIES):  # the port is bound before the server listens on it
        try:
            httpx.get(f"{base}/api/catalog", timeout=5)
            return process, base
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the test server did not answer")


class Reader(threading.Thread):
    """A seat's WebSocket, as a page keeps it open: the bytes and the number of state messages it
    is sent, with the hello's ``since`` (``None``: whole logs)."""

    def __init__(self, base: str, game_id: str, token: str, since: int | None) -> None:
        super().__init__(daemon=True)
        self.address = f"ws://{base.removeprefix('http://')}/api/games/{game_id}/ws"
        self.hello: dict[str, Any] = {"type": "hello", "token": token, "describe": False}
        if since is not None:
            self.hello["since"] = since
        self.bytes = self.messages = 0
        self.ready = threading.Event()
        self.done = threading.Event()

    def run(self) -> None:
        with connect(self.address, max_size=None) as socket:
            socket.send(json.dumps(self.hello))
            self.ready.set()
            while not self.done.is_set():
                try:
                    frame = socket.recv(timeout=0.2)
                except TimeoutError:
                    continue
                except ConnectionClosed:
                    return
                if json.loads(frame).get("type") == "state":
                    self.bytes += len(frame.encode() if isinstance(frame, str) else frame)
                    self.messages += 1


def measure(base: str, game: str, steps: int, seed: int) -> tuple[int, Reader, Reader]:
    """Steps played, and the two readers of the first seat (whole logs, incremental logs)."""
    created = httpx.post(f"{base}/api/games", json={"game": game, "options": OPTIONS[game], "seats": SEATS[game],
                                                    "seat": 0, "seed": seed}, timeout=60)
    created.raise_for_status()
    game_id, token = created.json()["game_id"], created.json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    readers = Reader(base, game_id, token, None), Reader(base, game_id, token, 0)
    for reader in readers:
        reader.start()
        reader.ready.wait(timeout=30)
    rng = random.Random(seed)
    state: dict[str, Any] = {}
    for _ in range(steps * 20 + WAIT_LIMIT):
        state = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=60).json()
        if state.get("outcome") or state["steps"] >= steps:
            break
        if 0 in state["to_act"] and state["legal"]:
            action = rng.choice(state["legal"])["action"]
            answer = httpx.post(f"{base}/api/games/{game_id}/actions", headers=headers,
                                json={"seq": state["seq"], "action": action}, timeout=60)
            if answer.status_code != STALE:  # a bot moved since the read: read again
                answer.raise_for_status()
        else:
            time.sleep(0.02)
    time.sleep(SETTLE)
    for reader in readers:
        reader.done.set()
        reader.join(timeout=30)
    return state.get("steps", 0), readers[0], readers[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SEATS), choices=list(SEATS))
    parser.add_argument("--steps", type=int, default=150, help="stop each game after this many steps")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(Path(folder) / "kleos.db")
        try:
            print(f"{'game':<9} {'steps':>5} {'messages':>9} {'whole logs':>12} {'incremental':>12} {'ratio':>6}")
            for game in args.games:
                steps, whole, incremental = measure(base, game, args.steps, args.seed)
                print(f"{game:<9} {steps:>5} {whole.messages:>4}/{incremental.messages:<4} {whole.bytes:>12,} "
                      f"{incremental.bytes:>12,} {whole.bytes / max(incremental.bytes, 1):>5.1f}x")
        finally:
            process.terminate()
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
