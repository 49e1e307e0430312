#!/usr/bin/env python3
"""Pericles: a bot's side against a baseline's side, and how each plays (issue 25's figures).

    nice -n 10 .venv/bin/python benchmarks/pericles_baselines.py --side heuristic
        --against always-accept,always-decline [--scenario 14_1_09a] [--games 100] [--seed 0] [--jobs 1]

Game ``i`` is seeded ``seed + i``; ``--side`` plays both factions of Athens in even games and of
Sparta in odd ones, ``--against`` the other side. A side wins when the game's winner is one of its
factions (P-VICTORY-11). Prints the side's wins with a Wilson 95% interval and, for each agent, per
faction and game: the share of its own issues it accepted when it had a choice (P-THEATER-14), the
battles it commanded and won (P-BATTLE-7), and its Honor by source (the step or issue it was gained
or lost in); ``--by-seat`` adds the same per seat. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from multiprocessing import Pool
from typing import NamedTuple

from kleos.agents import make_agent
from kleos.agents.base import agent_rng
from kleos.arena.stats import wilson_interval
from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.battle import commander
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import M_NUM, M_WIN, PericlesState
from kleos.games.pericles.tables import MIL

STEP_CAP = 100_000  # a game longer than this is a bug
BATTLE_STEPS = frozenset({"exped_secret", "move", "move_on", "ship", "row", "split", "casualty", "second",
                          "raze", "gold"})
RESOLVE_SOURCES = {"raid": "raid", "oracle": "oracle", "league": "league", "commit": "diplomacy",
                   "resolve": "diplomacy", "expedition": "battle", "build": "build", "decline": "declined"}


class Play(NamedTuple):
    """What one faction did in one game."""

    spec: str
    own_issues: int  # own issues resolved with a choice
    accepted: int
    battles: int  # battles it commanded
    won: int
    honor: Counter[str]  # Honor by source
    final: int
    drained: int = 0  # Strategos an enemy Raid took from it (P-RAID-3)


class Game(NamedTuple):
    side_won: bool
    plays: list[Play]


def source(before: PericlesState, seat: int, action: Action | None) -> str:
    """Where a change of Honor (or of Strategos) comes from: the issue being resolved, a battle, the
    step, or ``raided`` for what an enemy Raid took from the seat (P-RAID-3, P-RAID-4)."""
    if before.step == "resolve" and action is not None:
        return RESOLVE_SOURCES.get(action.verb, action.verb)
    if before.step in BATTLE_STEPS or before.mil[M_NUM] > 0:
        return "battle"
    if before.revealed >= 0:
        _, _, owner, kind = entry_parts(before.revealed)
        if kind != MIL:
            return "issue"
        return "raid" if owner // 2 == seat // 2 else "raided"
    return before.step or "end"


def one(job: tuple[str, str, str, int, int]) -> Game:
    """One seeded game, ``spec`` on side ``side``, ``other`` on the other."""
    scenario, spec, other, seed, side = job
    registry.register(KIT)
    game = PericlesGame({"scenario": scenario})
    specs = [spec if f // 2 == side else other for f in range(4)]
    agents = {f: make_agent(specs[f], game) for f in range(4)}
    rngs = {f: agent_rng(seed, f) for f in range(4)}
    own = [0] * 4
    accepted = [0] * 4
    battles = [0] * 4
    won = [0] * 4
    honor: list[Counter[str]] = [Counter() for _ in range(4)]
    drained = [0] * 4
    state = game.new_state(seed)
    for _ in range(STEP_CAP):
        if game.is_terminal(state):
            break
        before = state.copy()
        action: Action | None = None
        if game.is_chance(state):
            game.step_chance(state)
        else:
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            action = agents[seat].choose(game.view(state, seat), legal, rngs[seat])
            if state.step == "resolve" and len(legal) > 1 and Action("decline") in legal \
                    and entry_parts(state.revealed)[2] == seat:
                own[seat] += 1
                accepted[seat] += action.verb != "decline"
            game.apply_in_place(state, action, seat)
        if state.mil[M_NUM] > before.mil[M_NUM]:
            battles[commander(state)] += 1
        if before.mil[M_WIN] < 0 <= state.mil[M_WIN] and state.mil[M_WIN] == commander(state) // 2:
            won[commander(state)] += 1
        for f in range(4):
            if state.honor[f] != before.honor[f]:
                honor[f][source(before, f, action)] += state.honor[f] - before.honor[f]
            if state.stock[f] < before.stock[f] and source(before, f, action) == "raided":
                drained[f] += before.stock[f] - state.stock[f]
    else:
        raise RuntimeError(f"seed {seed}: no end after {STEP_CAP} steps")
    outcome = state.outcome
    assert outcome is not None
    side_won = outcome.winner is not None and outcome.winner // 2 == side
    plays = [Play(specs[f], own[f], accepted[f], battles[f], won[f], honor[f], state.honor[f], drained[f])
             for f in range(4)]
    return Game(side_won, plays)


def interval(wins: float, n: int) -> str:
    low, high = wilson_interval(wins, n)
    return f"{wins:g}/{n} = {100 * wins / max(n, 1):.1f}% [Wilson 95% {100 * low:.1f}-{100 * high:.1f}%]"


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def summarize(label: str, mine: list[Play]) -> None:
    """One group of faction-games: own issues accepted, battles commanded and won, Honor by source."""
    own, acc = sum(p.own_issues for p in mine), sum(p.accepted for p in mine)
    fought, won = sum(p.battles for p in mine), sum(p.won for p in mine)
    honor: Counter[str] = Counter()
    for p in mine:
        honor.update(p.honor)
    n = len(mine)
    sources = ", ".join(f"{k} {v / n:+.2f}" for k, v in honor.most_common() if v)
    print(f"  {label} ({n} faction-games): own issues accepted {interval(acc, own)}; "
          f"battles commanded {fought / n:.2f} per game, won {won} of {fought}; "
          f"final Honor {sum(p.final for p in mine) / n:.2f}; Strategos taken by enemy Raids "
          f"{sum(p.drained for p in mine) / n:.2f}; Honor by source per game: {sources}")


def report(plays: list[Play], games: int) -> None:
    """Per agent: own issues accepted, battles commanded and won, Honor by source, per faction and game."""
    for spec in dict.fromkeys(p.spec for p in plays):
        summarize(spec, [p for p in plays if p.spec == spec])


def report_seats(results: list[Game], names: tuple[str, ...]) -> None:
    """The same per seat: where the seats are unlike (the vignette's Dominant factions are the target
    of every enemy Raid, P-RAID-3, P-RAID-4), each seat's Honor by source shows where its Honor goes."""
    for f, name in enumerate(names):
        summarize(f"seat {name}", [r.plays[f] for r in results])


def measure(scenario: str, spec: str, other: str, games: int, seed: int, jobs: int, by_seat: bool = False) -> None:
    start = time.perf_counter()
    print(f"{spec} side vs {other} side on {scenario}, seeds {seed}-{seed + games - 1}, {load()}", flush=True)
    work = [(scenario, spec, other, seed + i, i % 2) for i in range(games)]
    results: list[Game] = []
    with Pool(jobs) as pool:
        for result in pool.imap(one, work, chunksize=1):
            results.append(result)
            if len(results) % (10 if games >= 50 else 1) == 0:
                print(f"  after {len(results)} games: {interval(sum(r.side_won for r in results), len(results))}, "
                      f"{time.perf_counter() - start:.0f} s, {load()}", flush=True)
    wins = sum(r.side_won for r in results)
    athens = sum(r.side_won for i, r in enumerate(results) if i % 2 == 0)
    print(f"  {spec} side wins {interval(wins, games)} (as Athens {athens} of {(games + 1) // 2}); "
          f"{time.perf_counter() - start:.0f} s, {load()}", flush=True)
    report([p for r in results for p in r.plays], games)
    if by_seat:
        report_seats(results, PericlesGame({"scenario": scenario}).seat_names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", default="heuristic", help="the agent spec of the measured side")
    parser.add_argument("--against", default="always-accept,always-decline", help="comma-separated specs")
    parser.add_argument("--scenario", default="14_1_09a", choices=("14_1_09a", "14_2"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--by-seat", action="store_true", help="also report each seat (all agents in it)")
    args = parser.parse_args()
    registry.register(KIT)
    for other in args.against.split(","):
        measure(args.scenario, args.side, other, args.games, args.seed, args.jobs, args.by_seat)


if __name__ == "__main__":
    main()
