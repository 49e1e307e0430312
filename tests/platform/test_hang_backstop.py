"""The hang backstop (tests/hang_backstop.py) ends a run that pytest-timeout could not end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

SWALLOWS_THE_TIMEOUT = '''
import time

def test_shutdown_that_waits_again():
    end = time.monotonic() + 60
    while time.monotonic() < end:  # like a shutdown that catches the interruption and waits again
        try:
            time.sleep(60)
        except BaseException:
            pass
'''

QUICK = "def test_quick():\n    assert True\n"


def run_inner_suite(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """pytest on one test file with a 1 s pytest-timeout and a 1 s grace, the backstop loaded."""
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 1\nbackstop_grace = 1\n")
    (tmp_path / "test_inner.py").write_text(body)
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "hang_backstop", "-p", "no:randomly", "-p", "no:cacheprovider",
         "-c", str(tmp_path / "pytest.ini"), str(tmp_path / "test_inner.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=50, check=False)


def test_a_hang_that_swallows_the_timeout_ends_the_run_with_every_stack(tmp_path: Path) -> None:
    done = run_inner_suite(tmp_path, SWALLOWS_THE_TIMEOUT)
    assert done.returncode != 0
    assert "Timeout (0:00:02)!" in done.stderr
    assert "test_shutdown_that_waits_again" in done.stderr  # the hung frame is named


def test_a_quick_suite_is_left_alone(tmp_path: Path) -> None:
    done = run_inner_suite(tmp_path, QUICK)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Timeout" not in done.stderr
