"""One source of legality: the fast list of choices equals the candidates that the checks accept."""

from __future__ import annotations

import random

import pytest

from kleos.core.action import Action
from kleos.games.polis import board
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import actions
from kleos.games.polis.state import TURN
from step_cap import StepCap


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_choices_equal_checked_candidates(edition: str) -> None:
    """R-ACT-GEN-5, R-TURN-3, R-TURN-7: every offered action passes check_choice, and every
    candidate that passes it is offered, at every turn choice of 15 random games (for moves,
    sieges, creation and trade the candidates are every region and polis, not the pre-filtered lists)."""
    game = PolisGame(edition)
    t = game.tables
    compared = 0
    for seed in range(15):
        s = game.new_state(seed)
        rng = random.Random(seed)
        cap = StepCap("not game.is_terminal(s)")
        while not game.is_terminal(s) and cap():
            if game.is_chance(s):
                game.step_chance(s)
                continue
            seat = game.actors(s)[0]
            legal = game.legal_actions(s, seat)
            if s.phase == TURN and s.pending is None:
                candidates = [a for kind in actions.KINDS.values() for a in kind.candidates(t, s, seat)]
                candidates += [Action(v, (r,)) for v in ("march", "sail") for r in t.region_ids]
                candidates += [Action(v, (p,)) for v in ("siege", "hoplites", "galleys", "merchants")
                               for p in t.polis_ids]
                candidates += [Action("trade", (m, k, g)) for m in t.market_ids for k in (1, 2, 3)
                               for g in ("iron", "wood", "wine", "oil", "silver")]
                checked = [a for a in [*candidates, Action("pass")]
                           if actions.check_choice(t, s, seat, a) is None]
                assert sorted(map(str, legal)) == sorted(set(map(str, checked)))
                compared += 1
            game.apply_in_place(s, legal[rng.randrange(len(legal))], seat, validate=False)
    assert compared > 100


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_reach_table_equals_the_path_rules(edition: str) -> None:
    """R-MOVE-7, R-MOVE-9, R-ACT-MOVEHOP-3 … 11, R-ACT-MOVEGAL-3 … 5: the memoised table of who can
    reach where is exactly the pairs for which a legal path exists, in positions of random games."""
    game = PolisGame(edition)
    t = game.tables
    checked = 0
    for seed in range(6):
        s = game.new_state(seed)
        rng = random.Random(seed)
        step = 0
        cap = StepCap("not game.is_terminal(s)")
        while not game.is_terminal(s) and cap():
            if game.is_chance(s):
                game.step_chance(s)
                continue
            if step % 5 == 0:
                for side in (0, 1):
                    for sea in (False, True):
                        table = board.reach_table(t, s, side, sea)
                        regions = range(t.n_territories, t.n_regions) if sea else range(t.n_territories)
                        reach = board.galley_can_reach if sea else board.hoplite_can_reach
                        for start in regions:
                            if not s.units[start * 2 + side]:
                                continue
                            for dest in regions:
                                assert (start in table.get(dest, ())) == reach(t, s, side, start, dest)
                                checked += 1
            legal = game.legal_actions(s)
            game.apply_in_place(s, legal[rng.randrange(len(legal))], validate=False)
            step += 1
    assert checked > 1000
