"""What changed on a board's text since a seat last saw it, for the plain loop.

A plain game prints the board before every decision. After a person's own small step (a card set
aside, a unit moved) most of a board of 20 to 80 lines is the same, and a screen reader would read
all of it again. So when the board keeps its heading (the same turn and phase), the loop prints only
what changed; else, or when more than half of it changed, the whole board.

The board is read as parts: a line that is not indented begins a part and the indented lines under
it belong to it; a blank line ends one. A short part that changed is printed whole (a player's line
with its pieces). In a long part (a table, a list of places) only the changed lines are printed,
each under the lines that head it: the part's first line, the less indented lines above it (the
place a slot belongs to) and the column heads (the part's second line, when as indented as a row).
A part that is gone is named by its first line.
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher

from kleos.i18n.platform import _

SHORT_PART = 6
"""A changed part of at most this many lines is printed whole."""


def parts(board: str) -> list[str]:
    """``board``'s lines grouped: each unindented line with the indented lines under it."""
    found: list[list[str]] = []
    open_part = False
    for line in board.splitlines():
        if not line.strip():
            open_part = False
            continue
        if open_part and line[:1].isspace():
            found[-1].append(line)
            continue
        found.append([line])
        open_part = True
    return ["\n".join(lines) for lines in found]


def changed_lines(last: str, now: str) -> list[str] | None:
    """The lines telling what ``now`` changed from ``last``, in board order; ``None`` when the whole
    board should be shown (its heading changed, or more than half of it would be printed)."""
    before, after = parts(last), parts(now)
    if not before or not after or before[0] != after[0]:
        return None
    told: list[str] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag != "equal":
            told.extend(parts_change(before[i1:i2], after[j1:j2]))
    return None if 2 * len(told) > now.count("\n") + 1 else told


def parts_change(was: list[str], now: list[str]) -> list[str]:
    """The lines telling how the parts ``was`` became the parts ``now``. A part with the first line
    of one it replaces, or else naming the same thing (:func:`_matches`), is a change of that part;
    the others replace the rest one for one, in order, and are printed whole; an old part left over
    is named as gone."""
    matched = _matches(was, now)
    changed = set(matched.values())
    replaced = iter([part for i, part in enumerate(was) if i not in changed])
    told: list[str] = []
    for j, part in enumerate(now):
        if j in matched:
            told.extend(part_change(was[matched[j]], part))
        else:
            next(replaced, None)
            told.extend(part.splitlines())
    told.extend(_("No longer on the board: {line}", line=_head(part).strip()) for part in replaced)
    return told


def _matches(was: list[str], now: list[str]) -> dict[int, int]:
    """Which old part each new part changes, by index: the one with the same first line, else the one
    whose first line names the same thing before its first colon ("Corcyra: Pb1 Pn1; markers …" and
    "Corcyra: Pb2 Pn1"), when exactly one part on each side names it. Matched only in order, a place
    whose line changed was taken for the place above it that was gone, and named as gone itself."""
    heads = {_head(part): i for i, part in enumerate(was)}
    found = {j: heads[_head(part)] for j, part in enumerate(now) if _head(part) in heads}
    old_names = Counter(_name(part) for part in was)
    new_names = Counter(_name(part) for part in now)
    taken = set(found.values())
    free = {_name(part): i for i, part in enumerate(was) if i not in taken}
    for j, part in enumerate(now):
        name = _name(part)
        if j not in found and name and old_names[name] == new_names[name] == 1 and name in free:
            found[j] = free[name]
    return found


def part_change(old: str, new: str) -> list[str]:
    """The lines of part ``new`` to print: all of a short or reshaped part, else the changed lines
    under their heads."""
    was, now = old.splitlines(), new.splitlines()
    if len(now) <= SHORT_PART or len(was) != len(now) or was[0] != now[0]:
        return now
    changed = [i for i, (a, b) in enumerate(zip(was, now, strict=True)) if a != b]
    keep = {0, *changed, *(j for i in changed for j in heads_of(now, i))}
    if any(_indent(now[i]) == _indent(now[1]) for i in changed):
        keep.add(1)  # the column heads of a table whose rows changed
    return [now[i] for i in sorted(keep)]


def heads_of(lines: list[str], i: int) -> list[int]:
    """The lines above ``lines[i]``, each less indented than the one below it: where it belongs."""
    found: list[int] = []
    depth = _indent(lines[i])
    for j in range(i - 1, -1, -1):
        if _indent(lines[j]) < depth:
            found.append(j)
            depth = _indent(lines[j])
    return found


def _head(part: str) -> str:
    return part.split("\n", 1)[0]


def _name(part: str) -> str:
    """What a part's first line names before its first colon ("" when it has none)."""
    head = _head(part).strip()
    return head.split(":", 1)[0] if ":" in head else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
