"""``kleos play cyclades --plain``: a run of alike computer steps is one line that keeps its notation
("build a University on I7 (2 GP) (×2)   [build I7]"), so that a watcher still
learns the notation from the folded line."""

from __future__ import annotations

import contextvars
import io
import re

import pytest

from kleos.cli import main

FOLDED = re.compile(r"^(Blue|Red|Green): build a (\w+) on (I\d+) \(\d+ GP\) \(×(\d+)\)   \[build \3\]$", re.MULTILINE)


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


def test_c_cycle_1_the_log_heads_each_cycle_and_its_actions(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """C-CYCLE-1: the log of a watched game (a game without its own log lines: the kit's words and
    ``TerminalParts.log_heading``) has "Cycle N" where a cycle begins, before its creature, gods and
    offerings, and "Cycle N: actions" where its actions begin, after the offerings are settled; each
    once, in order, and none before the turn order is drawn."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = contextvars.copy_context().run(
        main, ["play", "cyclades", "--as", "none", "--opponent", "random", "--seed", "21", "--players", "3",
               "--plain"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    headings = [line for line in lines if re.fullmatch(r"Cycle \d+(: actions)?", line)]
    cycles = sum(1 for line in headings if ":" not in line)
    assert cycles >= 3
    assert headings == [f"Cycle {n}{part}" for n in range(1, cycles + 1) for part in ("", ": actions")]
    start = lines.index("Cycle 1")
    assert lines[start - 1].startswith("the turn order is drawn")
    assert lines[start + 1].startswith("a creature enters the track")
    actions = lines.index("Cycle 1: actions")
    assert "offerings settled" in lines[actions - 1]
