"""The fixed public surface of :class:`kleos.core.protocol.Game`, on a toy game and on Polis, and the
generic checks of :mod:`kleos.core.testing`, which must catch each kind of broken game.

The toy game "Duel": chance deals each seat a secret number 1…3; then the seats take turns removing
1…3 counters from a heap, never their own secret number of counters; whoever takes the last wins.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from kleos.core.action import Action, act
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.core.rng import Rng
from kleos.core.testing import (
    Checks,
    PlayoutFailure,
    near_misses,
    perft,
    perft_divide,
    random_playout,
    verb_policy,
)
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, turn_position


# ----- the toy game -----------------------------------------------------------------------------
@dataclass
class DuelState:
    heap: int
    secret: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    winner: int | None = None
    rng: Rng = field(default_factory=lambda: Rng(0))


@dataclass(frozen=True)
class DuelView:
    seat: int | None
    heap: int
    turn: int
    winner: int | None
    secrets: tuple[int, int]  # 0 where hidden
    dealt: int = 2  # how many secrets are dealt (public: the deal is seen, not its values)


class Duel(Game[DuelState, DuelView]):
    name = "duel"
    seat_names = ("North", "South")

    def __init__(self, heap: int = 9) -> None:
        self.heap = heap

    def new_state(self, seed: int) -> DuelState:
        return DuelState(self.heap, rng=Rng.from_seed(seed))

    def actors(self, state: DuelState) -> tuple[int, ...]:
        if state.winner is not None:
            return ()
        if 0 in state.secret:
            return (CHANCE,)
        return (state.turn,)

    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        takes = [act("take", k) for k in (1, 2, 3) if k <= state.heap and k != state.secret[seat]]
        return takes or [act("take", min(state.heap, state.secret[seat]))]

    def _chance_outcomes(self, state: DuelState) -> list[tuple[Action, float]]:
        return [(act("deal", n), 1 / 3) for n in (1, 2, 3)]

    def _apply(self, state: DuelState, seat: int, action: Action) -> None:
        if seat == CHANCE:
            state.secret[state.secret.index(0)] = int(action.args[0])
            return
        state.heap -= int(action.args[0])
        if state.heap == 0:
            state.winner = seat
        state.turn = 1 - seat

    def _diagnose(self, state: DuelState, seat: int, action: Action) -> IllegalAction:
        return IllegalAction("DUEL-1", f"'{action}' is not a take of 1 … 3 other than your secret")

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome("last", state.winner, (int(state.winner == 0), int(state.winner == 1)))

    def copy(self, state: DuelState) -> DuelState:
        return DuelState(state.heap, state.secret[:], state.turn, state.winner, state.rng.copy())

    def rng(self, state: DuelState) -> Rng:
        return state.rng

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        a, b = state.secret
        shown = (a if seat == 0 else 0, b if seat == 1 else 0)
        return DuelView(seat, state.heap, state.turn, state.winner, shown, sum(x > 0 for x in state.secret))

    def state_to_json(self, state: DuelState) -> dict[str, Any]:
        return {"heap": state.heap, "secret": state.secret, "turn": state.turn, "winner": state.winner,
                "rng": state.rng.state}

    def state_from_json(self, data: Mapping[str, Any]) -> DuelState:
        return DuelState(int(data["heap"]), list(data["secret"]), int(data["turn"]),
                         None if data["winner"] is None else int(data["winner"]), Rng(int(data["rng"])))

    def position_text(self, state: DuelState) -> str:
        return json.dumps(self.state_to_json(state), sort_keys=True)

    def parse_position(self, text: str) -> DuelState:
        return self.state_from_json(json.loads(text))

    def determinize(self, view: DuelView, rng: random.Random) -> DuelState:
        """The seat's own secret as shown, each other one dealt (the view counts them) drawn from 1-3."""
        secret = [view.secrets[i] if i == view.seat else self.draw(rng) if i < view.dealt else 0 for i in range(2)]
        return DuelState(view.heap, secret, view.turn, view.winner, Rng(rng.getrandbits(64)))

    def draw(self, rng: random.Random) -> int:
        return rng.randint(1, 3)


def duel_secrets(state: DuelState, seat: int | None) -> list[DuelState]:
    """The opponent's secret could be any other number."""
    out = []
    for other in (0, 1):
        if other == seat or not state.secret[other]:
            continue
        for n in (1, 2, 3):
            if n != state.secret[other]:
                variant = DuelState(state.heap, state.secret[:], state.turn, state.winner, state.rng.copy())
                variant.secret[other] = n
                out.append(variant)
    return out


DUEL_CHECKS: Checks[DuelState, DuelView] = Checks(secrets=duel_secrets)


def dealt(game: Duel, seed: int = 1) -> DuelState:
    s = game.new_state(seed)
    while game.is_chance(s):
        game.step_chance(s)
    return s


# ----- the protocol -----------------------------------------------------------------------------
def test_actions_after_the_end_are_refused() -> None:
    game = Duel(heap=1)
    s = dealt(game)
    seat = game.current_seat(s)
    assert seat is not None
    game.apply_in_place(s, game.legal_actions(s)[0])
    assert game.is_terminal(s) and game.outcome(s) is not None
    before = game.position_text(s)
    for call in (lambda: game.legal_actions(s), lambda: game.apply_in_place(s, act("take", 1)),
                 lambda: game.apply(s, act("take", 1), 0), lambda: game.chance_outcomes(s)):
        with pytest.raises(IllegalAction) as info:
            call()
        assert info.value.rule == "PROTOCOL"
    assert game.position_text(s) == before


def test_wrong_seat_is_refused_and_changes_nothing() -> None:
    game = Duel()
    s = dealt(game)
    seat = game.current_seat(s)
    assert seat in (0, 1)
    before = game.position_text(s)
    for wrong in (1 - seat, CHANCE, 5):
        with pytest.raises(IllegalAction) as info:
            game.apply_in_place(s, game.legal_actions(s)[0], wrong)
        assert info.value.rule == "PROTOCOL"
        with pytest.raises(IllegalAction):
            game.legal_actions(s, wrong)
    assert game.position_text(s) == before


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    game = Duel()
    s = dealt(game)
    before = game.position_text(s)
    for bad in (act("take", 4), act("take", 0), act("take"), Action("pass"), act("take", s.secret[s.turn])):
        with pytest.raises(IllegalAction) as info:
            game.apply_in_place(s, bad)
        assert info.value.rule == "DUEL-1"
    assert game.position_text(s) == before


def test_chance_is_sampled_from_the_state_and_advances_it_once() -> None:
    game = Duel()
    s = game.new_state(5)
    assert game.is_chance(s) and game.current_seat(s) == CHANCE
    state_before = s.rng.state
    drawn = game.sample_chance(s)
    assert s.rng.state == state_before  # sampling does not draw
    assert game.sample_chance(s) == drawn
    assert game.step_chance(s) == drawn
    assert s.rng.state != state_before
    replayed = game.new_state(5)
    game.apply_in_place(replayed, drawn, CHANCE)  # an outcome read from a log advances it the same way
    assert replayed.rng.state == s.rng.state and replayed.secret == s.secret
    with pytest.raises(IllegalAction):
        game.apply_in_place(game.new_state(5), act("deal", 4), CHANCE)


def test_apply_returns_a_new_state() -> None:
    game = Duel()
    s = dealt(game)
    before = game.position_text(s)
    new = game.apply(s, game.legal_actions(s)[0])
    assert game.position_text(s) == before
    assert new.heap < s.heap


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_polis_protocol_refusals_leave_the_state_unchanged(edition: str) -> None:
    """Illegal actions, the wrong seat and actions after the end raise IllegalAction and change nothing."""
    game = PolisGame(edition)
    s = turn_position(game, round=1, active="sparta")
    before = game.position_text(s)
    with pytest.raises(IllegalAction) as info:
        game.apply_in_place(s, Action.parse("siege Athinae"))
    assert info.value.rule == "R-ACT-SIEGE-3"
    for text in ("hoplites Sparti", "pass"):
        with pytest.raises(IllegalAction) as info:
            game.apply_in_place(s, Action.parse(text), 0)  # Athens is not to act
        assert info.value.rule == "PROTOCOL"
    for text in ("fly Olympos", "hoplites", "trade Persia 9 wine", "pass now"):
        with pytest.raises(IllegalAction):
            game.apply_in_place(s, Action.parse(text))
    assert game.position_text(s) == before
    play(game, s, "hoplites Sparti")
    mid = game.position_text(s)
    with pytest.raises(IllegalAction):
        game.apply_in_place(s, Action.parse("march Arkadia"))  # finish the hoplites action first
    assert game.position_text(s) == mid


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_polis_refuses_everything_after_the_end(edition: str) -> None:
    game = PolisGame(edition)
    s = random_playout(game, 3).state
    assert game.is_terminal(s) and game.outcome(s) is not None
    before = game.position_text(s)
    with pytest.raises(IllegalAction) as info:
        game.apply_in_place(s, Action("pass"))
    assert info.value.rule == "PROTOCOL"
    with pytest.raises(IllegalAction):
        game.legal_actions(s)
    assert game.position_text(s) == before


# ----- the generic checker ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(30))
def test_sound_toy_game_passes_every_check(seed: int) -> None:
    playout = random_playout(Duel(), seed, DUEL_CHECKS, policy=verb_policy)
    assert playout.finished and playout.checked_steps == playout.steps


def test_playouts_are_deterministic() -> None:
    game = PolisGame("2020")
    a = random_playout(game, 11)
    b = random_playout(game, 11)
    assert a.record.actions == b.record.actions
    assert game.position_text(a.state) == game.position_text(b.state)


class LeakyView(Duel):
    def view(self, state: DuelState, seat: int | None) -> DuelView:
        return DuelView(seat, state.heap, state.turn, state.winner, (state.secret[0], state.secret[1]))


class GeneratorInView(Duel):
    def view(self, state: DuelState, seat: int | None) -> DuelView:
        return DuelView(seat, state.heap + 0 * state.rng.state, state.turn, state.rng.state % 7, (0, 0))


class SharedCopy(Duel):
    def copy(self, state: DuelState) -> DuelState:
        return DuelState(state.heap, state.secret, state.turn, state.winner, state.rng.copy())


class BadChance(Duel):
    def _chance_outcomes(self, state: DuelState) -> list[tuple[Action, float]]:
        return [(act("deal", n), 0.3) for n in (1, 2, 3)]


class ForgetfulJson(Duel):
    def state_from_json(self, data: Mapping[str, Any]) -> DuelState:
        s = super().state_from_json(data)
        s.turn = 0
        return s


class BadNotation(Duel):
    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        return [Action("take", ("1",)) if a.args == (1,) else a for a in super()._legal_actions(state, seat)]

    def _apply(self, state: DuelState, seat: int, action: Action) -> None:
        super()._apply(state, seat, Action(action.verb, tuple(int(x) for x in action.args)))


class HiddenRandomness(Duel):
    """Deals from a global generator instead of the logged outcome: replays diverge."""

    chaos = random.Random(0)

    def _apply(self, state: DuelState, seat: int, action: Action) -> None:
        if seat == CHANCE:
            action = act("deal", self.chaos.randint(1, 3))
        super()._apply(state, seat, action)


class CrashingDiagnose(Duel):
    """Explaining why 'take 4' is illegal crashes instead of raising IllegalAction."""

    def _diagnose(self, state: DuelState, seat: int, action: Action) -> IllegalAction:
        reasons = ["DUEL-1", "DUEL-2", "DUEL-3", "DUEL-4"]
        args = [a for a in action.args if isinstance(a, int)]
        return IllegalAction(reasons[args[0] if args else 0], "no")


class NoMoves(Duel):
    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        return [] if state.heap < 4 else super()._legal_actions(state, seat)


class Duplicates(Duel):
    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        legal = super()._legal_actions(state, seat)
        return legal + legal[:1]


class BoundedDuel(Duel):
    """Rules that hold a dealt secret to 1-3, as a rules core holds its values to their bounds."""

    def _legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        assert all(0 <= x <= 3 for x in state.secret), state.secret
        return super()._legal_actions(state, seat)


class DrawsOutOfBounds(BoundedDuel):
    """A determinization that draws a secret no deal gives: a bot's look-ahead breaks on it."""

    def draw(self, rng: random.Random) -> int:
        return 4


class DrawsAnotherView(Duel):
    """A determinization that changes what the seat sees (the heap)."""

    def determinize(self, view: DuelView, rng: random.Random) -> DuelState:
        drawn = super().determinize(view, rng)
        drawn.heap += 1
        return drawn


DUEL_DRAWS: Checks[DuelState, DuelView] = Checks(every=0, apply_all=False, replay=False, determinize_every=1,
                                                 determinize_steps=6)


@pytest.mark.parametrize("seed", range(10))
def test_the_toy_game_s_determinizations_show_the_view_and_play_on(seed: int) -> None:
    playout = random_playout(BoundedDuel(), seed, DUEL_DRAWS, policy=verb_policy)
    assert playout.finished


@pytest.mark.parametrize("game", [DrawsOutOfBounds(), DrawsAnotherView()])
def test_checker_catches_a_determinization_out_of_the_rules_or_the_view(game: Duel) -> None:
    """A state drawn for a seat must show it its view and be one the rules can play on; the failure
    is reported as ``determinize`` with the seed and the step."""
    with pytest.raises(PlayoutFailure) as failure:
        random_playout(game, 1, DUEL_DRAWS, policy=verb_policy)
    assert failure.value.check == "determinize" and "seed 1, step " in str(failure.value), str(failure.value)


@pytest.mark.parametrize(("game", "check"), [
    (LeakyView(), "view"),
    (GeneratorInView(), "view"),
    (SharedCopy(), "apply"),
    (BadChance(), "chance"),
    (ForgetfulJson(), "json"),
    (BadNotation(), "notation"),
    (HiddenRandomness(), "replay"),
    (CrashingDiagnose(), "refusal"),
    (NoMoves(), "legal_actions"),
    (Duplicates(), "legal_actions"),
])
def test_checker_catches_broken_games(game: Duel, check: str) -> None:
    """Each kind of broken game fails the check named for it, with the seed and the step."""
    failures = []
    for seed in range(20):
        try:
            random_playout(game, seed, DUEL_CHECKS)
        except PlayoutFailure as failure:
            failures.append(failure)
    assert failures, f"{type(game).__name__} passed every check"
    assert failures[0].check == check, str(failures[0])
    assert f"seed {failures[0].seed}, step {failures[0].step}" in str(failures[0])


def test_near_misses_are_illegal_lookalikes() -> None:
    legal = [act("take", 1), act("take", 2), Action("march", ("Attika",))]
    misses = near_misses(legal, random.Random(1), 30)
    assert misses and len(misses) == len(set(misses))
    assert not set(misses) & set(legal)
    assert all(m.verb in {"take", "march"} for m in misses)


def test_perft_counts_chance_outcomes_and_stops_at_the_end() -> None:
    game = Duel(heap=2)
    s = game.new_state(0)
    assert perft(game, s, 0) == 1
    assert perft(game, s, 1) == 3  # deal 1 / 2 / 3
    assert perft(game, s, 2) == 9
    s = dealt(game, 0)
    s.secret = [3, 3]
    assert perft(game, s, 1) == 2  # take 1, take 2
    assert perft(game, s, 2) == 1  # after take 2 the game is over: no leaf at depth 2
    assert perft_divide(game, s, 2) == {"take 1": 1, "take 2": 0}


def test_an_outcome_survives_copy_deepcopy_and_pickle() -> None:
    """A finished state holds its Outcome: copies and pickles of it must work on the compiled build too,
    where a frozen class cannot be restored field by field."""
    outcome = Outcome("points", 1, (3, 5))
    for twin in (copy.copy(outcome), copy.deepcopy(outcome), pickle.loads(pickle.dumps(outcome))):
        assert twin == outcome and type(twin) is Outcome
