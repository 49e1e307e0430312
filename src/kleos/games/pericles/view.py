"""What one faction may know (P-INFO): the state with every secret of the others hidden.

Hidden from a faction: the other factions' hands, entourages and face-down debate cards (P-INFO-2,
P-ASSEMBLY-5: a debate card is face up once both factions of its side have played), whose cards and
the deck's become ``UNSEEN``; the other factions' Strategos stocks (P-INFO-3); the theater markers
others hold (P-INFO-5); the identity of face-down markers on the map that it neither placed nor owns
(P-INFO-6); and the generator. Counts stay public, so the view keeps them. Everything else is public
(P-INFO-1, P-INFO-9). Once the game is over the screens are lifted, but for the generator: the board of
the end then shows every faction's Strategos and cards, where it showed "Strategos ?" to everyone but
the holder, and the server's replay gives the whole history at that point too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kleos.core.rng import Rng
from kleos.games.pericles.rules import battle, expedition
from kleos.games.pericles.rules.diplomatic import ENEMY_SECRET, OWNER_SECRET
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import (
    DECK,
    ENTOURAGE,
    HAND,
    HIDDEN,
    PLAYED,
    REVEALED,
    SECRET,
    UNSEEN,
    PericlesState,
)
from kleos.games.pericles.tables import MARKER_KINDS, RUM, Tables

N_KINDS = len(MARKER_KINDS)
SECRET_KIND = 9  # a face-down marker whose identity the viewer does not know


@dataclass
class PericlesView:
    """``state`` is a redacted copy; the tuples keep the public counts of what was hidden."""

    seat: int | None
    state: PericlesState
    hand_sizes: tuple[int, ...]
    entourage_sizes: tuple[int, ...]
    stock_total: tuple[int, ...]  # per side: the Strategos held by its two factions together
    markers_held: tuple[int, ...]


def _secret_loc(loc: int, seat: int | None, face_up: frozenset[int]) -> bool:
    for base in (HAND, ENTOURAGE, PLAYED):
        if base <= loc < base + 4:
            return loc - base != seat and not (base == PLAYED and loc - base in face_up)
    return loc == DECK


def face_up_debate_cards(state: PericlesState) -> frozenset[int]:
    """The factions whose debate card is face up: both factions of its side have played, so both cards
    are revealed together (P-ASSEMBLY-5, P-INFO-2) and stay so while the debate is settled (the
    Advisory Council's choice, a War/Peace stop)."""
    return frozenset(f for f in range(4) if state.played[f] and state.played[f ^ 1])


def make_view(state: PericlesState, seat: int | None) -> PericlesView:
    s = state.copy()
    s.rng = Rng(0)
    hand_sizes = tuple(state.card_loc.count(HAND + f) for f in range(4))
    entourage_sizes = tuple(state.card_loc.count(ENTOURAGE + f) for f in range(4))
    stock_total = tuple(state.stock[2 * side] + state.stock[2 * side + 1] for side in (0, 1))
    markers = tuple(sum(state.held[f * 4 * N_KINDS:(f + 1) * 4 * N_KINDS]) for f in range(4))
    if state.outcome is not None:
        return PericlesView(seat, s, hand_sizes, entourage_sizes, stock_total, markers)
    face_up = face_up_debate_cards(state)
    s.card_loc = [UNSEEN if _secret_loc(loc, seat, face_up) else loc for loc in state.card_loc]
    s.stock = [v if f == seat else HIDDEN for f, v in enumerate(state.stock)]
    s.commit = [v if f == seat or state.committed[f] == REVEALED else HIDDEN
                for f, v in enumerate(state.commit)]  # P-INFO-7
    s.held = [n if seat is not None and seat in (i // N_KINDS // 4, i // N_KINDS % 4) else 0
              for i, n in enumerate(state.held)]
    s.queue = [_redact(entry, seat) for entry in state.queue]
    return PericlesView(seat, s, hand_sizes, entourage_sizes, stock_total, markers)


def _redact(entry: int, seat: int | None) -> int:
    placer, owner = entry // 100 % 10, entry // 10 % 10
    if seat is not None and seat in (placer, owner):
        return entry
    return entry - entry % 100 + (4 + owner // 2) * 10 + SECRET_KIND


def determinize(t: Tables, view: PericlesView, rng: random.Random) -> PericlesState:
    """A full state consistent with ``view``: hidden cards dealt at random to the hidden places with
    the right sizes (a Leader only to its own faction), hidden stocks split at random within the
    side's known total, hidden markers drawn as Rumors, and a fresh generator."""
    s = view.state.copy()
    s.rng = Rng(rng.getrandbits(64))
    _cards(t, view, s, rng)
    _stocks(view, s, rng)
    _markers(view, s)
    _commits(s, rng)
    return s


def _least_stock(s: PericlesState, f: int) -> int:
    """What ``f``'s hidden stock must hold at least: while an expedition's commitments are secret the
    Commander commits 1 to 5 Strategos from it (P-EXPED-2), so it holds at least one."""
    secret = s.step == "exped_secret" or any(c == SECRET for c in s.committed)
    return 1 if secret and s.committed[f] != REVEALED and f == battle.commander(s) else 0


def _commits(s: PericlesState, rng: random.Random) -> None:
    """Hidden commitments drawn within their limits and the faction's stock: an expedition's
    (P-EXPED-2) or a neutral Diplomatic issue's (P-DIPLO-7); any other hidden commitment is 0."""
    for f, value in enumerate(s.commit):
        if value != HIDDEN:
            continue
        if s.committed[f] == SECRET:
            low, high = _diplomatic_range(s, f) if s.step == "dip_secret" else expedition.commit_range(s, f)
            s.commit[f] = rng.randint(low, max(low, high))
        else:
            s.commit[f] = 0


def _diplomatic_range(s: PericlesState, f: int) -> tuple[int, int]:
    """What ``f`` may have committed in secret to a neutral Diplomatic issue (P-DIPLO-7)."""
    owner = entry_parts(s.revealed)[2]
    return 0, max(0, min(OWNER_SECRET if f == owner else ENEMY_SECRET, s.stock[f]))


def _cards(t: Tables, view: PericlesView, s: PericlesState, rng: random.Random) -> None:
    seat = view.seat
    for f, leader in enumerate(t.leader_of):
        if s.card_loc[leader] == UNSEEN:
            s.card_loc[leader] = PLAYED + f if s.played[f] and view.hand_sizes[f] == 0 else HAND + f
    for side in (0, 1):
        unseen = [c for c in t.side_cards[side] if s.card_loc[c] == UNSEEN]
        rng.shuffle(unseen)
        for f in (2 * side, 2 * side + 1):
            if f == seat:
                continue
            if s.played[f] and PLAYED + f not in s.card_loc:
                s.card_loc[unseen.pop()] = PLAYED + f
            for _ in range(view.hand_sizes[f] - s.card_loc.count(HAND + f)):
                s.card_loc[unseen.pop()] = HAND + f
            for _ in range(view.entourage_sizes[f]):
                s.card_loc[unseen.pop()] = ENTOURAGE + f
        for c in unseen:
            s.card_loc[c] = DECK


def _stocks(view: PericlesView, s: PericlesState, rng: random.Random) -> None:
    for side in (0, 1):
        a, b = 2 * side, 2 * side + 1
        total = view.stock_total[side]
        if s.stock[a] == HIDDEN and s.stock[b] == HIDDEN:
            least_a, least_b = _least_stock(s, a), _least_stock(s, b)
            s.stock[a] = rng.randint(min(least_a, total), max(min(least_a, total), total - least_b))
            s.stock[b] = total - s.stock[a]
        elif s.stock[a] == HIDDEN:
            s.stock[a] = total - s.stock[b]
        elif s.stock[b] == HIDDEN:
            s.stock[b] = total - s.stock[a]


def _markers(view: PericlesView, s: PericlesState) -> None:
    for f in range(4):
        missing = view.markers_held[f] - sum(s.held[f * 4 * N_KINDS:(f + 1) * 4 * N_KINDS])
        s.held[(f * 4 + f) * N_KINDS + RUM] += missing
    # a face-down marker's owner is hidden but never the viewer: its placer (shown) is one that fits
    s.queue = [e if e % 10 != SECRET_KIND else e - e % 100 + (e // 100 % 10) * 10 + RUM for e in s.queue]


def view_json(view: PericlesView) -> dict[str, Any]:
    """A view as JSON for clients: the redacted state without the generator, and the public counts."""
    data = view.state.to_json()
    data.pop("rng", None)
    return {"seat": view.seat, "state": data, "hand_sizes": list(view.hand_sizes),
            "entourage_sizes": list(view.entourage_sizes), "stock_total": list(view.stock_total),
            "markers_held": list(view.markers_held)}
