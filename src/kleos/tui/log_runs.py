"""Runs of one log line told once: "DF is dealt a card (hidden) (×9)" instead of nine lines, so
that a deal or a string of the same secret step does not push the story off the screen; and runs of
chance lines that differ only in their last word told as a list, "AF is dealt A08, A06, A27",
so that a seat's own deal is one line too. Only the terminal's display folds them; the session's log
keeps a line per step (replays, saves, boards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kleos.core.kit.terminal import LogLine
from kleos.i18n.platform import _


@dataclass(frozen=True)
class Run:
    """``count`` consecutive log lines alike (:func:`alike`), told by the first of them; or, with
    ``tails``, consecutive chance lines that differ only in their last words (:func:`listed`), told as
    the first line's words before its last with those last words listed."""

    line: LogLine
    count: int = 1
    tails: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        if self.tails:
            return f"{_head(self.line.text)} {', '.join(self.tails)}"
        return run_text(self.line.text, self.count)


def _head(text: str) -> str:
    return text.rsplit(" ", 1)[0]


def _tail(text: str) -> str:
    return text.rsplit(" ", 1)[-1]


def listed(run: Run, line: LogLine) -> bool:
    """Whether ``line`` joins ``run``'s list: both chance lines of one seat, told in the same words
    but a last word of their own (the cards of a seat's own deal), the run not already a count."""
    first = run.line
    return (run.count == 1 and first.kind == line.kind == "chance" and first.seat == line.seat
            and (bool(run.tails) or first.text != line.text) and " " in line.text
            and _head(first.text) == _head(line.text))


def alike(a: LogLine, b: LogLine) -> bool:
    """Whether ``b`` repeats ``a``: the same seat, words and kind; a heading (a new round, the end)
    is never folded."""
    return a.kind != "heading" and (a.seat, a.text, a.kind) == (b.seat, b.text, b.kind)


def run_text(text: str, count: int) -> str:
    """A line told ``count`` times in a row."""
    return text if count == 1 else _("{line} (×{count})", line=text, count=count)


def add_line(runs: list[Run], line: LogLine) -> bool:
    """Add ``line`` to ``runs``: the last run grows when ``line`` repeats it or joins its list (then
    True), else a run of its own starts (False)."""
    bigger = grown(runs[-1], line) if runs else None
    if bigger is not None:
        runs[-1] = bigger
        return True
    runs.append(Run(line))
    return False


def grown(run: Run, line: LogLine) -> Run | None:
    """``run`` with ``line`` added when it repeats the run (:func:`alike`) or joins its list
    (:func:`listed`); None when ``line`` starts a run of its own."""
    if not run.tails and alike(run.line, line):
        return Run(run.line, run.count + 1)
    if listed(run, line):
        return Run(run.line, 1, (*(run.tails or (_tail(run.line.text),)), _tail(line.text)))
    return None


def fold(lines: Iterable[LogLine]) -> list[Run]:
    """``lines`` with each run of alike lines as one."""
    runs: list[Run] = []
    for line in lines:
        add_line(runs, line)
    return runs
