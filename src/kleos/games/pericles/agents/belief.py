"""The search's belief about the theater markers it cannot see (P-INFO-5, P-INFO-6).

The kit's determinization draws every marker a faction cannot see as a Rumor (P-THEATER-12), so in
a look-ahead no other faction's marker is ever an issue: no enemy Raid drains the side's Dominant
(P-RAID-3, P-RAID-4), no compatriot Raid or Oracle gains it Honor. A Dominant then spends Strategos
as if nothing would take them, and every faction misjudges the duel with its compatriot, whose
Honor stands still in its futures. Where the scenario assigns each faction's theater markers in
advance (the vignettes' sheet is public, P-INFO-1), :func:`believe` draws the unseen ones from that
sheet instead: the markers the viewer sees of that faction are taken out first, and once placement
is over a marker held again is a Rumor back from the map (P-THEATER-4, P-THEATER-12). Markers already
revealed and resolved are not remembered, so late in the resolution segment the draw leans to issues
a little too much. Scenarios without a sheet (markers won in debate) keep the kit's draw.

Reads only the view and the public scenario; the drawn state is the search's guess, never the truth.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, RUM, Tables
from kleos.games.pericles.view import SECRET_KIND, PericlesView

N_KINDS = len(MARKER_KINDS)
Determinize = Callable[[PericlesView, random.Random], PericlesState]


def marker_sheet(t: Tables) -> list[list[int]]:
    """Each faction's theater markers as the scenario assigns them (kind indices; empty: none assigned)."""
    sheet = t.scenario.theater_markers
    return [[MARKER_KINDS.index(kind) for kind in sheet.get(code, [])] for code in FACTIONS]


def _take(pool: list[int], kind: int, times: int = 1) -> None:
    for _ in range(times):
        if kind in pool:
            pool.remove(kind)


def unseen_pool(view: PericlesView, f: int, sheet: list[int], placing: bool) -> list[int]:
    """The kinds ``f``'s unseen markers may be: its sheet less the markers of ``f`` the viewer sees,
    and less the Rumors it holds again once placement is over."""
    s = view.state
    pool = list(sheet)
    for entry in s.queue:
        if entry % 10 != SECRET_KIND and entry // 10 % 10 == f:
            _take(pool, entry % 10)
    for holder in range(4):
        for kind in range(N_KINDS):
            _take(pool, kind, s.held[(holder * 4 + f) * N_KINDS + kind])
    if not placing:
        _take(pool, RUM, hidden_held(view, f))
    return pool


def hidden_held(view: PericlesView, f: int) -> int:
    """How many markers ``f`` holds that the viewer cannot see."""
    return view.markers_held[f] - sum(view.state.held[f * 4 * N_KINDS:(f + 1) * 4 * N_KINDS])


def redraw(view: PericlesView, s: PericlesState, f: int, sheet: list[int], rng: random.Random) -> None:
    """Give ``f``'s unseen markers in ``s`` (face down on the map, and held while placing) kinds drawn
    without replacement from its pool; Rumors where the pool runs out."""
    placing = view.state.step == "place"
    secret = [i for i, entry in enumerate(view.state.queue)
              if entry % 10 == SECRET_KIND and entry // 100 % 10 == f]
    held = hidden_held(view, f) if placing else 0
    pool = unseen_pool(view, f, sheet, placing)
    rng.shuffle(pool)
    kinds = (pool + [RUM] * (len(secret) + held))[:len(secret) + held]
    for i, kind in zip(secret, kinds[:len(secret)], strict=True):
        s.queue[i] = s.queue[i] - s.queue[i] % 10 + kind
    own = f * 4 + f
    s.held[own * N_KINDS + RUM] -= held
    for kind in kinds[len(secret):]:
        s.held[own * N_KINDS + kind] += 1


def believe(game: PericlesGame, view: PericlesView, rng: random.Random) -> PericlesState:
    """A state consistent with ``view`` (the kit's determinization) whose unseen theater markers are
    drawn from the scenario's sheet (see the module docstring)."""
    s = game.determinize(view, rng)
    sheet = marker_sheet(game.tables)
    for f in range(4):
        if f != view.seat and sheet[f]:
            redraw(view, s, f, sheet[f], rng)
    return s


def believer(game: PericlesGame) -> Determinize:
    """:func:`believe` for ``game``, in the shape of ``game.determinize``."""

    def determinize(view: PericlesView, rng: random.Random) -> PericlesState:
        return believe(game, view, rng)

    return determinize
