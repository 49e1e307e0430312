"""Build positions for tests, examples and bug reports, keeping every piece count consistent.

``turn_position`` gives the edition's starting set-up at the start of a turn of any round (no
event, chosen face-up projects); the setters move pieces to and from the supply so the cube,
disc and merchant totals stay conserved (R-COMP). ``play`` applies actions in notation.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import turn
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOOD_INDEX, N_GOODS, NO_ONE, SIDES


def side_index(side: int | str) -> int:
    return side if isinstance(side, int) else SIDES.index(side.lower())


def turn_position(game: PolisGame, *, round: int = 0, active: int | str = "sparta", seed: int = 0,
                  projects: tuple[str, ...] = ()) -> PolisState:
    """The starting set-up, at the start of ``active``'s first turn of round ``round``."""
    t = game.tables
    s = game.new_state(seed)
    s.chance = None
    s.round = round
    s.event = None
    s.event_flags = []
    s.project_pile = list(range(len(t.projects)))
    s.projects_face_up = []
    for name in projects:
        tile = t.project_index[name]
        s.project_pile.remove(tile)
        s.projects_face_up.append(tile)
    turn.begin_turns(s, side_index(active))
    return s


def set_units(game: PolisGame, s: PolisState, region: str, athens: int | None = None,
              sparta: int | None = None) -> None:
    """Hoplites in a territory or galleys in a sea, taken from or returned to the supply."""
    r = game.tables.region_index[region]
    for side, n in ((0, athens), (1, sparta)):
        if n is None:
            continue
        s.supply_cubes[side] += s.units[r * 2 + side] - n
        s.units[r * 2 + side] = n


def set_polis(game: PolisGame, s: PolisState, polis: str, owner: int | str | None, pop: int = 0) -> None:
    """Give a polis to a side with ``pop`` cubes, or make it neutral (``owner=None``)."""
    t = game.tables
    p = t.polis_index[polis]
    old = s.owner[p]
    if old != NO_ONE:
        s.supply_cubes[old] += s.pop[p]
        s.supply_discs[old] += 1
    s.owner[p], s.pop[p] = NO_ONE, 0
    if owner is not None:
        side = side_index(owner)
        s.owner[p], s.pop[p] = side, pop
        s.supply_cubes[side] -= pop
        s.supply_discs[side] -= 1


def set_goods(s: PolisState, side: int | str, **amounts: int) -> None:
    i = side_index(side)
    for good, n in amounts.items():
        s.goods[i * N_GOODS + GOOD_INDEX[good]] = n


def set_prestige(s: PolisState, side: int | str, n: int) -> None:
    s.prestige[side_index(side)] = n


def goods_of(s: PolisState, side: int | str) -> dict[str, int]:
    i = side_index(side)
    return {g: s.goods[i * N_GOODS + k] for g, k in GOOD_INDEX.items()}


def play(game: PolisGame, s: PolisState, *actions: str) -> PolisState:
    """Apply actions (chance outcomes included) in notation, in place; returns the state."""
    for text in actions:
        game.apply_in_place(s, Action.parse(text))
    return s
