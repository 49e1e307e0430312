"""Statistics for tournament reports: confidence intervals and ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (draws count as half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry_elo(players: Sequence[str], games: Sequence[tuple[str, str, float]],
                      iterations: int = 200, anchor: float = 1500.0) -> dict[str, float]:
    """Elo-scale ratings fitted to all results at once (Bradley–Terry, minorization–maximization).

    ``games`` holds (a, b, score of a) with score 1, 0.5 or 0. A prior of one draw against a
    virtual average player keeps ratings finite when a player wins or loses every game. Unlike
    sequential Elo updates, the result does not depend on the order of the games.
    """
    strength = {p: 1.0 for p in players}
    wins: dict[str, float] = {p: 0.5 for p in players}  # the prior draw
    pairs: dict[tuple[str, str], int] = {}
    for a, b, score in games:
        wins[a] += score
        wins[b] += 1.0 - score
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    for _ in range(iterations):
        new = {}
        for p in players:
            denom = 1.0 / (strength[p] + 1.0)  # the prior's virtual opponent has strength 1
            for (a, b), n in pairs.items():
                if p in (a, b):
                    q = b if p == a else a
                    denom += n / (strength[p] + strength[q])
            new[p] = wins[p] / denom
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {p: v / math.exp(mean_log) for p, v in new.items()}
    return {p: anchor + 400.0 * math.log10(strength[p]) for p in players}


def finishing_ranks(winner: int | None, seats: int) -> list[int]:
    """Ranks of the seats at the end of a game (1 is first): the winner first and everybody else
    tied behind; nobody ahead when no seat won (a draw or a shared victory)."""
    return [1 if winner is None or seat == winner else 2 for seat in range(seats)]


def openskill_ratings(players: Sequence[str],
                      games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, dict[str, float]]:
    """Plackett–Luce ratings (openskill) for games of any number of seats, updated game by game.

    ``games`` holds (the player in each seat, each seat's rank), in the order they count. A player
    who sits in several seats of one game is rated as each seat, and keeps the mean of the results.
    ``ordinal`` (mu - 3 sigma) is a cautious single figure to sort by.
    """
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {p: model.rating(name=p) for p in players}
    for seated, ranks in games:
        updated = model.rate([[ratings[name]] for name in seated], ranks=[float(r) for r in ranks])
        by_player: dict[str, list[PlackettLuceRating]] = {}
        for name, team in zip(seated, updated, strict=True):
            by_player.setdefault(name, []).append(team[0])
        for name, copies in by_player.items():
            ratings[name] = model.rating(mu=mean([c.mu for c in copies]), sigma=mean([c.sigma for c in copies]),
                                         name=name)
    return {p: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for p, r in ratings.items()}


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
