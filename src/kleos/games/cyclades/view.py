"""What one seat may know (C-INFO-1..5): the state with the other seats' gold and the generator hidden.

Gold is the only secret (C-INFO-1); the creature deck is stored as counts, with no order, so nothing
else needs hiding (C-INFO-3). A hidden gold amount is shown as -1. Once the game is over the screens
are lifted: the richest qualifier wins a tie (C-END-4), so everyone may check the gold that decided.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kleos.core.rng import Rng
from kleos.games.cyclades.rules.common import net_cost
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import EMPTY, N_GODS, Tables

HIDDEN = -1
GUESS_SPREAD = 10  # determinize: hidden gold is drawn up to this much above what the table proves


@dataclass
class CycladesView:
    """``state`` is a redacted copy: ``gold[other] == -1`` for every seat but ``seat`` until the game is
    over."""

    seat: int | None
    state: CycladesState


def make_view(state: CycladesState, seat: int | None) -> CycladesView:
    s = state.copy()
    s.rng = Rng(0)
    if s.outcome is None:
        s.gold = [g if other == seat else HIDDEN for other, g in enumerate(s.gold)]
    return CycladesView(seat, s)


def proven_gold(t: Tables, s: CycladesState, seat: int) -> int:
    """The least gold the public table proves ``seat`` holds: its offerings still to be paid (C-OFFER-11)."""
    total = 0
    for god in range(N_GODS):
        marker = s.bidder[god]
        if marker != EMPTY and t.marker_owner[marker] == seat:
            total += net_cost(s.bid[god], s.priests[seat])
    return total if s.phase == "offer" else 0


def determinize(t: Tables, view: CycladesView, rng: random.Random) -> CycladesState:
    """A full state consistent with ``view``: each hidden gold amount drawn from what the table proves
    plus 0..GUESS_SPREAD, and a fresh generator. (An exact count from the public history, C-INFO-4, is
    left to agents that keep one.)"""
    s = view.state.copy()
    s.rng = Rng(rng.getrandbits(64))
    s.gold = [g if g != HIDDEN else proven_gold(t, s, seat) + rng.randint(0, GUESS_SPREAD)
              for seat, g in enumerate(s.gold)]
    return s


def view_json(view: CycladesView) -> dict[str, Any]:
    """A view as JSON for clients: the redacted state without the generator."""
    data = view.state.to_json()
    data.pop("rng", None)
    return {"seat": view.seat, "state": data}
