"""Player elimination (C-AMB-26): a player who loses their last island is out of the game.

Every player owns islands from setup on, and an island is only lost by capture, so "owns no island"
and "is out" are the same thing: no state field records it. The last island can only be captured
when that brings the captor the Metropolises to win (C-TROOP-7), but the win is only checked at the
end of the cycle (C-END-6), so the game may go on without the eliminated player.

What "their possessions are removed" means here (ruling of this engine): their fleets leave the
board, their gold, Priests and Philosophers go back to the supply, the figures they summoned leave the
board, their offering markers still waiting to act this cycle are taken off (their gods' turns are
lost), and from the next cycle on their markers are no longer placed (rules/offer.py skips them).
"""

from __future__ import annotations

from kleos.games.cyclades.rules import figures
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, NOBODY, Tables


def is_out(s: CycladesState, seat: int) -> bool:
    """Whether ``seat`` has been eliminated: it owns no island (C-AMB-26)."""
    return seat not in s.owner


def marker_out(t: Tables, s: CycladesState, marker: int) -> bool:
    """Whether an offering marker is off the game: an empty space, or the marker of an eliminated seat."""
    return marker == EMPTY or is_out(s, t.marker_owner[marker])


def after_capture(t: Tables, s: CycladesState, former: int) -> None:
    """Called when an island changes hands: if its former owner has no island left, they are out."""
    if former == NOBODY or not is_out(s, former):
        return
    for sea, owner in enumerate(s.fleet_owner):
        if owner == former:
            s.fleets[sea], s.fleet_owner[sea] = 0, NOBODY
    s.gold[former] = s.priests[former] = s.philosophers[former] = 0
    for figure, summoner in enumerate(s.figure_seat):
        if summoner == former:
            figures.remove(s, figure)
    s.queue = [m for m in s.queue if t.marker_owner[m] != former]
