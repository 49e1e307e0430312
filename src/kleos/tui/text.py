"""Plain-text layout for terminal panels: word wrap, paragraphs and column grids of Rich ``Text``.

Hand-made rather than Rich tables, because a board panel is drawn again at every layout and a
table measures all its cells each time; these keep the styles and cost one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text

from kleos.core.kit.terminal import Palette

NBSP = "\u00a0"
"""A space that never breaks a line (keeps a name and its figure together when a cell wraps)."""

Cell = Text | str


def wrap(text: Text, width: int) -> list[Text]:
    """Greedy word wrap on ordinary spaces, keeping the styles."""
    width = max(4, width)
    words = [w for w in text.split(" ", allow_blank=True)]
    lines: list[Text] = []
    current = Text()
    for word in words:
        if not word.plain:
            continue
        if current.plain and cell_len(current.plain) + 1 + cell_len(word.plain) > width:
            lines.append(current)
            current = Text()
        if current.plain:
            current.append(" ")
        current.append_text(word)
    lines.append(current)
    return lines


def paragraph(text: str | Text, width: int, style: str = "") -> Text:
    t = Text(text, style=style) if isinstance(text, str) else text
    return Text("\n").join(wrap(t, width))


def grid(header: list[str], rows: list[list[Cell] | None], width: int, p: Palette,
         right: tuple[int, ...] = ()) -> Text:
    """Columns sized to their content; the last column takes the rest of the width and wraps (or,
    when too little is left, goes on indented lines under its row). A ``None`` row is a blank line."""
    head = [Text(h, style=p.head) for h in header]
    body = [None if r is None else [Text(c) if isinstance(c, str) else c for c in r] for r in rows]
    n = len(header)
    widths = [max(cell_len(r[i].plain) for r in [head, *(b for b in body if b is not None)]) for i in range(n - 1)]
    fixed = sum(widths) + (n - 1)
    last = width - fixed
    below = last < 14 and any(b is not None and b[-1].plain for b in body)
    out: list[Text] = []
    for index, row in enumerate([head, *body]):
        if row is None:
            out.append(Text(""))
            continue
        prefix = Text()
        for i in range(n - 1):
            cell = row[i]
            pad = " " * (widths[i] - cell_len(cell.plain))
            if i in right:
                prefix.append(pad)
                prefix.append_text(cell)
            else:
                prefix.append_text(cell)
                prefix.append(pad)
            prefix.append(" ")
        if below:
            out.append(prefix)
            if index and row[-1].plain:
                out.extend(Text("  ") + part for part in wrap(row[-1], width - 2))
            continue
        parts = wrap(row[-1], last)
        first = prefix.copy()
        first.append_text(parts[0])
        out.append(first)
        out.extend(Text(" " * fixed) + part for part in parts[1:])
    for line in out:
        line.rstrip()
        line.truncate(width)
    return Text("\n").join(out)


def lines(*parts: Text) -> Text:
    return Text("\n").join(parts)


def as_text(drawn: object) -> Text:
    """A game's drawing as Rich ``Text`` (plain strings become unstyled text)."""
    if isinstance(drawn, Text):
        return drawn
    return Text(str(drawn))


def seat_text(names: Sequence[str], seat: int, p: Palette) -> Text:
    """A seat's name in its colour (``-`` for no seat: chance, or none)."""
    if seat < 0 or seat >= len(names):
        return Text("-", style=p.dim)
    return Text(names[seat], style=p.seat(seat))


def seats_text(names: Sequence[str], seats: Iterable[int], p: Palette) -> Text:
    """Seats' names in their colours, separated by commas (e.g. the seats to act)."""
    out = Text()
    for i, seat in enumerate(seats):
        if i:
            out.append(", ")
        out.append_text(seat_text(names, seat, p))
    return out
