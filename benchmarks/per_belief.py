#!/usr/bin/env python3
"""Pericles: what the look-ahead foresees of the duel with the compatriot, by how it draws the
theater markers a faction cannot see (the kit's Rumors, the search's belief) against the truth.

    nice -n 10 .venv/bin/python benchmarks/per_belief.py [--seeds 20000,20001] [--seat 0]
        [--rollouts 40] [--scenario 14_1_09a]

For each seed, at two positions of an all-``quick`` game (the seat's first placement, P-THEATER-4,
and its first reveal, P-THEATER-9), ``--rollouts`` futures are played with the quick policy for
every seat from: the kit's determinization of the seat's view (every unseen marker a Rumor), the
search's belief (:mod:`kleos.games.pericles.agents.belief`, the scenario's marker sheet), and the
true state with a fresh generator (the markers as they are, chance redrawn). Prints the mean final
Honor margin of the seat over its compatriot and in how many futures it is ahead: the draw whose
figures stand nearest the truth's is the one a look-ahead can trust.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
from collections.abc import Callable

from kleos.core import registry
from kleos.core.rng import Rng
from kleos.games.pericles.agents.belief import believe
from kleos.games.pericles.agents.heuristic import play_on, quick
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.view import PericlesView

Draw = Callable[[random.Random], PericlesState]


def position(game: PericlesGame, seed: int, seat: int, step: str) -> PericlesState:
    """The all-quick game of ``seed`` at ``seat``'s first decision of ``step``."""
    s = game.new_state(seed)
    rng = random.Random(seed)
    while not game.is_terminal(s):
        if game.is_chance(s):
            game.step_chance(s)
            continue
        actor = game.actors(s)[0]
        if actor == seat and s.step == step:
            return s
        game.apply_in_place(s, quick(s, game.legal_actions(s, actor), rng, game.tables), actor)
    raise SystemExit(f"seed {seed}: seat {seat} never reaches '{step}'")


def futures(game: PericlesGame, draw: Draw, seat: int, rollouts: int) -> list[int]:
    """The seat's final Honor margin over its compatriot in ``rollouts`` quick futures of ``draw``."""
    margins = []
    for i in range(rollouts):
        s = draw(random.Random(i))
        play_on(game, s, 10_000, random.Random(1000 + i))
        margins.append(s.honor[seat] - s.honor[seat ^ 1])
    return margins


def draws(game: PericlesGame, s: PericlesState, view: PericlesView) -> dict[str, Draw]:
    def truth(rng: random.Random) -> PericlesState:
        d = s.copy()
        d.rng = Rng(rng.getrandbits(64))
        return d

    return {"kit (unseen markers all Rumors)": lambda rng: game.determinize(view, rng),
            "belief (the scenario's sheet)": lambda rng: believe(game, view, rng),
            "truth (true markers, chance redrawn)": truth}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="20000,20001")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--scenario", default="14_1_09a")
    args = parser.parse_args()
    registry.register(KIT)
    game = PericlesGame({"scenario": args.scenario})
    print(f"{game.seat_names[args.seat]} against its compatriot, {args.rollouts} futures each, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for seed in (int(x) for x in args.seeds.split(",")):
        for step in ("place", "reveal"):
            s = position(game, seed, args.seat, step)
            view = game.view(s, args.seat)
            for name, draw in draws(game, s, view).items():
                margins = futures(game, draw, args.seat, args.rollouts)
                print(f"  seed {seed} first {step:6s} {name:38s} margin {statistics.mean(margins):+6.2f}, "
                      f"ahead in {sum(m > 0 for m in margins)}/{len(margins)}", flush=True)


if __name__ == "__main__":
    main()
