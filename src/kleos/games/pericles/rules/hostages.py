"""Hostages taken in battle (P-BATTLE-21..24, P-COMP-9, P-AMB-44).

Sparta takes one by winning a naval battle in which an Athenian (city-state) ship is eliminated; Athens
by winning a land battle in which a Spartan land unit (the 300 included) is eliminated. League losses
never give one. A side holds at most one marker; the Honor for taking one is awarded anyway
(P-BATTLE-23), and a spent marker can be won again (P-BATTLE-24). Spending it is the Boulé's
(P-BOULE-3).
"""

from __future__ import annotations

from kleos.games.pericles.state import PericlesState, replaced
from kleos.games.pericles.tables import AN, ATHENS, S300, SL, SPARTA, Tables

NAVAL = 1  # battle kinds as in :mod:`.battle`


def taken(s: PericlesState, kind: int, winner: int) -> bool:
    """P-BATTLE-21, P-BATTLE-22: the winner eliminated the right enemy city-state unit."""
    if kind == NAVAL:
        return winner == SPARTA and s.killed[AN] > 0
    return winner == ATHENS and s.killed[SL] + s.killed[S300] > 0


def take(t: Tables, s: PericlesState, side: int) -> None:
    """P-BATTLE-23, P-COMP-9: the side holds the marker, never more than the counter sheet's limit."""
    s.hostage = replaced(s.hostage, side, min(t.data.counters.hostages_per_side, s.hostage[side] + 1))
