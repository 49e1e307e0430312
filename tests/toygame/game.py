"""Sealed Bids, the rules.

* Cards 1..12 form the deck. Before each round chance deals cards one at a time, each visible only
  to the seat that receives it, until every hand holds ``HAND`` cards (``deal <seat> <card>``).
* Chance then turns up the round's prize, 1 to 3 points (``prize <n>``), public.
* Every seat at once secretly plays one card of its hand (``play <card>``); a seat that has played
  waits, and nobody sees the others' cards until all have played.
* The highest card takes the prize; a tie for the highest takes nothing. Played cards are gone.
* After ``ROUNDS`` rounds the most points wins; a tie for the most is a draw.
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

CARDS = tuple(range(1, 13))
HAND = 2
ROUNDS = 3
PRIZES = (1, 2, 3)


@dataclass
class BidsState:
    players: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    played: list[int | None]
    scores: list[int]
    round: int = 0
    prize: int = 0
    last: list[int] = field(default_factory=list)  # the cards revealed at the end of the last round
    over: bool = False

    def copy(self) -> BidsState:
        return BidsState(self.players, self.rng.copy(), list(self.deck), [list(h) for h in self.hands],
                         list(self.played), list(self.scores), self.round, self.prize, list(self.last), self.over)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "rng": self.rng.state, "deck": self.deck, "hands": self.hands,
                "played": self.played, "scores": self.scores, "round": self.round, "prize": self.prize,
                "last": self.last, "over": self.over}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> BidsState:
        return BidsState(int(data["players"]), Rng(int(data["rng"])), [int(c) for c in data["deck"]],
                         [[int(c) for c in h] for h in data["hands"]],
                         [None if p is None else int(p) for p in data["played"]], [int(s) for s in data["scores"]],
                         int(data["round"]), int(data["prize"]), [int(c) for c in data["last"]], bool(data["over"]))


@dataclass
class BidsView:
    """What one seat knows: its own hand, the others' hand sizes, who has played (not what)."""

    seat: int | None
    state: BidsState
    hand_sizes: tuple[int, ...]
    has_played: tuple[bool, ...]


class BidsGame(Game[BidsState, BidsView]):
    name = "bids"

    def __init__(self, players: int = 3) -> None:
        self.players = players
        self.seat_names = tuple(f"Player {i + 1}" for i in range(players))

    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players}

    def new_state(self, seed: int) -> BidsState:
        return BidsState(self.players, Rng.from_seed(seed), list(CARDS), [[] for _ in range(self.players)],
                         [None] * self.players, [0] * self.players)

    def _dealing_to(self, state: BidsState) -> int | None:
        return next((seat for seat, hand in enumerate(state.hands) if len(hand) < HAND), None)

    def actors(self, state: BidsState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.prize == 0:  # between rounds: deal, then turn up the prize
            return (CHANCE,)
        return tuple(seat for seat in range(state.players) if state.played[seat] is None)

    def _legal_actions(self, state: BidsState, seat: int) -> list[Action]:
        return [Action("play", (card,)) for card in sorted(state.hands[seat])]

    def _chance_outcomes(self, state: BidsState) -> list[tuple[Action, float]]:
        seat = self._dealing_to(state)
        if seat is not None:
            return [(Action("deal", (seat, card)), 1 / len(state.deck)) for card in state.deck]
        return [(Action("prize", (n,)), 1 / len(PRIZES)) for n in PRIZES]

    def _apply(self, state: BidsState, seat: int, action: Action) -> None:
        if action.verb == "deal":
            to, card = int(action.args[0]), int(action.args[1])
            state.deck.remove(card)
            state.hands[to].append(card)
        elif action.verb == "prize":
            state.prize = int(action.args[0])
        else:
            card = int(action.args[0])
            state.hands[seat].remove(card)
            state.played[seat] = card
            if all(p is not None for p in state.played):
                self._reveal(state)

    def _reveal(self, state: BidsState) -> None:
        cards = [int(p) for p in state.played if p is not None]
        best = max(cards)
        if cards.count(best) == 1:
            state.scores[cards.index(best)] += state.prize
        state.last = cards
        state.played = [None] * state.players
        state.prize = 0
        state.round += 1
        if state.round >= ROUNDS or len(state.deck) < state.players:
            state.over = True

    def _diagnose(self, state: BidsState, seat: int, action: Action) -> IllegalAction:
        if action.verb != "play" or len(action.args) != 1:
            return IllegalAction("BIDS-PLAY", f"'{action}' is not an action of this game (play <card>)")
        return IllegalAction("BIDS-HAND", f"card {action.args[0]} is not in your hand")

    def outcome(self, state: BidsState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = [seat for seat, s in enumerate(state.scores) if s == best]
        return Outcome("points", winners[0] if len(winners) == 1 else None, tuple(state.scores))

    def copy(self, state: BidsState) -> BidsState:
        return state.copy()

    def rng(self, state: BidsState) -> Rng:
        return state.rng

    def view(self, state: BidsState, seat: int | None) -> BidsView:
        hidden = state.copy()
        hidden.rng = Rng(0)
        unseen = list(hidden.deck)
        for other in range(state.players):
            if other != seat:
                unseen.extend(hidden.hands[other])
                played = hidden.played[other]
                if played is not None:
                    unseen.append(played)
                hidden.hands[other] = []
                hidden.played[other] = None
        hidden.deck = sorted(unseen)
        return BidsView(seat, hidden, tuple(len(h) for h in state.hands),
                        tuple(p is not None for p in state.played))

    def determinize(self, view: BidsView, rng: random.Random) -> BidsState:
        state = view.state.copy()
        state.rng = Rng(rng.getrandbits(64))
        unseen = list(state.deck)
        rng.shuffle(unseen)
        for other in range(state.players):
            if other == view.seat:
                continue
            size = view.hand_sizes[other] + (1 if view.has_played[other] else 0)
            state.hands[other] = sorted(unseen.pop() for _ in range(size))
            if view.has_played[other]:
                state.played[other] = state.hands[other].pop(rng.randrange(len(state.hands[other])))
        state.deck = sorted(unseen)
        return state

    def state_to_json(self, state: BidsState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> BidsState:
        return BidsState.from_json(data)

    def position_text(self, state: BidsState) -> str:
        return json.dumps(state.to_json(), separators=(",", ":"), sort_keys=True)

    def parse_position(self, text: str) -> BidsState:
        return BidsState.from_json(json.loads(text))
