#!/usr/bin/env python3
"""Kleos games next to OpenSpiel's Python games, in one process, one run: the ratios we track.

    .venv/bin/python benchmarks/versus_openspiel.py [--seconds 1.5] [--repeats 5] [--game polis]
    KLEOS_COMPILED=1 .venv/bin/python benchmarks/versus_openspiel.py --variant "pericles 14_2" --deepcopy

For every installed game (or the one named), each edition it has, and OpenSpiel's
``python_tic_tac_toe`` and ``python_block_dominoes`` (the research extra installs OpenSpiel), it
measures per CPU second of this process:

* random actions/s: seeded random playouts from the start, each step the legal actions and one
  applied without re-checking (chance outcomes drawn as the game draws them), every step counted;
* copies/s: copies of mid-game states (Kleos ``game.copy``; OpenSpiel ``state.clone()``);
* with ``--deepcopy``: ``copy.deepcopy`` of the same Kleos states, to state ``game.copy`` ÷ deepcopy.

``--variant`` (repeatable) measures the variants of ``playout_identity.py`` instead (Polis per
edition, Cyclades per number of players, Pericles per scenario), playouts capped at
``--max-steps``. The build that runs (``KLEOS_COMPILED=0`` or ``1`` forces one) and the load
average before and after each repetition are printed: figures of a shared machine are noisy.

The measurements are interleaved (Kleos, then each peer, ``--repeats`` times) so drift of a
shared machine falls on both sides; each ratio is taken within one repetition, and the table prints
the median with the minimum and maximum over repetitions. Absolute rates vary from machine to
machine; the ratios are the figures to compare across changes.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from playout_identity import VARIANTS, make_game  # noqa: E402

import kleos  # noqa: E402
from kleos.core import registry  # noqa: E402
from kleos.core.protocol import CHANCE, Game  # noqa: E402

PEERS = ("python_tic_tac_toe", "python_block_dominoes")


@dataclass
class Subject:
    """Something to time: a name, a playout body (seed -> steps) and a copy body (-> copies)."""

    name: str
    playout: Callable[[int], int]
    copies: Callable[[], int]
    deepcopies: Callable[[], int] | None = None


def kleos_subject(name: str, game: Game[Any, Any], *, max_steps: int | None = None, warm_up: int = 30,
                  seed_base: int = 10_000, pool: list[Any] | None = None) -> Subject:
    """Random playouts of ``game`` (stopped after ``max_steps`` steps if given), and copies of a pool of
    up to 400 mid-game states that ``warm_up`` playouts collect (into ``pool`` when given)."""
    states: list[Any] = [] if pool is None else pool

    def playout(seed: int) -> int:
        rnd = random.Random(seed)
        state = game.new_state(seed)
        steps = 0
        while max_steps is None or steps < max_steps:
            actors = game.actors(state)
            if not actors:
                return steps
            seat = actors[0]
            if seat == CHANCE:
                game.step_chance(state)
            else:
                legal = game.legal_actions(state, seat)
                game.apply_in_place(state, legal[rnd.randrange(len(legal))], seat, validate=False)
                if len(states) < 400 and steps % 7 == 3:
                    states.append(game.copy(state))
            steps += 1
        return steps

    def copies() -> int:
        for state in states:
            game.copy(state)
        return len(states)

    def deepcopies() -> int:
        for state in states:
            copy.deepcopy(state)
        return len(states)

    for seed in range(warm_up):
        playout(seed_base + seed)
    return Subject(name, playout, copies, deepcopies)


def openspiel_subject(name: str) -> Subject:
    import pyspiel
    from open_spiel.python import games  # noqa: F401  (registers the Python games)

    game = pyspiel.load_game(name)
    pool: list[Any] = []

    def playout(seed: int) -> int:
        rnd = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick = rnd.random()
                total = 0.0
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if pick < total:
                        action = outcome
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
                if len(pool) < 400 and steps % 3 == 1:
                    pool.append(state.clone())
            steps += 1
        return steps

    def copies() -> int:
        for state in pool:
            state.clone()
        return len(pool)

    for seed in range(200):
        playout(10_000 + seed)
    return Subject(name, playout, copies)


def rate(budget: float, body: Callable[[int], int]) -> float:
    """Units per CPU second of ``body(i)`` called for ``budget`` CPU seconds."""
    started = time.process_time()
    units, i = 0, 0
    while time.process_time() - started < budget:
        units += body(i)
        i += 1
    return units / (time.process_time() - started)


def playouts_from(subject: Subject, first_seed: int) -> Callable[[int], int]:
    return lambda i: subject.playout(first_seed + i)


def copies_of(subject: Subject) -> Callable[[int], int]:
    return lambda _i: subject.copies()


def deepcopies_of(subject: Subject) -> Callable[[int], int]:
    assert subject.deepcopies is not None
    deep = subject.deepcopies
    return lambda _i: deep()


def load() -> str:
    """The 1-minute load average, to print beside figures measured on a shared machine."""
    return f"{os.getloadavg()[0]:.2f}"


def spread(values: list[float]) -> str:
    """Median [min–max]: rates as whole numbers, ratios with two decimals."""
    form = "{:,.0f}" if min(values) >= 100 else "{:.2f}"
    return f"{form.format(statistics.median(values))} [{form.format(min(values))}–{form.format(max(values))}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per figure and repetition")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repetitions (default 5)")
    parser.add_argument("--game", default=None, help="only this installed game (default: every one)")
    parser.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS),
                        help="a variant of playout_identity.py instead of the games' editions (repeatable)")
    parser.add_argument("--max-steps", type=int, default=3000, help="playout cap for --variant (default 3000)")
    parser.add_argument("--deepcopy", action="store_true", help="also time copy.deepcopy of the Kleos states")
    args = parser.parse_args(argv)

    subjects: list[Subject] = []
    for variant in args.variant:
        subjects.append(kleos_subject(variant, make_game(variant), max_steps=args.max_steps, warm_up=10))
    for kit in registry.games().values() if not args.variant else ():
        if args.game and kit.name != args.game:
            continue
        for edition in kit.editions() or ("",):
            options = {**kit.default_options(), **({"edition": edition} if edition else {})}
            label = f"{kit.name} {edition}".strip()
            subjects.append(kleos_subject(label, kit.make_game(options)))
    peers = [openspiel_subject(name) for name in PEERS]

    kinds = ("actions", "copies", "deepcopies")
    runs: dict[str, dict[str, list[float]]] = {s.name: {k: [] for k in kinds} for s in [*subjects, *peers]}
    loads = [load()]
    for repeat in range(args.repeats):
        for subject in [*subjects, *peers]:
            runs[subject.name]["actions"].append(rate(args.seconds, playouts_from(subject, repeat * 100_000)))
            runs[subject.name]["copies"].append(rate(args.seconds / 2, copies_of(subject)))
            if args.deepcopy and subject.deepcopies is not None:
                runs[subject.name]["deepcopies"].append(rate(args.seconds / 2, deepcopies_of(subject)))
        loads.append(load())
        sys.stderr.write(f"repetition {repeat + 1}/{args.repeats} done (load {loads[-1]})\n")

    print(f"{kleos.BUILD}; CPU time per figure {args.seconds} s, {args.repeats} interleaved repetitions; "
          f"median [min–max] over repetitions; load average {' '.join(loads)} (start, after each)\n")
    print("| subject | random actions/s | copies/s |")
    print("|---|---|---|")
    for name, figures in runs.items():
        print(f"| {name} | {spread(figures['actions'])} | {spread(figures['copies'])} |")
    print()
    header = " | ".join(f"actions / {p}" for p in PEERS) + " | " + " | ".join(f"copies / {p}" for p in PEERS)
    print(f"| subject | {header} |")
    print("|---|" + "---|" * (2 * len(PEERS)))
    for subject in subjects:
        cells = []
        for figure in ("actions", "copies"):
            for peer in PEERS:
                ratios = [a / b for a, b in zip(runs[subject.name][figure], runs[peer][figure], strict=True)]
                cells.append(spread(ratios))
        print(f"| {subject.name} | " + " | ".join(cells) + " |")
    if args.deepcopy:
        print("\n| subject | game.copy ÷ copy.deepcopy |\n|---|---|")
        for subject in subjects:
            ratios = [a / b for a, b in zip(runs[subject.name]["copies"], runs[subject.name]["deepcopies"],
                                            strict=True)]
            print(f"| {subject.name} | {spread(ratios)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
