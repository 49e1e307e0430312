#!/usr/bin/env python3
"""Pericles: can a seat's duel be won by play at all? A clairvoyant look-ahead in that seat.

    nice -n 10 .venv/bin/python benchmarks/per_ceiling.py [--games 20] [--seed 0] [--seats 0,2]
        [--width 20] [--rollouts 400] [--scenario 14_1_09a] [--player clairvoyant]

Game ``i`` is seeded ``seed + i`` and puts the clairvoyant in seat ``seats[i % len(seats)]`` (by
default the vignette's Dominant seats), its compatriot and both enemies ``heuristic``. The clairvoyant
is the heuristic's look-ahead scored by the search's duel objective, on ``rollouts`` futures of the
*true* state: it sees every face-down marker, every stock and the order of both battle decks, which
no bot may (P-INFO). It is a yardstick, never an agent of the game: if even it rarely out-scores
its compatriot in a seat, no play in that seat will, and the seat, not the search, decides the
duel. Each game has a control (the same seed with four heuristics). Prints how often the seat
out-scores its compatriot (Wilson 95% intervals, ties half), the mean margins and where its
Strategos and Honor went to and came from, with the load average. ``--player SPEC`` puts an agent
of the game (``ismcts:normal``) in the seat instead, for the same figures on the same seeds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from typing import Any

from kleos.agents import make_agent
from kleos.agents.base import Agent, agent_rng
from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.agents.evaluation import duel_value
from kleos.games.pericles.agents.heuristic import HeuristicAgent
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.view import PericlesView


class Clairvoyant:
    """A look-ahead over copies of the true state (set by :meth:`watch` before each decision)."""

    name = "clairvoyant"

    def __init__(self, game: PericlesGame, width: int, rollouts: int) -> None:
        self.truth: PericlesState | None = None
        self.look = HeuristicAgent(game, width=width, rollouts=rollouts, horizon=10_000,
                                   evaluate=duel_value, determinize=self._copy)

    def _copy(self, view: PericlesView, rng: random.Random) -> PericlesState:
        assert self.truth is not None
        return self.truth.copy()

    def watch(self, state: PericlesState) -> None:
        self.truth = state

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return self.look.choose(view, legal, rng)


def play(game: PericlesGame, seed: int, agents: dict[int, Any], seat: int, flow: Counter[str]) -> list[int]:
    """One seeded game; the final Honor. ``flow`` adds what moved ``seat``'s Strategos and Honor."""
    state = game.new_state(seed)
    rngs = {f: agent_rng(seed, f) for f in range(4)}
    last = "start"
    while not game.is_terminal(state):
        before = (state.stock[seat], state.honor[seat])
        if game.is_chance(state):
            game.step_chance(state)
        else:
            actor = game.actors(state)[0]
            legal = game.legal_actions(state, actor)
            if isinstance(agents[actor], Clairvoyant):
                agents[actor].watch(state)
            action = agents[actor].choose(game.view(state, actor), legal, rngs[actor])
            who = "own" if actor == seat else "compatriot" if actor == seat ^ 1 else "enemy"
            last = f"{who} {action.verb}"
            game.apply_in_place(state, action, actor)
        flow[f"Strategos, {last}"] += state.stock[seat] - before[0]
        flow[f"Honor, {last}"] += state.honor[seat] - before[1]
    return list(state.honor)


def rate(margins: list[int]) -> str:
    ahead, ties = sum(m > 0 for m in margins), sum(m == 0 for m in margins)
    low, high = wilson_interval(ahead + ties / 2, len(margins))
    return (f"{ahead} ahead, {ties} ties of {len(margins)}: {100 * (ahead + ties / 2) / max(len(margins), 1):.1f}% "
            f"[Wilson 95% {100 * low:.1f}-{100 * high:.1f}%], mean margin {statistics.mean(margins):+.2f}")


def player(game: PericlesGame, args: argparse.Namespace) -> Agent | Clairvoyant:
    """The seat's player: the clairvoyant yardstick, or the agent ``--player`` names."""
    if args.player == "clairvoyant":
        return Clairvoyant(game, args.width, args.rollouts)
    return make_agent(args.player, game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", default="0,2", help="the clairvoyant's seats, taken in turn")
    parser.add_argument("--width", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=400)
    parser.add_argument("--scenario", default="14_1_09a", choices=("14_1_09a", "14_2"))
    parser.add_argument("--player", default="clairvoyant", help="clairvoyant, or an agent spec for comparison")
    args = parser.parse_args()
    registry.register(KIT)
    game = PericlesGame({"scenario": args.scenario})
    seats = [int(x) for x in args.seats.split(",")]
    start = time.perf_counter()
    margins: dict[int, list[int]] = {seat: [] for seat in seats}
    controls: dict[int, list[int]] = {seat: [] for seat in seats}
    flow: Counter[str] = Counter()
    for i in range(args.games):
        seed, seat = args.seed + i, seats[i % len(seats)]
        agents: dict[int, Agent | Clairvoyant] = {
            f: player(game, args) if f == seat else make_agent("heuristic", game) for f in range(4)}
        honor = play(game, seed, agents, seat, flow)
        control = play(game, seed, {f: make_agent("heuristic", game) for f in range(4)}, seat, Counter())
        margins[seat].append(honor[seat] - honor[seat ^ 1])
        controls[seat].append(control[seat] - control[seat ^ 1])
        print(f"  seed {seed}, seat {game.seat_names[seat]}: Honor {honor}, margin {margins[seat][-1]:+d} "
              f"(control {controls[seat][-1]:+d})", flush=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    who = f"clairvoyant (width {args.width}, {args.rollouts} rollouts)" if args.player == "clairvoyant" else args.player
    print(f"{who} on {args.scenario}, seeds {args.seed}-"
          f"{args.seed + args.games - 1}, {time.perf_counter() - start:.0f} s, load average {load}:")
    for seat in dict.fromkeys(seats):
        if not margins[seat]:
            continue
        print(f"  {game.seat_names[seat]:>15}: out-scores its compatriot {rate(margins[seat])}; "
              f"control {rate(controls[seat])}")
    print("  its Strategos and Honor per game, by the action that moved them:")
    for key, total in sorted(flow.items(), key=lambda kv: kv[1]):
        if total:
            print(f"    {key}: {total / args.games:+.2f}")


if __name__ == "__main__":
    main()
