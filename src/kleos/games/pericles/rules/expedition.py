"""Expedition Assemblies in contested or enemy-controlled theaters (P-MIL-6, P-MIL-7, P-EXPED-2..8) and
the State Ship (P-SHIP).

The Commander answers ``expedition`` (no number) at the resolve step; then all four factions commit in
secret at once (``secret <n>``: the Commander 1-5, the others 0-4; P-EXPED-2). The Commander's side
reveals (P-EXPED-3): their tokens are spent and move one unit each (P-MOVE-1). After the movement the
other side reveals (P-EXPED-5). If the theater is then contested a battle follows (P-EXPED-7), the
Athenian Dominant first being asked whether to add the State Ship (P-EXPED-6, P-SHIP-2). When all is
over every committed token is back in its supply (P-MIL-8): they were spent on being revealed.

Committed tokens stay in the stock while secret, so a side's public stock total reveals nothing
(P-INFO-7); ``committed[f]`` is 1 while hidden and 2 once revealed (the view shows them then).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules.battle import commander, theater_of
from kleos.games.pericles.rules.common import CONTESTED, Violation, spend, status
from kleos.games.pericles.state import M_SHIP, M_WIN, N_MIL, REVEALED, SECRET, PericlesState
from kleos.games.pericles.tables import ATHENS, N_PIECES, Tables, factions_of

COMMANDER_MAX, OTHER_MAX = 5, 4  # P-EXPED-2


def start(s: PericlesState) -> None:
    """The Commander chose an Expedition Assembly in a contested or enemy-controlled theater."""
    s.commit = [0] * 4
    s.committed = [0] * 4


def in_progress(s: PericlesState) -> bool:
    return any(s.committed)


def secret_actors(s: PericlesState) -> tuple[int, ...]:
    """P-EXPED-2: all four factions choose at the same time; those not yet in are asked."""
    return tuple(f for f in range(4) if not s.committed[f])


def commit_range(s: PericlesState, f: int) -> tuple[int, int]:
    """The least and most ``f`` may commit in secret (P-EXPED-2): the Commander 1-5, the others 0-4,
    within its stock."""
    low, high = (1, COMMANDER_MAX) if f == commander(s) else (0, OTHER_MAX)
    return low, min(high, s.stock[f])


def secret_legal(s: PericlesState, f: int) -> list[Action]:
    low, high = commit_range(s, f)
    return [Action("secret", (k,)) for k in range(low, high + 1)]


def secret_apply(s: PericlesState, f: int, action: Action) -> None:
    s.commit[f] = int(action.args[0])
    s.committed[f] = SECRET


def reveal(s: PericlesState, side: int) -> None:
    """A side's commitments are shown and spent (they count for battles, P-EXPED-8)."""
    for f in factions_of(side):
        if s.committed[f] == SECRET:
            spend(s, f, s.commit[f])
            s.committed[f] = REVEALED


def open_commander_side(s: PericlesState) -> None:
    """P-EXPED-3, P-MOVE-1: the Commander's and its compatriot's tokens are the movement allowance."""
    cmd = commander(s)
    reveal(s, cmd // 2)
    s.moves_left = s.commit[cmd] + s.commit[cmd ^ 1]
    s.actor = cmd


def after_movement(s: PericlesState) -> bool:
    """P-EXPED-5, P-EXPED-7, P-AMB-24: the other side reveals; True if a battle follows."""
    reveal(s, 1 - commander(s) // 2)
    return status(s, theater_of(s), 0) == CONTESTED


def ship_possible(s: PericlesState) -> bool:
    """P-SHIP-2: the State Ship is available this turn and not yet in this issue."""
    return s.state_ship == 1 and not s.mil[M_SHIP]


def ship_actor(s: PericlesState) -> int:
    return s.dominant[ATHENS]


def ship_apply(s: PericlesState, action: Action) -> None:
    """P-SHIP-3, P-SHIP-4: a committed token of Athens until the issue ends; used for the turn."""
    if action.args[0] == "yes":
        s.mil[M_SHIP] = 1
        s.state_ship = 0


def finish(s: PericlesState) -> None:
    """P-MIL-8: nothing of the issue's commitments or battles is kept."""
    s.commit = [0] * 4
    s.committed = [0] * 4
    s.draw = [-1, -1]
    s.mil = [0] * N_MIL
    s.mil[M_WIN] = -1
    s.killed = [0] * N_PIECES


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "ship":
        return ("P-SHIP-2", N_("the Athenian Dominant answers ship yes or ship no"))
    if f == commander(s):
        return ("P-EXPED-2", N_("the Commander commits 1-5 Strategos from its stock in secret: secret <n>"))
    return ("P-EXPED-2", N_("commit 0-4 Strategos from your stock in secret: secret <n>"))
