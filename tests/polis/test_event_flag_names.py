"""Every event flag a Polis module reads by name is one an event effect can set.

Event cards leave their effects for the round as named flags (``PolisState.set_flag``) that the
rules, the bots, the text and the encodings read back (``flag``, ``flagged``). A name read but never
written is a rule that can never apply, and no playout notices it: the check of a flag
``no_projects`` that nothing set (and that the round start read before the round's card was even
drawn) stood in ``round_start.py`` until a mutation run found that no test could tell it was there.
"""

from __future__ import annotations

import re
from pathlib import Path

import kleos.games.polis as polis_package
from kleos.games.polis.rules import events

SOURCES = sorted(Path(polis_package.__file__).parent.rglob("*.py"))
# A literal name or an f-string's fixed start (``f"market_closed:{…}"`` reads every ``market_closed:`` flag).
READ = re.compile(r"\.flag(?:ged)?\(\s*(f?)\"([^\"{]*)(\{?)")
WRITE = re.compile(r"\.set_flag\(\s*(f?)\"([^\"{]*)(\{?)")
WRITE_BY_CONSTANT = re.compile(r"\.set_flag\(\s*([A-Z_]+)\s*,")


def names(pattern: re.Pattern[str]) -> set[tuple[str, bool]]:
    """(name or fixed start, whether it is only a start) of every match in the Polis sources."""
    found: set[tuple[str, bool]] = set()
    for path in SOURCES:
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found.add((match.group(2), bool(match.group(3)) or match.group(2).endswith(":")))
    return found


def written() -> set[tuple[str, bool]]:
    out = names(WRITE)
    for path in SOURCES:
        for match in WRITE_BY_CONSTANT.finditer(path.read_text(encoding="utf-8")):
            out.add((str(getattr(events, match.group(1))), False))
    return out


def test_the_scan_finds_the_flags_it_is_about() -> None:
    """The patterns still match the code (a renamed method would make the test below vacuous)."""
    reads, writes = names(READ), written()
    assert {("battle_size", False), ("start_player", False), ("market_closed:", True)} <= reads
    assert {("battle_size", False), (events.READER, False), (events.HOOK, False), ("no_tribute:", True)} <= writes


def test_every_flag_read_is_one_an_effect_sets() -> None:
    writes = written()
    never_set = sorted(name for name, start in names(READ) if (name, start) not in writes)
    assert never_set == [], f"flags read but set by no event effect: {never_set}"
