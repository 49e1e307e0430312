"""Action logs: a game is its options, its seed and the actions taken (chance included).

Replaying a log reproduces the game exactly; a log is also the save-file format.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kleos.core.action import Action
from kleos.core.protocol import Game

S = TypeVar("S")


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: which game, its options, the seed and the actions, and
    the seats that resigned after the last action (a resignation is no action of the rules)."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    resigned: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": [[seat, str(action)] for seat, action in self.actions],
        }
        if self.resigned:  # only then: the records of games played to their end stay as they were
            data["resigned"] = list(self.resigned)
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameRecord:
        return GameRecord(
            game=str(data["game"]),
            options=dict(data.get("options", {})),
            seed=int(data["seed"]),
            actions=[(int(seat), Action.parse(str(text))) for seat, text in data["actions"]],
            resigned=[int(seat) for seat in data.get("resigned", [])],
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @staticmethod
    def loads(text: str) -> GameRecord:
        return GameRecord.from_json(json.loads(text))


class Replay(Generic[S]):
    """Steps through a record, yielding the state after each action."""

    def __init__(self, game: Game[S, Any], record: GameRecord) -> None:
        self.game = game
        self.record = record

    def states(self) -> Iterator[tuple[int, Action, S]]:
        state = self.game.new_state(self.record.seed)
        for seat, action in self.record.actions:
            self.game.apply_in_place(state, action, seat)
            yield seat, action, state

    def final_state(self) -> S:
        state = self.game.new_state(self.record.seed)
        for seat, action in self.record.actions:
            self.game.apply_in_place(state, action, seat)
        return state


Chooser = Callable[[S, int, list[Action]], Action]


def play_out(game: Game[S, Any], state: S, choose: Chooser[S], record: GameRecord | None = None,
             max_steps: int = 1_000_000) -> S:
    """Play ``state`` to its end in place: chance from the state's generator, seats by ``choose``.

    ``choose`` receives the state only so that drivers can build the seat's view from it; agents
    must be given ``game.view(state, seat)``, never the state itself.
    """
    for _ in range(max_steps):
        actors = game.actors(state)
        if not actors:
            return state
        seat = actors[0]
        if game.is_chance(state):
            action = game.step_chance(state)
        else:
            action = choose(state, seat, game.legal_actions(state, seat))
            game.apply_in_place(state, action, seat, validate=False)
        if record is not None:
            record.actions.append((seat, action))
    raise RuntimeError(f"game did not end within {max_steps} steps")
