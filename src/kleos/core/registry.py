"""Which games are installed: the one place that finds games, by entry point or by registration.

Games are found through the entry-point group ``kleos.games`` (each entry names a
:class:`~kleos.core.kit.GameKit` instance as ``name = "package.module:KIT"``), so a game
can come from another distribution. Tests and development register kits directly with
:func:`register`, or name them in the environment variable ``KLEOS_GAME_KITS``
(``module:attribute`` entries separated by commas), which also reaches server subprocesses.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points

from kleos.core.errors import KleosError
from kleos.core.kit import GameKit

ENTRY_POINT_GROUP = "kleos.games"
ENVIRONMENT_VARIABLE = "KLEOS_GAME_KITS"

_registered: dict[str, GameKit] = {}
_discovered: dict[str, GameKit] | None = None


class UnknownGame(KleosError):
    """A game name that no installed kit answers to."""

    def __init__(self, name: str, available: list[str]) -> None:
        super().__init__(f"unknown game '{name}' (available: {', '.join(available) or 'none'})")
        self.name = name
        self.available = available


def _load(target: str) -> GameKit:
    module_name, _, attribute = target.partition(":")
    kit = getattr(importlib.import_module(module_name.strip()), attribute.strip() or "KIT")
    if isinstance(kit, type):
        kit = kit()
    if not isinstance(kit, GameKit):
        raise KleosError(f"{target} is not a GameKit")
    return kit


def _discover() -> dict[str, GameKit]:
    global _discovered
    if _discovered is None:
        found: dict[str, GameKit] = {}
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            kit = _load(entry.value)
            found[kit.name] = kit
        for target in filter(None, os.environ.get(ENVIRONMENT_VARIABLE, "").split(",")):
            kit = _load(target)
            found[kit.name] = kit
        _discovered = found
    return _discovered


def rediscover() -> None:
    """Read the entry points and ``KLEOS_GAME_KITS`` again (after an install, or in tests)."""
    global _discovered
    _discovered = None


def register(kit: GameKit) -> None:
    """Make ``kit`` available in this process (tests, development)."""
    _registered[kit.name] = kit


def unregister(name: str) -> None:
    _registered.pop(name, None)


def games() -> dict[str, GameKit]:
    """Every available game kit by name, in name order."""
    found = {**_discover(), **_registered}
    return dict(sorted(found.items()))


def kit(name: str) -> GameKit:
    """The kit of game ``name``; :class:`UnknownGame` lists the available ones."""
    available = games()
    if name not in available:
        raise UnknownGame(name, list(available))
    return available[name]
