"""Fixtures of the browser tests: the server (API + UI) on 127.0.0.1 with SQLite in a temporary
directory, served by uvicorn in a thread, and Debian's Chromium driven by Playwright.

They live in this module, imported by the test module, rather than in a conftest.py: the server
tests import their own ``conftest`` by name, and a second module called ``conftest`` on the path
would shadow theirs when both directories are collected together.

The browser tests are skipped, with the reason, only when /usr/bin/chromium (or Playwright) is
missing and CI is not set; under CI=true they must run (``scripts/browser.sh`` installs Chromium).
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.web.ui import mount_ui

CHROMIUM = Path(os.environ.get("KLEOS_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STARTUP_TIMEOUT = 20.0
SHOTS = Path(os.environ.get("KLEOS_SCREENSHOTS", Path(tempfile.gettempdir()) / "kleos-web-shots"))


def _missing_browser() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (run scripts/browser.sh)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install playwright)"
    return None


def need_browser() -> None:
    reason = _missing_browser()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests must run under CI: {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


class LiveServer:
    """uvicorn serving the app on a socket bound to a free port of 127.0.0.1, in a thread."""

    def __init__(self, database: Path) -> None:
        import uvicorn

        settings = Settings(database_url=f"sqlite:///{database}", allow_client_seed=True,
                            rate_capacity=10_000.0, rate_per_second=10_000.0, hello_timeout=10.0, bot_workers=2)
        self.app = create_app(settings)
        mount_ui(self.app)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on", ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web") / "kleos.db")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # launch() gives every run a fresh temporary user-data directory (profile), removed at close.
        instance = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(15_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
