"""Whole seeded games played to their end through a terminal ``Session``, for the tests of what a
finished game shows (the game-over screens, the record kept) in the terminal and the browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kleos.core import registry
from kleos.core.protocol import CHANCE
from kleos.tui.session import Session

STEP_CAP = 5000

FINISHED = [("polis", {}, 4, "simple", "Athens wins by final scoring"),
            ("cyclades", {}, 2, "random", "Red wins with 2 Metropolises"),
            ("pericles", {"scenario": "14_1_09a"}, 1, "random",
             "Sparta wins (end of the vignette); the winning faction")]
"""(game, options, seed, players, the winner's words) of one finished game per game."""


def play_to_the_end(name: str, options: dict[str, Any], seed: int, players: str,
                    save_path: Path | None = None) -> Session:
    """A session of ``name`` whose every seat is played by ``players`` until the game ends (a
    failure after :data:`STEP_CAP` steps), saved to ``save_path`` when one is given."""
    session = Session.start(registry.kit(name), options, seed, frozenset(), players, save_path=save_path)
    for _ in range(STEP_CAP):
        seat = session.to_act()
        if seat is None:
            break
        if seat == CHANCE:
            session.step_chance()
        else:
            session.apply(seat, session.agent_choose(session.agent_request(seat)))
    else:
        raise AssertionError(f"the game did not end in {STEP_CAP} steps")
    if save_path is not None:
        session.save()
    return session
