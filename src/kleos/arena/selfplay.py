"""Self-play statistics for any game: one agent in every seat, seeded games, tallies by seat.

``kleos random GAME`` and the games' own ``random`` commands are this one loop (the arena's
:func:`~kleos.arena.tournament.play_game`: chance from the state's seed, each seat deciding from its
view): wins by seat, by team for games whose seats win together, end reasons and the average
length, so a rules change that tilts the game towards a seat shows at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kleos.arena.tournament import ROUND_CAP, STEP_CAP, GameSpec, Progress, play_game
from kleos.core.kit import GameKit
from kleos.i18n.platform import _

SHARED = "shared"  # finished with no single winner
UNFINISHED = "none"  # stopped by a cap


def run_selfplay(kit: GameKit, options: Mapping[str, Any], agent: str, games: int, seed: int, *,
                 max_steps: int = 0, max_rounds: int = 0, progress: Progress | None = None,
                 seat_names: Sequence[str] | None = None) -> dict[str, Any]:
    """Tallies of ``games`` games seeded ``seed``, ``seed + 1``, … (the same seed, the same tallies);
    ``seat_names`` of the game ``options`` make, when the caller built it already."""
    names = list(seat_names if seat_names is not None else kit.make_game(options).seat_names)
    team_of = {seat: team for team, seats in kit.teams for seat in seats}
    wins: Counter[str] = Counter()
    team_wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    rounds = steps = 0
    for i in range(games):
        spec = GameSpec(i, kit.name, dict(options), (agent,) * len(names), seed + i, max_steps, max_rounds)
        result = play_game(spec)
        if result.winner is None:
            key = UNFINISHED if result.reason in (STEP_CAP, ROUND_CAP) else SHARED
            wins[key] += 1
            team_wins[key] += 1
        else:
            wins[names[result.winner]] += 1
            team_wins[team_of.get(result.winner, names[result.winner])] += 1
        reasons[result.reason] += 1
        rounds += result.rounds
        steps += result.steps
        if progress is not None:
            progress.advance()
    tally: dict[str, Any] = {
        "game": kit.name, "options": dict(options), "games": games, "seed": seed, "agent": agent,
        "max_steps": max_steps, "max_rounds": max_rounds, "seats": names, "wins": dict(wins),
        "reasons": dict(reasons), "rounds": rounds, "steps": steps}
    if kit.teams:
        tally["teams"] = [team for team, _ in kit.teams]
        tally["team_wins"] = dict(team_wins)
    return tally


def tally_lines(tally: Mapping[str, Any], elapsed: float, word: Callable[[str], str] = str) -> list[str]:
    """The tallies as a plain report, its headings in the reader's language, the seats' and teams'
    names through the game's ``word`` (:meth:`~kleos.core.kit.GameKit.word`; the end reasons' names
    as the tallies keep them)."""
    n = int(tally["games"])

    def share(k: int) -> str:
        return f"{k} ({100 * k / n:.1f}%)"

    lines = [_("Wins by seat:")]
    seats, teams = tally["seats"], tally.get("teams", [])
    lines += [f"  {word(name) if name in seats else name:<16} {share(tally['wins'].get(name, 0))}"
              for name in [*tally["seats"], SHARED, UNFINISHED] if name in tally["wins"] or name in tally["seats"]]
    if "teams" in tally:
        lines.append(_("Wins by team:"))
        lines += [f"  {word(name) if name in teams else name:<16} {share(tally['team_wins'].get(name, 0))}"
                  for name in [*tally["teams"], SHARED, UNFINISHED]
                  if name in tally["team_wins"] or name in tally["teams"]]
    lines.append(_("End reasons:"))
    lines += [f"  {reason:<16} {count:>6}"
              for reason, count in sorted(tally["reasons"].items(), key=lambda kv: (-kv[1], kv[0]))]
    lines.append(_("Average length: {rounds} rounds, {steps} steps", rounds=f"{tally['rounds'] / n:.2f}",
                   steps=f"{tally['steps'] / n:.1f}"))
    lines.append(_("Time: {seconds} s ({ms} ms per game)", seconds=f"{elapsed:.2f}", ms=f"{1000 * elapsed / n:.1f}"))
    return lines
