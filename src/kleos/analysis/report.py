"""What an analysis shows: each seat's value over the game, the turning points, a sparkline for the
terminal and a Markdown report.

A turning point is a move marked a mistake or a blunder, or a swing: a seat's estimate moving by at
least the game's blunder threshold between two of its own decisions (through the others' moves or
chance, which are named as such and blamed on nobody). At most :data:`MAX_TURNING_POINTS` are kept,
the largest, in the order of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kleos.analysis.engine import MARK_NAMES, GameAnalysis, StepAnalysis

MAX_TURNING_POINTS = 6
SPARKS = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 60


@dataclass(frozen=True)
class TurningPoint:
    """``index``: the step the replay jumps to (the position before it); ``size``: the value moved."""

    index: int
    seat: int
    kind: str
    size: float
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "kind": self.kind, "size": round(self.size, 4),
                "text": self.text}


def analysis_json(analysis: GameAnalysis) -> dict[str, Any]:
    """The analysis as JSON, with its turning points (``kleos analyse --format json``, the server)."""
    return {**analysis.to_json(), "turning_points": [t.to_json() for t in turning_points(analysis)]}


def series(analysis: GameAnalysis, seat: int) -> list[tuple[int, float]]:
    """(step index, chance before the move: the calibrated estimate) at each of ``seat``'s searched
    decisions."""
    return [(s.index, s.chance if s.chance is not None else s.before) for s in analysis.decisions(seat)
            if s.before is not None]


def turning_points(analysis: GameAnalysis) -> list[TurningPoint]:
    found = [_marked(analysis, s) for s in analysis.decisions() if s.mark in MARK_NAMES[1:]]
    for seat in range(len(analysis.seat_names)):
        found.extend(_swings(analysis, seat))
    found.sort(key=lambda t: -t.size)
    return sorted(found[:MAX_TURNING_POINTS], key=lambda t: (t.index, t.seat))


def _marked(analysis: GameAnalysis, step: StepAnalysis) -> TurningPoint:
    return TurningPoint(step.index, step.seat, step.mark or "", step.loss,
                        f"{analysis.seat_names[step.seat]}: {step.words}: a {step.mark} (lost {_pct(step.loss)}; "
                        f"better {step.preferred_words})")


def _swings(analysis: GameAnalysis, seat: int) -> list[TurningPoint]:
    points = series(analysis, seat)
    threshold = analysis.marks[2]
    name = analysis.seat_names[seat]
    found = []
    for (_, old), (index, new) in pairwise(points):
        if abs(new - old) >= threshold:
            way = "rose" if new > old else "fell"
            found.append(TurningPoint(index, seat, "swing", abs(new - old),
                                      f"{name}'s {analysis.chance_words} {way} from {_pct(old)} to {_pct(new)} "
                                      f"through the others' moves and chance"))
    return found


def _pct(value: float | None) -> str:
    return "?" if value is None else f"{round(100 * value)}%"


def sparkline(values: list[float], width: int = SPARK_WIDTH) -> str:
    """``values`` in [0, 1] as block characters, at most ``width`` of them (sampled evenly)."""
    if len(values) > width:
        values = [values[i * len(values) // width] for i in range(width)]
    top = len(SPARKS) - 1
    return "".join(SPARKS[min(top, max(0, round(v * top)))] for v in values)


def terminal_lines(analysis: GameAnalysis) -> list[str]:
    """Each seat's sparkline and the turning points, for the terminal."""
    width = max(len(n) for n in analysis.seat_names)
    lines = [f"{analysis.chance_words} at each own decision (search budget {analysis.budget} x{analysis.repeats}"
             f"{', full information' if analysis.full_information else ', from each seat view'})"]
    for seat, name in enumerate(analysis.seat_names):
        values = [v for _, v in series(analysis, seat)]
        last = f" {_pct(values[-1])}" if values else " (no decision)"
        lines.append(f"  {name:<{width}} {sparkline(values)}{last}")
    points = turning_points(analysis)
    lines.append("turning points:" if points else "no turning point")
    lines.extend(f"  step {t.index + 1}: {t.text}" for t in points)
    return lines


def markdown(analysis: GameAnalysis) -> str:
    """The whole analysis as a Markdown report."""
    info = ("full information (the game is over: hidden cards were used)" if analysis.full_information
            else "each seat's own view (its information set)")
    marks = ", ".join(f"{n} from {_pct(t)}" for n, t in zip(MARK_NAMES, analysis.marks, strict=True))
    out = [f"# Analysis of a game of {analysis.game}", "",
           f"- estimate: the searcher's {analysis.value_words} for the seat to act, from {info}",
           f"- budget: {analysis.budget} model calls per search, {analysis.repeats} "
           f"search{'es' if analysis.repeats != 1 else ''} per decision (± is the spread between them)",
           f"- marks when a move loses: {marks}"]
    if analysis.calibrated:
        out.append(f"- chance: the {analysis.value_words} before the move turned into a winning chance by the "
                   f"game's calibration (fitted on self-play; before, after and the marks are the search's own)")
    if analysis.outcome:
        out.append(f"- result: {analysis.outcome}")
    out += ["", "```", *terminal_lines(analysis), "```", "",
            "| step | seat | move | before | after | chance | best | mark |", "|---|---|---|---|---|---|---|---|"]
    out.extend(_row(analysis, s) for s in analysis.steps)
    return "\n".join(out) + "\n"


def _row(analysis: GameAnalysis, step: StepAnalysis) -> str:
    who = "chance" if step.kind == "chance" else analysis.seat_names[step.seat]
    words = step.words.replace("|", "/")
    if step.kind != "decision":
        return f"| {step.index + 1} | {who} | {words} | | | | {step.kind} | |"
    best = "" if step.preferred == step.played else (step.preferred_words or "").replace("|", "/")
    return (f"| {step.index + 1} | {who} | {words} | {_pct(step.before)} ±{_pct(step.spread)} | {_pct(step.after)} "
            f"| {_pct(step.chance)} | {best} | {step.mark or ''} |")
