"""Throw-away PostgreSQL and Redis servers for the tests, on 127.0.0.1 in a temporary directory.

Each starts its own instance on a free port and stops it at the end. When a server cannot be
started the tests that need it are skipped locally, but fail under CI (``CI=true``): there,
``scripts/services.sh`` has installed both.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

START_SECONDS = 30.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def unavailable(reason: str) -> NoReturn:
    """Fail under CI, skip elsewhere."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs this server and it is not available: {reason} (run scripts/services.sh)")
    pytest.skip(reason)


def wait_for_port(port: int, seconds: float = START_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
        time.sleep(0.05)
    return False


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_user() -> tuple[list[str], str | None]:
    """PostgreSQL refuses to run as root: as root, run it as the ``postgres`` (or ``nobody``) user."""
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(user)
            runuser = shutil.which("runuser")
            if runuser:
                return [runuser, "-u", user, "--"], user
    return [], None


@contextlib.contextmanager
def postgres_server(base: Path) -> Iterator[str]:
    """A PostgreSQL server; yields the URL of its ``postgres`` database (user ``kleos``, trust)."""
    bindir = _pg_bin()
    if bindir is None:
        unavailable("PostgreSQL is not installed (initdb not found)")
    prefix, user = _as_user()
    if os.geteuid() == 0 and user is None:
        unavailable("running as root without runuser/postgres user: cannot start PostgreSQL")
    base.mkdir(parents=True, exist_ok=True)
    data, sockets = base / "data", base / "sock"
    sockets.mkdir(exist_ok=True)
    if user is not None:
        entry = pwd.getpwnam(user)
        for path in (base, sockets):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    port = free_port()
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    init = subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-U", "kleos", "-A", "trust",
                           "-E", "UTF8", "--no-sync"], capture_output=True, text=True, env=env, timeout=120)
    if init.returncode != 0:
        unavailable(f"initdb failed: {init.stderr.strip()[-500:]}")
    options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={sockets} "
               "-c fsync=on -c max_connections=100 -c shared_buffers=32MB")
    start = subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                            str(base / "log"), "-w", "-t", "60", "start"], capture_output=True, text=True, env=env,
                           timeout=90)
    if start.returncode != 0 or not wait_for_port(port):
        log = (base / "log").read_text() if (base / "log").exists() else start.stderr
        unavailable(f"PostgreSQL did not start: {log.strip()[-500:]}")
    try:
        yield f"postgresql://kleos@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, env=env, timeout=60)


@contextlib.contextmanager
def redis_server(base: Path) -> Iterator[str]:
    """A Redis server without persistence; yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        unavailable("redis-server is not installed")
    base.mkdir(parents=True, exist_ok=True)
    port = free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(base), "--protected-mode", "yes"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_for_port(port):
            unavailable("redis-server did not start")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def create_database(admin_url: str, name: str) -> str:
    """A fresh database ``name`` on the server of ``admin_url``; returns its URL."""
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name


REPO = Path(__file__).resolve().parents[2]


class ServerProcess:
    """``kleos serve`` in a subprocess on 127.0.0.1:``port``; :meth:`kill` is a SIGKILL."""

    def __init__(self, port: int, *args: str, log: Path) -> None:
        import sys

        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
        self._log = log.open("ab")
        self.process = subprocess.Popen([sys.executable, "-m", "kleos", "serve", "--host", "127.0.0.1",
                                         "--port", str(port), "--no-access-log", "--log-level", "warning", *args],
                                        stdout=self._log, stderr=self._log, env=env, cwd=str(REPO))

    def wait_ready(self, seconds: float = 60.0) -> None:
        import httpx

        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"kleos serve exited with {self.process.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"kleos serve on port {self.port} did not start within {seconds} s")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()
