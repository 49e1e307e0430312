"""Step-by-step menus built from the legal actions only.

The legal actions of a decision form a tree of notation tokens (``trade`` → ``Persia`` → ``1`` →
``wine``). A menu level lists the next tokens under the chosen prefix; a level with few actions
lists them whole instead, so short decisions (``pay iron`` / ``pay silver`` / ``done``) take one
key. Nothing is offered that ``legal_actions`` did not list, so a menu can never propose an
illegal action. Each entry has a one-key shortcut: 1-9, then a-z.

Keys stay where a player expects them from one step to the next: an entry that ends a step
(``done``, ``pass``, ``redeploy done``) is listed last with the key ``0`` whatever else is offered; a level whose
choices are numbers from 0 (``give 0`` … ``give 2``) takes each number as its key; and a choice
the game marks as losing at once (a warning) is listed after the safe ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from kleos.core.action import Action
from kleos.core.kit.terminal import ends_step

SHORTCUTS = "123456789abcdefghijklmnopqrstuvwxyz"
FLAT_LIMIT = 12
"""A level with at most this many actions under it lists them whole."""
LAST = ("done", "pass")
"""Verbs of the entries that end a step: listed last, always with the key :data:`END_KEY`."""
END_KEY = "0"

Gloss = Callable[[Action], str]
Warn = Callable[[Action], str]
"""An action -> why it loses the game at once ("" when it does not)."""


def tokens(action: Action) -> tuple[str, ...]:
    return tuple(str(action).split())


@dataclass(frozen=True)
class Entry:
    """One line of a menu: its shortcut key, its label, and where it leads."""

    key: str
    label: str
    prefix: tuple[str, ...]  # the tokens chosen once this entry is taken
    action: Action | None  # a complete action (a leaf), or None for a group
    count: int  # legal actions under the entry
    warning: str = ""  # why the action loses the game at once ("" when it does not)


@dataclass(frozen=True)
class Level:
    """A menu level: the prefix chosen so far and the entries under it."""

    prefix: tuple[str, ...]
    entries: tuple[Entry, ...]


def _key(i: int) -> str:
    return SHORTCUTS[i] if i < len(SHORTCUTS) else ""


def build_level(legal: Sequence[Action], prefix: tuple[str, ...] = (),
                titles: dict[str, str] | None = None, gloss: Gloss | None = None,
                flat_limit: int = FLAT_LIMIT, warn: Warn | None = None, last: Sequence[str] = LAST) -> Level:
    """The menu level under ``prefix``. A group with a single action becomes that action, and a level
    whose actions all share their next token is skipped (the prefix grows by itself). A level with
    at most ``flat_limit`` actions under it lists them whole. Entries are then put in the order and
    given the keys of the module docstring (``warn`` tells the losing choices, ``last`` the verbs
    that end a step)."""
    level = _build(legal, prefix, titles or {}, gloss, flat_limit)
    return Level(level.prefix, _arrange(level.entries, warn, last))


def _build(legal: Sequence[Action], prefix: tuple[str, ...], titles: dict[str, str], gloss: Gloss | None,
           flat_limit: int) -> Level:
    while True:
        under = [a for a in legal if tokens(a)[:len(prefix)] == prefix]
        if not under:
            return Level(prefix, ())
        if len(under) <= flat_limit:
            shared = _common_prefix([tokens(a) for a in under]) if len(under) > 1 else prefix
            shown = prefix
            if len(shared) > len(prefix) and all(len(tokens(a)) > len(prefix) + 1 for a in under):
                shown = shared[:len(prefix) + 1]  # drop the shared verb (the menu's title names it)
            entries = [_leaf(i, a, shown, titles, gloss) for i, a in enumerate(under)]
            return Level(prefix, tuple(entries))
        groups: dict[str, list[Action]] = {}
        exact: list[Action] = []
        for a in under:
            toks = tokens(a)
            if len(toks) == len(prefix):
                exact.append(a)
            else:
                groups.setdefault(toks[len(prefix)], []).append(a)
        if not exact and len(groups) == 1:
            prefix = (*prefix, next(iter(groups)))
            continue
        out: list[Entry] = []
        for a in exact:
            out.append(_leaf(len(out), a, prefix, titles, gloss))
        for token, group in groups.items():
            if len(group) == 1:
                out.append(_leaf(len(out), group[0], prefix, titles, gloss))
                continue
            label = token
            if not prefix and token in titles:
                label = f"{token:<9} {titles[token]}"
            out.append(Entry(_key(len(out)), f"{label} ({len(group)})", (*prefix, token), None, len(group)))
        return Level(prefix, tuple(out))


def _arrange(entries: Sequence[Entry], warn: Warn | None, last: Sequence[str]) -> tuple[Entry, ...]:
    """Safe entries first, then those that end a step, then those that lose the game; keys by place,
    by number (a level of distinct numbers 0-9) or the fixed end key."""
    marked = [replace(e, warning=warn(e.action)) if warn is not None and e.action is not None else e
              for e in entries]
    ending = [e for e in marked if e.action is not None and ends_step(e.action, last) and not e.warning]
    losing = [e for e in marked if e.warning]
    safe = [e for e in marked if e not in ending and e not in losing]
    numbers = _number_keys([*safe, *losing], bool(ending))
    out: list[Entry] = []
    for i, e in enumerate([*safe, *losing]):
        out.append(replace(e, key=numbers[i] if numbers else _key(i)))
    out[len(safe):len(safe)] = [replace(e, key=END_KEY if n == 0 else "") for n, e in enumerate(ending)]
    return tuple(out)


def _number_keys(entries: Sequence[Entry], reserve_end: bool) -> list[str]:
    """Each entry's own number as its key when the entries are distinct numbers from 0 (after the
    words the level shares, as in ``give 0`` … ``give 2``), where a key by place would be off by
    one: 0-9 by their digit, larger numbers by the letters in turn. Otherwise nothing."""
    words = [e.label.split()[0] if e.label else "" for e in entries]
    if not entries or any(e.action is None or not w.isdigit() for e, w in zip(entries, words, strict=True)):
        return []
    numbers = [int(w) for w in words]
    if len(set(numbers)) != len(numbers) or 0 not in numbers or (reserve_end and END_KEY in words):
        return []
    letters = iter(SHORTCUTS[9:])
    return [str(n) if n <= 9 else next(letters, "") for n in numbers]


def _common_prefix(seqs: list[tuple[str, ...]]) -> tuple[str, ...]:
    first = seqs[0]
    n = 0
    while n < len(first) and all(len(x) > n and x[n] == first[n] for x in seqs):
        n += 1
    return first[:n]


def _leaf(i: int, action: Action, prefix: tuple[str, ...], titles: dict[str, str], gloss: Gloss | None) -> Entry:
    toks = tokens(action)
    rest = " ".join(toks[len(prefix):]) or str(action)
    label = rest
    if len(toks) == 1 and toks[0] in titles and titles[toks[0]].lower() != toks[0]:
        label = f"{rest:<9} {titles[toks[0]]}"
    extra = gloss(action) if gloss is not None else ""
    if extra:
        label = f"{label}  {extra}"
    return Entry(_key(i), label, toks, action, 1)


def find_path(legal: Sequence[Action], action: Action, titles: dict[str, str] | None = None,
              gloss: Gloss | None = None, flat_limit: int = FLAT_LIMIT, warn: Warn | None = None,
              last: Sequence[str] = LAST) -> list[Level]:
    """The levels a player walks through to reach ``action`` (for hints): the first level, then each
    group's level down to the one that lists ``action`` itself."""
    levels = [build_level(legal, (), titles, gloss, flat_limit, warn, last)]
    for _ in range(len(tokens(action)) + 1):
        level = levels[-1]
        entry = next((e for e in level.entries if e.action == action), None)
        if entry is not None:
            return levels
        target = tokens(action)
        group = next((e for e in level.entries if e.action is None and target[:len(e.prefix)] == e.prefix), None)
        if group is None:
            return levels
        levels.append(build_level(legal, group.prefix, titles, gloss, flat_limit, warn, last))
    return levels


def entry_for_key(level: Level, key: str) -> Entry | None:
    return next((e for e in level.entries if e.key == key), None)
