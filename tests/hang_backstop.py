"""A pytest plugin: the suite's backstop against a hang that pytest-timeout cannot end.

pytest-timeout (``timeout`` in pyproject.toml) raises in the main thread when a test runs too long.
Code that catches that and waits again (a server's shutdown, a worker pool's terminate) then holds the
run until CI's own limit with nothing printed: one CI run hung so for 26 minutes. Here the
faulthandler's watchdog thread, which needs nothing of the main thread, prints every thread's stack and
ends the process ``backstop_grace`` seconds after pytest-timeout's limit, so such a run fails with its
stacks. The suite loads it by ``-p hang_backstop`` in pyproject.toml's ``addopts``.
"""

from __future__ import annotations

import faulthandler
import os
from collections.abc import Iterator
from typing import IO

import pytest

_stderr: IO[str] | None = None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("backstop_grace", "seconds after pytest-timeout's limit that a hung run is ended",
                  default="120")


def backstop_seconds(config: pytest.Config) -> float:
    """pytest-timeout's limit plus the grace; 0 (no backstop) when that limit is off."""
    limit = float(config.getini("timeout") or 0)
    return limit + float(config.getini("backstop_grace")) if limit > 0 else 0.0


def pytest_configure(config: pytest.Config) -> None:
    # A copy of the real standard error, taken while capture is off: a test's stderr is captured into
    # a file that is never shown when the process ends from the watchdog.
    global _stderr
    _stderr = os.fdopen(os.dup(2), "w")


def pytest_unconfigure(config: pytest.Config) -> None:
    global _stderr
    faulthandler.cancel_dump_traceback_later()
    if _stderr is not None:
        _stderr.close()
        _stderr = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    seconds = backstop_seconds(item.config)
    if seconds and _stderr is not None:
        faulthandler.dump_traceback_later(seconds, exit=True, file=_stderr)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
