"""Round-robin tournaments: every pair of agents plays the same number of games with sides
swapped, each game seeded from the tournament seed so results are reproducible whatever the
number of workers or machines."""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from kleos.agents.base import agent_rng
from kleos.agents.registry import make_agent, parse_spec
from kleos.core.protocol import Game


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament: which game and options, who sits where, and its seed."""

    index: int
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    seed: int


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


def build_game(name: str, options: dict[str, Any]) -> Game[Any, Any]:
    if name != "polis":
        raise ValueError(f"unknown game '{name}' (available: polis)")
    from kleos.games.polis.game import PolisGame

    return PolisGame.from_options(options)


def schedule(game: str, options: dict[str, Any], agents: list[str], games_per_pair: int, seed: int) -> list[GameSpec]:
    """Round robin with sides swapped: in each pair, game k puts the first agent in seat k mod 2."""
    for spec in agents:
        parse_spec(spec)
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    specs: list[GameSpec] = []
    master = random.Random(seed)
    for a, b in itertools.combinations(agents, 2):
        for k in range(games_per_pair):
            seats = (a, b) if k % 2 == 0 else (b, a)
            specs.append(GameSpec(len(specs), game, options, seats, master.getrandbits(32)))
    return specs


def play_game(spec: GameSpec) -> GameResult:
    """Play one game: chance from the state's seed, each agent with its own generator and only
    its seat's view."""
    game = build_game(spec.game, spec.options)
    agents = [make_agent(name, game) for name in spec.seats]
    rngs = [agent_rng(spec.seed, seat) for seat in range(len(spec.seats))]
    decisions = [0] * len(spec.seats)
    think = [0.0] * len(spec.seats)
    state = game.new_state(spec.seed)
    steps = 0
    while not game.is_terminal(state):
        steps += 1
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        started = time.perf_counter()
        action = agents[seat].choose(game.view(state, seat), legal, rngs[seat])
        think[seat] += time.perf_counter() - started
        decisions[seat] += 1
        game.apply_in_place(state, action, seat, validate=False)
    outcome = game.outcome(state)
    assert outcome is not None
    return GameResult(spec.index, spec.seats, spec.seed, outcome.winner, outcome.reason, outcome.scores, steps,
                      tuple(decisions), tuple(think), int(getattr(state, "round", 0)) + 1)


class Progress:
    """A plain progress bar on stderr (no dependency; quiet when stderr is not a terminal)."""

    def __init__(self, total: int, label: str = "games", stream: Any = None) -> None:
        self.total, self.done, self.label = total, 0, label
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.perf_counter()
        self.interactive = bool(getattr(self.stream, "isatty", lambda: False)())

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.interactive or self.done == self.total:
            self._draw()

    def _draw(self) -> None:
        width = 30
        filled = int(width * self.done / max(1, self.total))
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if self.done == self.total else "\r"
        self.stream.write(f"[{bar}] {self.done}/{self.total} {self.label}  {elapsed:5.0f}s  eta {eta:4.0f}s{end}")
        self.stream.flush()


def run_local(specs: list[GameSpec], workers: int, on_result: Callable[[GameResult], None]) -> None:
    """Play the games on this machine, in ``workers`` processes (1: in this process)."""
    if workers <= 1:
        for spec in specs:
            on_result(play_game(spec))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_game, spec) for spec in specs]
        for future in as_completed(futures):
            on_result(future.result())


def run_ray(specs: list[GameSpec], address: str, on_result: Callable[[GameResult], None]) -> None:
    """Play the games as tasks on a Ray cluster (``address``: e.g. ``auto`` or ``ray://host:10001``)."""
    import ray

    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(play_game)
    pending = [remote.remote(spec) for spec in specs]
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
