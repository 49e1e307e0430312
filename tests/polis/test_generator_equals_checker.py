"""One legality path: the generated legal actions equal the candidates that pass the full check.

The kinds and steps of the turn phase list their legal actions with generators (``legal``) that read
the state directly; the rule checks (``check``, :func:`actions.check_choice`) remain the statement of
the rules and name the rule an illegal action breaks. These tests hold the two equal, in the same
order (random playouts pick by index), on thousands of positions of seeded random games of both
editions, some of them with goods, prestige and the opponent's pass redrawn so that the costs and
the post-pass good (R-TURN-7) bind more often than in play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kleos.core.action import Action
from kleos.games.polis import board
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import actions, end_of_round
from kleos.games.polis.state import END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import N_GOODS, Tables
from step_cap import StepCap

GAMES = 50


def _turn_positions(game: PolisGame, seed: int) -> Iterator[tuple[PolisState, int]]:
    """Every decision of the turn phase in one seeded random game (copies, with the seat to act)."""
    s = game.new_state(seed)
    rng = random.Random(seed)
    cap = StepCap("not game.is_terminal(s)")
    while not game.is_terminal(s) and cap():
        if game.is_chance(s):
            game.step_chance(s)
            continue
        seat = game.actors(s)[0]
        if s.phase == TURN:
            yield game.copy(s), seat
        legal = game.legal_actions(s, seat)
        game.apply_in_place(s, legal[rng.randrange(len(legal))], seat, validate=False)


def _redrawn(s: PolisState, side: int, rng: random.Random) -> PolisState:
    """The position with both players' goods and prestige redrawn and, half the time, the opponent
    passed: costs that bind, and the post-pass good (R-TURN-7) at every choice."""
    new = s.copy()
    new.goods = [rng.randrange(6) for _ in range(2 * N_GOODS)]
    new.prestige = [rng.randrange(4) for _ in range(2)]
    if rng.random() < 0.5:
        new.passed = [new.passed[0], new.passed[1]]
        new.passed[1 - side] = True
    return new


def _checked_choices(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The menu as the checks define it: every candidate :func:`actions.check_choice` accepts."""
    menu = [a for kind in actions.KINDS.values() for a in kind.candidates(t, s, side)
            if actions.check_choice(t, s, side, a) is None]
    return [*menu, Action(actions.PASS)]


def _compare(t: Tables, s: PolisState, side: int) -> None:
    if s.pending is None:
        assert actions.choices(t, s, side) == _checked_choices(t, s, side), str(s.to_json())
        for verb, kind in actions.KINDS.items():
            checked = [a for a in kind.candidates(t, s, side) if kind.check(t, s, side, a) is None]
            assert kind.legal(t, s, side) == checked, verb
    elif s.chance is None:
        step = actions.STEPS[s.pending[0]]
        checked = [a for a in step.candidates(t, s, side) if step.check(t, s, side, a) is None]
        assert step.legal(t, s, side) == checked, s.pending


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_generated_legal_actions_equal_checked_candidates(edition: str) -> None:
    """R-TURN-2, R-TURN-3, R-TURN-7, R-ACT-GEN-2 … R-ACT-GEN-9 and the rules of every action: at each
    turn choice and each step of an action in 50 random games, the generated menu equals the
    candidates that pass the full check, kind by kind and in order."""
    game = PolisGame(edition)
    compared = 0
    for seed in range(GAMES):
        for s, side in _turn_positions(game, seed):
            _compare(game.tables, s, side)
            compared += 1
    assert compared > 2000


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_generated_legal_actions_equal_checked_candidates_when_costs_bind(edition: str) -> None:
    """R-ACT-GEN-3, R-ACT-GEN-5, R-ACT-GEN-9, R-TURN-7: the same equality with goods, prestige and
    the opponent's pass redrawn at random, so that goods run short and the post-pass good is due."""
    game = PolisGame(edition)
    rng = random.Random(7)
    compared = tolled = 0
    for seed in range(GAMES):
        for s, side in _turn_positions(game, 1000 + seed):
            new = _redrawn(s, side, rng)
            _compare(game.tables, new, side)
            compared += 1
            tolled += new.pending is None and new.passed[1 - side]
    assert compared > 2000
    assert tolled > 300


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_search_back_from_a_destination_equals_the_reach_table(edition: str) -> None:
    """R-MOVE-7, R-MOVE-9, R-ACT-MOVEHOP-3 … 11, R-ACT-MOVEGAL-3 … 5: the reach table (built for all
    units at once) is what each unit's own search finds, and the units that can reach a region, found
    by one search back from it (each step of a move), are the table's, for every region and both
    sides at every turn decision of 10 random games."""
    game = PolisGame(edition)
    t = game.tables
    compared = 0
    for seed in range(10):
        for s, _ in _turn_positions(game, 2000 + seed):
            for side in (0, 1):
                for sea in (False, True):
                    table = board.reach_table(t, s, side, sea)
                    one_by_one: dict[int, list[int]] = {}
                    for start in range(t.n_territories, t.n_regions) if sea else range(t.n_territories):
                        if s.units[start * 2 + side]:
                            for dest in board.destinations(t, s, side, start, sea):
                                one_by_one.setdefault(dest, []).append(start)
                    assert table == {d: tuple(starts) for d, starts in one_by_one.items()}
                    for dest in range(t.n_regions):
                        assert board.reachers(t, s, side, dest, sea) == table.get(dest, ()), (side, sea, dest)
                        compared += 1
    assert compared > 10_000


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_end_of_round_feeding_and_growth_equal_checked_candidates(edition: str) -> None:
    """R-END-1, R-EOR-15, R-EOR-16 … R-EOR-18: at every decision of the end of a round in 60 random
    games (and with wheat and prestige redrawn there, so that feeding fails more often), the generated
    feeding and growth choices equal the candidates that pass :func:`end_of_round.check`, in order."""
    game = PolisGame(edition)
    t = game.tables
    rng = random.Random(11)
    compared = {end_of_round.FEED: 0, end_of_round.GROW: 0}
    for seed in range(60):
        s = game.new_state(3000 + seed)
        cap = StepCap("not game.is_terminal(s)")
        while not game.is_terminal(s) and cap():
            if game.is_chance(s):
                game.step_chance(s)
                continue
            seat = game.actors(s)[0]
            if s.phase == END_OF_ROUND and s.eor_step in compared:
                for position in (s, _redrawn(s, seat, rng)):
                    checked = [a for a in end_of_round._candidates(t, position, seat)
                               if end_of_round.check(t, position, seat, a) is None]
                    assert end_of_round.legal(t, position, seat) == checked, str(position.to_json())
                    compared[s.eor_step] += 1
            legal = game.legal_actions(s, seat)
            game.apply_in_place(s, legal[rng.randrange(len(legal))], seat, validate=False)
    assert all(n > 40 for n in compared.values()), compared
