"""Tournament reports: win rates with 95% intervals, ratings, end reasons, scores, lengths, speed.

Every figure holds for any number of seats: a won game gives its winner 1 point, a drawn one
shares 1 point among the seats (half a point each with two). Seat names come from the game, and so
do its teams (seats that win together), when it has any."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kleos.arena.stats import (
    bradley_terry_elo,
    finishing_ranks,
    mean,
    openskill_ratings,
    percentile,
    stdev,
    wilson_interval,
)
from kleos.arena.tournament import GameResult, agents_of, build_game
from kleos.core import registry
from kleos.i18n.platform import _


def _record(points: float, games: int) -> dict[str, Any]:
    low, high = wilson_interval(points, games)
    return {"games": games, "points": points, "rate": points / games if games else 0.0, "ci95": [low, high]}


def points_of(result: GameResult, seat: int) -> float:
    """``seat``'s share of the game's one point: all of it for the winner, an equal share in a draw."""
    if result.winner is None:
        return 1.0 / len(result.seats)
    return 1.0 if result.winner == seat else 0.0


def pair_score(result: GameResult, a: str, b: str) -> float:
    """How ``a`` fared against ``b`` in a game both sat in: 1 if ``a`` won, 0 if ``b`` did, else half."""
    won = None if result.winner is None else result.seats[result.winner]
    return 1.0 if won == a else 0.0 if won == b else 0.5


def team_points(result: GameResult, seats: tuple[int, ...]) -> float:
    """A team's share of the game's one point: all of it when one of its seats won, its seats'
    shares in a draw."""
    return sum(points_of(result, seat) for seat in seats)


def _teams(results: list[GameResult], game: str, seat_count: int, agents: list[str]) -> dict[str, Any]:
    """Each team's win rate, and per agent the team's rate in the games the agent sat in it (teams
    that do not fit the seats these options give are left out)."""
    teams: dict[str, Any] = {}
    for name, seats in registry.kit(game).teams:
        if not seats or max(seats) >= seat_count:
            continue
        by_agent = {}
        for agent in agents:
            games = [r for r in results if any(r.seats[s] == agent for s in seats)]
            by_agent[agent] = _record(sum(team_points(r, seats) for r in games), len(games))
        teams[name] = {**_record(sum(team_points(r, seats) for r in results), len(results)),
                       "seats": list(seats), "by_agent": by_agent}
    return teams


def _scored(result: GameResult) -> bool:
    """A game that ended with scores (games ended otherwise carry none, only zeros)."""
    return any(result.scores)


def _agent_record(results: list[GameResult], name: str, seat_names: tuple[str, ...]) -> dict[str, Any]:
    mine = [(r, seat) for r in results for seat, n in enumerate(r.seats) if n == name]
    by_side = {}
    for seat, side in enumerate(seat_names):
        games = [r for r, s in mine if s == seat]
        by_side[side] = _record(sum(points_of(r, seat) for r in games), len(games))
    scores = [float(r.scores[s]) for r, s in mine if _scored(r)]
    think = [r.think_seconds[s] / r.decisions[s] for r, s in mine if r.decisions[s]]
    return {
        **_record(sum(points_of(r, s) for r, s in mine), len(mine)),
        "wins": sum(1 for r, s in mine if r.winner == s),
        "draws": sum(1 for r, _ in mine if r.winner is None),
        "losses": sum(1 for r, s in mine if r.winner is not None and r.winner != s),
        "by_side": by_side,
        "final_scores": {"n": len(scores), "mean": mean(scores), "sd": stdev(scores),
                         "min": min(scores, default=0.0), "max": max(scores, default=0.0)},
        "seconds_per_decision": {"mean": mean(think), "p95": percentile(think, 0.95)},
    }


def _pairs(results: list[GameResult], agents: list[str]) -> dict[str, Any]:
    pairs: dict[str, Any] = {}
    for a in agents:
        for b in agents:
            if a == b:
                continue
            met = [r for r in results if a in r.seats and b in r.seats]
            if met:
                pairs[f"{a} vs {b}"] = _record(sum(pair_score(r, a, b) for r in met), len(met))
    return pairs


def _ratings(results: list[GameResult], agents: list[str], seats: int) -> dict[str, Any]:
    """Bradley–Terry Elo for two-seat games (all results at once), openskill for any seat count."""
    in_order = sorted(results, key=lambda r: r.index)
    duels = [(r.seats[0], r.seats[1], points_of(r, 0)) for r in in_order if len(r.seats) == 2]
    placings = [(r.seats, finishing_ranks(r.winner, len(r.seats))) for r in in_order]
    return {
        "ratings_elo": bradley_terry_elo(agents, duels) if agents and seats == 2 else {},
        "ratings_openskill": openskill_ratings(agents, placings),
    }


def summarize(results: list[GameResult], game: str, options: dict[str, Any] | None = None,
              seed: int | None = None, seat_names: Sequence[str] | None = None) -> dict[str, Any]:
    """Everything the report shows, as JSON-ready data (``game`` names the kit, for its title and seats;
    ``seat_names``: those of the game ``options`` make, when the caller built it already)."""
    seat_names = tuple(seat_names if seat_names is not None else build_game(game, options or {}).seat_names)
    agents = list(agents_of(results))
    steps = [float(r.steps) for r in results]
    return {
        "game": game,
        "title": registry.kit(game).title,
        "options": options or {},
        "seed": seed,
        "games": len(results),
        "seat_count": len(seat_names),
        "agents": {name: _agent_record(results, name, seat_names) for name in agents},
        "pairs": _pairs(results, agents),
        **_ratings(results, agents, len(seat_names)),
        "sides": {side: _record(sum(points_of(r, seat) for r in results), len(results))  # per seat
                  for seat, side in enumerate(seat_names)},
        "teams": _teams(results, game, len(seat_names), agents),
        "end_reasons": dict(Counter(r.reason for r in results).most_common()),
        "length_steps": {"mean": mean(steps), "median": percentile(steps, 0.5), "min": min(steps, default=0.0),
                         "max": max(steps, default=0.0)},
        "rounds_reached": dict(sorted(Counter(r.rounds for r in results).items())),
    }


def _pct(rec: dict[str, Any]) -> str:
    low, high = rec["ci95"]
    return f"{100 * rec['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _rank_key(summary: dict[str, Any], name: str) -> float:
    """Best first: by Elo when the games had two seats, else by the cautious openskill figure."""
    elo: dict[str, float] = summary["ratings_elo"]
    skill: dict[str, dict[str, float]] = summary["ratings_openskill"]
    return -elo[name] if elo else -skill[name]["ordinal"]


def _skill(rating: dict[str, float]) -> str:
    return f"{rating['mu']:.1f} ± {rating['sigma']:.1f}"


def markdown(summary: dict[str, Any]) -> str:
    """A readable report; 95% Wilson intervals in brackets, a draw shared among the seats."""
    elo = bool(summary["ratings_elo"])
    sides = list(summary["sides"])
    lines = ["# " + _("Arena: {title} {options}", title=summary["title"], options=summary["options"]), "",
             _("{games} games of {seats} seats, seed {seed}. Win rates share a drawn game's point among its "
               "seats (half a win with two); brackets give 95% Wilson intervals. Skill is openskill's "
               "Plackett–Luce mu ± sigma.", games=summary["games"], seats=summary["seat_count"],
               seed=summary["seed"]), "", "## " + _("Agents"), "",
             "| " + _("agent | games | W-D-L | win rate") + " | " + ("Elo | " if elo else "") + _("skill") + " | "
             + " | ".join(sides) + " | " + _("s/decision") + " |",
             "|---|---|---|---|" + ("---|" if elo else "") + "---|" + "---|" * len(sides) + "---|"]
    for name in sorted(summary["agents"], key=lambda n: _rank_key(summary, n)):
        rec = summary["agents"][name]
        by_side = " | ".join(_pct(rec["by_side"][side]) for side in sides)
        rating = f"{summary['ratings_elo'][name]:.0f} | " if elo else ""
        lines.append(f"| {name} | {rec['games']} | {rec['wins']}-{rec['draws']}-{rec['losses']} | {_pct(rec)} | "
                     f"{rating}{_skill(summary['ratings_openskill'][name])} | {by_side} | "
                     f"{rec['seconds_per_decision']['mean']:.3f} |")
    lines += ["", "## " + _("Pairs"), "", "| " + _("pair | games | first agent's rate") + " |", "|---|---|---|"]
    lines += [f"| {pair} | {rec['games']} | {_pct(rec)} |" for pair, rec in summary["pairs"].items()]
    lines += ["", "## " + _("Seats"), "", "| " + _("seat | win rate") + " |", "|---|---|"]
    lines += [f"| {side} | {_pct(rec)} |" for side, rec in summary["sides"].items()]
    lines += _team_lines(summary)
    lines += ["", "## " + _("End reasons"), "", "| " + _("reason | games") + " |", "|---|---|"]
    lines += [f"| {reason} | {n} |" for reason, n in summary["end_reasons"].items()]
    ls = summary["length_steps"]
    lines += ["", "## " + _("Game length"), "",
              _("Steps: mean {mean}, median {median}, min {least}, max {most}. Rounds reached: {rounds}.",
                mean=f"{ls['mean']:.1f}", median=f"{ls['median']:.0f}", least=f"{ls['min']:.0f}",
                most=f"{ls['max']:.0f}", rounds=summary["rounds_reached"]),
              "", "## " + _("Final scores (games decided by score)"), "",
              "| " + _("agent | n | mean | sd | min | max") + " |", "|---|---|---|---|---|---|"]
    for name, rec in summary["agents"].items():
        fs = rec["final_scores"]
        lines.append(f"| {name} | {fs['n']} | {fs['mean']:.1f} | {fs['sd']:.1f} | {fs['min']:.0f} | {fs['max']:.0f} |")
    return "\n".join(lines) + "\n"


def _team_lines(summary: dict[str, Any]) -> list[str]:
    """The teams' table (none for a game without teams): a team wins with any of its seats; per
    agent, the team's rate in the games the agent sat in it."""
    teams: dict[str, Any] = summary.get("teams", {})
    if not teams:
        return []
    seats = list(summary["sides"])
    agents = list(summary["agents"])
    lines = ["", "## " + _("Teams"), "", _("A team wins a game when one of its seats wins; the agent columns give "
                                           "the team's rate in the games that agent sat in it."), "",
             "| " + _("team | seats | games | win rate") + " | " + " | ".join(agents) + " |",
             "|---|---|---|---|" + "---|" * len(agents)]
    for name, rec in teams.items():
        members = ", ".join(seats[s] for s in rec["seats"])
        per_agent = " | ".join(_pct(rec["by_agent"][a]) if rec["by_agent"][a]["games"] else "-" for a in agents)
        lines.append(f"| {name} | {members} | {rec['games']} | {_pct(rec)} | {per_agent} |")
    return lines


def write_reports(summary: dict[str, Any], results: list[GameResult], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    md, js = out / "report.md", out / "report.json"
    md.write_text(markdown(summary), encoding="utf-8")
    js.write_text(json.dumps({**summary, "results": [r.to_json() for r in results]}, indent=1), encoding="utf-8")
    return [md, js]


def write_plots(summary: dict[str, Any], results: list[GameResult], out: Path) -> list[Path]:
    """PNG charts: win rates with intervals, win rate by side, game lengths, time per decision."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    names = list(summary["agents"])
    title = summary["title"]
    written = []

    fig, ax = plt.subplots(figsize=(7, 4))
    rates = [summary["agents"][n]["rate"] for n in names]
    errors = [[r - summary["agents"][n]["ci95"][0] for n, r in zip(names, rates, strict=True)],
              [summary["agents"][n]["ci95"][1] - r for n, r in zip(names, rates, strict=True)]]
    ax.bar(names, rates, yerr=errors, capsize=4, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{title}: win rate per agent")
    written.append(_save(fig, out / "win_rates.png"))

    fig, ax = plt.subplots(figsize=(7, 4))
    sides = list(summary["sides"])
    width = 0.8 / len(sides)
    for i, side in enumerate(sides):
        values = [summary["agents"][n]["by_side"][side]["rate"] for n in names]
        ax.bar([k + i * width for k in range(len(names))], values, width=width, label=side)
    ax.set_xticks([k + width * (len(sides) - 1) / 2 for k in range(len(names))], names)
    ax.set_ylim(0, 1)
    ax.legend()
    ax.set_title(f"{title}: win rate per agent and side")
    written.append(_save(fig, out / "win_rates_by_side.png"))

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist([r.steps for r in results], bins=20, color="#55a868")
    ax.set_xlabel("steps per game")
    ax.set_title(f"{title}: game length")
    written.append(_save(fig, out / "game_lengths.png"))

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(names, [summary["agents"][n]["seconds_per_decision"]["mean"] for n in names], color="#c44e52")
    ax.set_ylabel("seconds per decision")
    ax.set_title(f"{title}: thinking time")
    written.append(_save(fig, out / "time_per_decision.png"))
    return written


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path
