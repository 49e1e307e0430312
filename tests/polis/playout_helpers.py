"""A playout policy that survives to the end of the game, and a tally of how far games get.

Uniform random play from the set-up ends in round 1 in nine games out of ten (a random player
starves, R-END-2, or is ostracised, R-END-3), so later rounds and the final scoring would go
untested. :func:`survivor_policy` plays nearly as cheaply but keeps its seat alive: at every
decision outside the steps of a movement it tries each legal action on a copy and keeps those
that leave the most prestige after feeding (up to a margin), never one that loses the game when
another does not; among those it follows :class:`SimpleAgent` most of the time and a random verb
otherwise, so the games stay varied.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay
from kleos.core.testing import Policy, verb_policy
from kleos.games.polis.agents.simple import SimpleAgent
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import (
    hidden_variants,
    notation_problems,
    state_problems,
    step_problems,
    view_problems,
)
from kleos.games.polis.rules.end_of_round import requirement
from kleos.games.polis.state import TURN, PolisState
from kleos.games.polis.tables import N_GOODS, WHEAT

MARGIN = 6
"""Prestige after feeding that the policy keeps when it can: less often ends in ostracism."""
FOLLOW = 0.9
"""How often the policy follows :class:`SimpleAgent` rather than a random verb."""
FINISHED = frozenset({"score", "goods_tiebreak", "shared"})
"""Outcome reasons of a game that reached the final scoring (R-END-6 … R-END-10)."""
LOOKAHEAD_STEPS = frozenset({"tribute", "toll"})
"""Steps of an action whose completion changes wheat or prestige, so they are completed when valued."""


def reserve(s: PolisState, seat: int) -> int:
    """Prestige ``seat`` would keep after feeding its population with its wheat (R-EOR-9 …
    R-EOR-11); a won game counts high, a lost or drawn one low."""
    if s.outcome is not None:
        return 100 if s.outcome.winner == seat else -100
    shortfall = requirement(s, seat) - s.goods[seat * N_GOODS + WHEAT]
    return s.prestige[seat] - max(0, shortfall)


def _completed(game: PolisGame, s: PolisState, seat: int) -> int:
    """:func:`reserve` after the best next step of an action in progress that pays or gains goods."""
    if s.phase != TURN or s.chance is not None or s.pending is None or s.active != seat \
            or s.pending[0] not in LOOKAHEAD_STEPS:
        return reserve(s, seat)
    best = -1000
    for action in game.legal_actions(s, seat):
        child = s.copy()
        game.apply_in_place(child, action, seat, validate=False)
        best = max(best, reserve(child, seat))
    return best


def survivor_policy(game: PolisGame, margin: int = MARGIN, follow: float = FOLLOW) -> Policy[PolisState]:
    """A seeded policy for :func:`kleos.core.testing.random_playout` that rarely loses early."""
    agent = SimpleAgent(game)

    def pick(rnd: random.Random, s: PolisState, seat: int, legal: list[Action]) -> Action:
        if rnd.random() < follow:
            return agent.choose(game.view(s, seat), legal, rnd)
        return verb_policy(rnd, s, seat, legal)

    def choose(rnd: random.Random, s: PolisState, seat: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if s.phase == TURN and s.pending is not None:
            return pick(rnd, s, seat, legal)
        values = []
        for action in legal:
            child = s.copy()
            game.apply_in_place(child, action, seat, validate=False)
            values.append(_completed(game, child, seat))
        floor = min(max(values), margin)
        keep = [a for a, v in zip(legal, values, strict=True) if v >= floor]
        if s.phase != TURN:
            return agent.choose(game.view(s, seat), keep, rnd)
        return pick(rnd, s, seat, keep)

    return choose


@dataclass
class Tally:
    """How far a batch of games got: the round each ended in and why."""

    n_rounds: int
    ended_in: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, state: PolisState) -> None:
        self.ended_in[state.round] += 1
        self.reasons[state.outcome.reason if state.outcome is not None else "unfinished"] += 1

    @property
    def games(self) -> int:
        return sum(self.ended_in.values())

    def reached(self, round_index: int) -> int:
        """Games that played at least part of round ``round_index`` (0-based)."""
        return sum(n for r, n in self.ended_in.items() if r >= round_index)

    @property
    def finished(self) -> int:
        """Games that ended with the final scoring, having played every round."""
        return sum(self.reasons[r] for r in FINISHED)

    def table(self, title: str, round_names: Iterable[str]) -> str:
        lines = [f"{title}: {self.games} games", "    round  reached  ended there"]
        for i, name in enumerate(round_names):
            lines.append(f"  {name:>7}  {self.reached(i):7d}  {self.ended_in[i]:11d}")
        lines.append(f"  final scoring: {self.finished}; endings: "
                     + ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items())))
        return "\n".join(lines)


# ----- a checked game, cheaply ------------------------------------------------------------------
class GameFailure(AssertionError):
    """A check failed: the message names the edition, seed, step and the last actions."""


def checked_game(game: PolisGame, seed: int, policy: Policy[PolisState], full_every: int = 25,
                 max_steps: int = 5_000) -> PolisState:
    """Play one seeded game in place and check it as it goes; the final state.

    Every step: the Polis invariants of the position and of the step
    (:func:`~kleos.games.polis.invariants.state_problems`, ``step_problems``), and during battles
    :func:`view_leaks`. Every ``full_every`` steps and at the end, :func:`position_problems`. At
    the end, the log survives a JSON round trip and replaying it from the seed rebuilds the final
    position exactly. (The generic promises of the protocol are checked, more slowly, by
    :func:`kleos.core.testing.random_playout`.)
    """
    rnd = random.Random(seed)
    t = game.tables
    s = game.new_state(seed)
    record = GameRecord(game.name, dict(game.options), seed)

    def fail(step: int, problems: list[str]) -> GameFailure:
        trail = "; ".join(f"{'chance' if seat == CHANCE else seat}: {a}" for seat, a in record.actions[-12:])
        return GameFailure(f"{game.edition} seed {seed}, step {step}: " + "; ".join(problems)
                           + f"\n  last actions: {trail}")

    for step in range(max_steps):
        if step % full_every == 0:
            problems = position_problems(game, s)
        else:  # battle hands are the only hidden information: check every view during battles
            problems = view_leaks(game, s) if s.battle is not None else []
        if problems:
            raise fail(step, problems)
        actors = game.actors(s)
        if not actors:
            break
        seat = actors[0]
        action = game.sample_chance(s) if seat == CHANCE else policy(rnd, s, seat, game.legal_actions(s, seat))
        before = s.copy()
        game.apply_in_place(s, action, seat)
        record.actions.append((seat, action))
        problems = state_problems(t, s) + step_problems(t, before, seat, action, s)
        if problems:
            raise fail(step, problems)
    else:
        raise fail(max_steps, ["the game did not end"])
    problems = position_problems(game, s) + replay_problems(game, record, s)
    if problems:
        raise fail(len(record.actions), problems)
    return s


def position_problems(game: PolisGame, s: PolisState) -> list[str]:
    """The expensive checks of one position: views of both seats and a spectator hide what they
    must (R-GEN-17) and are the same for every hidden variant of the position; the legal actions'
    notation round-trips; the JSON, position-text and compact forms read back to the position."""
    out = notation_problems(game, s)
    if game.state_from_json(json.loads(json.dumps(game.state_to_json(s)))) != s:
        out.append("NOTATION: the JSON form reads back to another position")
    out += view_leaks(game, s)
    actors = game.actors(s)
    if actors and actors != (CHANCE,):
        for action in game.legal_actions(s, actors[0]):
            if Action.parse(str(action)) != action:
                out.append(f"NOTATION: '{action}' reads back as {Action.parse(str(action))!r}")
    return out


def view_leaks(game: PolisGame, s: PolisState) -> list[str]:
    """R-GEN-17: the views of both seats and a spectator show all open information, hide the other
    hand and the generator, and are the same for every variant of the position that differs only in
    a hand the seat may not see."""
    out: list[str] = []
    for seat in (0, 1, None):
        view = game.view(s, seat)
        out += view_problems(s, view, seat)
        if any(game.view(variant, seat) != view for variant in hidden_variants(s, seat)):
            out.append(f"R-GEN-17: the view of seat {seat} changes with a hand it may not see")
    return out


def replay_problems(game: PolisGame, record: GameRecord, final: PolisState) -> list[str]:
    """The action log, after a JSON round trip, replays from the seed to ``final`` exactly."""
    again = GameRecord.loads(record.dumps())
    if again.actions != record.actions:
        return ["REPLAY: the log changed in a JSON round trip"]
    try:
        replayed = Replay(game, again).final_state()
    except IllegalAction as exc:
        return [f"REPLAY: the log does not replay: {exc}"]
    if replayed != final:
        return ["REPLAY: replaying the log ends in another position"]
    return []
