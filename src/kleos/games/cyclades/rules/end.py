"""Phase 6, the end of a cycle and victory (C-END-1..6, C-TWO-9)."""

from __future__ import annotations

from kleos.core.protocol import Outcome
from kleos.games.cyclades.rules import elimination
from kleos.games.cyclades.rules.common import metropolises
from kleos.games.cyclades.state import OVER, CycladesState
from kleos.games.cyclades.tables import Tables


def end_cycle(t: Tables, s: CycladesState) -> bool:
    """Check for a winner (C-END-2), or a player left alone after eliminations (C-AMB-26, a ruling of
    this engine: they win); True when the game is over. Otherwise next cycle's track is set
    from this cycle's finishing order (C-ACTION-7)."""
    counts = [metropolises(s, seat) for seat in range(t.players)]
    qualified = [seat for seat in range(t.players) if counts[seat] >= t.win_metropolises]
    if qualified:
        s.phase = OVER
        s.outcome = Outcome("metropolises", _winner(t, s, qualified, counts), tuple(counts))
        return True
    standing = [seat for seat in range(t.players) if not elimination.is_out(s, seat)]
    if len(standing) <= 1:  # C-AMB-26: nobody is left to play against
        s.phase = OVER
        s.outcome = Outcome("last standing", standing[0] if standing else None, tuple(counts))
        return True
    s.turn_order = s.next_order
    s.next_order = [-1] * t.n_markers
    s.cycle += 1
    return False


def _winner(t: Tables, s: CycladesState, qualified: list[int], counts: list[int]) -> int | None:
    """One qualifier wins (C-END-3); else the richest (C-END-4), then most Metropolises, else a shared
    win (C-END-5, C-AMB-24); option ``end_tie_order=metropolises_first`` swaps the first two keys."""
    if t.options.end_tie_order == "metropolises_first":
        def key(seat: int) -> tuple[int, int]:
            return counts[seat], s.gold[seat]
    else:
        def key(seat: int) -> tuple[int, int]:
            return s.gold[seat], counts[seat]
    best = max(key(seat) for seat in qualified)
    top = [seat for seat in qualified if key(seat) == best]
    return top[0] if len(top) == 1 else None
