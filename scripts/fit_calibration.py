#!/usr/bin/env python3
"""Fit a game's calibration map (search value -> winning chance) and check it on held-out games.

    .venv/bin/python scripts/fit_calibration.py --game polis --fit polis_0.jsonl \
        --check polis_1000.jsonl --command "nice -n 10 … analysis_calibration.py …" [--write]

The inputs are the JSON lines of ``benchmarks/analysis_calibration.py --out`` (one per analysed
decision: seed, seat, step, estimate, result). The fit bins the estimates of the ``--fit`` games by
tenths; each bin's mean result is shrunk towards its mean estimate as if ``--prior`` more estimates
had come true as the search said (so that a thin bin moves the map little), and the bins' means are
made non-decreasing (pool-adjacent-violators, each bin weighted by its size): the knots are (mean
estimate, fitted mean result) per bin, linear between them and flat beyond
(:mod:`kleos.core.kit.calibration`). Then, on the ``--check`` games only (other seeds), the
reliability table before (the raw value) and after (the mapped chance), the Brier score of each,
and a 95% interval of their difference from resampling the held-out games (a game's estimates
share its result, so the games, not the estimates, are the independent draws).
``--write`` stores the knots with their provenance in the game's ``data/analysis_calibration.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kleos.core.kit.calibration import CALIBRATION_FILE, Knots, calibrate

BINS = 10
GAMES_DIR = Path(__file__).resolve().parents[1] / "src" / "kleos" / "games"

Row = dict[str, Any]


def read_rows(paths: list[str]) -> list[Row]:
    rows: list[Row] = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines if line.strip())
    return rows


def bin_of(value: float) -> int:
    return min(BINS - 1, int(value * BINS))


def fit(rows: list[Row], prior: float) -> Knots:
    """Per tenth of the estimate: (mean estimate, mean result shrunk towards it by ``prior``
    estimates), the results made non-decreasing."""
    bins: dict[int, list[Row]] = {}
    for row in rows:
        bins.setdefault(bin_of(row["estimate"]), []).append(row)
    means = [statistics.mean(r["estimate"] for r in bins[b]) for b in sorted(bins)]
    blocks = [[(sum(r["result"] for r in bins[b]) + prior * mean) / (len(bins[b]) + prior), float(len(bins[b])), 1.0]
              for b, mean in zip(sorted(bins), means, strict=True)]
    pooled: list[list[float]] = []  # [mean result, weight, bins pooled]
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][0] > pooled[-1][0]:
            (m1, w1, k1), (m2, w2, k2) = pooled[-2], pooled.pop()
            pooled[-1] = [(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, k1 + k2]
    fitted = [mean for mean, _, count in pooled for _ in range(int(count))]
    return tuple((round(v, 4), round(c, 4)) for v, c in zip(means, fitted, strict=True))


def table(rows: list[Row], predicted: Callable[[Row], float]) -> list[str]:
    out = ["| predicted | n | mean predicted | mean result |", "|---|---|---|---|"]
    for b in range(BINS):
        inside = [r for r in rows if bin_of(predicted(r)) == b]
        if inside:
            mean_predicted = statistics.mean(predicted(r) for r in inside)
            out.append(f"| {b * 10}–{b * 10 + 10}% | {len(inside)} | {mean_predicted:.2f} "
                       f"| {statistics.mean(r['result'] for r in inside):.2f} |")
    return out


def brier(rows: list[Row], predicted: Callable[[Row], float]) -> float:
    return statistics.mean((predicted(r) - float(r["result"])) ** 2 for r in rows)


def improvement(rows: list[Row], before: Callable[[Row], float], after: Callable[[Row], float], draws: int,
                seed: int = 0) -> tuple[float, float]:
    """The 2.5% and 97.5% points of Brier(before) − Brier(after) over ``draws`` resamplings of the
    games of ``rows`` (with replacement): above 0 means the map helps."""
    games: dict[int, list[Row]] = {}
    for row in rows:
        games.setdefault(int(row["seed"]), []).append(row)
    rng = random.Random(seed)
    found = []
    for _ in range(draws):
        sample = [row for seed_ in rng.choices(sorted(games), k=len(games)) for row in games[seed_]]
        found.append(brier(sample, before) - brier(sample, after))
    found.sort()
    return found[int(0.025 * draws)], found[int(0.975 * draws) - 1]


def seeds(rows: list[Row]) -> list[int]:
    return sorted({int(r["seed"]) for r in rows})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--fit", nargs="+", required=True, help="JSON lines of the games the map is fitted on")
    parser.add_argument("--check", nargs="+", required=True, help="JSON lines of held-out games (other seeds)")
    parser.add_argument("--command", action="append", default=[], help="the commands that made the inputs")
    parser.add_argument("--prior", type=float, default=10.0, help="estimates that pull each bin to the diagonal")
    parser.add_argument("--note", default="", help="what else the provenance should say (options, players)")
    parser.add_argument("--write", action="store_true", help="store the knots in the game's data directory")
    args = parser.parse_args()
    train, held = read_rows(args.fit), read_rows(args.check)
    overlap = set(seeds(train)) & set(seeds(held))
    if overlap:
        raise SystemExit(f"the held-out games share seeds with the fitted ones: {sorted(overlap)}")
    knots = fit(train, args.prior)
    print(f"{args.game}: fitted on {len(train)} estimates of {len(seeds(train))} games, checked on {len(held)} "
          f"estimates of {len(seeds(held))} other games")
    print("knots:", json.dumps([list(k) for k in knots]))
    raw: Callable[[Row], float] = lambda r: float(r["estimate"])  # noqa: E731
    mapped: Callable[[Row], float] = lambda r: calibrate(float(r["estimate"]), knots)  # noqa: E731
    for name, predicted in (("before (the search's value)", raw), ("after (the calibrated chance)", mapped)):
        print(f"\nheld-out games, {name}: Brier score {brier(held, predicted):.3f}")
        print("\n".join(table(held, predicted)))
    low, high = improvement(held, raw, mapped, 2000)
    print(f"\nBrier before − after, 95% interval over resampled held-out games: {low:+.3f} to {high:+.3f}")
    if args.write:
        provenance = {"fitted_on_seeds": seeds(train), "held_out_seeds": seeds(held), "estimates": len(train),
                      "held_out_estimates": len(held), "commands": args.command, "note": args.note,
                      "fitted_by": f"scripts/fit_calibration.py --prior {args.prior:g} (tenths shrunk towards the "
                                   f"diagonal, pooled to non-decreasing means)",
                      "date": datetime.date.today().isoformat(),
                      "brier_held_out": {"before": round(brier(held, raw), 4), "after": round(brier(held, mapped), 4)}}
        path = GAMES_DIR / args.game / "data" / CALIBRATION_FILE
        path.write_text(json.dumps({"knots": [list(k) for k in knots], "provenance": provenance}, indent=1) + "\n",
                        encoding="utf-8")
        print(f"\nwritten: {path}")


if __name__ == "__main__":
    main()
