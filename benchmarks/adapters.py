#!/usr/bin/env python3
"""Adapter overhead, per Polis edition and Cyclades player count: engine steps per second through the
raw engine, the PettingZoo environment and the OpenSpiel state, with random play, and each adapter's
slowdown.

    PYTHONPATH=src .venv/bin/python benchmarks/adapters.py [--seconds 3] [--edition 2020] [--players 3]

* engine: ``legal_actions`` + ``apply_in_place(validate=False)`` with a random legal action,
  ``step_chance`` at chance nodes (as ``benchmarks/engine.py``);
* pettingzoo: ``kleos.adapters.pettingzoo.env("polis", edition=…)`` (with PettingZoo's
  order-enforcing wrapper): ``last()`` (observation vector and action mask) then ``step`` with a
  random unmasked action; chance is resolved inside the environment; ``pz raw``: the same through
  ``raw_env`` (no wrapper);
* openspiel: ``pyspiel`` state of ``kleos_polis`` (``kleos.adapters.openspiel.load("polis",
  edition=…)``): ``legal_actions()`` + ``apply_action`` with a random legal action, chance outcomes
  drawn from ``chance_outcomes()``.

Each counts the engine's own steps (``state.steps``: decisions and chance outcomes alike) over
whole seeded games from the set-up, about ``--seconds`` each, the three taking turns game by game
(same seeds) and timed in CPU seconds, so that the machine's load weighs on all alike. Target: each
adapter at most 2× slower than the engine (ratio = engine steps/s ÷ adapter steps/s).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.adapters import openspiel as kleos_openspiel  # noqa: E402
from kleos.adapters.pettingzoo import env as pettingzoo_env  # noqa: E402
from kleos.adapters.pettingzoo import raw_env as pettingzoo_raw_env  # noqa: E402
from kleos.core.protocol import CHANCE, Game  # noqa: E402
from kleos.games.cyclades.game import CycladesGame  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402

TARGET_RATIO = 2.0


def engine_game(game: Game[Any, Any], seed: int) -> int:
    rnd = random.Random(seed)
    s = game.new_state(seed)
    while True:
        actors = game.actors(s)
        if not actors:
            steps: int = s.steps
            return steps
        seat = actors[0]
        if seat == CHANCE:
            game.step_chance(s)
        else:
            game.apply_in_place(s, rnd.choice(game.legal_actions(s, seat)), seat, validate=False)


def pettingzoo_game(env: object, seed: int) -> int:
    rnd = random.Random(seed)
    e: object = env
    e.reset(seed=seed)  # type: ignore[attr-defined]
    for _agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, _reward, terminated, truncated, _info = e.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else int(rnd.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)  # type: ignore[attr-defined]
    steps: int = e.unwrapped.kleos_state.steps  # type: ignore[attr-defined]
    return steps


def openspiel_game(game: kleos_openspiel.KleosSpielGame, seed: int) -> int:
    rnd = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            x, chosen = rnd.random(), outcomes[-1][0]
            for action, p in outcomes:
                x -= p
                if x < 0:
                    chosen = action
                    break
            state.apply_action(chosen)
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    steps: int = state.kleos_state.steps
    return steps


def rows(editions: list[str], players: list[int]) -> list[tuple[str, Game[Any, Any], str, dict[str, Any]]]:
    """(label, engine game, registry name, options) of each line: the Polis editions, then the
    Cyclades player counts."""
    found: list[tuple[str, Game[Any, Any], str, dict[str, Any]]] = [
        (edition, PolisGame(edition), "polis", {"edition": edition}) for edition in editions]
    found += [(f"cyc {n}p", CycladesGame({"players": n}), "cyclades", {"players": n}) for n in players]
    return found


def rates(seconds: float, plays: list[Callable[[int], int]]) -> list[tuple[float, int]]:
    """(steps per CPU second, games) of each way of playing: game ``k`` of every way uses seed
    ``1000 + k`` and the ways take turns game by game, in an order rotated at each game (a way
    replaying the game just played by another runs on warm caches), so that a change in the
    machine's load weighs on every figure alike; CPU time (``time.process_time``) leaves out
    waits for the CPU."""
    steps = [0] * len(plays)
    spent = [0.0] * len(plays)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds * len(plays):
        for j in range(len(plays)):
            i = (j + games) % len(plays)
            t0 = time.process_time()
            steps[i] += plays[i](1000 + games)
            spent[i] += time.process_time() - t0
        games += 1
    return [(n / t, games) for n, t in zip(steps, spent, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure (default 3)")
    parser.add_argument("--edition", choices=("2012", "2020"), action="append",
                        help="Polis editions (default: both, unless --players is given)")
    parser.add_argument("--players", type=int, choices=range(2, 6), action="append",
                        help="Cyclades player counts (default: 2 and 5, unless --edition is given)")
    args = parser.parse_args()
    chosen = args.edition or args.players
    editions = args.edition or ([] if chosen else ["2012", "2020"])
    players = args.players or ([] if chosen else [2, 5])
    print(f"command: PYTHONPATH=src {Path(sys.executable).name} benchmarks/adapters.py --seconds {args.seconds:g}"
          + "".join(f" --edition {e}" for e in args.edition or [])
          + "".join(f" --players {n}" for n in args.players or []))
    print(f"python {sys.version.split()[0]}, one core, about {args.seconds:g} s per figure, "
          "engine steps per CPU second (chance included)")
    header = (f"{'game':>8} {'engine':>9} {'pettingzoo':>11} {'ratio':>6} {'pz raw':>8} {'ratio':>6}"
              f" {'openspiel':>10} {'ratio':>6} {'games':>6}")
    print(header)
    print("-" * len(header))
    above = []
    for edition, game, name, options in rows(editions, players):
        env = pettingzoo_env(name, **options)
        raw = pettingzoo_raw_env(name, **options)
        spiel = kleos_openspiel.load(name, **options)
        (engine_rate, games), (pz_rate, _), (raw_rate, _), (os_rate, _) = rates(args.seconds, [
            partial(engine_game, game), partial(pettingzoo_game, env), partial(pettingzoo_game, raw),
            partial(openspiel_game, spiel),
        ])
        pz_ratio, raw_ratio, os_ratio = engine_rate / pz_rate, engine_rate / raw_rate, engine_rate / os_rate
        print(f"{edition:>8} {engine_rate:>9,.0f} {pz_rate:>11,.0f} {pz_ratio:>5.2f}x {raw_rate:>8,.0f}"
              f" {raw_ratio:>5.2f}x {os_rate:>10,.0f} {os_ratio:>5.2f}x {games:>6}")
        for way, ratio in (("pettingzoo", pz_ratio), ("pz raw", raw_ratio), ("openspiel", os_ratio)):
            if ratio > TARGET_RATIO:
                above.append(f"{edition} {way} {ratio:.2f}x")
    print(f"target: adapter overhead <= {TARGET_RATIO:g}x" + ("; above: " + ", ".join(above) if above else ": met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
