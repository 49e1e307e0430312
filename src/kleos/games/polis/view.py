"""What one seat may know (R-GEN-17): the state with the other hand and the generator hidden.

The only secrets of Polis are the battle hands: decks are drawn by chance events, so no deck order
exists anywhere. A view merges the opponent's hand into the unseen cards and keeps only its size,
and replaces the generator, so nothing built from a view can peek at a future die or card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kleos.core.rng import Rng
from kleos.games.polis.state import PolisState


@dataclass
class PolisView:
    """``state`` is a redacted copy: for the hidden hands, ``battle.hands[side]`` is all zeros and
    those cards are counted in ``battle.deck`` (the cards this seat has not seen)."""

    seat: int | None
    state: PolisState
    hidden_hand_sizes: tuple[int, int]


def make_view(state: PolisState, seat: int | None) -> PolisView:
    s = state.copy()
    s.rng = Rng(0)
    hidden = [0, 0]
    b = s.battle
    if b is not None:
        for side in (0, 1):
            if side == seat:
                continue
            hidden[side] = sum(b.hands[side])
            b.deck = [d + h for d, h in zip(b.deck, b.hands[side], strict=True)]
            b.hands[side] = [0] * len(b.hands[side])
    return PolisView(seat, s, (hidden[0], hidden[1]))


def determinize(view: PolisView, rng: random.Random) -> PolisState:
    """A full state consistent with ``view``: hidden hands drawn from the unseen cards and a fresh
    generator seeded from ``rng``. Search under hidden information plays on such states, so it
    never sees the true hand, deck or future dice (the agent's own generator decides them)."""
    s = view.state.copy()
    s.rng = Rng(rng.getrandbits(64))
    b = s.battle
    if b is None:
        return s
    for side in (0, 1):
        for _ in range(view.hidden_hand_sizes[side]):
            pool = [i for i, n in enumerate(b.deck) for _ in range(n)]
            card = pool[rng.randrange(len(pool))]
            b.deck[card] -= 1
            b.hands[side][card] += 1
    return s


def _plain(value: Any) -> Any:
    """State JSON for clients: the ``{"t": [...]}`` tuple encoding becomes a plain list."""
    if isinstance(value, dict):
        if set(value) == {"t"}:
            return [_plain(v) for v in value["t"]]
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def view_json(state_json: dict[str, Any], view: PolisView) -> dict[str, Any]:
    """A view as JSON for clients: the redacted state (``state_json``, its JSON form) without the
    generator, the seat and the hidden hand sizes."""
    state = dict(state_json)
    state.pop("rng", None)
    return {"seat": view.seat, "state": _plain(state), "hidden_hand_sizes": list(view.hidden_hand_sizes)}
