"""The Theater phase (P-THEATER): Honor order, placing markers, revealing and resolving them, and
Political Capital (P-CAPITAL); the Oracle issue (P-ORACLE).

Markers are queues per theater, last in first out (P-THEATER-5): ``state.queue`` keeps them in
placement order and the last entry of a theater is its top. A faction with no marker to place, or no
marker of its side on top of a queue, passes without being asked (P-THEATER-6, P-THEATER-10): it has
no choice to make.

Diplomatic issues are resolved by :mod:`.diplomatic`, League issues by :mod:`.league`.

The Oracle's treason option places its three markers one step at a time (``oracle treason <theater>``,
three different theaters).

A Military issue (P-MIL) makes its owner Commander in Chief; with no Strategos it has no effect
(P-MIL-2); in a contested theater it may Raid (P-RAID).

The home build, Expeditions into friendly or neutral theaters and movement are :mod:`.military`;
Expeditions into contested or enemy-controlled theaters and battles are :mod:`.expedition`,
:mod:`.battle` and :mod:`.casualties`. Declining a Military issue still costs 1 Strategos
(P-THEATER-14).
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.rules import diplomatic, league, military
from kleos.games.pericles.rules.common import CONTESTED, Violation, count, gain, remove, spend, status
from kleos.games.pericles.state import H_CAPITAL, H_ISSUES, H_RAIDS, PericlesState
from kleos.games.pericles.tables import (
    AR,
    DIP,
    DL,
    DN,
    EAST_MED,
    FACTIONS,
    LEA,
    MARKER_KINDS,
    MIL,
    ORA,
    PB,
    PERSIA,
    PIECES,
    PL,
    PN,
    RUM,
    SB,
    Tables,
)

IONIA = 13
N_KINDS = len(MARKER_KINDS)
ENEMY_LEAGUE_UNITS = ((PN, PL), (DN, DL, AR))  # what each side's Oracle may remove (P-ORACLE-2, P-AMB-45)


# ----- Honor order (P-THEATER-1/2) ---------------------------------------------------------------
def honor_order(s: PericlesState) -> list[int]:
    """Descending Honor; ties: Athenian Dominant, Spartan Dominant, Athenian Opponent, Spartan Opponent."""
    rank = {s.dominant[0]: 0, s.dominant[1]: 1, s.dominant[0] ^ 1: 2, s.dominant[1] ^ 1: 3}
    return sorted(range(4), key=lambda f: (-s.honor[f], rank[f]))


def persia_opens(s: PericlesState) -> None:
    """P-PERSIA-1: a Spartan base in Ionia or Alcibiades in Persia opens Persia for good."""
    if s.alcibiades == 1 or count(s, IONIA, SB) or count(s, IONIA, PB):
        s.persia_open = 1


# ----- placement (P-THEATER-4..8) --------------------------------------------------------------
def marker_count(s: PericlesState, holder: int) -> int:
    return sum(s.held[holder * 4 * N_KINDS:(holder + 1) * 4 * N_KINDS])


def next_in_order(s: PericlesState, able: Callable[[PericlesState, int], object]) -> int:
    """From the cursor on, in Honor order, the next faction ``able`` answers for (the cursor moves
    to it), or -1 when none is."""
    for step in range(4):
        f = s.order[(s.cursor + step) % 4]
        if able(s, f):
            s.cursor = (s.cursor + step) % 4
            return f
    return -1


def next_placer(s: PericlesState) -> int:
    """The next faction holding a marker (-1: all placed)."""
    return next_in_order(s, marker_count)


def open_theaters(t: Tables, s: PericlesState) -> list[int]:
    """P-THEATER-7/8: theaters in play; the Eastern Mediterranean only during War with Persia and never
    after Callias; Persia once opened."""
    out = []
    for th in range(len(t.theater_keys)):
        if not t.in_play[th]:
            continue
        if th == EAST_MED and (not s.persia_war or s.callias):
            continue
        if th == PERSIA and not s.persia_open:
            continue
        out.append(th)
    return out


def place_legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    out: list[Action] = []
    theaters = open_theaters(t, s)
    for owner in sorted((f, f ^ 1)):
        for k in range(N_KINDS):
            if s.held[(f * 4 + owner) * N_KINDS + k]:
                out.extend(built("place", (FACTIONS[owner], MARKER_KINDS[k], t.theater_keys[th])) for th in theaters)
    return out


def place_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    owner = FACTIONS.index(str(action.args[0]))
    k = MARKER_KINDS.index(str(action.args[1]))
    th = t.theater_index[str(action.args[2])]
    s.held[(f * 4 + owner) * N_KINDS + k] -= 1
    s.queue.append(th * 1000 + f * 100 + owner * 10 + k)
    s.cursor = (s.cursor + 1) % 4


# ----- resolution (P-THEATER-9..17) --------------------------------------------------------------
def entry_parts(entry: int) -> tuple[int, int, int, int]:
    """(theater, placer, owner, kind) of a queue entry."""
    return entry // 1000, entry // 100 % 10, entry // 10 % 10, entry % 10


def tops(s: PericlesState) -> dict[int, int]:
    """Theater -> index in ``queue`` of its top marker."""
    out: dict[int, int] = {}
    for i, entry in enumerate(s.queue):
        out[entry // 1000] = i
    return out


def revealable(s: PericlesState, f: int) -> list[int]:
    """Theaters whose top marker belongs to ``f``'s side (P-THEATER-9)."""
    return sorted(th for th, i in tops(s).items() if entry_parts(s.queue[i])[2] // 2 == f // 2)


def next_revealer(s: PericlesState) -> int:
    """The next faction that can reveal; the others pass."""
    return next_in_order(s, revealable)


def reveal_legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    return [built("reveal", (t.theater_keys[th],)) for th in revealable(s, f)]


def reveal_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    th = t.theater_index[str(action.args[0])]
    s.revealed = s.queue.pop(tops(s)[th])
    s.cursor = (s.cursor + 1) % 4


def needs_decision(s: PericlesState) -> bool:
    """A Rumor, a Military issue whose owner has no Strategos, or any issue in Persia but a Spartan
    League issue, has no effect (P-THEATER-12, P-MIL-2, P-PERSIA-3): it goes back without a decision."""
    th, _, owner, kind = entry_parts(s.revealed)
    if kind == RUM or (kind == MIL and not s.stock[owner]):  # P-MIL-2
        return False
    return not idle_in_persia(th, owner, kind)


def idle_in_persia(th: int, owner: int, kind: int) -> bool:
    """P-PERSIA-3: an issue revealed in Persia has no effect, but a Spartan faction's League issue."""
    return th == PERSIA and (kind != LEA or owner // 2 != 1)


def resolve_legal(t: Tables, s: PericlesState) -> list[Action]:
    th, _, owner, kind = entry_parts(s.revealed)
    if kind == LEA:
        return league.legal(t, s, th, owner)
    out = [Action("decline")]
    if kind == MIL:
        mil = military.legal(t, s, th, owner)
        if mil and mil[0].verb == "build":
            return out + mil
        if status(s, th, owner // 2) == CONTESTED and s.stock[owner] >= RAID_COST:
            out.append(Action("raid"))  # P-MIL-6, P-RAID-1, P-AMB-23
        out.extend(mil)
    if kind == DIP:
        out.extend(diplomatic.legal(t, s, th, owner))
    if kind == ORA:
        out.append(Action("oracle", ("honor",)))
        out.extend(treason_legal(t, s))
        for where in range(len(t.theater_keys)):
            for piece in ENEMY_LEAGUE_UNITS[owner // 2]:
                if count(s, where, piece):
                    out.append(Action("oracle", ("remove", t.theater_keys[where], PIECES[piece])))
    return out


def resolve_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    th, _, owner, kind = entry_parts(s.revealed)
    if action.verb == "build":
        military.build(t, s, th, owner, action)
        return
    if action.verb == "decline":
        if kind == MIL and s.stock[owner]:  # P-THEATER-14
            spend(s, owner, 1)
        military.end_issue(s)
    elif action.verb == "league":
        league.apply(t, s, th, owner, action)
    elif action.verb == "commit":
        diplomatic.apply_open(t, s, th, owner, action)
    elif action.args[0] == "treason":
        treason_apply(t, s, owner, action)
        return
    elif action.args[0] == "honor":  # P-ORACLE-2
        gain(s, owner, 3, H_ISSUES)
    else:
        where = t.theater_index[str(action.args[1])]
        remove(s, where, PIECES.index(str(action.args[2])))
        gain(s, owner, 1, H_ISSUES)
    s.revealed = -1  # the marker goes back to its owner's pool (P-TMARK-6)


TREASON_THEATERS = 3  # P-ORACLE-2
RAID_COST = RAID_HONOR = 3  # P-RAID-1, P-RAID-2


def raid_settle(s: PericlesState) -> None:
    """P-RAID-3, P-RAID-4: the enemy Dominant loses Strategos equal to the card drawn, and 1 Honor per
    token it was short."""
    owner = entry_parts(s.revealed)[2]
    enemy = s.dominant[1 - owner // 2]
    due = s.draw[owner // 2]
    paid = min(due, s.stock[enemy])
    spend(s, enemy, paid)
    gain(s, enemy, -(due - paid), H_RAIDS)
    s.draw = [-1, -1]
    s.revealed = -1


def treason_legal(t: Tables, s: PericlesState) -> list[Action]:
    """P-ORACLE-2, P-AMB-45: a treason marker of the owner's side in a theater not yet chosen (1-20)."""
    return [Action("oracle", ("treason", t.theater_keys[th])) for th in range(PERSIA)
            if th not in s.chosen and (th != EAST_MED or (s.persia_war and not s.callias)) and t.in_play[th]]


def treason_apply(t: Tables, s: PericlesState, owner: int, action: Action) -> None:
    """One marker; the issue stays open (``s.revealed``) until three theaters are chosen."""
    th = t.theater_index[str(action.args[1])]
    diplomatic.add_treason(t, s, th, owner // 2, 1)
    s.chosen = [*s.chosen, th]
    if len(s.chosen) == TREASON_THEATERS or not treason_legal(t, s):
        s.chosen = []
        s.revealed = -1


def political_capital(s: PericlesState) -> None:
    """P-CAPITAL-1..3: every stock goes back to its supply, 1 Honor per full 4 tokens."""
    for f in range(4):
        returned = s.stock[f]
        spend(s, f, returned)
        gain(s, f, returned // 4, H_CAPITAL)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "place":
        return ("P-THEATER-7", N_("place a marker you hold in an open theater: place <owner> <kind> <theater>"))
    if s.step == "reveal":
        return ("P-THEATER-9", N_("reveal the top marker of your side in a theater: reveal <theater>"))
    return ("P-THEATER-14", N_("resolve the revealed issue with one of its options, or decline"))
