"""The Diplomatic issue (P-DIPLO) and treason markers (P-TREASON).

In a friendly-controlled theater the owner commits 0-3 Strategos and removes as many treason markers,
of either side, its choice (P-DIPLO-6). In a contested or enemy-controlled one it commits 0-3 and tries
to turn an enemy League base (P-DIPLO-1..5). In a neutral theater the owner (0-5) and the enemy
Dominant (0-4) commit in secret, both listed as actors at once, then each side turns up its battle
deck's top card (P-DIPLO-7..10).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import FRIENDLY, NEUTRAL, Violation, count, gain, place, remove, spend, status
from kleos.games.pericles.state import H_ISSUES, REVEALED, SECRET, PericlesState
from kleos.games.pericles.tables import AN, DB, PB, S300, SIDE_BASES, SIDE_LAND, SIDE_NAVAL, SL, Tables

OPEN_LIMIT = 3  # P-DIPLO-1, P-DIPLO-6
OWNER_SECRET, ENEMY_SECRET = 5, 4  # P-DIPLO-7
LEAGUE_BASE = (DB, PB)


def treason(s: PericlesState, theater: int, side: int) -> int:
    return s.treason[theater * 2 + side]


def add_treason(t: Tables, s: PericlesState, theater: int, side: int, amount: int) -> None:
    """P-TREASON-1: placements above the side's 10 markers are lost."""
    in_play = sum(s.treason[th * 2 + side] for th in range(len(t.theater_keys)))
    s.treason[theater * 2 + side] += max(0, min(amount, t.treason_limit - in_play))


def legal(t: Tables, s: PericlesState, theater: int, owner: int) -> list[Action]:
    side = owner // 2
    st = status(s, theater, side)
    if st == NEUTRAL:
        return [Action("resolve")]
    out = []
    for k in range(min(OPEN_LIMIT, s.stock[owner]) + 1):
        if st != FRIENDLY:
            out.append(Action("commit", (k,)))
            continue
        own, enemy = treason(s, theater, side), treason(s, theater, 1 - side)
        removed = min(k, own + enemy)
        for mine in range(max(0, removed - enemy), min(own, removed) + 1):
            out.append(Action("commit", (k, mine, removed - mine)))
    return out


def enemy_value(t: Tables, s: PericlesState, theater: int, side: int) -> int:
    """P-DIPLO-2: the military value of the enemy's units plus 2 per enemy base (P-DEF-9)."""
    units, bases = enemy_parts(t, s, theater, side)
    return units + bases


def enemy_parts(t: Tables, s: PericlesState, theater: int, side: int) -> tuple[int, int]:
    """:func:`enemy_value` in its two parts, (the enemy units' military value, 2 per enemy base), as the
    log tells the test."""
    mv = t.data.military_values
    enemy = 1 - side
    units = 0
    for p in SIDE_LAND[enemy]:
        units += count(s, theater, p) * (mv.spartan_land_unit if p in (SL, S300) else mv.land_unit)
    for p in SIDE_NAVAL[enemy]:
        units += count(s, theater, p) * (mv.athenian_naval_unit if p == AN else mv.naval_unit)
    return units, 2 * sum(count(s, theater, b) for b in SIDE_BASES[enemy])


def apply_open(t: Tables, s: PericlesState, theater: int, owner: int, action: Action) -> None:
    """P-DIPLO-1..6, P-TREASON-4, P-TREASON-5, P-AMB-13, P-AMB-14, P-AMB-15."""
    side = owner // 2
    k = int(action.args[0])
    spend(s, owner, k)
    if len(action.args) == 3:  # friendly-controlled: remove the chosen markers
        s.treason[theater * 2 + side] -= int(action.args[1])
        s.treason[theater * 2 + 1 - side] -= int(action.args[2])
        return
    enemy_base = LEAGUE_BASE[1 - side]
    converts = k + treason(s, theater, side) > enemy_value(t, s, theater, side) and count(s, theater, enemy_base)
    if converts:
        remove(s, theater, enemy_base)
        if place(t, s, theater, LEAGUE_BASE[side], 1):
            s.treason[theater * 2 + side] = 0
            gain(s, owner, 2, H_ISSUES)  # P-DIPLO-3
            gain(s, s.dominant[1 - side], -2, H_ISSUES)
            return
        s.pieces[theater * 15 + enemy_base] += 1  # no friendly League base left to place (P-COMP-1)
    add_treason(t, s, theater, side, k)  # P-DIPLO-4, P-DIPLO-5


def secret_actors(s: PericlesState, owner: int) -> tuple[int, ...]:
    enemy_dom = s.dominant[1 - owner // 2]
    return tuple(f for f in sorted((owner, enemy_dom)) if not s.committed[f])


def secret_legal(s: PericlesState, f: int, owner: int) -> list[Action]:
    cap = OWNER_SECRET if f == owner else ENEMY_SECRET
    return [Action("secret", (k,)) for k in range(min(cap, s.stock[f]) + 1)]


def secret_apply(s: PericlesState, f: int, action: Action) -> None:
    s.commit[f] = int(action.args[0])
    s.committed[f] = SECRET


def reveal_commitments(s: PericlesState) -> None:
    """Both secret commitments are revealed together once both are in (P-DIPLO-7, P-INFO-7), before
    the battle cards are turned up (P-DIPLO-8): from then on every view shows them. They are spent as
    they are shown, as an expedition's are (:func:`expedition.reveal`): a revealed commitment is always
    out of its faction's stock, which a determinization of the hidden stocks relies on."""
    for f, flag in enumerate(s.committed):
        if flag == SECRET:
            spend(s, f, s.commit[f])
    s.committed = [REVEALED if c else 0 for c in s.committed]


def settle_neutral(t: Tables, s: PericlesState, theater: int, owner: int) -> None:
    """P-DIPLO-8..10: totals with the drawn cards; twice the other side's total founds a League base."""
    side = owner // 2
    enemy_dom = s.dominant[1 - side]
    mine = s.commit[owner] + s.draw[side]
    theirs = s.commit[enemy_dom] + s.draw[1 - side]  # both spent when revealed (reveal_commitments)
    if mine >= 2 * theirs:
        place(t, s, theater, LEAGUE_BASE[side], 1)
    s.commit = [0] * 4
    s.committed = [0] * 4
    s.draw = [-1, -1]


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    return ("P-DIPLO-7", N_("commit in secret what you can: owner 0-5, the other side's Dominant 0-4 (secret <n>)"))
