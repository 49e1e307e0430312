"""Persian gold (P-GOLD-1, P-GOLD-2, P-PERSIA-7, P-AMB-17).

When a Spartan Commander builds city-state units in its home (P-MIL-3), each Persian base in Persia
pays for 1 naval or 2 land units more, one step per base (``gold <theater> <naval|land>`` or ``gold
done``), to one of three destinations, with caps counted anew at each build:

* Spartan ships in Sparta if a Spartan base is there (at most 3);
* Peloponnesian land units in Ionia if a Spartan or Peloponnesian base is there (at most 4);
* Peloponnesian ships in an Aegean theater holding such a base (at most 3 in all).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import Violation, count, in_use, place
from kleos.games.pericles.state import M_GOLD, M_GOLD_PL, M_GOLD_PN, M_GOLD_SN, PericlesState
from kleos.games.pericles.tables import PB, PERSIA, PL, PN, SB, SN, SPARTA, XB, Tables

SPARTA_HOME, IONIA = 5, 13
AEGEAN = (14, 15, 16, 17, 18)  # P-DEF-15: Lesbos, Chios, Samos, Cyclades, Southern Sporades
CAP_SN, CAP_PL, CAP_PN = 3, 4, 3  # P-GOLD-2
DONE = "done"


def possible(s: PericlesState, owner: int) -> bool:
    """P-GOLD-1: a Spartan Commander who built, with Persian bases in Persia."""
    return owner // 2 == SPARTA and count(s, PERSIA, XB) > 0


def begin(s: PericlesState) -> None:
    s.mil[M_GOLD] = count(s, PERSIA, XB)
    s.mil[M_GOLD_SN] = s.mil[M_GOLD_PL] = s.mil[M_GOLD_PN] = 0


def destinations(t: Tables, s: PericlesState) -> list[tuple[int, str]]:
    """(theater, naval|land) a Persian base can still pay for, within caps and the pools (P-COMP-1)."""
    out: list[tuple[int, str]] = []
    spartan = (SB, PB)
    if count(s, SPARTA_HOME, SB) and s.mil[M_GOLD_SN] < CAP_SN and in_use(s, SN) < t.piece_limits[SN]:
        out.append((SPARTA_HOME, "naval"))
    if any(count(s, IONIA, b) for b in spartan) and s.mil[M_GOLD_PL] < CAP_PL and in_use(s, PL) < t.piece_limits[PL]:
        out.append((IONIA, "land"))
    if s.mil[M_GOLD_PN] < CAP_PN and in_use(s, PN) < t.piece_limits[PN]:
        out.extend((th, "naval") for th in AEGEAN if t.in_play[th] and any(count(s, th, b) for b in spartan))
    return out


def legal(t: Tables, s: PericlesState) -> list[Action]:
    return [Action("gold", (DONE,)), *(Action("gold", (t.theater_keys[th], kind)) for th, kind in destinations(t, s))]


def apply(t: Tables, s: PericlesState, action: Action) -> bool:
    """Build for one Persian base; True when the gold is all spent (or the Commander stops)."""
    if action.args[0] == DONE:
        s.mil[M_GOLD] = 0
        return True
    th = t.theater_index[str(action.args[0])]
    if th == SPARTA_HOME:
        s.mil[M_GOLD_SN] += place(t, s, th, SN, 1)
    elif th == IONIA:
        s.mil[M_GOLD_PL] += place(t, s, th, PL, min(2, CAP_PL - s.mil[M_GOLD_PL]))
    else:
        s.mil[M_GOLD_PN] += place(t, s, th, PN, 1)
    s.mil[M_GOLD] -= 1
    return s.mil[M_GOLD] <= 0 or not destinations(t, s)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    return ("P-GOLD-2", N_("spend a Persian base where its units may go: gold <theater> <naval|land>, or gold done"))
