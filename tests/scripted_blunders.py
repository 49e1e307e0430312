"""Scripted games with a known blunder, for the tests of the post-game analysis.

Sealed Bids (the test game), two seats, every seat always bidding its lowest card. With seed
:data:`TOY_SEED`, in the last round the first seat holds the 12 (which no card can beat) and the 2,
the scores are level and the prize is 3: bidding the 12 wins the game by force, bidding the 2 (step
:data:`TOY_BLUNDER` of the record) throws it away.
"""

from __future__ import annotations

from kleos.core.record import GameRecord, play_out
from toygame.game import BidsGame

TOY_SEED = 37
TOY_BLUNDER = 15  # the index of the first seat's last bid in the record


def lowest_card_game() -> GameRecord:
    """The toy game described above, played to its end (the kit must be registered to analyse it)."""
    game = BidsGame(2)
    record = GameRecord(game.name, game.options, TOY_SEED)
    play_out(game, game.new_state(TOY_SEED), lambda state, seat, legal: legal[0], record)
    return record
