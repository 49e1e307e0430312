"""Runs of alike entries in the plain loop's numbered menu, each printed as one line.

A long menu is read from top to bottom, often aloud by a screen reader. Two kinds of run say the
same thing entry after entry and are shortened, every entry keeping its own number (so an answer
by number means the same whether the run is shortened or not):

- a **counted run** differs only by one number counting up by one (a bid of 2 to 40 gold):
  ``12 to 50. bid 2 … bid 40``;
- a **shared run** differs only by its last notation token, and its words only by their end (one
  unit redeployed to each of eight places): ``1 to 8. redeploy … from Isthmus to: 1 Sicily,
  2 Boeotia, …``; or its entries share the head the game gives them, each with its own short end
  (:data:`kleos.core.kit.terminal.RunEnd`): ``2 to 21. recruit a fleet (1 GP) in: 2 S1, 3 S3, …``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from kleos.core.action import Action
from kleos.i18n.platform import _
from kleos.tui.menu import tokens

RUN_LEAST = 4
"""The fewest entries a run (``offer zeus 2`` … ``offer zeus 7``) must have to share a line."""
TAIL_MOST = 40
"""The longest end of an entry's words that a shared run lists (longer ones keep their own lines)."""
UNLISTABLE = (",", ";")
"""Marks that an end must not hold outside brackets: a run lists its ends with commas."""


def counted_runs(legal: list[Action], warnings: list[str]) -> list[tuple[int, int]]:
    """The runs of at least :data:`RUN_LEAST` entries in a row that differ only by one number counting
    up by one (bids, amounts committed, units moved), none of them flagged: ``(first, last)``
    indices. A long menu of such counts (a bid of 2 to 40 gold on each of several lots) would
    otherwise be read out one line per number."""
    steps = [_counted_at(a, b) for a, b in pairwise(legal)]  # each pair once
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(steps):
        last = i
        while last < len(steps) and steps[last] is not None and steps[last] == steps[i] and not warnings[last + 1]:
            last += 1
        if last - i + 1 >= RUN_LEAST and not warnings[i]:
            runs.append((i, last))
            i = last + 1
        else:
            i += 1
    return runs


def _counted_at(a: Action, b: Action) -> int | None:
    """The position of the one argument in which ``b`` counts one more than ``a`` (None if not so)."""
    if a.verb != b.verb or len(a.args) != len(b.args):
        return None
    differ = [k for k, (x, y) in enumerate(zip(a.args, b.args, strict=True)) if x != y]
    if len(differ) != 1:
        return None
    x, y = str(a.args[differ[0]]), str(b.args[differ[0]])
    return differ[0] if _integer(x) and _integer(y) and int(y) == int(x) + 1 else None


def _integer(text: str) -> bool:
    return text.lstrip("-").isdigit()


@dataclass(frozen=True)
class SharedRun:
    """Entries ``first`` to ``last`` (indices) whose words are ``head`` followed by each of ``tails``,
    and whose notation begins with ``notation``."""

    first: int
    last: int
    head: str
    tails: tuple[str, ...]
    notation: str


Split = tuple[str, str] | None
"""An entry's head and short end as its game gives them (None: none given)."""


def shared_runs(legal: list[Action], words: list[str], warnings: list[str],
                taken: set[int], splits: list[Split] | None = None) -> list[SharedRun]:
    """The runs of at least :data:`RUN_LEAST` entries in a row, none flagged nor in ``taken`` (the
    counted runs), either with the same head in ``splits`` (the game's, one per entry), or whose
    notations differ only by their last token and whose words (``words``, one per entry) differ only
    by their end. Each end is at most :data:`TAIL_MOST` characters, does not start with a digit (a
    number after an entry's number would read as a second number) and holds no comma or semicolon
    outside brackets (the run's list would not tell where an end stops)."""
    given = splits or [None] * len(legal)
    runs: list[SharedRun] = []
    i = 0
    while i < len(legal):
        run = None
        if _joinable(i, warnings, taken):
            run = _given(legal, given, i, _alike_last(i, given, warnings, taken))
        if run is None and _joinable(i, warnings, taken):
            last = i
            while (last + 1 < len(legal) and _joinable(last + 1, warnings, taken)
                   and _stem(legal[last + 1]) == _stem(legal[i])):
                last += 1
            run = _shared(legal, words, i, last)
        if run is not None:
            runs.append(run)
            i = run.last + 1
        else:
            i += 1
    return runs


def _alike_last(i: int, splits: list[Split], warnings: list[str], taken: set[int]) -> int:
    """The last index of the entries from ``i`` on whose game-given head is entry ``i``'s and whose
    end can be listed (an end that cannot breaks the run there)."""
    split, last = splits[i], i
    if split is None or not _listable(split[1]):
        return i
    while last + 1 < len(splits) and _joinable(last + 1, warnings, taken) and \
            (other := splits[last + 1]) is not None and other[0] == split[0] and _listable(other[1]):
        last += 1
    return last


def _given(legal: list[Action], splits: list[Split], first: int, last: int) -> SharedRun | None:
    """Entries ``first`` to ``last`` (alike by :func:`_alike_last`) as a run of the game's heads and
    ends (None when too few, or their notations share no first token)."""
    told = [tokens(action) for action in legal[first:last + 1]]
    common = _common_start(told)
    if last - first + 1 < RUN_LEAST or common == 0:
        return None
    given = [split for split in splits[first:last + 1] if split is not None]
    return SharedRun(first, last, given[0][0], tuple(end for _head, end in given), " ".join(told[0][:common]))


def _common_start(parts: Sequence[Sequence[str]]) -> int:
    """How many first words every one of ``parts`` shares, each keeping at least one of its own."""
    common = 0
    while all(len(p) > common + 1 for p in parts) and len({p[common] for p in parts}) == 1:
        common += 1
    return common


def _listable(end: str) -> bool:
    """Whether ``end`` may stand in a run's list: short, not starting with a digit, no mark of
    :data:`UNLISTABLE` outside brackets."""
    return bool(end) and len(end) <= TAIL_MOST and not end[:1].isdigit() and not _unlistable(end)


def _joinable(i: int, warnings: list[str], taken: set[int]) -> bool:
    return not warnings[i] and i not in taken


def _stem(action: Action) -> tuple[str, ...] | None:
    """The notation's tokens but the last (None for an action of one token: nothing shared)."""
    told = tokens(action)
    return told[:-1] if len(told) > 1 else None


def _unlistable(tail: str) -> bool:
    """Whether ``tail`` holds a mark of :data:`UNLISTABLE` outside round brackets."""
    depth = 0
    for char in tail:
        depth += (char == "(") - (char == ")")
        if depth == 0 and char in UNLISTABLE:
            return True
    return False


def _shared(legal: list[Action], words: list[str], first: int, last: int) -> SharedRun | None:
    """Entries ``first`` to ``last`` as a shared run, or None when they are too few or their words
    do not share a beginning followed by short ends."""
    stem = _stem(legal[first])
    if stem is None or last - first + 1 < RUN_LEAST:
        return None
    split = [text.split(" ") for text in words[first:last + 1]]
    common = _common_start(split)
    tails = tuple(" ".join(parts[common:]) for parts in split)
    if common == 0 or not all(map(_listable, tails)):
        return None
    return SharedRun(first, last, " ".join(split[0][:common]), tails, " ".join(stem))


SHARED_WIDTH = 100
"""The width to which a shared run's line is wrapped (its later lines indented under its words)."""


def shared_lines(run: SharedRun, width: int) -> list[str]:
    """A shared run as its menu line, wrapped at :data:`SHARED_WIDTH`: "1 to 8. redeploy … from Isthmus
    to: 1 Sicily, 2 Boeotia, …   [redeploy Isthmus Dl …]"; an end is never split from its number."""
    number = _("{first} to {last}", first=run.first + 1, last=run.last + 1)
    lead = f"  {number:>{width}}. "
    items = [f"{run.first + k + 1} {tail}" + ("," if k < len(run.tails) - 1 else "")
             for k, tail in enumerate(run.tails)]
    items[-1] += f"   [{run.notation} …]"
    lines: list[str] = []
    line = f"{lead}{run.head}:"
    for item in items:
        if len(line) + 1 + len(item) > SHARED_WIDTH and line.strip():
            lines.append(line)
            line = " " * len(lead) + item
        else:
            line += " " + item
    return [*lines, line]


Runs = dict[int, int | SharedRun]
"""A menu's runs by their first index: the last index of a counted run, or a shared run."""


def menu_runs(legal: list[Action], words: list[str], warnings: list[str], flat_limit: int,
              splits: list[Split] | None = None) -> Runs:
    """The counted and the shared runs of a menu of more than ``flat_limit`` entries (none in a
    shorter one): a counted run first, a shared run among the entries left (``splits``: the game's
    heads and ends, one per entry)."""
    if len(legal) <= flat_limit:
        return {}
    counted = counted_runs(legal, warnings)
    runs: Runs = {first: last for first, last in counted}
    taken = {i for first, last in counted for i in range(first, last + 1)}
    runs.update((run.first, run) for run in shared_runs(legal, words, warnings, taken, splits))
    return runs


def counted_of(runs: Runs) -> dict[int, int]:
    """The counted runs among a menu's runs: first index -> last index."""
    return {first: run for first, run in runs.items() if not isinstance(run, SharedRun)}


def printed_lines(entries: int, runs: Mapping[int, int | SharedRun]) -> int:
    """The lines a menu of ``entries`` prints with its runs shortened (a shared run's wrapped lines
    counted)."""
    width = len(str(entries))
    lines = entries
    for first, run in runs.items():
        if isinstance(run, SharedRun):
            lines -= run.last - first + 1 - len(shared_lines(run, width))
        else:
            lines -= run - first
    return lines
