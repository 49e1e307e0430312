"""Checked random playouts of Polis: the game-agnostic promises of :mod:`kleos.core.testing` and the
Polis invariants of :mod:`kleos.games.polis.invariants`, at every step of many seeded games.

Three kinds of playouts per edition: uniform random play from the set-up, a "prudent" random agent
that reaches later rounds, and prudent play from seeded random mid-game positions (any round, more
goods, armies big enough to fight) so battles, sieges, ransoms and final scoring are exercised.
``KLEOS_PLAYOUTS`` sets the number of playouts per edition (default 60, split over the three kinds);
``KLEOS_FULL_EVERY`` how often the expensive checks run (default every 5 steps); the slow run
(``KLEOS_SLOW=1 pytest -m slow``) plays ten times as many games with expensive checks every 2 steps.

The second half checks the checkers: each invariant must report a position that breaks its rule.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from kleos.core.action import Action
from kleos.core.testing import PlayoutFailure, random_playout, uniform_policy
from kleos.games.polis import positions
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import (
    hidden_variants,
    polis_checks,
    prudent_policy,
    rich_start,
    state_problems,
    step_problems,
    view_problems,
)
from kleos.games.polis.positions import play, set_units, turn_position
from kleos.games.polis.state import PolisState
from kleos.games.polis.view import make_view
from step_cap import StepCap

EDITIONS = ("2012", "2020")
PLAYOUTS = int(os.environ.get("KLEOS_PLAYOUTS", "60"))
KINDS = ("uniform", "prudent", "rich")
FULL_EVERY = int(os.environ.get("KLEOS_FULL_EVERY", "5"))  # expensive checks every k steps


def run_playouts(edition: str, kind: str, seeds: range, every: int = FULL_EVERY) -> list[str]:
    """Failures (one line each: seed, step, check, detail) of the playouts of one kind."""
    game = PolisGame(edition)
    checks = polis_checks(game, every=every)
    failures: list[str] = []
    for seed in seeds:
        try:
            if kind == "uniform":
                random_playout(game, seed, checks, policy=uniform_policy)
            elif kind == "prudent":
                random_playout(game, seed, checks, policy=prudent_policy)
            else:
                random_playout(game, seed, checks, policy=prudent_policy, start=rich_start(game, seed))
        except PlayoutFailure as failure:
            failures.append(f"[{edition} {kind}] {failure}")
    return failures


def _seeds(kind: str, total: int, offset: int = 0) -> range:
    share = total // len(KINDS) + (1 if KINDS.index(kind) < total % len(KINDS) else 0)
    return range(offset, offset + share)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_random_playouts_keep_every_invariant(edition: str, kind: str) -> None:
    """Every step of seeded random games keeps the Polis invariants and the protocol's promises:
    cubes conserved (R-COMP-4), merchants conserved (R-COMP-10), discs conserved (R-COMP-5, R-COMP-7,
    R-COMP-12), a proxenos in one polis or captive (R-COMP-11, R-MAP-23), stacking at every moment
    (R-STACK-1, R-STACK-2), polis ownership and population (R-MAP-17, R-MAP-18, R-MAP-19), capitals
    kept (R-MAP-25), prestige and goods never negative (R-GEN-8, R-GEN-9), [2020] goods within the
    board (R-GEN-11), battle hands no larger than the units (R-BATTLE-13, R-BATTLE-33), hidden
    hands and the generator kept out of views (R-GEN-17), and exact replays from the log."""
    failures = run_playouts(edition, kind, _seeds(kind, PLAYOUTS))
    assert not failures, f"{len(failures)} playouts failed:\n" + "\n".join(failures)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("KLEOS_SLOW"), reason="long run: set KLEOS_SLOW=1")
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_many_random_playouts_keep_every_invariant(edition: str, kind: str) -> None:
    """The same checks as above (R-COMP-4, R-COMP-10, R-COMP-11, R-STACK-1, R-STACK-2, R-MAP-17,
    R-MAP-19, R-MAP-25, R-GEN-8, R-GEN-9, R-GEN-11) on ten times as many games, with new seeds."""
    failures = run_playouts(edition, kind, _seeds(kind, 10 * PLAYOUTS, offset=10_000), every=2)
    assert not failures, f"{len(failures)} playouts failed:\n" + "\n".join(failures)


@pytest.mark.parametrize("edition", EDITIONS)
def test_playouts_reach_the_interesting_parts(edition: str) -> None:
    """The playout mix is worth its time: battles, sieges, trades and a final scoring all occur."""
    game = PolisGame(edition)
    verbs: set[str] = set()
    reasons: set[str] = set()
    for seed in range(20):
        playout = random_playout(game, seed, None, policy=prudent_policy, start=rich_start(game, seed))
        verbs.update(action.verb for _, action in playout.record.actions)
        outcome = game.outcome(playout.state)
        assert outcome is not None
        reasons.add(outcome.reason)
    assert {"attack", "defend", "siege", "trade", "tribute", "proxenos", "grow"} <= verbs
    assert reasons & {"score", "goods_tiebreak", "shared"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_rich_starts_are_sound(edition: str) -> None:
    """The random mid-game positions themselves keep every invariant (else the playouts prove nothing)."""
    game = PolisGame(edition)
    for seed in range(40):
        assert state_problems(game.tables, rich_start(game, seed)) == [], seed


# ----- the checkers catch what they should ------------------------------------------------------
def _start(edition: str = "2020") -> tuple[PolisGame, PolisState]:
    game = PolisGame(edition)
    return game, turn_position(game, round=1, active="athens")


def _reports(edition: str, rule: str, corrupt: Callable[[PolisGame, PolisState], None]) -> None:
    game, s = _start(edition)
    assert state_problems(game.tables, s) == []
    corrupt(game, s)
    problems = state_problems(game.tables, s)
    assert any(p.startswith(rule + ":") for p in problems), problems


@pytest.mark.parametrize("edition", EDITIONS)
def test_cube_count_is_checked(edition: str) -> None:
    """R-COMP-4: supply + population + units is the edition's cube limit."""
    _reports(edition, "R-COMP-4", lambda g, s: s.units.__setitem__(0, s.units[0] + 1))
    _reports(edition, "R-COMP-4", lambda g, s: s.supply_cubes.__setitem__(1, s.supply_cubes[1] - 1))


@pytest.mark.parametrize("edition", EDITIONS)
def test_merchant_count_is_checked(edition: str) -> None:
    """R-COMP-10: supply + port + market slots is 8."""
    _reports(edition, "R-COMP-10", lambda g, s: s.slot_merchant.__setitem__(0, 0))
    _reports(edition, "R-COMP-10", lambda g, s: s.merchants_port.__setitem__(1, 2))


@pytest.mark.parametrize("edition", EDITIONS)
def test_disc_count_is_checked(edition: str) -> None:
    """R-COMP-12 (R-COMP-5 [2020], R-COMP-7 [2012]): supply + poleis + tribute + siege discs is constant."""
    _reports(edition, "R-COMP-12", lambda g, s: s.tribute_disc.__setitem__(0, 1))


def test_proxenos_placement_is_checked() -> None:
    """R-COMP-11: a proxenos is in one polis or captive; R-MAP-23: only a ransom puts both in one polis."""
    _reports("2020", "R-COMP-11", lambda g, s: s.proxenos.__setitem__(0, 99))
    game, s = _start()
    after = s.copy()
    after.steps += 1
    after.proxenos = [s.proxenos[1], s.proxenos[1]]
    problems = step_problems(game.tables, s, 0, Action.parse("enter Sparti"), after)
    assert any(p.startswith("R-MAP-23:") for p in problems), problems
    assert step_problems(game.tables, s, 0, Action("ransom"), after) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_stacking_is_checked(edition: str) -> None:
    """R-STACK-1, R-STACK-2: never more than N own units in a region (N = 4 in round 2)."""
    def over(g: PolisGame, s: PolisState) -> None:
        set_units(g, s, "Kyklades", athens=5)

    _reports(edition, "R-STACK-1", over)


def test_polis_ownership_and_population_are_checked() -> None:
    """R-MAP-17 owner is a side or nobody; R-MAP-18 neutral poleis hold no cubes; R-MAP-19 owned
    poleis hold 1 … max cubes."""
    def neutral_with_cubes(g: PolisGame, s: PolisState) -> None:
        p = g.tables.polis_index["Thibae"]
        s.pop[p] = 2
        s.supply_cubes[0] -= 2

    def empty_owned(g: PolisGame, s: PolisState) -> None:
        p = g.tables.polis_index["Chalkis"]
        s.supply_cubes[0] += s.pop[p]
        s.pop[p] = 0

    def crowded(g: PolisGame, s: PolisState) -> None:
        p = g.tables.polis_index["Chios"]
        extra = g.tables.polis_max[p] + 1 - s.pop[p]
        s.pop[p] += extra
        s.supply_cubes[0] -= extra

    _reports("2020", "R-MAP-17", lambda g, s: s.owner.__setitem__(3, 2))
    _reports("2020", "R-MAP-18", neutral_with_cubes)
    _reports("2020", "R-MAP-19", empty_owned)
    _reports("2020", "R-MAP-19", crowded)


def test_capitals_are_checked() -> None:
    """R-MAP-25: each side always owns its capital."""
    _reports("2012", "R-MAP-25", lambda g, s: positions.set_polis(g, s, "Sparti", None))
    _reports("2020", "R-MAP-25", lambda g, s: positions.set_polis(g, s, "Athinae", "sparta", 5))


@pytest.mark.parametrize("edition", EDITIONS)
def test_stock_limits_are_checked(edition: str) -> None:
    """R-GEN-8 prestige >= 0; R-GEN-9 goods >= 0; R-GEN-11 [2020] goods within the board's maximum."""
    _reports(edition, "R-GEN-8", lambda g, s: positions.set_prestige(s, "athens", -1))
    _reports(edition, "R-GEN-9", lambda g, s: positions.set_goods(s, "sparta", wood=-2))
    if edition == "2020":
        _reports(edition, "R-GEN-11", lambda g, s: positions.set_goods(s, "sparta", iron=21))
    else:
        game, s = _start(edition)
        positions.set_goods(s, "sparta", iron=500)
        assert state_problems(game.tables, s) == []  # R-GEN-12: no maximum in 2012


def test_project_tiles_are_checked() -> None:
    """R-COMP-1: 14 project tiles, none in two places; a removed tile never comes back."""
    _reports("2020", "R-COMP-1", lambda g, s: s.projects_face_up.append(s.project_pile[0]))
    game, s = _start()
    before = s.copy()
    s.project_pile.pop()
    s.steps += 1
    assert step_problems(game.tables, s, 0, Action("pass"), before) != []


def test_turn_actions_are_checked() -> None:
    """R-TURN-3: at most two actions a turn, of different types, until the opponent has passed."""
    _reports("2020", "R-TURN-3", lambda g, s: setattr(s, "turn_actions", ("march", "march")))
    _reports("2012", "R-TURN-3", lambda g, s: setattr(s, "turn_actions", ("march", "trade", "siege")))
    game, s = _start()
    s.passed[0 if s.active == 1 else 1] = True
    s.turn_actions = ("march", "march", "march")
    assert state_problems(game.tables, s) == []  # R-TURN-6: any actions after the opponent's pass


def test_round_change_clears_the_board() -> None:
    """R-PREP-3, R-PREP-5 (R-PREP-11, R-PREP-12): tribute and siege discs and merchants come home
    before the next round."""
    game, before = _start()
    after = before.copy()
    after.steps += 1
    after.round += 1
    after.tribute_disc[0] = 0
    after.slot_merchant[0] = 1
    problems = step_problems(game.tables, before, 0, Action("discard", ("Socrates",)), after)
    assert any(p.startswith("R-PREP-3:") for p in problems), problems
    assert any(p.startswith("R-PREP-5:") for p in problems), problems


def _battle(edition: str) -> tuple[PolisGame, PolisState]:
    game = PolisGame(edition)
    s = turn_position(game, round=1, active="athens")
    set_units(game, s, "Kyklades", athens=4, sparta=4)
    play(game, s, "tribute Attika", "assign wine", "done", "march Ionia", "from Attika", "done")
    cap = StepCap("s.battle is None or s.battle.phase != 'attack'")
    while (s.battle is None or s.battle.phase != "attack") and cap():
        if game.is_chance(s):
            game.step_chance(s)
        else:
            game.apply_in_place(s, Action("fight"))
    return game, s


@pytest.mark.parametrize("edition", EDITIONS)
def test_battle_hands_are_checked(edition: str) -> None:
    """R-BATTLE-13: a hand never exceeds the units in the region; R-BATTLE-33: it equals them at the
    start of a combat round."""
    game, s = _battle(edition)
    assert state_problems(game.tables, s) == []
    assert s.battle is not None
    b = s.battle
    i = next(k for k, n in enumerate(b.deck) if n)
    b.deck[i] -= 1
    b.hands[0][i] += 1
    problems = state_problems(game.tables, s)
    assert any(p.startswith("R-BATTLE-13:") for p in problems), problems
    b.hands[0][i] -= 1
    b.hands[0][next(k for k, n in enumerate(b.hands[0]) if n)] -= 1
    problems = state_problems(game.tables, s)
    assert any(p.startswith("R-BATTLE-33:") for p in problems), problems


@pytest.mark.parametrize("edition", EDITIONS)
def test_view_checks_catch_a_leak(edition: str) -> None:
    """R-GEN-17: the view hooks accept the real views and reject one that shows the other hand or the
    generator; hidden variants differ from the position only in the hidden hand."""
    game, s = _battle(edition)
    for seat in (0, 1, None):
        assert view_problems(s, game.view(s, seat), seat) == []
        variants = hidden_variants(s, seat)
        assert variants
        for variant in variants:
            assert game.view(variant, seat) == game.view(s, seat)
    leaky = make_view(s, 0)
    assert leaky.state.battle is not None and s.battle is not None
    leaky.state.battle.hands[1] = s.battle.hands[1][:]
    assert any("shows" in p for p in view_problems(s, leaky, 0))
    with_rng = make_view(s, 1)
    with_rng.state.rng = s.rng.copy()
    assert any("generator" in p for p in view_problems(s, with_rng, 1))
