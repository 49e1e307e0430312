"""Round-robin tournaments for games of any number of seats.

Agents meet at *tables*: every set of as many agents as the game has seats. At each table the
agents change seats from game to game (every arrangement, or the cyclic rotations when there are
too many), so no agent profits from a seat. Every game is seeded from the tournament seed, so the
results are the same whatever the number of workers or machines.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from kleos.agents.base import agent_rng
from kleos.agents.registry import make_agent, parse_spec
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.params import G, S, V
from kleos.core.protocol import CHANCE, Game
from kleos.core.steps import RUNAWAY_STEPS, count_step

Rotation = Literal["all", "cyclic"]
ROTATIONS: tuple[Rotation, ...] = ("all", "cyclic")
ALL_ARRANGEMENTS_UP_TO = 3
"""Tables of at most this many seats play every arrangement of their agents by default (3! = 6);
larger ones play the cyclic rotations (n arrangements instead of n!)."""


STEP_CAP = "unfinished (step cap)"
"""The end reason of a game stopped by ``max_steps``: scored as a draw among all seats."""
ROUND_CAP = "unfinished (round cap)"
"""The end reason of a game stopped by ``max_rounds`` (rounds as the kit's ``progress`` counts them)."""


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament: which game and options, who sits where, its seed, and the steps
    after which it is stopped unfinished (0: played to its end)."""

    index: int
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    seed: int
    max_steps: int = 0
    max_rounds: int = 0
    """Stop the game unfinished once it is past this many rounds (0: no such cap)."""


@dataclass
class GameResult:
    index: int
    seats: tuple[str, ...]
    seed: int
    winner: int | None
    reason: str
    scores: tuple[int, ...]
    steps: int
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    rounds: int
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameResult:
        return GameResult(
            index=int(data["index"]), seats=tuple(data["seats"]), seed=int(data["seed"]),
            winner=data["winner"], reason=str(data["reason"]), scores=tuple(data["scores"]),
            steps=int(data["steps"]), decisions=tuple(data["decisions"]),
            think_seconds=tuple(data["think_seconds"]), rounds=int(data["rounds"]), extra=dict(data.get("extra", {})),
        )


def build_game(name: str, options: Mapping[str, Any]) -> Game[Any, Any]:
    """The game ``name`` with ``options``, from its kit (unknown games and bad options raise)."""
    game: Game[Any, Any] = registry.kit(name).make_game(options)
    return game


# ----- who sits where --------------------------------------------------------------------------
def default_rotation(seats: int) -> Rotation:
    return "all" if seats <= ALL_ARRANGEMENTS_UP_TO else "cyclic"


def tables(agents: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The groups of agents that meet: every ``seats`` of them, or, with fewer agents than seats,
    every way to fill the seats in which each agent sits at least once."""
    if len(agents) >= seats:
        return list(itertools.combinations(agents, seats))
    return [table for table in itertools.combinations_with_replacement(agents, seats) if set(table) == set(agents)]


def arrangements(table: tuple[str, ...], rotation: Rotation) -> list[tuple[str, ...]]:
    """The seatings a table plays in turn, without repeats: every permutation, or the cyclic
    rotations (each agent then sits in each seat equally often)."""
    if rotation == "all":
        orders: Iterable[tuple[str, ...]] = itertools.permutations(table)
    else:
        orders = (table[k:] + table[:k] for k in range(len(table)))
    return list(dict.fromkeys(orders))


def fair_multiple(agents: Sequence[str], seats: int, rotation: Rotation) -> int:
    """The game counts per table that are multiples of this give every seating equally often."""
    return math.lcm(*(len(arrangements(table, rotation)) for table in tables(agents, seats)))


def schedule(game: str, options: dict[str, Any], agents: list[str], games_per_table: int, seed: int,
             rotation: Rotation | None = None, max_steps: int = 0, seats: int | None = None) -> list[GameSpec]:
    """Every table plays ``games_per_table`` games, game k in its k-th arrangement (cycling);
    ``max_steps`` > 0 stops a game that runs longer (agents that never end a game).

    Seeds come from one generator seeded by ``seed``, in schedule order. With two seats this is
    the classic round robin: in each pair, game k puts the first agent in seat k mod 2.
    """
    kit = registry.kit(game)
    for spec in agents:
        parse_spec(spec, kit)
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(set(agents)) != len(agents):
        raise ValueError("name each agent once")
    if seats is None:  # the caller did not build the game already
        seats = len(build_game(game, options).seat_names)
    order = rotation or default_rotation(seats)
    specs: list[GameSpec] = []
    master = random.Random(seed)
    for table in tables(agents, seats):
        seatings = arrangements(table, order)
        for k in range(games_per_table):
            specs.append(GameSpec(len(specs), game, options, seatings[k % len(seatings)], master.getrandbits(32),
                                  max_steps))
    return specs


# ----- playing ---------------------------------------------------------------------------------
def play_game(spec: GameSpec) -> GameResult:
    """Play one game: chance from the state's seed, each agent with its own generator and only
    its seat's view. When several seats act at once, each chooses before any choice is applied."""
    kit = registry.kit(spec.game)
    game = kit.make_game(spec.options)
    if len(spec.seats) != len(game.seat_names):
        raise ValueError(f"{len(spec.seats)} agents for a game of {len(game.seat_names)} seats")
    agents = [make_agent(name, game) for name in spec.seats]
    rngs = [agent_rng(spec.seed, seat) for seat in range(len(spec.seats))]
    decisions = [0] * len(spec.seats)
    think = [0.0] * len(spec.seats)
    state = game.new_state(spec.seed)
    steps = 0
    while actors := game.actors(state):
        capped = _cap_reached(kit, game, state, spec, steps)
        if capped:
            rounds = int(kit.progress(game, state).get("rounds", 0))
            return GameResult(spec.index, spec.seats, spec.seed, None, capped, (0,) * len(spec.seats), steps,
                              tuple(decisions), tuple(think), min(rounds, spec.max_rounds or rounds))
        if actors == (CHANCE,):
            game.step_chance(state)
            steps += 1
            continue
        chosen: list[tuple[int, Action]] = []
        for seat in actors:
            legal = game.legal_actions(state, seat)
            started = time.perf_counter()
            chosen.append((seat, agents[seat].choose(game.view(state, seat), legal, rngs[seat])))
            think[seat] += time.perf_counter() - started
            decisions[seat] += 1
        for seat, action in chosen:
            game.apply_in_place(state, action, seat, validate=False)
            steps += 1
    outcome = game.outcome(state)
    assert outcome is not None
    rounds = int(kit.progress(game, state).get("rounds", 0))
    return GameResult(spec.index, spec.seats, spec.seed, outcome.winner, outcome.reason, outcome.scores, steps,
                      tuple(decisions), tuple(think), rounds)


def _cap_reached(kit: GameKit[G, S, V], game: G, state: S, spec: GameSpec, steps: int) -> str:
    """The reason a capped game stops now ("" while it goes on); a game without ``max_steps`` that
    passes ``RUNAWAY_STEPS`` raises :class:`RunawayLoop` instead of spinning."""
    if 0 < spec.max_steps <= steps:
        return STEP_CAP
    if spec.max_steps == 0:
        count_step(steps, RUNAWAY_STEPS, f"game {spec.index} of {spec.game} (seed {spec.seed})")
    if spec.max_rounds > 0 and kit.progress(game, state).get("rounds", 0) > spec.max_rounds:
        return ROUND_CAP
    return ""


def play_with_kit(kit: GameKit, spec: GameSpec) -> GameResult:
    """:func:`play_game` in another process, which may not know a kit registered only here."""
    registry.register(kit)
    return play_game(spec)


class Progress:
    """A plain progress bar on stderr (no dependency). When stderr is not a terminal (a log file), a
    line at each tenth of the work instead, so that a long run still shows it is alive."""

    def __init__(self, total: int, label: str = "games", stream: Any = None) -> None:
        self.total, self.done, self.label = total, 0, label
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.perf_counter()
        self.interactive = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = max(1, total // 10)

    def advance(self, n: int = 1) -> None:
        before, self.done = self.done, self.done + n
        if self.interactive or self.done == self.total or self.done // self.every > before // self.every:
            self._draw()

    def _draw(self) -> None:
        width = 30
        filled = int(width * self.done / max(1, self.total))
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if self.done == self.total or not self.interactive else "\r"
        self.stream.write(f"[{bar}] {self.done}/{self.total} {self.label}  {elapsed:5.0f}s  eta {eta:4.0f}s{end}")
        self.stream.flush()


def run_local(specs: list[GameSpec], workers: int, on_result: Callable[[GameResult], None]) -> None:
    """Play the games on this machine, in ``workers`` processes (1: in this process)."""
    if workers <= 1:
        for spec in specs:
            on_result(play_game(spec))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_with_kit, registry.kit(spec.game), spec) for spec in specs]
        for future in as_completed(futures):
            on_result(future.result())


def run_ray(specs: list[GameSpec], address: str, on_result: Callable[[GameResult], None]) -> None:
    """Play the games as tasks on a Ray cluster (``address``: e.g. ``auto`` or ``ray://host:10001``)."""
    import ray

    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(play_with_kit)
    pending = [remote.remote(registry.kit(spec.game), spec) for spec in specs]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            on_result(ray.get(ref))


def run_tournament(specs: list[GameSpec], workers: int = 1, ray_address: str | None = None,
                   progress: bool = True) -> list[GameResult]:
    results: list[GameResult] = []
    bar = Progress(len(specs)) if progress else None

    def collect(result: GameResult) -> None:
        results.append(result)
        if bar is not None:
            bar.advance()

    if ray_address:
        run_ray(specs, ray_address, collect)
    else:
        run_local(specs, workers, collect)
    return sorted(results, key=lambda r: r.index)


def agents_of(results: Iterable[GameResult]) -> Iterator[str]:
    seen: list[str] = []
    for r in results:
        for name in r.seats:
            if name not in seen:
                seen.append(name)
                yield name
