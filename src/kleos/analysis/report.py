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
from kleos.core import registry
from kleos.i18n import gettext_in
from kleos.i18n.platform import N_, _, ngettext

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
                        _("{seat}: {move}: a {mark} (lost {loss}; better {better})",
                          seat=analysis.seat_names[step.seat], move=step.words, mark=mark_name(step.mark or ""),
                          loss=_pct(step.loss), better=step.preferred_words))


def _swings(analysis: GameAnalysis, seat: int) -> list[TurningPoint]:
    points = series(analysis, seat)
    threshold = analysis.marks[2]
    name = analysis.seat_names[seat]
    found = []
    for (_before, old), (index, new) in pairwise(points):
        if abs(new - old) >= threshold:
            template = (N_("{seat}'s {value} rose from {old} to {new} through the others' moves and chance")
                        if new > old else
                        N_("{seat}'s {value} fell from {old} to {new} through the others' moves and chance"))
            text = _(template, seat=name, value=game_word(analysis, analysis.chance_words), old=_pct(old),
                     new=_pct(new))
            found.append(TurningPoint(index, seat, "swing", abs(new - old), text))
    return found


MARK_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def mark_name(mark: str) -> str:
    """A mark's name in the reader's language (the stored mark stays the English code)."""
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark


def game_word(analysis: GameAnalysis, text: str) -> str:
    """A word the game declared for its analyses, in the reader's language from the game's
    catalogue when the game is installed."""
    kit = registry.games().get(analysis.game)
    domain = kit.text_domain() if kit is not None else None
    return gettext_in(domain, text) if domain else _(text)


def value_words(analysis: GameAnalysis) -> str:
    """What the game calls the searcher's value (e.g. its chance of winning), in the reader's language."""
    return game_word(analysis, analysis.value_words)


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
    chance = game_word(analysis, analysis.chance_words)
    if analysis.full_information:
        head = _("{value} at each own decision (search budget {budget} x{repeats}, full information)",
                 value=chance, budget=analysis.budget, repeats=analysis.repeats)
    else:
        head = _("{value} at each own decision (search budget {budget} x{repeats}, from each seat view)",
                 value=chance, budget=analysis.budget, repeats=analysis.repeats)
    lines = [head]
    for seat, name in enumerate(analysis.seat_names):
        values = [v for _step, v in series(analysis, seat)]
        last = f" {_pct(values[-1])}" if values else _(" (no decision)")
        lines.append(f"  {name:<{width}} {sparkline(values)}{last}")
    points = turning_points(analysis)
    lines.append(_("turning points:") if points else _("no turning point"))
    lines.extend(_("  step {step}: {text}", step=t.index + 1, text=t.text) for t in points)
    return lines


def markdown(analysis: GameAnalysis) -> str:
    """The whole analysis as a Markdown report."""
    info = (_("full information (the game is over: hidden cards were used)") if analysis.full_information
            else _("each seat's own view (its information set)"))
    marks = ", ".join(_("{mark} from {loss}", mark=mark_name(n), loss=_pct(t))
                      for n, t in zip(MARK_NAMES, analysis.marks, strict=True))
    value = value_words(analysis)
    out = [_("# Analysis of a game of {game}", game=analysis.game), "",
           _("- estimate: the searcher's {value} for the seat to act, from {info}", value=value, info=info),
           ngettext("- budget: {budget} model calls per search, one search per decision",
                    "- budget: {budget} model calls per search, {n} searches per decision (± is the spread between "
                    "them)", analysis.repeats, budget=analysis.budget),
           _("- marks when a move loses: {marks}", marks=marks)]
    if analysis.calibrated:
        out.append(_("- chance: the {value} before the move turned into a winning chance by the game's calibration "
                     "(fitted on self-play; before, after and the marks are the search's own)", value=value))
    if analysis.outcome:
        out.append(_("- result: {outcome}", outcome=analysis.outcome))
    out += ["", "```", *terminal_lines(analysis), "```", "",
            _("| step | seat | move | before | after | chance | best | mark |"),
            "|---|---|---|---|---|---|---|---|"]
    out.extend(_row(analysis, s) for s in analysis.steps)
    return "\n".join(out) + "\n"


def _row(analysis: GameAnalysis, step: StepAnalysis) -> str:
    who = _("chance") if step.kind == "chance" else analysis.seat_names[step.seat]
    words = step.words.replace("|", "/")
    if step.kind != "decision":
        return f"| {step.index + 1} | {who} | {words} | | | | {step.kind} | |"
    best = "" if step.preferred == step.played else (step.preferred_words or "").replace("|", "/")
    return (f"| {step.index + 1} | {who} | {words} | {_pct(step.before)} ±{_pct(step.spread)} | {_pct(step.after)} "
            f"| {_pct(step.chance)} | {best} | {mark_name(step.mark or '')} |")
