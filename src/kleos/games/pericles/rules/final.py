"""The Final phase: victory (P-VICTORY), the will of the assembly (P-WILL) and the set-aside tokens.

The order is P-SEQ-7: victory is determined first; if the game goes on, the will is checked and the
next turn starts. Tokens an Aristophanes card or a failed will set aside return to the supply at the
start of the Final phase (P-AMB-31).

Upkeep (P-UPKEEP) asks the Dominant faction of a side over its limit to remove one unit per step. The
Peace of Callias, which comes first, is :mod:`.persia`.

Redeployment, after upkeep, is :mod:`.redeploy`.
"""

from __future__ import annotations

from typing import NamedTuple

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.core.protocol import Outcome
from kleos.games.pericles.rules.common import (
    CONTESTED,
    FRIENDLY,
    Violation,
    controls,
    count,
    gain,
    in_use,
    remove,
    status,
)
from kleos.games.pericles.state import H_VICTORY, H_WILLS, OVER, PericlesState, replaced
from kleos.games.pericles.tables import (
    AB,
    AR,
    DB,
    EAST_MED,
    N_THEATERS,
    PERSIA,
    PIECES,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    Tables,
    factions_of,
)

ATHENS_THEATER, SPARTA_THEATER = 6, 5
CTRL, CC, BUILD = range(3)
WILL_HONOR = 5  # P-WILL-3/4
VIGNETTE_END_BONUS = "vignette_end_bonus"  # the option that scores P-VICTORY-7 at a vignette's end
POLITICAL, BASES, THEATERS = "political", "bases", "theaters"  # the end-of-game bonuses (P-VICTORY-7..10)
DOMINANCE_HONOR, BASE_HONOR, THEATER_HONOR = 5, 3, (3, 6)  # P-VICTORY-3/7, P-VICTORY-8, P-VICTORY-9/10
CONQUEST, STARVED = N_("conquest"), N_("Athens starved: no granary base")
"""The automatic victories that come with the winning side's bonus (P-VICTORY-3/4)."""
HONOR_VICTORY = N_("automatic Honor victory")  # P-VICTORY-1
SCENARIO_END, VIGNETTE_END, PEACE_END = (N_("end of the scenario"), N_("end of the vignette"),
                                         N_("Peace ended the scenario"))
"""The ends scored by :func:`end_scoring` (P-VICTORY-6, P-VICTORY-13)."""


def granaries(s: PericlesState) -> list[int]:
    """P-VICTORY-5: Sicily, Sparta, Hellespont; the Eastern Mediterranean only during War with Persia."""
    out = [0, 5, 12]
    if s.persia_war and not s.callias:
        out.append(EAST_MED)
    return out


def athens_granary_base(s: PericlesState) -> bool:
    return any(count(s, th, AB) or count(s, th, DB) for th in granaries(s))


def return_set_aside(s: PericlesState) -> None:
    for side in (0, 1):
        s.supply[side] += s.set_aside[side]
        s.set_aside = replaced(s.set_aside, side, 0)


def best_of(s: PericlesState, side: int) -> int:
    """The side's faction with more Honor, the Dominant faction on a tie (P-VICTORY-3/11)."""
    dom = s.dominant[side]
    return dom if s.honor[dom] >= s.honor[dom ^ 1] else dom ^ 1


def finish(s: PericlesState, reason: str, winner: int | None) -> None:
    s.outcome = Outcome(reason, winner, tuple(s.honor))
    s.phase = OVER
    s.step = "over"


def side_wins(s: PericlesState, side: int, reason: str) -> None:
    """P-VICTORY-3/4: the winning side's Dominant +5, its Opponent -5, then its best faction wins."""
    gain(s, s.dominant[side], DOMINANCE_HONOR, H_VICTORY)
    gain(s, s.dominant[side] ^ 1, -DOMINANCE_HONOR, H_VICTORY)
    finish(s, reason, best_of(s, side))


def automatic_victory(t: Tables, s: PericlesState) -> bool:
    """P-VICTORY-1/2/4, in that order of precedence: conquest, granaries, Honor."""
    sparta_takes = controls(s, ATHENS_THEATER, 1)
    athens_takes = controls(s, SPARTA_THEATER, 0)
    if sparta_takes and athens_takes:
        finish(s, N_("conquest of both capitals: a draw"), None)
        return True
    if sparta_takes or athens_takes:
        side_wins(s, 1 if sparta_takes else 0, CONQUEST)
        return True
    if not s.granary_start[0] and not athens_granary_base(s):
        side_wins(s, 1, STARVED)
        return True
    if s.turn in t.scenario.auto_honor_victory_turns:
        for f in range(4):
            if honor_victory(s, f):
                finish(s, HONOR_VICTORY, f)
                return True
    return False


def honor_victory(s: PericlesState, f: int) -> bool:
    """P-VICTORY-1 (a)-(d)."""
    side, h = f // 2, s.honor
    enemies = factions_of(1 - side)
    return (s.dominant[side] == f and h[f] > h[f ^ 1] and all(h[f] >= 3 * h[e] for e in enemies)
            and h[f] + h[f ^ 1] > sum(h[e] for e in enemies))


def split(s: PericlesState, side: int, total: int) -> None:
    """Half each, the odd point to the Dominant faction (P-VICTORY-8/9)."""
    dom = s.dominant[side]
    gain(s, dom, total - total // 2, H_VICTORY)
    gain(s, dom ^ 1, total // 2, H_VICTORY)


def political_bonus(t: Tables) -> bool:
    """Whether P-VICTORY-7 (Dominant +5, Opponent -5) is scored at the end: in a scenario with end
    bonuses, or in a vignette played with the ``vignette_end_bonus`` option (the sources leave the
    vignette's lack of end bonuses only likely, P-VICTORY-6)."""
    return t.scenario.end_bonuses or t.options.vignette_end_bonus == "political"


def side_bases(s: PericlesState, side: int) -> int:
    """The side's bases on the map, Persia's box left out (P-VICTORY-8)."""
    return sum(count(s, th, b) for th in range(N_THEATERS) if th != PERSIA for b in SIDE_BASES[side])


def controlled(s: PericlesState, side: int) -> list[int]:
    """The theaters the side controls, Persia's box left out (P-VICTORY-9/10)."""
    return [th for th in range(N_THEATERS) if th != PERSIA and controls(s, th, side)]


class Bonus(NamedTuple):
    """One end-of-game bonus: its kind, the side, the Honor, and what it counted (the side's bases,
    or the theaters it controls)."""

    kind: str
    side: int
    honor: int
    bases: int = 0
    theaters: tuple[int, ...] = ()


def end_bonuses(t: Tables, s: PericlesState) -> list[Bonus]:
    """The end-of-game bonuses in the order they are scored: the political bonus of each side
    (P-VICTORY-7: its Dominant gains the Honor, its Opponent loses it), then each side's bases and
    theaters (P-VICTORY-8..10: the Honor is split between its factions). One list serves the scoring
    and the story that tells it, so the two cannot disagree, nor count twice."""
    bonuses = [Bonus(POLITICAL, side, DOMINANCE_HONOR) for side in (0, 1)] if political_bonus(t) else []
    if t.scenario.end_bonuses:
        for side in (0, 1):
            bases, held = side_bases(s, side), tuple(controlled(s, side))
            bonuses.append(Bonus(BASES, side, BASE_HONOR * bases, bases=bases))
            bonuses.append(Bonus(THEATERS, side, THEATER_HONOR[side] * len(held), theaters=held))
    return bonuses


def end_scoring(t: Tables, s: PericlesState, reason: str) -> None:
    """P-VICTORY-7..12; without end bonuses (a vignette) only the comparison of P-VICTORY-11/12, after
    P-VICTORY-7 alone if the ``vignette_end_bonus`` option asks for it."""
    for bonus in end_bonuses(t, s):
        if bonus.kind == POLITICAL:
            gain(s, s.dominant[bonus.side], bonus.honor, H_VICTORY)
            gain(s, s.dominant[bonus.side] ^ 1, -bonus.honor, H_VICTORY)
        else:
            split(s, bonus.side, bonus.honor)
    totals = [sum(s.honor[f] for f in factions_of(side)) for side in (0, 1)]
    if totals[0] != totals[1]:
        finish(s, reason, best_of(s, 0 if totals[0] > totals[1] else 1))
        return
    top = max(s.honor)
    leaders = [f for f in range(4) if s.honor[f] == top]
    finish(s, reason, leaders[0] if len(leaders) == 1 else best_of(s, 0))


def no_base_left(t: Tables, s: PericlesState, side: int) -> bool:
    """P-WILL-6: none of the side's base pieces (city-state or League) is left to build."""
    return all(in_use(s, b) >= t.piece_limits[b] for b in SIDE_BASES[side])


def will_met(s: PericlesState, side: int) -> bool | None:
    """P-WILL-5..8; None when the will is ignored (no will, or a BUILD will with no base left)."""
    code, th = s.will_code[side], s.will_theater[side]
    if code < 0 or (code == BUILD and s.no_bases[side]):
        return None
    if code == BUILD:  # a League base built or converted there this turn, and a base of the side still there
        return bool(s.built[th]) and any(count(s, th, b) for b in SIDE_BASES[side])
    st = status(s, th, side)
    return st == FRIENDLY if code == CTRL else st in (FRIENDLY, CONTESTED)


def check_wills(t: Tables, s: PericlesState) -> None:
    """P-WILL-3/4: +5 to each faction of a side that met its will, -5 and 5 tokens set aside if not."""
    for side in (0, 1):
        met = will_met(s, side)
        if met is None:
            continue
        for f in factions_of(side):
            gain(s, f, WILL_HONOR if met else -WILL_HONOR, H_WILLS)
        if not met:
            held = min(5, s.supply[side])
            s.supply[side] -= held
            s.set_aside = replaced(s.set_aside, side, s.set_aside[side] + held)
    s.will_code = [-1, -1]
    s.will_theater = [-1, -1]


# ----- upkeep (P-UPKEEP) ---------------------------------------------------------------------------
def upkeep_capacity(s: PericlesState, side: int) -> int:
    """P-UPKEEP-1/2, P-AMB-33: 4 per base of the side on the map (Persian bases do not count)."""
    return 4 * sum(count(s, th, b) for th in range(N_THEATERS) for b in SIDE_BASES[side])


def upkeep_cost(s: PericlesState, side: int) -> int:
    """P-UPKEEP-2, P-DEF-10: 2 per naval unit, 1 per land unit (city-state, League and Argos)."""
    naval = sum(count(s, th, p) for th in range(N_THEATERS) for p in SIDE_NAVAL[side])
    land = sum(count(s, th, p) for th in range(N_THEATERS) for p in SIDE_LAND[side])
    return 2 * naval + land


def upkeep_legal(t: Tables, s: PericlesState, side: int) -> list[Action]:
    return [Action("disband", (t.theater_keys[th], PIECES[p])) for th in range(N_THEATERS)
            for p in (*SIDE_LAND[side], *SIDE_NAVAL[side]) if count(s, th, p)]


def upkeep_apply(t: Tables, s: PericlesState, action: Action) -> None:
    remove(s, t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])))


def argos_limit(s: PericlesState) -> None:
    """P-ARGOS-3, P-UPKEEP-4: without a Delian base in Sparta at most one Argos unit stays."""
    sparta = SPARTA_THEATER
    if not count(s, sparta, DB) and count(s, sparta, AR) > 1:
        remove(s, sparta, AR, count(s, sparta, AR) - 1)


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    return ("P-UPKEEP-3", N_("remove one of your side's units: disband <theater> <piece>"))
