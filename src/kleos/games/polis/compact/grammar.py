"""The field grammar shared by every part of the compact position: numbers, sides, names, lists.

Each reader takes the text of one item and the name of the field it belongs to, and raises
:class:`CompactError` naming that field; each writer checks the value it is given the same way
(a state the rules could not produce is refused rather than written wrongly).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from kleos.core.errors import KleosError
from kleos.games.polis.tables import NO_ONE

SIDE_LETTERS = ("A", "S")

NUMBER = re.compile(r"^-?[0-9]+$")
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_/'-]*$")  # a name never looks like a number nor holds a separator
_UNITS = re.compile(r"^(?:A(-?[0-9]+))?(?:S(-?[0-9]+))?$")


class CompactError(KleosError, ValueError):
    """A compact position that cannot be read (or a state that cannot be written); names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"compact position: {field}: {message}")
        self.field = field
        self.message = message


def read_int(text: str, field: str, what: str = "a number") -> int:
    if not NUMBER.match(text):
        raise CompactError(field, f"expected {what}, got {text!r}")
    return int(text)


def check_int(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CompactError(field, f"expected an integer, found {value!r}")
    return value


def read_ints(text: str, field: str, count: int | None = None) -> tuple[int, ...]:
    """``n.n.n`` (``-``: none)."""
    values = () if text == "-" else tuple(read_int(x, field) for x in text.split("."))
    if count is not None and len(values) != count:
        raise CompactError(field, f"expected {count} numbers separated by '.', got {text!r}")
    return values


def write_ints(values: Sequence[object], field: str) -> str:
    return ".".join(str(check_int(v, field)) for v in values) or "-"


def read_side(text: str, field: str) -> int:
    if text not in SIDE_LETTERS:
        raise CompactError(field, f"expected a side, A (Athens) or S (Sparta), got {text!r}")
    return SIDE_LETTERS.index(text)


def read_seat(text: str, field: str) -> int:
    return NO_ONE if text == "-" else read_side(text, field)


def write_side(value: object, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return SIDE_LETTERS[value]
    raise CompactError(field, f"expected a side (0 or 1), found {value!r}")


def write_seat(value: object, field: str) -> str:
    return "-" if value == NO_ONE and not isinstance(value, bool) else write_side(value, field)


def name_of(names: Sequence[str], value: object, field: str, what: str) -> str:
    """The name of index ``value`` in ``names``."""
    i = check_int(value, field)
    if not 0 <= i < len(names):
        raise CompactError(field, f"no {what} with index {i}")
    name = names[i]
    if not NAME.match(name):
        raise CompactError(field, f"the {what} name {name!r} cannot be written in the compact form")
    return name


def lookup(index: dict[str, int], text: str, field: str, what: str) -> int:
    if text not in index:
        raise CompactError(field, f"unknown {what} {text!r}")
    return index[text]


def token(value: object, field: str, what: str) -> str:
    if not isinstance(value, str) or not NAME.match(value):
        raise CompactError(field, f"{what} {value!r} cannot be written in the compact form")
    return value


def pair(text: str, field: str, sep: str = ":") -> tuple[str, str]:
    left, found, right = text.partition(sep)
    if not found or not left or not right:
        raise CompactError(field, f"expected name{sep}value, got {text!r}")
    return left, right


def read_items(text: str, field: str) -> list[str]:
    """Comma-separated items (``-``: none); an empty item is an error."""
    if text == "-":
        return []
    items = text.split(",")
    if any(not x for x in items):
        raise CompactError(field, f"empty item in {text!r}")
    return items


def once(seen: set[object], key: object, field: str, text: str) -> None:
    if key in seen:
        raise CompactError(field, f"{text!r} is listed twice")
    seen.add(key)


def named_items(text: str, field: str, index: dict[str, int], what: str) -> Iterator[tuple[int, str, str]]:
    """The ``name:value`` items of ``text`` as (the name's number in ``index``, the value, the item),
    one at a time so that each item is checked before the next is read; a name listed twice is an
    error."""
    seen: set[object] = set()
    for item in read_items(text, field):
        name, value = pair(item, field)
        key = lookup(index, name, field, what)
        once(seen, key, field, name)
        yield key, value, item


def expect_len(values: Sequence[object], n: int, field: str) -> None:
    if len(values) != n:
        raise CompactError(field, f"expected {n} entries for this edition, found {len(values)}")


def units_text(a: int, b: int, field: str) -> str:
    check_int(a, field)
    check_int(b, field)
    return (f"A{a}" if a else "") + (f"S{b}" if b else "")


def read_units(text: str, field: str) -> tuple[int, int]:
    m = _UNITS.match(text)
    if m is None or not text:
        raise CompactError(field, f"expected units as A<n>S<n> (either may be left out), got {text!r}")
    return int(m.group(1) or 0), int(m.group(2) or 0)


def multiset_text(counts: Sequence[int], names: Sequence[str], field: str, what: str) -> str:
    parts = []
    for i, n in enumerate(counts):
        check_int(n, field)
        if n < 0:
            raise CompactError(field, f"negative count {n} of {names[i]}")
        if n:
            name = name_of(names, i, field, what)
            parts.append(name if n == 1 else f"{name}*{n}")
    return "+".join(parts) or "-"


def read_multiset(text: str, index: dict[str, int], size: int, field: str, what: str) -> list[int]:
    counts = [0] * size
    if text == "-":
        return counts
    seen: set[object] = set()
    for part in text.split("+"):
        name, star, n = part.partition("*")
        i = lookup(index, name, field, what)
        once(seen, i, field, name)
        counts[i] = read_int(n, field, "a count after '*'") if star else 1
        if counts[i] < 1:
            raise CompactError(field, f"a count after '*' must be at least 1, got {part!r}")
    return counts


def names_text(values: Sequence[object], names: Sequence[str], field: str, what: str, sep: str = ",") -> str:
    return sep.join(name_of(names, v, field, what) for v in values) or "-"


def read_names(text: str, index: dict[str, int], field: str, what: str, sep: str = ",") -> list[int]:
    if text == "-":
        return []
    return [lookup(index, x, field, what) for x in text.split(sep)]
