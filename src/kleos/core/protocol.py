"""The small protocol every Kleos game fills in.

The public methods are fixed here once; a game supplies the ``_hooks``. Illegal actions, actions
after the end and actions by a seat that is not to act are rejected here, for every game alike,
before the state is touched.

Chance is a pseudo-seat (:data:`CHANCE`): when it is to act, :meth:`Game.chance_outcomes` lists
the outcomes with their probabilities and :meth:`Game.sample_chance` draws one from the
generator kept in the state, so a log of actions (chance outcomes included) replays exactly.

Several seats may be listed by :meth:`Game.actors` at once (simultaneous secret choices, such as
cards played face down together); each submits its own action, and views hide what the others chose.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.frozen import reduce_frozen
from kleos.core.rng import Rng

CHANCE = -1
"""The seat number of chance."""

S = TypeVar("S")
V = TypeVar("V")

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: why, who won (``None`` for a draw or shared victory) and the scores."""

    reason: str
    winner: int | None
    scores: tuple[int, ...]

    def to_json(self) -> JsonDict:
        return {"reason": self.reason, "winner": self.winner, "scores": list(self.scores)}

    def __reduce__(self) -> tuple[Any, tuple[type[Any], dict[str, Any]]]:
        """Copies and pickles are rebuilt through the constructor: the compiled class cannot set the
        fields of a frozen instance one by one, as the default restore does."""
        return reduce_frozen(self)

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Outcome:
        winner = data["winner"]
        return Outcome(str(data["reason"]), None if winner is None else int(winner),
                       tuple(int(s) for s in data["scores"]))


@mypyc_attr(allow_interpreted_subclasses=True)  # every game (and test double) subclasses it uncompiled
class Game(ABC, Generic[S, V]):
    """A game's rules. Instances hold only immutable configuration (edition, data tables)."""

    name: ClassVar[str]
    seat_names: tuple[str, ...]

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this game through its kit (``kit.make_game(game.options)``)."""
        return {}

    # ----- hooks a game fills in -------------------------------------------------------------
    @abstractmethod
    def new_state(self, seed: int) -> S:
        """The position before the first decision, with its generator seeded by ``seed``."""

    @abstractmethod
    def actors(self, state: S) -> tuple[int, ...]:
        """Seats to act now: ``()`` when the game is over, ``(CHANCE,)`` for a chance event."""

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (never empty while ``seat`` is an actor)."""

    @abstractmethod
    def _chance_outcomes(self, state: S) -> list[tuple[Action, float]]:
        """The chance outcomes with probabilities summing to 1."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> None:
        """Carry out a legal action in place."""

    @abstractmethod
    def _diagnose(self, state: S, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal here, naming the rule it breaks."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def copy(self, state: S) -> S:
        """An independent copy (cheap: search copies states constantly)."""

    @abstractmethod
    def rng(self, state: S) -> Rng:
        """The state's own generator, used only to resolve chance events."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (``None``: a spectator's public view). Nothing else leaves the core."""

    @abstractmethod
    def state_to_json(self, state: S) -> JsonDict: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def position_text(self, state: S) -> str:
        """The compact text form of a position (round-trips with :meth:`parse_position`)."""

    @abstractmethod
    def parse_position(self, text: str) -> S: ...

    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden parts drawn from ``rng`` (for search).

        Games with hidden information override this; the default says it is not supported.
        """
        raise NotImplementedError(f"{self.name} cannot determinize views")

    # ----- the fixed public surface ----------------------------------------------------------
    def is_terminal(self, state: S) -> bool:
        return not self.actors(state)

    def is_chance(self, state: S) -> bool:
        return self.actors(state) == (CHANCE,)

    def current_seat(self, state: S) -> int | None:
        """The single seat to act (or :data:`CHANCE`); ``None`` when over or when several act."""
        actors = self.actors(state)
        return actors[0] if len(actors) == 1 else None

    def legal_actions(self, state: S, seat: int | None = None) -> list[Action]:
        """The one source of legality, shared by AI, UIs and server. Chance lists its outcomes."""
        actor = self._resolve_seat(state, seat)
        if actor == CHANCE:
            return [a for a, _ in self._chance_outcomes(state)]
        return self._legal_actions(state, actor)

    def chance_outcomes(self, state: S) -> list[tuple[Action, float]]:
        if not self.is_chance(state):
            raise IllegalAction("PROTOCOL", "no chance event is pending")
        return self._chance_outcomes(state)

    def sample_chance(self, state: S) -> Action:
        """The outcome the state's generator would draw now (the state is not changed).

        Applying a chance outcome advances the generator by one draw, whether the outcome was
        sampled here or read from a log, so replays end in identical states.
        """
        outcomes = self.chance_outcomes(state)
        index = self.rng(state).copy().weighted([p for _, p in outcomes])
        return outcomes[index][0]

    def apply(self, state: S, action: Action, seat: int | None = None) -> S:
        """A new state after ``action``; the given state is never changed."""
        new = self.copy(state)
        self.apply_in_place(new, action, seat)
        return new

    def apply_in_place(self, state: S, action: Action, seat: int | None = None,
                       *, validate: bool = True) -> None:
        """Carry out ``action``, mutating ``state``. Illegal actions raise and change nothing.

        ``validate=False`` skips the legality check for callers that took the action from
        :meth:`legal_actions` themselves (random playouts, search, stored logs): the seat they name
        is then trusted too, so the actors are not worked out again at every step.
        """
        actor = seat if seat is not None and not validate else self._resolve_seat(state, seat)
        if validate:
            legal = self.legal_actions(state, actor)
            if action not in legal:
                if actor == CHANCE:
                    raise IllegalAction("PROTOCOL", f"{action} is not a possible chance outcome here")
                raise self._diagnose(state, actor, action)
        if actor == CHANCE:
            self.rng(state).next_u64()
        self._apply(state, actor, action)

    def step_chance(self, state: S) -> Action:
        """Resolve the pending chance event in place from the state's generator."""
        outcome = self.sample_chance(state)
        self.apply_in_place(state, outcome, CHANCE, validate=False)
        return outcome

    def _resolve_seat(self, state: S, seat: int | None) -> int:
        actors = self.actors(state)
        if not actors:
            raise IllegalAction("PROTOCOL", "the game is over")
        if seat is None:
            if len(actors) > 1:
                raise IllegalAction("PROTOCOL", "several seats act now: name the seat")
            return actors[0]
        if seat not in actors:
            raise IllegalAction("PROTOCOL", f"seat {seat} is not to act now")
        return seat
