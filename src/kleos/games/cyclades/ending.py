"""The end of a Cyclades game in words (C-END-2..5, C-AMB-24, C-AMB-26), for the game-over screens:
the winner named, how many Metropolises each player has, and the tie-break when one decided."""

from __future__ import annotations

from kleos.core.protocol import Outcome
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _, seat

METROPOLISES, LAST_STANDING = "metropolises", "last standing"


def outcome_words(game: CycladesGame, outcome: Outcome) -> str:
    """"Red wins with 2 Metropolises", "Red wins on a tie-break: most gold", "Blue and Red share the
    win"; then each player's Metropolises. ``""`` for an end the rules do not reach (a resignation)."""
    names = [seat(game.tables, index) for index in range(len(game.seat_names))]  # in the reader's language
    counts = outcome.scores
    tally = _("Metropolises: {tally}", tally=", ".join(f"{names[index]} {n}" for index, n in enumerate(counts)))
    if outcome.reason == LAST_STANDING:
        if outcome.winner is None:
            return _("nobody is left. {tally}", tally=tally)
        return _("{player} wins, the last player left. {tally}", player=names[outcome.winner], tally=tally)
    if outcome.reason != METROPOLISES:
        return ""
    qualified = [index for index, n in enumerate(counts) if n >= game.tables.win_metropolises]
    if outcome.winner is None:
        sharing = _(" and ").join(names[index] for index in qualified)
        return _("{players} share the win: tied on gold and Metropolises. {tally}", players=sharing, tally=tally)
    winner = names[outcome.winner]
    if len(qualified) == 1:
        return _("{player} wins with {n} Metropolises. {tally}", player=winner, n=counts[outcome.winner],
                 tally=tally)
    return _("{player} wins on a tie-break: {key}. {tally}", player=winner,
             key=_tie_break(game, counts, outcome.winner, qualified), tally=tally)


def _tie_break(game: CycladesGame, counts: tuple[int, ...], winner: int, qualified: list[int]) -> str:
    """Which key decided among the players who reached the Metropolises to win (C-END-4, C-END-5):
    the option ``end_tie_order`` puts gold or Metropolises first."""
    most = max(counts[index] for index in qualified)
    if game.tables.options.end_tie_order == "metropolises_first":
        tied = [index for index in qualified if counts[index] == most]
        return _("most Metropolises") if len(tied) == 1 else _("most gold among those with the most Metropolises")
    others_most = max(counts[index] for index in qualified if index != winner)
    if counts[winner] <= others_most:
        return _("most gold")
    return _("most gold, or on equal gold most Metropolises")  # the outcome does not keep the gold
