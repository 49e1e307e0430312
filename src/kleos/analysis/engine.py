"""The analysis of a game record: for every decision, the searcher's estimate of the acting seat's
value before and after its move, the move it preferred, and a mark when the move lost a lot.

Each decision is searched from the acting seat's *view* (its information set): the searcher sees
what the seat saw when it chose. Only when the game is over and the caller asks for it
(``full_information``) does the search start from the true position, hidden cards included; future
chance stays unknown either way (each search draws its own dice).

The estimate is the kit's ISMCTS searcher's (with the game's knowledge, its step shortcut turned
off so that every decision is searched). In paired mode the played move is added to the
candidates, so it is compared with the preferred move on the same sampled futures; in tree mode a
played move the search hardly visited is compared with the preferred one in a second search over
the two. ``before`` is the value of the preferred move, ``after`` that of the played move, their
difference the move's loss; a search is repeated with ``repeats`` seeds and the spread of
``before`` over them is reported. Chance steps and forced steps are listed but never searched
and never marked. ``chance`` is ``before`` turned into a chance of winning by the game's calibration
(:mod:`kleos.core.kit.calibration`; ``before`` itself for a game without one): what the chart shows,
while the marks measure losses of the search's own value.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from statistics import mean
from typing import Any, Generic

from kleos.agents.base import agent_parts_of
from kleos.agents.ismcts import Draw, ISMCTSAgent, Node
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.calibration import Knots, calibrate
from kleos.core.kit.params import S, V  # a game's state and view: opaque to the analysis
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord
from kleos.core.rng import Rng
from kleos.i18n.platform import N_

DEFAULT_BUDGET = 300  # forward-model calls per search
DEFAULT_REPEATS = 2  # searches per decision, each with its own seed: their spread is shown
MIN_VISITS = 6  # a played move visited less often than this is compared again, alone with the best
DEFAULT_MARKS = (0.05, 0.10, 0.20)
MARK_NAMES = ("inaccuracy", "mistake", "blunder")
DIGITS = 4  # the values are kept to this many decimals (far below the search's noise)

Progress = Callable[[int, int], None]  # (steps done, steps in all)


@dataclass(frozen=True)
class StepAnalysis:
    """One step of the record. ``kind``: ``decision`` (searched), ``forced`` (one legal action) or
    ``chance``; the values are the acting seat's, in [0, 1] (None when not searched)."""

    index: int
    seat: int
    kind: str
    played: str
    words: str
    preferred: str | None = None
    preferred_words: str | None = None
    before: float | None = None
    after: float | None = None
    spread: float | None = None
    mark: str | None = None
    chance: float | None = None
    chance_spread: float | None = None

    @property
    def loss(self) -> float:
        if self.before is None or self.after is None:
            return 0.0
        return max(0.0, self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index, "seat": self.seat, "kind": self.kind, "played": self.played,
                                "words": self.words}
        if self.kind == "decision":
            data.update(preferred=self.preferred, preferred_words=self.preferred_words,
                        before=_round(self.before), after=_round(self.after), spread=_round(self.spread),
                        loss=_round(self.loss), mark=self.mark, chance=_round(self.chance),
                        chance_spread=_round(self.chance_spread))
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> StepAnalysis:
        return StepAnalysis(int(data["index"]), int(data["seat"]), str(data["kind"]), str(data["played"]),
                            str(data["words"]), data.get("preferred"), data.get("preferred_words"),
                            data.get("before"), data.get("after"), data.get("spread"), data.get("mark"),
                            data.get("chance", data.get("before")), data.get("chance_spread", data.get("spread")))


@dataclass
class GameAnalysis:
    """The analysis of one record: settings, seats, the steps and the end."""

    game: str
    seat_names: tuple[str, ...]
    budget: int
    repeats: int
    seed: int
    full_information: bool
    marks: tuple[float, float, float]
    value_words: str
    steps: list[StepAnalysis] = field(default_factory=list)
    outcome: str = ""
    calibrated: bool = False

    @property
    def chance_words(self) -> str:
        """What the chart shows: a calibrated chance of winning, or the search's own value."""
        return N_("winning chance") if self.calibrated else self.value_words

    def decisions(self, seat: int | None = None) -> list[StepAnalysis]:
        return [s for s in self.steps if s.kind == "decision" and (seat is None or s.seat == seat)]

    def to_json(self) -> dict[str, Any]:
        """The settings and the steps (:func:`kleos.analysis.report.analysis_json` adds the turning points)."""
        return {"game": self.game, "seats": list(self.seat_names), "budget": self.budget,
                "repeats": self.repeats, "seed": self.seed, "full_information": self.full_information,
                "marks": dict(zip(MARK_NAMES, self.marks, strict=True)), "value_words": self.value_words,
                "outcome": self.outcome, "calibrated": self.calibrated, "chance_words": self.chance_words,
                "steps": [s.to_json() for s in self.steps]}

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameAnalysis:
        marks = tuple(float(data["marks"][name]) for name in MARK_NAMES)
        return GameAnalysis(str(data["game"]), tuple(data["seats"]), int(data["budget"]), int(data["repeats"]),
                            int(data["seed"]), bool(data["full_information"]), (marks[0], marks[1], marks[2]),
                            str(data["value_words"]), [StepAnalysis.from_json(s) for s in data["steps"]],
                            str(data.get("outcome", "")), bool(data.get("calibrated", False)))


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def mark_of(loss: float, marks: tuple[float, float, float]) -> str | None:
    """The mark a move that lost ``loss`` of its seat's value earns (None: not worth a mark)."""
    found = None
    for name, threshold in zip(MARK_NAMES, marks, strict=True):
        if loss >= threshold:
            found = name
    return found


def full_information_draw(game: Game[S, V], state: S) -> Draw:
    """The draw of a game that is over: the true position (hidden cards included) with a fresh
    generator, so that the future chance stays unknown."""
    def draw(view: Any, rng: random.Random) -> Any:
        known = game.copy(state)
        game.rng(known).state = Rng.from_seed(rng.getrandbits(64)).state
        return known
    return draw


class Analyst(Generic[S, V]):
    """Searches decisions of one game with ``budget`` forward-model calls per search."""

    def __init__(self, game: Game[S, V], budget: int = DEFAULT_BUDGET, repeats: int = DEFAULT_REPEATS,
                 seed: int = 0) -> None:
        if budget < 1 or repeats < 1:
            raise ValueError("the budget and the number of repeats must be at least 1")
        self.game = game
        self.budget = budget
        self.repeats = repeats
        self.seed = seed
        self._searcher: ISMCTSAgent | None = None
        self._candidates: Callable[[Any, list[Action], random.Random], list[Action]] | None = None

    def _agent(self, played: Action) -> ISMCTSAgent:
        """The searcher (built once: the game's knowledge is prepared once), set for this decision."""
        if self._searcher is None:
            self._searcher = ISMCTSAgent(self.game, model_calls=self.budget, name="analysis")
            self._searcher.shortcut = None  # every decision is searched, inner steps included
            self._candidates = self._searcher.candidates
        agent = self._searcher
        if self._candidates is not None:
            agent.candidates = _with_played(self._candidates, played)
        return agent

    def values(self, view: V, legal: list[Action], played: Action, rng: random.Random,
               state: S | None = None) -> tuple[Action, float, float]:
        """(preferred move, its value, the played move's value) for the seat whose ``view`` it is,
        from one search (and a second over the two when the first hardly tried the played move)."""
        agent = self._agent(played)
        draw = None if state is None else full_information_draw(self.game, state)
        preferred = agent.choose(view, legal, rng, draw)
        root = agent.last_root
        assert root is not None
        if preferred != played and _visits(root, played) < MIN_VISITS:
            pair = [preferred, played]
            agent.choose(view, pair, rng, draw)
            assert agent.last_root is not None
            root = agent.last_root
        return preferred, _mean(root, preferred), _mean(root, played)

    def decision(self, index: int, view: V, legal: list[Action], played: Action,
                 state: S | None = None) -> tuple[Action, list[float], float]:
        """(the preferred move most often, each repeat's value before the move, the mean value after)."""
        picks: list[Action] = []
        befores: list[float] = []
        afters: list[float] = []
        for repeat in range(self.repeats):
            rng = random.Random(f"kleos-analysis:{self.seed}:{index}:{repeat}")
            preferred, before, after = self.values(view, legal, played, rng, state)
            picks.append(preferred)
            befores.append(max(before, after))  # the played move may turn out the better one
            afters.append(after)
        best = max(picks, key=lambda a: (picks.count(a), -picks.index(a)))
        return best, befores, mean(afters)


def _with_played(candidates: Callable[[Any, list[Action], random.Random], list[Action]],
                 played: Action) -> Callable[[Any, list[Action], random.Random], list[Action]]:
    """The game's candidates with the played move added (and, when that leaves one, another legal move)."""

    def named(view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        picks = [a for a in candidates(view, legal, rng) if a in legal]
        if played in legal and played not in picks:
            picks.append(played)
        if len(picks) < 2:
            picks.extend(a for a in legal if a not in picks)
        return picks

    return named


def _visits(root: Node, action: Action) -> int:
    child = root.children.get(action)
    return 0 if child is None else child.visits


def _mean(root: Node, action: Action) -> float:
    child = root.children.get(action)
    if child is None or child.visits == 0:
        return 0.5
    return child.total / child.visits


def game_marks(game: Game[Any, Any]) -> tuple[tuple[float, float, float], str]:
    """The game's mark thresholds and the words for what its evaluation measures."""
    parts = agent_parts_of(game)
    if parts is None:
        return DEFAULT_MARKS, "winning chance"
    return parts.marks, parts.value_words


def game_calibration(game: Game[Any, Any]) -> Knots:
    """The knots that turn the game's search value into a chance of winning (``()``: none)."""
    parts = agent_parts_of(game)
    return () if parts is None else parts.calibration


def analyse(record: GameRecord, *, budget: int = DEFAULT_BUDGET, repeats: int = DEFAULT_REPEATS, seed: int = 0,
            full_information: bool = False, start: int = 0, upto: int | None = None,
            progress: Progress | None = None) -> GameAnalysis:
    """Analyse the steps ``start`` to ``upto`` (excluded; None: to the end) of ``record``: any
    stretch of a replay, down to one position (the steps before are replayed, not analysed).

    ``full_information`` searches from the true positions, which is allowed only for a finished game
    (a ``ValueError`` otherwise). Deterministic for a given ``seed``."""
    game = registry.kit(record.game).make_game(record.options)
    return analyse_from(game, game.new_state(record.seed), record.actions, budget=budget, repeats=repeats, seed=seed,
                        full_information=full_information, start=start, upto=upto, progress=progress,
                        over=bool(record.resigned))


def analyse_from(game: Game[S, V], position: S, actions: Sequence[tuple[int, Action]], *,
                 budget: int = DEFAULT_BUDGET, repeats: int = DEFAULT_REPEATS, seed: int = 0,
                 full_information: bool = False, start: int = 0, upto: int | None = None,
                 progress: Progress | None = None, over: bool = False) -> GameAnalysis:
    """:func:`analyse` for the ``actions`` taken from ``position`` (a set position, not changed here);
    ``over``: the game ended without its rules saying so (a resignation)."""
    kit = registry.kit(game.name)
    if full_information and not (over or _ends(game, position, actions)):
        raise ValueError("full information is allowed only once the game is over")
    marks, words = game_marks(game)
    result = GameAnalysis(game.name, tuple(game.seat_names), budget, repeats, seed, full_information, marks, words,
                          calibrated=bool(game_calibration(game)))
    analyst = Analyst(game, budget, repeats, seed)
    state = game.copy(position)
    chosen = list(actions if upto is None else actions[:upto])
    for index, (seat, action) in enumerate(chosen):
        if index >= start:
            result.steps.append(_step(kit, analyst, state, index, seat, action, full_information))
        game.apply_in_place(state, action, seat)
        if progress is not None and index >= start:
            progress(index + 1 - start, len(chosen) - start)
    outcome = game.outcome(state)
    result.outcome = "" if outcome is None else kit.outcome_text(game, outcome)
    return result


def wordless(analysis: GameAnalysis) -> GameAnalysis:
    """``analysis`` without its words (the moves', the better moves', the result's): notation and
    numbers only, as the server stores it, so that each reader gets the words in their language
    (:func:`retell`)."""
    steps = [replace(step, words="", preferred_words=None) for step in analysis.steps]
    return replace(analysis, steps=steps, outcome="")


def retell(analysis: GameAnalysis, record: GameRecord) -> GameAnalysis:
    """``analysis`` of ``record`` with its words told in the reader's language: each move and better
    move from its seat's view before it (chance from the public one), as :func:`analyse` tells them,
    and the result. Whatever words it held (an analysis stored in English) are replaced."""
    kit = registry.kit(record.game)
    game = kit.make_game(record.options)
    state = game.new_state(record.seed)
    by_index = {step.index: step for step in analysis.steps}
    steps: list[StepAnalysis] = []
    for index, (seat, action) in enumerate(record.actions):
        step = by_index.get(index)
        if step is not None:
            view = game.view(state, None if seat == CHANCE else seat)
            better = None if step.preferred is None else kit.describe_action(game, view, Action.parse(step.preferred))
            steps.append(replace(step, words=kit.describe_action(game, view, action), preferred_words=better))
        game.apply_in_place(state, action, seat, validate=False)
    outcome = game.outcome(state)
    return replace(analysis, steps=steps, outcome="" if outcome is None else kit.outcome_text(game, outcome))


def _ends(game: Game[S, V], position: S, actions: Sequence[tuple[int, Action]]) -> bool:
    state = game.copy(position)
    for seat, action in actions:
        game.apply_in_place(state, action, seat)
    return game.is_terminal(state)


def _step(kit: GameKit, analyst: Analyst[S, V], state: S, index: int, seat: int, action: Action,
          full_information: bool) -> StepAnalysis:
    game = analyst.game
    if seat == CHANCE:
        words = kit.describe_action(game, game.view(state, None), action)
        return StepAnalysis(index, seat, "chance", str(action), words)
    view = game.view(state, seat)
    words = kit.describe_action(game, view, action)
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return StepAnalysis(index, seat, "forced", str(action), words)
    preferred, befores, after = analyst.decision(index, view, legal, action, state if full_information else None)
    before, after = round(mean(befores), DIGITS), round(after, DIGITS)  # as stored: the JSON round-trips
    marks, _ = game_marks(game)
    mark = None if preferred == action else mark_of(before - after, marks)
    knots = game_calibration(game)
    chance = round(calibrate(before, knots), DIGITS)
    chance_spread = round(calibrate(max(befores), knots) - calibrate(min(befores), knots), DIGITS)
    return StepAnalysis(index, seat, "decision", str(action), words, str(preferred),
                        kit.describe_action(game, view, preferred), before, after,
                        round(max(befores) - min(befores), DIGITS), mark, chance, chance_spread)
