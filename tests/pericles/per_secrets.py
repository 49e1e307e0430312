"""Positions with a faction's secrets drawn anew: what a test of a surface compares against to show that
the surface reads only the faction's view (P-INFO)."""

from __future__ import annotations

import random

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import DECK, ENTOURAGE, HAND, PLAYED, SECRET, PericlesState
from kleos.games.pericles.tables import MARKER_KINDS

N_KINDS = len(MARKER_KINDS)
_TABLES = PericlesGame({"scenario": "14_2"}).tables  # card sides and Leaders are the same in every scenario


def _hidden_loc(loc: int, seat: int, played: list[int]) -> bool:
    """A card ``seat`` may not see: the deck, another's hand or entourage, another's debate card until
    both factions of its side have played (P-ASSEMBLY-5)."""
    if PLAYED <= loc < PLAYED + 4 and played[loc - PLAYED] and played[(loc - PLAYED) ^ 1]:
        return False
    return loc == DECK or any(base <= loc < base + 4 and loc - base != seat for base in (HAND, ENTOURAGE, PLAYED))


def redrawn(state: PericlesState, seat: int, rng: random.Random) -> PericlesState:
    """``state`` with what ``seat`` may not know drawn anew, keeping every public count: the other
    side's stocks split again, hidden non-Leader cards of each side dealt again to the same hidden
    places, the kinds of face-down markers ``seat`` neither placed nor owns, the kinds of markers
    held by others, and unrevealed commitments of others."""
    s = state.copy()
    enemy = 1 - seat // 2
    a, b = 2 * enemy, 2 * enemy + 1
    total = s.stock[a] + s.stock[b]
    s.stock[a] = rng.randint(0, total)
    s.stock[b] = total - s.stock[a]
    t = _TABLES
    leaders = set(t.leader_of)
    cards = [c for c, loc in enumerate(s.card_loc) if c not in leaders and _hidden_loc(loc, seat, s.played)]
    for side in (0, 1):
        mine = [c for c in cards if t.card_side[c] == side]
        places = [s.card_loc[c] for c in mine]
        rng.shuffle(places)
        for c, loc in zip(mine, places, strict=True):
            s.card_loc[c] = loc
    s.queue = [e if seat in (e // 100 % 10, e // 10 % 10) else e - e % 10 + rng.randrange(N_KINDS) for e in s.queue]
    for holder in range(4):
        for owner in range(4):
            if seat in (holder, owner):
                continue
            at = (holder * 4 + owner) * N_KINDS
            n = sum(s.held[at:at + N_KINDS])
            s.held[at:at + N_KINDS] = [0] * N_KINDS
            for _ in range(n):
                s.held[at + rng.randrange(N_KINDS)] += 1
    for f in range(4):
        if f != seat and s.committed[f] == SECRET:
            s.commit[f] = rng.randint(0, 5)
    return s
