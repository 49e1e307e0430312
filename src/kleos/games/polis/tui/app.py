"""``kleos play polis`` in the terminal app shell: the app, and new Polis sessions by edition."""

from __future__ import annotations

from pathlib import Path

from kleos.core import registry
from kleos.games.polis.game import PolisGame
from kleos.tui.app import GameApp
from kleos.tui.session import Session


class PolisApp(GameApp):
    """The app shell playing Polis (its look comes from the kit's terminal part)."""


def new_session(edition: str, seed: int, humans: frozenset[int], opponent: str = "simple",
                save_path: Path | None = None) -> Session:
    """A new Polis game of ``edition`` in which ``humans`` are people and ``opponent`` plays the rest.

    The kit comes from the registry (as every surface takes it), not by importing the kit module,
    which itself builds this package's parts: the parts do not import their kit."""
    return Session.start(registry.kit(PolisGame.name), {"edition": edition}, seed, humans, opponent, save_path)
