"""End of the game and final scoring (R-END)."""

from __future__ import annotations

from kleos.games.polis import pieces
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import N_GOODS, Tables


def score(t: Tables, s: PolisState, side: int) -> int:
    """Population on own poleis + prestige + posterity of completed projects on them (R-END-7)."""
    total = s.prestige[side]
    for polis, owner in enumerate(s.owner):
        if owner == side:
            total += s.pop[polis]
            total += sum(t.projects[tile].posterity for tile in s.projects_done[polis])
    return total


def goods_total(t: Tables, s: PolisState, side: int) -> int:
    """Every unit of every good, the tie-breaker (R-END-9)."""
    return sum(s.goods[side * N_GOODS + g] for g in t.goods)


def final_scoring(t: Tables, s: PolisState) -> None:
    """Higher score wins; then more goods; then a shared victory (R-END-9, R-END-10)."""
    scores = (score(t, s, 0), score(t, s, 1))
    if scores[0] != scores[1]:
        winner: int | None = 0 if scores[0] > scores[1] else 1
        reason = "score"
    else:
        goods = (goods_total(t, s, 0), goods_total(t, s, 1))
        winner = None if goods[0] == goods[1] else (0 if goods[0] > goods[1] else 1)
        reason = "shared" if winner is None else "goods_tiebreak"
    pieces.end_game(s, reason, winner, scores)


def zero_prestige_check(s: PolisState) -> bool:
    """A player with 0 prestige loses; both at once is a draw (R-END-3, R-END-5, A-24).
    Returns False when the game ended."""
    broke = [side for side in (0, 1) if s.prestige[side] == 0]
    if not broke:
        return True
    if len(broke) == 2:
        pieces.end_game(s, "ostracism", None)
    else:
        pieces.end_game(s, "ostracism", 1 - broke[0])
    return False
