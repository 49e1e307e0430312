"""How good a Pericles position is for one faction: the evaluation the bots score positions with.

A faction wins the game when its side wins the war and it has more Honor than its compatriot
(P-VICTORY-11), so the value multiplies two shares: the side's (its combined Honor against the
enemy's, P-VICTORY-11) and the faction's against its compatriot. Both margins add what is still to
come: the end-of-game bonuses of scenarios that have them (P-VICTORY-7..10: Dominance, bases,
theaters held), the Honor the Strategos stocks will bring at Political Capital (P-CAPITAL-2, 1 per 4)
and a small worth for units on the map and theater markers held. A faction values its side's win
even when its compatriot takes the game (``SIDE_SHARE`` of the value for the heuristic), so it
plays its side's war as well as its own Honor.

The search (ISMCTS) and its guide score with :func:`duel_value` instead: a sum, not a product, with
the duel against the compatriot given most of the weight (``1 - DUEL_SIDE_SHARE``). The product let
the duel count only as far as the side was winning, and scored a finished game by its winner alone,
so a faction whose side was losing the war could not tell its futures apart; measured on the
vignette, the search then out-scored its ``heuristic`` compatriot no more often than a heuristic
in its seat (benchmarks/per_strength.py). Weights are hand-set, not fitted.

``ahead=True`` (the search's ``pending`` objective) also plays out the Raids still face down on the
map (:func:`raids_ahead`): each Military marker in a theater contested for its owner's side is a
Raid its stock can pay for (P-RAID-1, P-RAID-2) and drains the enemy Dominant by a mean battle card
(P-RAID-3, P-RAID-4). Without it a position half way through the resolution segment credits a
Dominant's Strategos at a quarter Honor each (Political Capital) though each one it holds will spare
it an Honor lost to the Raids to come, and credits no faction with the Raids it has yet to make.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from kleos.core.kit.agents import Evaluator
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.common import CONTESTED, controls, count, status, units_of
from kleos.games.pericles.rules.final import political_bonus
from kleos.games.pericles.rules.theater import RAID_COST, RAID_HONOR, entry_parts
from kleos.games.pericles.state import HIDDEN, PericlesState
from kleos.games.pericles.tables import MIL, N_THEATERS, PERSIA, SIDE_BASES, Tables, factions_of

SIDE_TEMPERATURE = 6.0  # Honor of side margin that makes a side e (≈2.7) times as likely to win
FACTION_TEMPERATURE = 4.0  # the same between compatriots
PROJECTION = 0.6  # how much of the end-of-game bonuses a position is credited with before the end
UNIT = 0.4  # Honor a unit on the map is worth to its side (it holds and takes theaters)
MARKER = 0.5  # Honor a theater marker held is worth to its faction (an issue still to resolve)
SIDE_SHARE = 0.75  # the heuristic's part of the value that only asks for the side's win
SEARCH_SIDE_SHARE = 0.25  # the same in the search's former objective (``product``, for comparison)
DUEL_SIDE_SHARE = 0.25  # :func:`duel_value`'s part for the side's war
FINAL_WINNER = 0.5  # :func:`final_value`'s part for who won; the rest for the final Honor margins
RAID_CARD = 3.0  # a battle card's mean value: the decks hold the values 1 - 5 five, six, eight, six and five times


class Standing(NamedTuple):
    """Each faction's Honor and Strategos stock, as they stand or with the Raids ahead played out."""

    honor: list[float]
    stock: list[float]


def stock(s: PericlesState, f: int) -> int:
    """A faction's Strategos stock (0 where a view hides it)."""
    return 0 if s.stock[f] == HIDDEN else s.stock[f]


def end_bonus(t: Tables, s: PericlesState, side: int) -> float:
    """P-VICTORY-8..10: 3 Honor per base on the map, 3 (Athens) or 6 (Sparta) per theater held; none
    once the game is over (the Honor then holds them)."""
    if not t.scenario.end_bonuses or s.outcome is not None:
        return 0.0
    theaters = [th for th in range(N_THEATERS) if th != PERSIA]
    bases = sum(count(s, th, b) for th in theaters for b in SIDE_BASES[side])
    held = sum(1 for th in theaters if controls(s, th, side))
    return 3.0 * bases + (3.0 if side == 0 else 6.0) * held


def pending_raids(s: PericlesState) -> list[int]:
    """The Raids each faction's Military markers still on the map will make: those in a theater
    contested for its side (P-RAID-1), as many as its stock pays for (3 Strategos each, P-RAID-2).
    A marker the position hides (a view's face-down marker) counts for nothing."""
    markers = [0] * 4
    for entry in s.queue:
        theater, _placer, owner, kind = entry_parts(entry)
        if kind == MIL and status(s, theater, owner // 2) == CONTESTED:
            markers[owner] += 1
    return [min(markers[f], stock(s, f) // RAID_COST) for f in range(4)]


def raids_ahead(s: PericlesState) -> Standing:
    """The standing once the Raids ahead are made: each raider spends 3 Strategos for 3 Honor
    (P-RAID-2); the enemy Dominant loses a mean card's worth of Strategos, and Honor for what its
    stock lacks (P-RAID-3, P-RAID-4)."""
    raids = pending_raids(s)
    honor = [float(s.honor[f] + RAID_HONOR * raids[f]) for f in range(4)]
    stocks = [float(stock(s, f) - RAID_COST * raids[f]) for f in range(4)]
    for side in (0, 1):
        drained = s.dominant[side]
        due = RAID_CARD * sum(raids[f] for f in factions_of(1 - side))
        paid = min(due, stocks[drained])
        stocks[drained] -= paid
        honor[drained] = max(0.0, honor[drained] - (due - paid))  # P-HONOR-3
    return Standing(honor, stocks)


def standing(s: PericlesState, ahead: bool = False) -> Standing:
    """Honor and stocks as they stand, or with the Raids ahead played out (``ahead``)."""
    if ahead:
        return raids_ahead(s)
    return Standing([float(h) for h in s.honor], [float(stock(s, f)) for f in range(4)])


def side_score(t: Tables, s: PericlesState, side: int, ahead: bool = False) -> float:
    """A side's combined Honor and what is still to come to it (see the module docstring)."""
    now = standing(s, ahead)
    honor = sum(now.honor[f] + now.stock[f] / 4.0 for f in factions_of(side))
    units = sum(units_of(s, th, side) for th in range(N_THEATERS))
    return honor + PROJECTION * end_bonus(t, s, side) + UNIT * units


def faction_score(t: Tables, s: PericlesState, f: int, ahead: bool = False) -> float:
    """A faction's Honor and what is still to come to it alone (P-VICTORY-7: ±5 by Dominance, where the
    scenario or the vignette's end-bonus option scores it)."""
    now = standing(s, ahead)
    dominance = 5.0 if s.dominant[f // 2] == f else -5.0
    markers = sum(s.held[f * 4 * 5:(f + 1) * 4 * 5])
    return (now.honor[f] + now.stock[f] / 4.0 + MARKER * markers
            + (PROJECTION * dominance if political_bonus(t) and s.outcome is None else 0.0))


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def side_share(t: Tables, s: PericlesState, side: int, ahead: bool = False) -> float:
    """The side's chance of winning the war, from the margin of its score over the enemy's."""
    return _sigmoid((side_score(t, s, side, ahead) - side_score(t, s, 1 - side, ahead)) / SIDE_TEMPERATURE)


def faction_share(t: Tables, s: PericlesState, f: int, ahead: bool = False) -> float:
    """The faction's chance of out-scoring its compatriot."""
    return _sigmoid((faction_score(t, s, f, ahead) - faction_score(t, s, f ^ 1, ahead)) / FACTION_TEMPERATURE)


def value(t: Tables, s: PericlesState, f: int, side_weight: float = SIDE_SHARE) -> float:
    """The faction's value of ``s`` in [0, 1]: ``side_weight`` for its side's win, the rest for
    winning the game."""
    if s.outcome is not None:
        return final_value(s, f, side_weight)
    side = side_share(t, s, f // 2)
    return side * (side_weight + (1.0 - side_weight) * faction_share(t, s, f))


def final_value(s: PericlesState, f: int, side_weight: float = SIDE_SHARE) -> float:
    """A finished game's value for faction ``f``: the game's winner decides it, and the final Honor
    margins split what the winner alone cannot tell apart.

    Scored by the winner alone, every future of a look-ahead that reaches the end of a short scenario
    is worth 0, ``side_weight`` or 1; an issue taken and an issue declined then tie, and the heuristic
    declined almost every issue (ties keep the first candidate, and ``decline`` is listed first). The
    margins (the side's combined Honor, P-VICTORY-11; the faction's over its compatriot) make a
    larger win and a narrower loss worth more."""
    outcome = s.outcome
    assert outcome is not None
    side = f // 2
    war = sum(s.honor[g] for g in factions_of(side)) - sum(s.honor[g] for g in factions_of(1 - side))
    duel = s.honor[f] - s.honor[f ^ 1]
    margins = (side_weight * _sigmoid(war / SIDE_TEMPERATURE)
               + (1.0 - side_weight) * _sigmoid(duel / FACTION_TEMPERATURE))
    winner = outcome.winner
    if winner is None:
        won = 0.5 * side_weight
    else:
        won = 0.0 if winner // 2 != side else side_weight + (1.0 - side_weight) * (winner == f)
    return FINAL_WINNER * won + (1.0 - FINAL_WINNER) * margins


def duel_value(t: Tables, s: PericlesState, f: int, side_weight: float = DUEL_SIDE_SHARE,
               ahead: bool = False) -> float:
    """The faction's value of ``s`` in [0, 1] as a sum: ``side_weight`` times its side's share, the
    rest its share against its compatriot. Unlike :func:`value` the compatriot duel counts even in a
    war the side loses, and a finished game is scored by its margins, not by its winner alone, so
    the search still tells apart futures that all lose the war (P-VICTORY-11). ``ahead``: with the
    Raids still on the map played out (:func:`raids_ahead`)."""
    return (side_weight * side_share(t, s, f // 2, ahead)
            + (1.0 - side_weight) * faction_share(t, s, f, ahead))


def pending_value(t: Tables, s: PericlesState, f: int) -> float:
    """:func:`duel_value` with the Raids ahead played out."""
    return duel_value(t, s, f, ahead=True)


Score = Callable[[Tables, PericlesState, int], float]  # a faction's value of a position


def evaluator_for(game: PericlesGame, score: Score = duel_value) -> Evaluator:
    """The search's evaluation: ``score`` (:func:`duel_value` unless an experiment names another)."""
    t = game.tables

    def evaluate(state: Any, seat: int) -> float:
        assert isinstance(state, PericlesState)
        return score(t, state, seat)

    return evaluate
