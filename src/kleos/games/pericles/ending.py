"""The end of a Pericles game in words (P-VICTORY-1..12), for the game-over screens: the winning
side and faction named, and each side's and faction's final Honor."""

from __future__ import annotations

from kleos.core.protocol import Outcome
from kleos.games.pericles.game import PericlesGame

SIDE_NAMES = ("Athens", "Sparta")


def outcome_words(game: PericlesGame, outcome: Outcome) -> str:
    """"Sparta wins (conquest); the winning faction: Agiad King, 26 Honor", then each side's Honor
    with its factions'. ``""`` for an end the rules do not reach (a resignation)."""
    names, honor = game.seat_names, outcome.scores
    if len(honor) != 4 or outcome.reason in ("resigned", "time"):
        return ""
    sides = "; ".join(f"{SIDE_NAMES[side]} {honor[2 * side] + honor[2 * side + 1]} Honor ("
                      f"{names[2 * side]} {honor[2 * side]}, {names[2 * side + 1]} {honor[2 * side + 1]})"
                      for side in (0, 1))
    if outcome.winner is None:
        return f"A draw ({outcome.reason}). {sides}"
    side = outcome.winner // 2
    return (f"{SIDE_NAMES[side]} wins ({outcome.reason}); the winning faction: {names[outcome.winner]}, "
            f"{honor[outcome.winner]} Honor. {sides}")
