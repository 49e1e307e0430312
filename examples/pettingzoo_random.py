#!/usr/bin/env python3
"""Random masked play of any installed game through the PettingZoo environment, as an RL loop sees it.

    PYTHONPATH=src .venv/bin/python examples/pettingzoo_random.py --game polis --option edition=2012 --episodes 3

Each episode is seeded (``reset(seed=...)``), so a run is reproducible; the agents pick uniformly
among the actions their mask allows. Prints each episode's length, outcome and rewards.
Needs ``pip install 'kleos[research]'``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from kleos.adapters.pettingzoo import env
from kleos.core import registry


def options(game: str, given: list[str]) -> dict[str, Any]:
    """The game's options from ``name=value`` texts, each typed like the option's default."""
    defaults = {spec.name: spec.default for spec in registry.kit(game).options}
    typed: dict[str, Any] = {}
    for text in given:
        name, _, value = text.partition("=")
        typed[name] = int(value) if isinstance(defaults.get(name), int) else value
    return typed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="polis", help="the game's registry name (default polis)")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--episodes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    e = env(args.game, **options(args.game, args.option))
    for k in range(args.episodes):
        seed = args.seed * 1000 + k
        rnd = random.Random(seed)
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        decisions = 0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            decisions += 1
            e.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
        end = info.get("outcome", "truncated")
        rewards = ", ".join(f"{agent} {value:+.2f}" for agent, value in totals.items())
        print(f"episode {k + 1} (seed {seed}): {decisions} decisions, {end}, winner {info.get('winner')}: {rewards}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
