"""A game's calibration of its search value: the map from what the searcher estimates for a seat to
the chance that the seat wins, fitted on seeded self-play (see ``scripts/fit_calibration.py``).

The search's value is not always a probability: in some games it is a standing, and at the
post-game analysis's small budgets even a winning chance estimated from a few futures is too sure
of itself. A game ships the map as ``data/analysis_calibration.json``: increasing knots (value,
chance), linear between them and flat beyond the first and the last, beside how they were fitted
(the seeds, the command, the date, the sample). The post-game analysis reports the mapped chance.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from kleos.core.datafiles import parse_model, read_text

CALIBRATION_FILE = "analysis_calibration.json"

Knots = tuple[tuple[float, float], ...]


class CalibrationModel(BaseModel):
    """The file: ``knots`` [[value, chance], …] (values increasing, chances not decreasing, all in
    [0, 1]) and ``provenance`` (free-form: how the knots were fitted)."""

    model_config = ConfigDict(extra="forbid")

    knots: list[tuple[float, float]]
    provenance: dict[str, Any]

    @field_validator("knots")
    @classmethod
    def _increasing(cls, knots: list[tuple[float, float]]) -> list[tuple[float, float]]:
        if not knots:
            raise ValueError("at least one knot")
        if any(not (0.0 <= v <= 1.0 and 0.0 <= c <= 1.0) for v, c in knots):
            raise ValueError("values and chances lie in [0, 1]")
        if any(b[0] <= a[0] or b[1] < a[1] for a, b in pairwise(knots)):
            raise ValueError("values must increase and chances must not decrease")
        return knots


@cache
def read_calibration(package: str) -> Knots:
    """The knots of ``package``'s ``data/analysis_calibration.json`` (``()``: it has none)."""
    found = resources.files(package) / "data" / CALIBRATION_FILE
    if not found.is_file():
        return ()
    label = f"{package}/data/{CALIBRATION_FILE}"
    model = parse_model(CalibrationModel, label, read_text(label, found.read_bytes))
    return tuple((float(v), float(c)) for v, c in model.knots)


def calibrate(value: float, knots: Sequence[tuple[float, float]]) -> float:
    """The chance that ``value`` stands for (``value`` itself when there are no knots)."""
    if not knots:
        return value
    values = [v for v, _ in knots]
    i = bisect_right(values, value)
    if i == 0:
        return knots[0][1]
    if i == len(knots):
        return knots[-1][1]
    (v0, c0), (v1, c1) = knots[i - 1], knots[i]
    return c0 + (c1 - c0) * (value - v0) / (v1 - v0)
