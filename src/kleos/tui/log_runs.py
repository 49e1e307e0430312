"""Runs of one log line told once: "a card is dealt: DF (hidden) (×9)" instead of nine lines, so
that a deal or a string of the same secret step does not push the story off the screen. Only the
terminal's display folds them; the session's log keeps a line per step (replays, saves, boards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kleos.core.kit.terminal import LogLine
from kleos.i18n.platform import _


@dataclass(frozen=True)
class Run:
    """``count`` consecutive log lines alike (:func:`alike`), told by the first of them."""

    line: LogLine
    count: int = 1

    @property
    def text(self) -> str:
        return run_text(self.line.text, self.count)


def alike(a: LogLine, b: LogLine) -> bool:
    """Whether ``b`` repeats ``a``: the same seat, words and kind; a heading (a new round, the end)
    is never folded."""
    return a.kind != "heading" and (a.seat, a.text, a.kind) == (b.seat, b.text, b.kind)


def run_text(text: str, count: int) -> str:
    """A line told ``count`` times in a row."""
    return text if count == 1 else _("{line} (×{count})", line=text, count=count)


def add_line(runs: list[Run], line: LogLine) -> bool:
    """Add ``line`` to ``runs``: the last run grows when ``line`` repeats it (then True), else a run
    of its own starts (False)."""
    if runs and alike(runs[-1].line, line):
        runs[-1] = Run(runs[-1].line, runs[-1].count + 1)
        return True
    runs.append(Run(line))
    return False


def fold(lines: Iterable[LogLine]) -> list[Run]:
    """``lines`` with each run of alike lines as one."""
    runs: list[Run] = []
    for line in lines:
        add_line(runs, line)
    return runs
