"""Battles (P-BATTLE-1..8, P-BATTLE-25..36): strength, the result, battle Honor, major defeats and the
optional second battle. Casualties are :mod:`.casualties`, hostages :mod:`.hostages`.

A battle is fought only in a contested Expedition theater after movement (P-BATTLE-1): first of the
theater's kind (P-BATTLE-2), then, if its winner wants and the theater is still contested, one of the
other kind (P-BATTLE-34..36). Each side's total is its units of the battle's kind, 2 per base, its
committed Strategos (the State Ship and the 300 included), its treason markers there and the card it
turns up from its battle deck (P-BATTLE-4..6); the card is a chance event.

Rulings of this engine: the 300 counts as one committed Strategos of Sparta in a battle it stands in
(P-300-2: "wherever it is involved"); it adds to the strength and to the comparison of P-BATTLE-15.
"""

from __future__ import annotations

from kleos.games.pericles.rules import hostages
from kleos.games.pericles.rules.boule import sign, wp_index
from kleos.games.pericles.rules.common import CONTESTED, count, gain, status
from kleos.games.pericles.rules.diplomatic import treason
from kleos.games.pericles.state import (
    GONE,
    H_BATTLES,
    M_DIFF,
    M_KIND,
    M_NUM,
    M_SHIP,
    M_WIN,
    REVEALED,
    PericlesState,
    replaced,
)
from kleos.games.pericles.tables import (
    AN,
    AR,
    ATHENS,
    N_PIECES,
    S300,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SL,
    SPARTA,
    Tables,
    factions_of,
)

LAND, NAVAL = 0, 1
MAX_BATTLES = 2  # P-BATTLE-36
HOSTAGE_HONOR = 5  # P-BATTLE-25, P-BATTLE-27
MAJOR_DEFEAT = 5  # P-BATTLE-30
DEFEAT_BOX = 2  # P-BATTLE-31: box 2 of the Opponent faction's half


def theater_of(s: PericlesState) -> int:
    """The Expedition theater (P-DEF-22): where the revealed Military issue sits."""
    return s.revealed // 1000


def commander(s: PericlesState) -> int:
    """The Commander in Chief (P-MIL-1): the owner of the revealed Military issue."""
    return s.revealed // 10 % 10


def first_kind(t: Tables, theater: int) -> int:
    """P-BATTLE-2: a Naval theater fights a naval battle first, a Land theater a land battle."""
    return NAVAL if t.naval_border[theater] else LAND


def kind_pieces(kind: int, side: int) -> tuple[int, ...]:
    """P-BATTLE-4, P-BATTLE-5, P-BATTLE-9: the units that fight (and die) in a battle of ``kind``."""
    return SIDE_NAVAL[side] if kind == NAVAL else SIDE_LAND[side]


def committed_total(s: PericlesState, side: int, theater: int) -> int:
    """P-EXPED-8, P-SHIP-1, P-300-2: the side's revealed commitments, the State Ship, the 300 there."""
    total = sum(s.commit[f] for f in factions_of(side) if s.committed[f] == REVEALED)
    if side == ATHENS:
        total += s.mil[M_SHIP]
    else:
        total += count(s, theater, S300)
    return total


def unit_value(t: Tables, piece: int) -> int:
    """P-DEF-9: 2 for Spartan land units (the 300 too) and Athenian ships, else 1."""
    mv = t.data.military_values
    if piece in (SL, S300):
        return mv.spartan_land_unit
    if piece == AN:
        return mv.athenian_naval_unit
    return mv.land_unit if any(piece in land for land in SIDE_LAND) else mv.naval_unit


def strength(t: Tables, s: PericlesState, side: int, kind: int, theater: int) -> int:
    """P-BATTLE-4..6: units of the kind, bases, committed Strategos, treason markers, the card drawn."""
    mv = t.data.military_values
    total = sum(count(s, theater, p) * unit_value(t, p) for p in kind_pieces(kind, side))
    total += mv.base * sum(count(s, theater, b) for b in SIDE_BASES[side])
    total += mv.strategos * committed_total(s, side, theater)
    total += mv.treason * treason(s, theater, side)
    return total + max(0, s.draw[side])


def begin(t: Tables, s: PericlesState) -> None:
    """A new battle: the first of the theater's kind, the second of the other kind (P-BATTLE-34)."""
    s.mil[M_NUM] += 1
    kind = first_kind(t, theater_of(s))
    s.mil[M_KIND] = kind if s.mil[M_NUM] == 1 else 1 - kind
    s.mil[M_WIN] = -1
    s.draw = [-1, -1]
    s.killed = [0] * N_PIECES


def draw_order(s: PericlesState) -> tuple[int, int]:
    """The Commander's side turns up its card first, then the other side."""
    side = commander(s) // 2
    return side, 1 - side


def fight(t: Tables, s: PericlesState) -> None:
    """P-BATTLE-7, P-BATTLE-8: the higher total wins by the casualty differential; equal is a draw."""
    th, kind = theater_of(s), s.mil[M_KIND]
    athens, sparta = (strength(t, s, side, kind, th) for side in (ATHENS, SPARTA))
    s.mil[M_DIFF] = abs(athens - sparta)
    s.mil[M_WIN] = -1 if athens == sparta else (ATHENS if athens > sparta else SPARTA)


# ----- battle Honor (P-BATTLE-25..33) ----------------------------------------------------------------
def eliminated(s: PericlesState, side: int, with_argos: bool = True) -> int:
    """Units and bases of ``side`` eliminated in this battle (Argos units left out on request)."""
    pieces = (*SIDE_LAND[side], *SIDE_NAVAL[side], *SIDE_BASES[side])
    return sum(s.killed[p] for p in pieces if with_argos or p != AR)


def honor(t: Tables, s: PericlesState) -> None:
    """P-BATTLE-25..30, P-BATTLE-33, P-ARGOS-5: the winners gain for enemy losses (the Commander
    double) and 5 for a hostage; each losing faction loses its own losses (Argos not counted); a loss of
    5 or more (nominal, hostage Honor included, P-AMB-29) is a major defeat."""
    winner = s.mil[M_WIN]
    loser = 1 - winner
    cmd = commander(s)
    e = eliminated(s, loser)
    hostage = hostages.taken(s, s.mil[M_KIND], winner)
    if hostage:
        hostages.take(t, s, winner)
    bonus = HOSTAGE_HONOR if hostage else 0
    if cmd // 2 == winner:
        gain(s, cmd, 2 * e + bonus, H_BATTLES)
        gain(s, cmd ^ 1, e, H_BATTLES)
    else:
        for f in factions_of(winner):
            gain(s, f, e + (bonus if f == s.dominant[winner] else 0), H_BATTLES)
    lost = eliminated(s, loser, with_argos=False)
    for f in factions_of(loser):
        gain(s, f, -lost, H_BATTLES)
    if 2 * lost + bonus >= MAJOR_DEFEAT:
        major_defeat(t, s, loser)


def major_defeat(t: Tables, s: PericlesState, side: int) -> None:
    """P-BATTLE-31, P-BATTLE-32: the first in a turn puts the side's War/Peace issue on box 2 of its
    Opponent faction's half of its own track; later ones do nothing more."""
    if s.defeat[side]:
        return
    s.defeat = replaced(s.defeat, side, 1)
    index = wp_index(t, side)
    if s.track[index] != GONE:
        opponent = s.dominant[side] ^ 1
        s.track[index] = DEFEAT_BOX * sign(opponent)


# ----- second battle (P-BATTLE-34..36) ---------------------------------------------------------------
def second_possible(s: PericlesState) -> bool:
    """A winner, a first battle, and the theater still contested (P-BATTLE-1, P-BATTLE-8, P-BATTLE-36)."""
    return (s.mil[M_WIN] >= 0 and s.mil[M_NUM] < MAX_BATTLES
            and status(s, theater_of(s), 0) == CONTESTED)


def decider(s: PericlesState) -> int:
    """P-BATTLE-34: the Commander if its side won, else the winning side's Dominant faction."""
    cmd, winner = commander(s), s.mil[M_WIN]
    return cmd if cmd // 2 == winner else s.dominant[winner]
