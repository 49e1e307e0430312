"""Persia: the Peace of Callias and the cost of the Persian war (P-PERSIA-6, P-PERSIA-8..14).

At the start of the Final phase, while War with Persia is active and the Eastern Mediterranean holds
an Athenian or Delian base, the Athenian Dominant faction may declare the Peace of Callias (``callias
yes``), then chooses where the Athenian naval unit it gives up comes from (``scuttle <theater>``).
Otherwise the Persian war costs that faction Honor.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import Violation, controls, count, gain, place, remove
from kleos.games.pericles.state import H_PERSIA, PericlesState
from kleos.games.pericles.tables import (
    AB,
    AN,
    DB,
    EAST_MED,
    N_THEATERS,
    PB,
    PERSIA,
    SB,
    SIDE_LAND,
    SIDE_NAVAL,
    XB,
    Tables,
)

HOMES = (6, 5)


def eligible(s: PericlesState) -> bool:
    """P-PERSIA-8: War with Persia and an Athenian or Delian base in the Eastern Mediterranean."""
    return bool(s.persia_war) and not s.callias and bool(count(s, EAST_MED, AB) or count(s, EAST_MED, DB))


def war_cost(s: PericlesState) -> None:
    """P-PERSIA-13, P-PERSIA-14, P-AMB-37: no Callias this Final phase: the Athenian Dominant loses the
    turn number in Honor, and 1 more unless the Eastern Mediterranean is Athenian-controlled with an
    Athenian naval unit there."""
    if not s.persia_war or s.callias:
        return
    dom = s.dominant[0]
    gain(s, dom, -s.turn, H_PERSIA)
    if not (controls(s, EAST_MED, 0) and count(s, EAST_MED, AN)):
        gain(s, dom, -1, H_PERSIA)


def declare(t: Tables, s: PericlesState) -> None:
    """P-PERSIA-9..12: one Athenian or Delian base removed there; the theater closed for good; its units
    sent home; Athenian and Delian bases removed, Spartan and Peloponnesian ones replaced by Persian
    bases in Persia as far as pieces allow; War with Persia over."""
    remove(s, EAST_MED, AB if count(s, EAST_MED, AB) else DB)
    s.callias = 1
    for side in (0, 1):
        for piece in (*SIDE_LAND[side], *SIDE_NAVAL[side]):
            n = count(s, EAST_MED, piece)
            if n:
                remove(s, EAST_MED, piece, n)
                s.pieces[HOMES[side] * 15 + piece] += n
    for base in (AB, DB):
        remove(s, EAST_MED, base, count(s, EAST_MED, base))
    for base in (SB, PB):
        n = count(s, EAST_MED, base)
        if n:
            remove(s, EAST_MED, base, n)
            place(t, s, PERSIA, XB, n)
    s.persia_war = 0


def scuttle_legal(t: Tables, s: PericlesState) -> list[Action]:
    """P-PERSIA-9: the Athenian naval unit given up, from anywhere on the map."""
    return [Action("scuttle", (t.theater_keys[th],)) for th in range(N_THEATERS) if count(s, th, AN)]


def scuttle_apply(t: Tables, s: PericlesState, action: Action) -> None:
    remove(s, t.theater_index[str(action.args[0])], AN)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "callias":
        return ("P-PERSIA-8", N_("answer callias yes or callias no"))
    return ("P-PERSIA-9", N_("give up an Athenian naval unit: scuttle <theater>"))
