"""The Boulé segment (P-BOULE): refilling the Councils, the hostage, and choosing the seven issues.

Both sides act "at the same time" in the source; the engine runs Athens then Sparta at each step
(P-BOULE-11, P-SEQ-9). Each chosen issue is its own step, so step C (three issues) is three steps.
"""

from __future__ import annotations

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import Violation
from kleos.games.pericles.state import OFF, PericlesState, replaced
from kleos.games.pericles.tables import ISSUES_PER_SIDE, Tables

# steps A-D (P-BOULE-5..8): (Dominant chooses?, issues, box on the chooser's half)
STEPS = ((True, 1, 2), (False, 1, 1), (True, 3, 0), (False, 2, 0))
CENTRE_ONLY = ("OST", "WP")  # P-BOULE-9


def sign(f: int) -> int:
    """Track direction of faction ``f``: + toward the side's first faction (AF, EK)."""
    return 1 if f % 2 == 0 else -1


def refill(t: Tables, s: PericlesState) -> None:
    """P-BOULE-1: each Council is topped up to its size from the supply, as far as it goes."""
    for side in (0, 1):
        moved = min(t.council_size - s.council[side], s.supply[side])
        if moved > 0:
            s.council = replaced(s.council, side, s.council[side] + moved)
            s.supply[side] -= moved


def wp_index(t: Tables, side: int) -> int:
    return side * ISSUES_PER_SIDE + t.issue_kinds[side].index("WP")


def hostage_possible(t: Tables, s: PericlesState, side: int) -> bool:
    """P-BOULE-3/4: a held hostage, and the other side's War/Peace issue not already on its track."""
    return bool(s.hostage[side]) and s.track[wp_index(t, 1 - side)] == OFF


def hostage_apply(t: Tables, s: PericlesState, side: int, action: Action) -> None:
    if action.args[0] == "yes":
        s.hostage = replaced(s.hostage, side, 0)
        other = 1 - side
        opponent = 2 * other + (1 - s.dominant[other] % 2)
        s.track[wp_index(t, other)] = 2 * sign(opponent)


def chooser(s: PericlesState) -> int:
    dominant_chooses = STEPS[s.boule][0]
    dom = s.dominant[s.side]
    return dom if dominant_chooses else dom ^ 1


def available(t: Tables, s: PericlesState, side: int) -> list[str]:
    """Issue kinds with a marker not on the track and not removed (P-BOULE-10)."""
    kinds = t.issue_kinds[side]
    return sorted({k for i, k in enumerate(kinds) if s.track[side * ISSUES_PER_SIDE + i] == OFF})


def select_legal(t: Tables, s: PericlesState) -> list[Action]:
    return [built("issue", (k,)) for k in available(t, s, s.side)]


def off_centre(s: PericlesState) -> bool:
    """Whether the Boulé step under way puts its issue off the centre (steps A and B, P-BOULE-5, P-BOULE-6)."""
    return STEPS[s.boule][2] != 0


def select_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    """The chosen issue goes on its box (P-BOULE-5..9); boxes hold any number (P-BOULE-12)."""
    kind = str(action.args[0])
    side = s.side
    index = next(i for i, k in enumerate(t.issue_kinds[side])
                 if k == kind and s.track[side * ISSUES_PER_SIDE + i] == OFF)
    box = 0 if kind in CENTRE_ONLY else STEPS[s.boule][2]
    s.track[side * ISSUES_PER_SIDE + index] = sign(f) * box
    s.picks -= 1


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "hostage":
        return ("P-BOULE-3", N_("answer hostage yes or hostage no"))
    return ("P-BOULE-10", N_("choose an issue that is neither on the track nor removed: issue <code>"))
