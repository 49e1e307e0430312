"""Fixtures of the browser tests: the server (API + UI) on 127.0.0.1 with SQLite in a temporary
directory, served by uvicorn in its own process (``web_app.py``) with the toy game installed beside
Polis, and Debian's Chromium driven by Playwright.

The toy game (``tests/toygame``) is installed only in that process, through ``KLEOS_GAME_KITS``:
the registry of the test process itself stays as the entry points make it.

They live in this module, imported by the test module, rather than in a conftest.py: the server
tests import their own ``conftest`` by name, and a second module called ``conftest`` on the path
would shadow theirs when both directories are collected together.

The browser tests are skipped, with the reason, only when /usr/bin/chromium (or Playwright) is
missing and CI is not set; under CI=true they must run (``scripts/browser.sh`` installs Chromium).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import pytest

from kleos.server.language import LANG_COOKIE

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


REPO = Path(__file__).resolve().parents[2]
TOY_KITS = "toygame.kit:KIT,kleos.games.cyclades.kit:KIT"  # Cyclades is not an entry point yet


class LiveServer:
    """The server process (``web_app.py``) on a free port of 127.0.0.1, its SQLite file in ``database``."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.log = database.with_suffix(".log")
        self.process: subprocess.Popen[str] | None = None
        self.errors: IO[str] | None = None
        self.url = ""

    def environment(self) -> dict[str, str]:
        paths = [str(REPO / "tests"), str(REPO / "src"), os.environ.get("PYTHONPATH", "")]
        return {**os.environ, "KLEOS_GAME_KITS": TOY_KITS, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}

    def start(self) -> None:
        self.errors = self.log.open("w")
        command = [sys.executable, str(Path(__file__).with_name("web_app.py")), str(self.database)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.errors, text=True,
                                        env=self.environment())
        assert self.process.stdout is not None
        port = self.process.stdout.readline().strip()
        if not port.isdigit():
            self.stop()
            raise RuntimeError(f"the web server did not start:\n{self.log.read_text()}")
        self.url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the web server did not answer:\n{self.log.read_text()}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        if self.process.stdout is not None:
            self.process.stdout.close()
        if self.errors is not None:
            self.errors.close()
        self.process = None


class Shared:
    """One server for the whole session and one browser at a time, however many test modules import
    these fixtures (each importing module gets its own fixture definition, so pytest would otherwise
    start a second server, and a second Playwright, which refuses to run beside the first).

    The browser lives as long as a test module uses it, not the session: Playwright's synchronous
    API keeps an event loop running in the main thread while it is started, and a later test that
    runs its own loop (the terminal app's) could not start it."""

    server_users = 0
    browser_users = 0
    server: LiveServer | None = None
    playwright: Any = None
    browser: Any = None

    @classmethod
    def leave_server(cls) -> None:
        cls.server_users -= 1
        if cls.server_users == 0 and cls.server is not None:
            cls.server.stop()
            cls.server = None

    @classmethod
    def leave_browser(cls) -> None:
        cls.browser_users -= 1
        if cls.browser_users == 0 and cls.browser is not None:
            cls.browser.close()
            cls.playwright.stop()
            cls.browser = cls.playwright = None


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    Shared.server_users += 1
    try:
        if Shared.server is None:
            server = LiveServer(tmp_path_factory.mktemp("web") / "kleos.db")
            server.start()
            Shared.server = server
        yield Shared.server
    finally:
        Shared.leave_server()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    Shared.browser_users += 1
    try:
        if Shared.browser is None:
            Shared.playwright = sync_playwright().start()
            # launch() gives every run a fresh temporary user-data directory (profile), removed at close.
            Shared.browser = Shared.playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                                               headless=True)
        yield Shared.browser
    finally:
        Shared.leave_browser()


def reader_context(browser: Any, language: str | None = None, **options: Any) -> Any:
    """A new browser context (``options`` as Playwright's ``new_context`` takes them) whose reader
    chose ``language`` with the header's picker (its cookie, for every port of 127.0.0.1)."""
    context = browser.new_context(**options)
    if language is not None:
        context.add_cookies([{"name": LANG_COOKIE, "value": language, "domain": "127.0.0.1", "path": "/"}])
    return context


def language_of(request: pytest.FixtureRequest) -> str | None:
    """The reader's language the requesting test runs in (its ``language`` parameter), if any."""
    callspec = getattr(request.node, "callspec", None)
    language = callspec.params.get("language") if callspec is not None else None
    return language if isinstance(language, str) else None


@pytest.fixture
def desktop(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A desktop-sized browser context, in the test's reader's language when it has one."""
    context = reader_context(browser, language_of(request), viewport={"width": 1366, "height": 900})
    context.set_default_timeout(15_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
