"""The end of a Pericles game in words (P-VICTORY-1..12), for the game-over screens: the winning
side and faction named, and each side's and faction's final Honor."""

from __future__ import annotations

from kleos.core.protocol import Outcome
from kleos.games.pericles.explain import seat_names, side_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import _


def outcome_words(game: PericlesGame, outcome: Outcome) -> str:
    """"Sparta wins (conquest); the winning faction: Agiad King, 26 Honor", then each side's Honor
    with its factions'. ``""`` for an end the rules do not reach (a resignation)."""
    names, honor = seat_names(game), outcome.scores
    if len(honor) != 4 or outcome.reason in ("resigned", "time"):
        return ""
    sides = "; ".join(_("{side} {total} Honor ({first} {first_honor}, {second} {second_honor})",
                        side=side_name(side), total=honor[2 * side] + honor[2 * side + 1], first=names[2 * side],
                        first_honor=honor[2 * side], second=names[2 * side + 1], second_honor=honor[2 * side + 1])
                      for side in (0, 1))
    if outcome.winner is None:
        return _("A draw ({reason}). {sides}", reason=_(outcome.reason), sides=sides)
    return _("{side} wins ({reason}); the winning faction: {faction}, {honor} Honor. {sides}",
             side=side_name(outcome.winner // 2), reason=_(outcome.reason), faction=names[outcome.winner],
             honor=honor[outcome.winner], sides=sides)
