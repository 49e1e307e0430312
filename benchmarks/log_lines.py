"""The server's log work per step: lines told in every language (as they were stored before) against
lines told in the reader's language only (as they are now: a step is told at once in the languages
its game is being read in, usually one), and the replay that tells a whole game's log in a language
nobody has read it in yet.

    PYTHONPATH=src .venv/bin/python benchmarks/log_lines.py
    PYTHONPATH=src .venv/bin/python benchmarks/log_lines.py --games polis pericles --steps 200 --repeats 5

For each game one seeded random game of at most ``--steps`` steps is played; each figure is the CPU
time of this process per step, min-max over ``--repeats`` repetitions, with the load average beside
it (the machine is shared: compare the ratios measured in the same run, not figures of two runs).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from kleos import i18n
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.protocol import CHANCE, Game
from kleos.server.messages import LogEntry, Teller, narrator_views, tell_entry
from kleos.server.rows import visibility

Step = tuple[Any, int, Action, Any]  # state before, seat, action, state after
OPTIONS = {"polis": {}, "cyclades": {"players": 3}, "pericles": {}}


def random_steps(game: Game[Any, Any], seed: int, limit: int) -> list[Step]:
    """A seeded random game: every step with the states around it."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    steps: list[Step] = []
    while len(steps) < limit and not game.is_terminal(state):
        if game.is_chance(state):
            seat, action = CHANCE, game.sample_chance(state)
        else:
            seat = next(s for s in game.actors(state) if s != CHANCE)
            action = rng.choice(game.legal_actions(state, seat))
        before = game.copy(state)
        game.apply_in_place(state, action, seat, validate=False)
        steps.append((before, seat, action, game.copy(state)))
    return steps


def tell(kit: GameKit, game: Game[Any, Any], steps: Sequence[Step], languages: Sequence[str]) -> None:
    """The log work of a written step: its narrator's views, then its lines in ``languages``."""
    for number, (before, seat, action, after) in enumerate(steps, start=1):
        entry = LogEntry(number, seat, str(action), visibility(kit, game, before, seat, action, after))
        views = narrator_views(kit, game, before, seat, action, after)
        for language in languages:
            tell_entry(kit, game, entry, action, views, language)


def replay(kit: GameKit, game: Game[Any, Any], steps: Sequence[Step], seed: int) -> None:
    """A whole log told in a language nobody has read it in: the game played again from its seed."""
    log = [LogEntry(n, seat, str(action), visibility(kit, game, before, seat, action, after))
           for n, (before, seat, action, after) in enumerate(steps, start=1)]
    Teller(kit, game, lambda: game.new_state(seed)).tell(log, "de")


def per_step(work: Callable[[], None], count: int, repeats: int) -> tuple[float, float]:
    """CPU milliseconds per step of ``work`` (which handles ``count`` steps): min and max over repeats."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000 / max(1, count))
    return min(times), max(times)


def measure(name: str, limit: int, repeats: int, seed: int) -> str:
    """One game's row of the table."""
    kit = registry.kit(name)
    game = kit.make_game(OPTIONS[name])
    steps = random_steps(game, seed, limit)
    every = per_step(lambda: tell(kit, game, steps, i18n.LANGUAGES), len(steps), repeats)
    one = per_step(lambda: tell(kit, game, steps, ("de",)), len(steps), repeats)
    again = per_step(lambda: replay(kit, game, steps, seed), len(steps), repeats)
    return (f"{name:<10} {len(steps):>5} {every[0]:>7.2f}-{every[1]:<8.2f} {one[0]:>6.2f}-{one[1]:<7.2f} "
            f"{every[0] / one[0]:>6.2f} {again[0]:>6.2f}-{again[1]:<7.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(OPTIONS), choices=list(OPTIONS))
    parser.add_argument("--steps", type=int, default=150, help="steps of the random game (default 150)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores; CPU ms per step, min-max")
    print(f"{'game':<10} {'steps':>5} {'every language':>16} {'one language':>14} {'ratio':>6} {'replay (new)':>14}")
    for name in args.games:
        print(measure(name, args.steps, args.repeats, args.seed))
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end")


if __name__ == "__main__":
    main()
