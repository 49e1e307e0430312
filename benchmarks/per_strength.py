#!/usr/bin/env python3
"""Pericles: how often a searching faction out-scores its ``heuristic`` compatriot (issue 15's check).

    nice -n 10 .venv/bin/python benchmarks/per_strength.py [--games 200] [--scenario 14_1_09a]
        [--variant ismcts:normal] [--seed 0] [--jobs 1] [--seats 0,1,2,3] [--jsonl out.jsonl]
        [--option vignette_end_bonus=political] [--cpu] [--side] [--base heuristic]

Game ``i`` is seeded ``seed + i`` and puts the searching faction in seat ``seats[i % len(seats)]``
(by default the seat rotates over the four factions; ``--seats 0,2`` studies the Dominant seats of
the vignette alone), its compatriot and both enemies ``heuristic``. It counts the games where the
searching faction ends with more Honor than its compatriot, ties apart (half in the interval). The
seats are not alike, so every game has a control: the same seed with four heuristics, and whether
the heuristic in that seat out-scored its compatriot. Prints the rate with its Wilson 95% interval,
the control's, both per seat, and the median and max seconds of the searching faction's decisions
with a choice. ``--side`` gives the compatriot the variant too, so that the side's war is measured
against two heuristics ("its side wins the war"), as ``--variant unaimed --side`` measures the
heuristic's moves toward a Military issue's theater (the variant is the bot without them). ``--base``
names the agent of the other seats and of the control (``heuristic`` unless given), so that two
variants can be set against each other: ``--variant aim-candidates --base unaimed --side``.

The seats are so unlike (in the vignette an Opponent nearly always out-scores its Dominant
compatriot, searching or not) that the rate mostly measures the seats; the paired figure reads past
them: in how many games the searcher's Honor margin over its compatriot beats the margin the
heuristic had in the same seat and seed (ties half), per seat and over the seats. ``--jsonl``
appends each finished game to a file, so a run stopped early keeps its games. ``--variant`` names
an agent spec (``ismcts:normal``) or one of the experiment's variants (:data:`VARIANTS`), several
comma-separated to compare them on the same seeds. ``--option NAME=VALUE`` (repeatable) sets a game
option for the searcher's games and their controls alike, read as ``kleos play`` reads it. ``--cpu``
times decisions in CPU seconds of the game's process rather than wall seconds: on a shared machine
the wall time is mostly the other work's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any, NamedTuple

import pericles_agents  # the same directory: one seeded game

from kleos.agents import make_agent
from kleos.agents.base import Agent
from kleos.agents.ismcts import ISMCTSAgent
from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.kit.options import command_options
from kleos.games.pericles.agents import search
from kleos.games.pericles.agents.heuristic import HeuristicAgent, quick
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT

Maker = Callable[[PericlesGame], Agent]


def searcher(budget: int = 400, **settings: Any) -> Maker:
    """ISMCTS with the Pericles knowledge built with ``settings`` (see :func:`search.knowledge_for`)."""

    def make(game: PericlesGame) -> Agent:
        known = search.knowledge_for(game, **settings)
        return ISMCTSAgent(game, model_calls=budget, name="ismcts", knowledge=known,
                           evaluate=search.evaluator(game, settings.get("objective", search.OBJECTIVE)))

    return make


VARIANTS: dict[str, Maker] = {
    "base": searcher(objective="product"),
    "duel": searcher(objective="duel"),
    "duel-guide": searcher(objective="duel", clear=-1.0),
    "duel-wide": searcher(objective="duel", top=5, clear=0.1),
    "duel-big": searcher(objective="duel", guide_rollouts=200, clear=-1.0),
    "duel-tie": searcher(objective="duel", top=2, steps=120, clear=0.01),
    "selfish": searcher(objective="selfish"),
    "deep": searcher(steps=120),
    "strong": searcher(budget=2000, steps=120, top=4, guide_rollouts=120, clear=0.01),
    "guide150": searcher(guide_rollouts=150, clear=0.01),  # a guide on 2.5 times the rollouts, searching more often
    "guide-only150": searcher(guide_rollouts=150, clear=-1.0),  # that guide alone, no paired search
    "side": searcher(objective="side"),  # the heuristic's weight on the side's war
    "rumors": searcher(belief=False),  # the kit's determinization: every unseen marker a Rumor
    "campaign": searcher(purpose=True),  # expeditions played on purpose in the rollouts (search.campaign)
    "pending": searcher(objective="pending"),  # the Raids still on the map played out in the evaluation
    "unaimed": lambda game: HeuristicAgent(game, aim=False),  # the heuristic before it moved toward the issue
    "steps-back": lambda game: HeuristicAgent(game, steps_back=True),  # before it left out undone redeployments
    "kindless": lambda game: HeuristicAgent(game, kind=False),  # before it weighed a unit by the battle it joins
    "deserting": lambda game: HeuristicAgent(game, stay=False),  # before it kept units in the battle to come
    "unleaning": lambda game: HeuristicAgent(game, lean=0.0),  # before its ranking leaned toward the theater
    "unreached": lambda game: HeuristicAgent(game, reach=False),  # before it saw which enemy theaters it can reach
    # the moves toward the issue in the decisions' candidates only, or in the look-ahead's rollouts only
    "aim-candidates": lambda game: HeuristicAgent(
        game, policy=lambda s, _seat, legal, rng: quick(s, legal, rng, game.tables, aim=False)),
    "aim-rollouts": lambda game: HeuristicAgent(
        game, aim=False, policy=lambda s, _seat, legal, rng: quick(s, legal, rng, game.tables)),
}


def maker(spec: str) -> Maker:
    if spec in VARIANTS:
        return VARIANTS[spec]
    return lambda game: make_agent(spec, game)


def play(game: PericlesGame, seed: int, agents: dict[int, Agent], timed: int | None = None,
         times: list[float] | None = None) -> tuple[list[int], int]:
    """One seeded game (:func:`pericles_agents.play`); the final Honor of the four factions and the
    winner (-1: none). The decisions with a choice of seat ``timed`` have their seconds appended to
    ``times`` (that seat's agent is the only one of its name)."""
    timings: pericles_agents.Timings = {}
    result = pericles_agents.play(game, seed, agents, timings if timed is not None else None)
    if timed is not None and times is not None:
        times.extend(timings.get(agents[timed].name, []))
    return result[:4], result[4]


class Result(NamedTuple):
    """One game and its control: the seat, its Honor margin over its compatriot, whether its side won
    the war, the same in the control, the seat's seconds per decision with a choice, and its side's
    Honor margin over the enemy's in the game and in the control."""

    seat: int
    margin: int
    war: bool
    control: int
    control_war: bool
    times: list[float]
    side_margin: int
    control_side_margin: int


def side_margin(honor: list[int], seat: int) -> int:
    """The Honor of ``seat``'s side (both its factions) less the enemy side's."""
    side = seat // 2
    return sum(h if f // 2 == side else -h for f, h in enumerate(honor))


def one(job: tuple[dict[str, Any], str, int, int, bool, str]) -> Result:
    """A game with the searcher in ``seat`` (with ``side``, in both seats of its side), ``base`` in the
    others, and its all-``base`` control, both with ``options``."""
    options, spec, seed, seat, side, base = job
    registry.register(KIT)
    game = PericlesGame(options)
    times: list[float] = []
    agents = {f: maker(spec)(game) if f == seat or (side and f // 2 == seat // 2) else maker(base)(game)
              for f in range(4)}
    honor, winner = play(game, seed, agents, seat, times)
    control, control_winner = play(game, seed, {f: maker(base)(game) for f in range(4)})
    return Result(seat, honor[seat] - honor[seat ^ 1], winner >= 0 and winner // 2 == seat // 2,
                  control[seat] - control[seat ^ 1], control_winner >= 0 and control_winner // 2 == seat // 2,
                  times, side_margin(honor, seat), side_margin(control, seat))


def rate(margins: list[int]) -> str:
    ahead, ties = sum(m > 0 for m in margins), sum(m == 0 for m in margins)
    n = len(margins)
    low, high = wilson_interval(ahead + ties / 2, n)
    return (f"{ahead} ahead, {ties} ties of {n}: {100 * (ahead + ties / 2) / max(n, 1):.1f}% "
            f"[Wilson 95% {100 * low:.1f}-{100 * high:.1f}%]")


def paired(results: list[Result]) -> str:
    """How often the searcher's margin over its compatriot beats the heuristic's in the same seat and
    seed (ties half): a figure the seat's advantage does not decide."""
    return rate([(r.margin > r.control) - (r.margin < r.control) for r in results])


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def progress(results: list[Result], start: float) -> None:
    """A running tally every 10 games, so that a long run stopped early still tells something."""
    if len(results) % 10 == 0:
        print(f"  after {len(results)} games ({time.perf_counter() - start:.0f} s, {load()}): "
              f"{rate([r.margin for r in results])}; control {rate([r.control for r in results])}; "
              f"paired {paired(results)}", flush=True)


def measure(options: dict[str, Any], spec: str, games: int, seed: int, jobs: int, seats: list[int],
            jsonl: str | None, side: bool = False, base: str = "heuristic") -> None:
    start = time.perf_counter()
    scenario = options["scenario"]
    work = [(options, spec, seed + i, seats[i % len(seats)], side, base) for i in range(games)]
    results: list[Result] = []
    with Pool(jobs) as pool:
        for result in pool.imap(one, work, chunksize=1):
            results.append(result)
            if jsonl:
                with open(jsonl, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"spec": spec, "base": base, "options": options,
                                          "seed": seed + len(results) - 1,
                                          **result._asdict()}) + "\n")
            progress(results, start)
    names = PericlesGame(options).seat_names
    mine = [r.margin for r in results]
    control = [r.control for r in results]
    times = [t for r in results for t in r.times]
    print(f"{spec} on {scenario} {PericlesGame(options).options}, seeds {seed}-{seed + games - 1}, "
          f"seats {seats} in turn{' with their compatriots' if side else ''}, against {base}, {load()}:",
          flush=True)
    print(f"  out-scores its compatriot:           {rate(mine)}")
    print(f"  control (the base in that seat):     {rate(control)}")
    print(f"  paired (margin beats the control's): {paired(results)}")
    print(f"  mean Honor margin over the compatriot {statistics.mean(mine):+.2f}, "
          f"control {statistics.mean(control):+.2f}")
    wars, control_wars = sum(r.war for r in results), sum(r.control_war for r in results)
    print(f"  its side wins the war in {wars} of {games}, control {control_wars}")
    if side:
        sides = [(r.side_margin > r.control_side_margin) - (r.side_margin < r.control_side_margin) for r in results]
        print(f"  its side's Honor over the enemy's: mean {statistics.mean(r.side_margin for r in results):+.2f}, "
              f"control {statistics.mean(r.control_side_margin for r in results):+.2f}; "
              f"paired (beats the control's): {rate(sides)}")
    for seat in seats:
        here = [r for r in results if r.seat == seat]
        if not here:
            continue
        print(f"    {names[seat]:>15}: {rate([r.margin for r in here])}; control {rate([r.control for r in here])}; "
              f"paired {paired(here)}; mean margin {statistics.mean(r.margin for r in here):+.2f}, "
              f"control {statistics.mean(r.control for r in here):+.2f}")
    if times:
        clock = "CPU" if pericles_agents.clock is time.process_time else "wall"
        print(f"  {len(times)} decisions with a choice ({clock} time): median {statistics.median(times):.3f} s, "
              f"max {max(times):.3f} s ({time.perf_counter() - start:.0f} s in all)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--scenario", default="14_1_09a", choices=("14_1_09a", "14_2"))
    parser.add_argument("--variant", default="ismcts:normal", help="comma-separated specs or variants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (timings then share the cores)")
    parser.add_argument("--seats", default="0,1,2,3", help="the searcher's seats, taken in turn")
    parser.add_argument("--jsonl", help="append each finished game to this file")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game (repeatable)")
    parser.add_argument("--cpu", action="store_true", help="decision times in CPU seconds, not wall seconds")
    parser.add_argument("--base", default="heuristic",
                        help="the agent of the other seats and of the control (a spec or a variant)")
    parser.add_argument("--side", action="store_true",
                        help="the compatriot plays the variant too: the side's war against two heuristics")
    args = parser.parse_args()
    if args.cpu:
        pericles_agents.clock = time.process_time  # the game processes are forked after this
    registry.register(KIT)
    seats = [int(x) for x in args.seats.split(",")]
    options = command_options(KIT, [f"scenario={args.scenario}", *args.option])  # a wrong option stops here
    for spec in args.variant.split(","):
        measure(options, spec, args.games, args.seed, args.jobs, seats, args.jsonl, args.side, args.base)


if __name__ == "__main__":
    main()
