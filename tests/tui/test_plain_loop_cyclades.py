"""``kleos play cyclades --plain``: a run of alike computer steps is one line that keeps its notation
("build a University on I7 (×2)   [build I7]"), so that a watcher still
learns the notation from the folded line."""

from __future__ import annotations

import contextvars
import io
import re

import pytest

from kleos.cli import main

FOLDED = re.compile(r"^(Blue|Red|Green): build a (\w+) on (I\d+) \(×(\d+)\)   \[build \3\]$", re.MULTILINE)


def test_a_folded_run_of_a_computers_steps_keeps_its_notation(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = contextvars.copy_context().run(
        main, ["play", "cyclades", "--as", "none", "--opponent", "random", "--seed", "1", "--plain"])
    out = capsys.readouterr().out
    assert code == 0 and "Game over" in out
    folded = FOLDED.findall(out)
    assert folded and all(int(count) >= 2 for *_, count in folded)
    assert not re.search(r"^\w+: build .*\(×\d+\)$", out, re.MULTILINE)  # no folded build without its notation
