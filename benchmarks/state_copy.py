"""Why each game writes its state's ``copy()`` out field by field instead of core copying any flat
state from its field names: the written-out copy against the two ways core could do it for every
game, a loop over the field names and a copy function generated from them once (``exec``).

    PYTHONPATH=src .venv/bin/python benchmarks/state_copy.py                       # the compiled build if built
    KLEOS_COMPILED=0 PYTHONPATH=src .venv/bin/python benchmarks/state_copy.py      # pure Python

Each game's state is taken after ``--steps`` seeded random steps. A figure is the CPU time of this
process per copy, min-max over ``--repeats`` repetitions, the three ways interleaved; the ratio is the
generic way's time over the written-out one's, min-max over the repetitions. The load average is
printed: compare the ratios of one run, not the times of two.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from kleos.core import registry
from kleos.core.rng import Rng

Copier = Callable[[Any], Any]
GAMES = ("polis", "cyclades", "pericles")


def mid_game_state(game_name: str, steps: int) -> Any:
    """The state of a seeded random game after ``steps`` steps (or at its end)."""
    game = registry.kit(game_name).make_game({})
    rng = random.Random(7)
    state = game.new_state(7)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        action = game.sample_chance(state) if game.is_chance(state) else rng.choice(game.legal_actions(state))
        game.apply_in_place(state, action, validate=False)
    return state


def copied_fields(module: ModuleType) -> frozenset[str]:
    """The list fields a copy must copy: every list field but those the rules only replace whole."""
    return frozenset(module.LIST_FIELDS) - frozenset(getattr(module, "SHARED_FIELDS", ()))


def state_fields(module: ModuleType) -> tuple[str, ...]:
    """Every field of the module's state class (a compiled class has no ``__slots__`` to read)."""
    default = (*module.LIST_FIELDS, *module.SCALAR_FIELDS, "outcome", "rng")
    return tuple(getattr(module, "STATE_FIELDS", default))


def looping_copier(cls: type[Any], names: tuple[str, ...], copied: frozenset[str]) -> Copier:
    """Core's copy as a loop over the field names: lists copied, the generator renewed, a nested
    state (Polis' battle) copied, anything else shared."""

    def copy(state: Any) -> Any:
        new = cls()
        for name in names:
            value = getattr(state, name)
            if name in copied:
                value = value.copy()
            elif isinstance(value, Rng):
                value = Rng(value.state)
            elif hasattr(value, "copy"):
                value = value.copy()
            setattr(new, name, value)
        return new

    return copy


def generated_copier(cls: type[Any], names: tuple[str, ...], copied: frozenset[str], sample: Any) -> Copier:
    """Core's copy as a function written from the field names once, as the games write theirs by hand."""
    lines = ["def copy(self):", "    new = cls()"]
    for name in names:
        value = getattr(sample, name)
        if name in copied:
            lines.append(f"    new.{name} = self.{name}.copy()")
        elif isinstance(value, Rng):
            lines.append(f"    new.{name} = Rng(self.{name}.state)")
        elif name == "battle":
            lines.append(f"    new.{name} = None if self.{name} is None else self.{name}.copy()")
        else:
            lines.append(f"    new.{name} = self.{name}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"cls": cls, "Rng": Rng}
    exec("\n".join(lines), namespace)  # the source is built above from the state's own field names
    copier: Copier = namespace["copy"]
    return copier


def seconds_per_call(copier: Copier, state: Any, calls: int) -> float:
    """CPU seconds of this process per call of ``copier(state)``."""
    start = time.process_time()
    for _ in range(calls):
        copier(state)
    return (time.process_time() - start) / calls


def span(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{min(values) * scale:.{digits}f}-{max(values) * scale:.{digits}f}"


def measure(game_name: str, steps: int, repeats: int, calls: int) -> str:
    """One table row: the three ways' times per copy and the generic ways' ratios."""
    state = mid_game_state(game_name, steps)
    module = sys.modules[type(state).__module__]
    names, copied = state_fields(module), copied_fields(module)
    ways: dict[str, Copier] = {"written": type(state).copy,
                               "loop": looping_copier(type(state), names, copied),
                               "generated": generated_copier(type(state), names, copied, state)}
    for copier in ways.values():
        if copier(state).to_json() != state.to_json():
            raise SystemExit(f"{game_name}: a copier does not copy the state")
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(repeats):
        for name, copier in ways.items():
            times[name].append(seconds_per_call(copier, state, calls))
    ratios = {name: [t / w for t, w in zip(times[name], times["written"], strict=True)]
              for name in ("loop", "generated")}
    compiled = "compiled" if module.__file__ is not None and module.__file__.endswith(".so") else "Python"
    return (f"| {game_name} | {compiled} | {span(times['written'], 1e6)} | {span(times['loop'], 1e6)} "
            f"| {span(ratios['loop'])} | {span(times['generated'], 1e6)} | {span(ratios['generated'])} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--steps", type=int, default=60, help="random steps before the state is copied")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions of each measurement")
    parser.add_argument("--calls", type=int, default=20_000, help="copies per measurement")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, Python {sys.version.split()[0]}")
    print("| game | build | written µs | loop µs | loop ÷ written | generated µs | generated ÷ written |")
    print("|---|---|---|---|---|---|---|")
    for game_name in args.games:
        print(measure(game_name, args.steps, args.repeats, args.calls), flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
