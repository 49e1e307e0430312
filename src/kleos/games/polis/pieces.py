"""Moving pieces between board, cards and supply, keeping every count consistent.

Every change of units, population, discs, goods and prestige in the rules goes through these
functions, so the limits (R-COMP-*, R-GEN-8 … R-GEN-12) and the follow-up rules they trigger
(siege discs leaving with the last hoplite, a polis rebelling with its last cube) live in one place.
"""

from __future__ import annotations

from kleos.core.protocol import Outcome
from kleos.games.polis.state import OVER, PolisState
from kleos.games.polis.tables import N_GOODS, NO_ONE, Tables, other


# ----- goods and prestige ---------------------------------------------------------------------
def good(s: PolisState, side: int, g: int) -> int:
    return s.goods[side * N_GOODS + g]


def gain_good(t: Tables, s: PolisState, side: int, g: int, n: int) -> None:
    """Add goods; [2020] anything above the board's maximum is lost (R-GEN-11, A-29)."""
    i = side * N_GOODS + g
    value = s.goods[i] + n
    cap = t.bundle.setup.limits.goods_max
    s.goods[i] = min(value, cap) if cap is not None else value


def pay_good(s: PolisState, side: int, g: int, n: int) -> None:
    i = side * N_GOODS + g
    if s.goods[i] < n:
        raise AssertionError("a validated action never pays goods it does not have (R-GEN-9)")
    s.goods[i] -= n


def gain_prestige(t: Tables, s: PolisState, side: int, n: int) -> None:
    cap = t.bundle.setup.limits.prestige_max
    value = s.prestige[side] + n
    s.prestige[side] = min(value, cap) if cap is not None else value


def lose_prestige(s: PolisState, side: int, n: int, reason: str = "prestige_debt") -> bool:
    """Take ``n`` prestige. A player who must lose prestige he lacks loses the game at once
    (R-END-1, R-END-4). Returns False when that ended the game."""
    if s.prestige[side] < n:
        s.prestige[side] = 0
        end_game(s, reason, winner=other(side))
        return False
    s.prestige[side] -= n
    return True


def end_game(s: PolisState, reason: str, winner: int | None, scores: tuple[int, int] = (0, 0)) -> None:
    s.outcome = Outcome(reason, winner, scores)
    s.phase = OVER
    s.pending = None
    s.chance = None
    s.battle = None
    s.eor_pending = None
    s.event_pending = None


# ----- units --------------------------------------------------------------------------------
def add_unit(s: PolisState, region: int, side: int) -> None:
    s.units[region * 2 + side] += 1


def remove_unit(t: Tables, s: PolisState, region: int, side: int, to_supply: bool) -> None:
    """Take a unit off ``region``; ``to_supply`` for losses (R-COMP-9), not for moves.

    [2020] A player's siege discs in a territory go home at once when his last hoplite there
    leaves (R-ACT-SIEGE-28, A-11).
    """
    s.units[region * 2 + side] -= 1
    if to_supply:
        s.supply_cubes[side] += 1
    if s.units[region * 2 + side] == 0 and not t.is_sea(region) and t.rules.siege_discs:
        for polis in t.territory_poleis[region]:
            return_siege_discs(s, polis, side)


def return_siege_discs(s: PolisState, polis: int, side: int) -> None:
    i = polis * 2 + side
    if s.siege_discs[i]:
        s.supply_discs[side] += s.siege_discs[i]
        s.siege_discs[i] = 0


# ----- poleis -------------------------------------------------------------------------------
def make_neutral(s: PolisState, polis: int) -> None:
    """The polis returns to neutrality with its projects; cubes and disc go home (R-MAP-21)."""
    side = s.owner[polis]
    if side == NO_ONE:
        return
    s.supply_cubes[side] += s.pop[polis]
    s.pop[polis] = 0
    s.owner[polis] = NO_ONE
    s.supply_discs[side] += 1


def remove_population(t: Tables, s: PolisState, polis: int) -> None:
    """One cube off a polis to its owner's supply; with its last cube it turns neutral (R-MAP-20)."""
    side = s.owner[polis]
    s.pop[polis] -= 1
    s.supply_cubes[side] += 1
    if s.pop[polis] == 0:
        make_neutral(s, polis)


def take_polis(t: Tables, s: PolisState, polis: int, side: int) -> int:
    """``side`` takes ``polis`` with all its projects, placing base population on a neutral polis or
    as many cubes as the opponent had (R-ACT-SIEGE-18/21/22/23, R-ACT-STASIS-6/7/8). Returns the
    number of cubes placed."""
    previous = s.owner[polis]
    if previous == NO_ONE:
        cubes = t.polis_base[polis]
    else:
        cubes = s.pop[polis]
        s.supply_cubes[previous] += cubes
        s.supply_discs[previous] += 1
    s.supply_cubes[side] -= cubes
    s.supply_discs[side] -= 1
    s.owner[polis] = side
    s.pop[polis] = cubes
    return cubes


def discs_available(t: Tables, s: PolisState, side: int, n: int = 1) -> bool:
    """[2020] discs are limited (R-COMP-5); [2012] unlimited (R-COMP-7)."""
    return t.unlimited_discs or s.supply_discs[side] >= n
