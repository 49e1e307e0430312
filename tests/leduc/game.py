"""Leduc poker as a Kleos game, with OpenSpiel's rules and numbering (``leduc_poker``).

Six cards, ranks J, Q, K in two suits (card ``c`` has rank ``c // 2``). Each of two players antes 1
from 100 and is dealt a private card; a betting round; a public card; a second betting round; then
the showdown: a private card pairing the public card wins, else the higher rank, equal ranks split.
In a betting round player 0 acts first; ``call`` (check or call), ``raise`` (by 2 in the first round,
4 in the second, at most two raises a round) or ``fold`` (only when facing a bet). A ``call`` that
is not the first action of the round ends it. Chance deals ``deal <card>``. Scores are the chips won.

It exists so that benchmarks can time Kleos's search and OpenSpiel's on one game, and tests check
that both implementations agree on every step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.core.rng import Rng

CARDS = 6
ANTE = 1
RAISES = (2, 4)  # raise size of round 1 and round 2
MAX_RAISES = 2
NO_CARD = -1
VERBS = ("fold", "call", "raise")  # OpenSpiel's action numbers 0, 1, 2


@dataclass
class LeducState:
    rng: Rng
    private: list[int] = field(default_factory=lambda: [NO_CARD, NO_CARD])
    public: int = NO_CARD
    bets: list[int] = field(default_factory=lambda: [ANTE, ANTE])
    round: int = 0  # 0 or 1
    history: list[str] = field(default_factory=list)  # actions of the current round
    to_act: int = 0
    folded: int = -1
    over: bool = False

    def copy(self) -> LeducState:
        return LeducState(self.rng.copy(), list(self.private), self.public, list(self.bets), self.round,
                          list(self.history), self.to_act, self.folded, self.over)

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "private": self.private, "public": self.public, "bets": self.bets,
                "round": self.round, "history": self.history, "to_act": self.to_act, "folded": self.folded,
                "over": self.over}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> LeducState:
        return LeducState(Rng(int(data["rng"])), [int(c) for c in data["private"]], int(data["public"]),
                          [int(b) for b in data["bets"]], int(data["round"]), [str(a) for a in data["history"]],
                          int(data["to_act"]), int(data["folded"]), bool(data["over"]))


@dataclass
class LeducView:
    seat: int | None
    state: LeducState


class LeducGame(Game[LeducState, LeducView]):
    name = "leduc"
    seat_names = ("Player 1", "Player 2")

    def new_state(self, seed: int) -> LeducState:
        return LeducState(Rng.from_seed(seed))

    def _dealing(self, s: LeducState) -> bool:
        if NO_CARD in s.private:
            return True
        return s.round == 1 and s.public == NO_CARD

    def actors(self, state: LeducState) -> tuple[int, ...]:
        if state.over:
            return ()
        if self._dealing(state):
            return (CHANCE,)
        return (state.to_act,)

    def _legal_actions(self, state: LeducState, seat: int) -> list[Action]:
        legal = []
        if state.bets[seat] < max(state.bets):
            legal.append(Action("fold"))
        legal.append(Action("call"))
        if state.history.count("raise") < MAX_RAISES:
            legal.append(Action("raise"))
        return legal

    def _chance_outcomes(self, state: LeducState) -> list[tuple[Action, float]]:
        seen = {c for c in (*state.private, state.public) if c != NO_CARD}
        left = [c for c in range(CARDS) if c not in seen]
        return [(Action("deal", (c,)), 1 / len(left)) for c in left]

    def _apply(self, state: LeducState, seat: int, action: Action) -> None:
        s = state
        if seat == CHANCE:
            card = int(action.args[0])
            if NO_CARD in s.private:
                s.private[s.private.index(NO_CARD)] = card
            else:
                s.public = card
            return
        other = 1 - seat
        if action.verb == "fold":
            s.folded, s.over = seat, True
            return
        if action.verb == "raise":
            s.bets[seat] = max(s.bets) + RAISES[s.round]
            s.history.append("raise")
            s.to_act = other
            return
        s.bets[seat] = max(s.bets)
        s.history.append("call")
        if len(s.history) == 1:
            s.to_act = other
        elif s.round == 0:
            s.round, s.history, s.to_act = 1, [], 0
        else:
            s.over = True

    def _diagnose(self, state: LeducState, seat: int, action: Action) -> IllegalAction:
        if action.verb not in VERBS or action.args:
            return IllegalAction("LEDUC-ACTION", f"'{action}' is not fold, call or raise")
        if action.verb == "fold":
            return IllegalAction("LEDUC-FOLD", "folding is allowed only when facing a bet")
        return IllegalAction("LEDUC-RAISE", f"at most {MAX_RAISES} raises in a round")

    def returns(self, state: LeducState) -> tuple[int, int]:
        """The chips each player won (OpenSpiel's returns)."""
        s = state
        if s.folded >= 0:
            winner = 1 - s.folded
        else:
            strength = [(s.private[p] // 2 == s.public // 2, s.private[p] // 2) for p in (0, 1)]
            if strength[0] == strength[1]:
                return (0, 0)
            winner = 0 if strength[0] > strength[1] else 1
        loser = 1 - winner
        won = [0, 0]
        won[winner], won[loser] = s.bets[loser], -s.bets[loser]
        return (won[0], won[1])

    def outcome(self, state: LeducState) -> Outcome | None:
        if not state.over:
            return None
        won = self.returns(state)
        winner = None if won[0] == won[1] else (0 if won[0] > won[1] else 1)
        return Outcome("fold" if state.folded >= 0 else "showdown", winner, won)

    def copy(self, state: LeducState) -> LeducState:
        return state.copy()

    def rng(self, state: LeducState) -> Rng:
        return state.rng

    def view(self, state: LeducState, seat: int | None) -> LeducView:
        hidden = state.copy()
        hidden.rng = Rng(0)
        hidden.private = [c if p == seat or c == NO_CARD else CARDS for p, c in enumerate(state.private)]
        return LeducView(seat, hidden)

    def determinize(self, view: LeducView, rng: random.Random) -> LeducState:
        s = view.state.copy()
        s.rng = Rng(rng.getrandbits(64))
        seen = {c for c in (*s.private, s.public) if 0 <= c < CARDS}
        left = [c for c in range(CARDS) if c not in seen]
        s.private = [rng.choice(left) if c == CARDS else c for c in s.private]
        return s

    def state_to_json(self, state: LeducState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> LeducState:
        return LeducState.from_json(data)

    def position_text(self, state: LeducState) -> str:
        return json.dumps(state.to_json(), separators=(",", ":"), sort_keys=True)

    def parse_position(self, text: str) -> LeducState:
        return LeducState.from_json(json.loads(text))
