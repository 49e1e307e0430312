#!/usr/bin/env python3
"""The Pericles bots: strength against random play and against each other, and their speed.

    nice -n 15 .venv/bin/python benchmarks/pericles_agents.py [--part a|b|c|d|all] [--vignette 100]
        [--campaign 20] [--duel 40] [--duel-scenario 14_1_09a] [--blunders 0] [--seed 0]

* (a) side wins: the two ``heuristic`` factions of one side against two ``random`` factions, the
  sides swapped every game so each side is heuristic half the time; ``--vignette`` games of the War
  in the Aegean (14_1_09a) and ``--campaign`` of the First Peloponnesian War (14_2). A side wins when
  the game's winner is one of its factions (P-VICTORY-11);
* (b) Honor duels: one ``ismcts:normal`` faction, its compatriot and both enemies ``heuristic``; the
  ISMCTS seat rotates over the four factions; counts the games where ISMCTS ends with more Honor than
  its compatriot (ties reported apart, counted as half in the interval). The seats are not alike
  (in the vignette the Dominant factions rarely out-score their Opponents), so each duel has a
  control: the same seed with four heuristics, and how often the heuristic in that seat out-scores
  (benchmarks/per_strength.py measures the same per seat, and compares search settings);
* (c) seconds per decision with a choice, at ``normal`` (ISMCTS, from (b)) and of the heuristic
  (from (a) or (b)): median and max;
* (d) wall time (and this process's CPU time, the figure to read on a shared machine) of one whole
  14_2 game with four heuristic bots, and with four ``ismcts:normal`` bots.

Proportions carry Wilson 95% intervals. ``--blunders N`` makes every bot blunder: N tenths
of its choices at random (not the rulebook's Honor handicap).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any, Protocol

from kleos.agents import make_agent
from kleos.agents.base import Agent, RandomAgent, agent_rng
from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.agents.heuristic import Blundering
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState

Timings = dict[str, list[float]]
clock: Callable[[], float] = time.perf_counter  # what a decision's time is read from (per_strength.py --cpu: CPU time)


def bot(spec: str, game: PericlesGame, blunders: int) -> Agent:
    agent = make_agent(spec, game)
    return Blundering(agent, blunders) if blunders else agent


class Watcher(Protocol):
    """Sees each seat's step of a game (:func:`play`): the state just before it and just after."""

    def before(self, state: PericlesState, seat: int, action: Action) -> None: ...

    def after(self, state: PericlesState) -> None: ...


def variant_options(description: str, variants: str) -> argparse.Namespace:
    """The options of a benchmark that watches seeded games of variants in all four seats (``--games``,
    ``--scenario``, ``--seed``, ``--variants``, ``--jobs``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--scenario", default="14_2", choices=("14_1_09a", "14_2"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default=variants, help="comma-separated agent specs or variants")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    return parser.parse_args()


def count_variants(one: Callable[[tuple[str, str, int]], tuple[Any, ...]], args: argparse.Namespace,
                   counts: int) -> dict[str, list[int]]:
    """Game ``i`` (seed ``seed + i``) of each variant played by ``one`` in a pool of ``--jobs``
    processes, with progress; ``one`` answers (variant, ``counts`` numbers), summed per variant. Ends
    with the line naming the scenario, the seeds and the load average."""
    variants = args.variants.split(",")
    jobs = [(variant, args.scenario, args.seed + i) for i in range(args.games) for variant in variants]
    start = time.perf_counter()
    totals = {variant: [0] * counts for variant in variants}
    with Pool(args.jobs) as pool:
        for done, (variant, *numbers) in enumerate(pool.imap_unordered(one, jobs), 1):
            totals[variant] = [total + n for total, n in zip(totals[variant], numbers, strict=True)]
            print(f"  {done}/{len(jobs)} games ({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"{args.scenario}, seeds {args.seed}-{args.seed + args.games - 1}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}:")
    return totals


def play(game: PericlesGame, seed: int, agents: dict[int, Agent], timings: Timings | None = None,
         watcher: Watcher | None = None) -> list[int]:
    """One seeded game; returns the final Honor and the winner appended (-1: no winner)."""
    state = game.new_state(seed)
    rngs = {seat: agent_rng(seed, seat) for seat in range(4)}
    while not game.is_terminal(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        start = clock()
        action = agents[seat].choose(game.view(state, seat), legal, rngs[seat])
        if timings is not None and len(legal) > 1:
            timings.setdefault(agents[seat].name, []).append(clock() - start)
        if watcher is not None:
            watcher.before(state, seat, action)
        game.apply_in_place(state, action, seat)
        if watcher is not None:
            watcher.after(state)
    outcome = state.outcome
    assert outcome is not None
    return [*state.honor, -1 if outcome.winner is None else outcome.winner]


def interval(wins: float, n: int) -> str:
    low, high = wilson_interval(wins, n)
    return f"{wins:g}/{n} = {100 * wins / max(n, 1):.1f}% [95% CI {100 * low:.1f}-{100 * high:.1f}%]"


def side_wins(scenario: str, games: int, seed: int, blunders: int, timings: Timings) -> None:
    game = PericlesGame({"scenario": scenario})
    wins = 0
    start = time.perf_counter()
    for i in range(games):
        side = i % 2
        agents = {f: bot("heuristic", game, blunders) if f // 2 == side else RandomAgent() for f in range(4)}
        result = play(game, seed + i, agents, timings)
        wins += result[4] >= 0 and result[4] // 2 == side
        print(f"  game {i + 1}: heuristic side {'Athens' if side == 0 else 'Sparta'}, Honor {result[:4]}, "
              f"winner {game.seat_names[result[4]] if result[4] >= 0 else 'none'}", flush=True)
    print(f"(a) {scenario}: heuristic side wins {interval(wins, games)} "
          f"({time.perf_counter() - start:.0f} s)", flush=True)


def duels(scenario: str, games: int, seed: int, blunders: int, timings: Timings) -> None:
    game = PericlesGame({"scenario": scenario})
    better = ties = control = control_ties = 0
    start = time.perf_counter()
    for i in range(games):
        seat = i % 4
        agents = {f: bot("ismcts:normal" if f == seat else "heuristic", game, blunders) for f in range(4)}
        result = play(game, seed + i, agents, timings)
        same = play(game, seed + i, {f: bot("heuristic", game, blunders) for f in range(4)})
        mine, theirs = result[seat], result[seat ^ 1]
        better += mine > theirs
        ties += mine == theirs
        control += same[seat] > same[seat ^ 1]
        control_ties += same[seat] == same[seat ^ 1]
        print(f"  duel {i + 1}: ismcts as {game.seat_names[seat]}, Honor {result[:4]} "
              f"({'ahead' if mine > theirs else 'tie' if mine == theirs else 'behind'}); "
              f"the heuristic in that seat: Honor {same[:4]}", flush=True)
    print(f"(b) {scenario}: ismcts:normal out-scores its heuristic compatriot in {better} of {games} "
          f"({ties} ties); with ties as half: {interval(better + ties / 2, games)}; "
          f"control, the heuristic in the same seats and seeds: {control} ahead, {control_ties} ties, "
          f"{interval(control + control_ties / 2, games)} ({time.perf_counter() - start:.0f} s)", flush=True)


def decision_times(timings: Timings) -> None:
    for name, times in sorted(timings.items()):
        if times:
            print(f"(c) {name}: {len(times)} decisions, median {statistics.median(times):.3f} s, "
                  f"max {max(times):.3f} s", flush=True)


def full_game(spec: str, seed: int, blunders: int) -> None:
    game = PericlesGame({"scenario": "14_2"})
    agents = {f: bot(spec, game, blunders) for f in range(4)}
    timings: Timings = {}
    start, cpu = time.perf_counter(), time.process_time()
    result = play(game, seed, agents, timings)
    decisions = sum(len(t) for t in timings.values())
    print(f"(d) 14_2 with four {spec}: {time.perf_counter() - start:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU, {decisions} decisions with a choice, Honor {result[:4]}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="all", choices=("a", "b", "c", "d", "all"))
    parser.add_argument("--vignette", type=int, default=100, help="(a) games of 14_1_09a")
    parser.add_argument("--campaign", type=int, default=20, help="(a) games of 14_2")
    parser.add_argument("--duel", type=int, default=40, help="(b) games")
    parser.add_argument("--duel-scenario", default="14_1_09a", choices=("14_1_09a", "14_2"))
    parser.add_argument("--blunders", type=int, default=0, help="tenths of every bot's choices taken at random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    registry.register(KIT)
    timings: Timings = {}
    if args.part in ("a", "all"):
        side_wins("14_1_09a", args.vignette, args.seed, args.blunders, timings)
        side_wins("14_2", args.campaign, args.seed, args.blunders, timings)
    if args.part in ("b", "c", "all"):
        duels(args.duel_scenario, args.duel, args.seed, args.blunders, timings)
    if args.part in ("d", "all"):
        full_game("heuristic", args.seed, args.blunders)
        full_game("ismcts:normal", args.seed, args.blunders)
    decision_times(timings)


if __name__ == "__main__":
    main()
