"""Checked playouts that reach the end of the game, in both editions.

Games are played from the set-up by :func:`playout_helpers.survivor_policy` (cheap rule-of-thumb
play that avoids the quick losses, with random choices mixed in), so most of them play every round
(of the CI seeds, 78% reach the last round in 2012 and 93% in 2020; 54% and 63% end with the final
scoring). :func:`playout_helpers.checked_game` checks, after every step, the Polis invariants
(pieces conserved, no negative stock, limits held: :func:`kleos.games.polis.invariants.state_problems`
and ``step_problems``) and, during battles, the views; every ``FULL_EVERY`` steps and at the end,
the views of both seats and a spectator (nothing hidden shows, R-GEN-17) and the notation, JSON,
position-text and compact round trips; at the end, that replaying the action log rebuilds the game.
A few games also go through every generic check of :func:`kleos.core.testing.random_playout`.

These players seldom gather the 8 units a battle needs (R-BATTLE-1): battles, and views with
hidden hands, are exercised by the mid-game starts of ``tests/polis/test_invariants.py``.

CI plays ``KLEOS_PLAYOUTS`` games per edition (default 150). The slow run plays thousands (default
2000 per edition) and prints how many games reach each round::

    KLEOS_PLAYOUTS=2000 .venv/bin/pytest -m slow -s tests/polis/test_playout_invariants.py
"""

from __future__ import annotations

import dataclasses
import os
import random

import pytest
from playout_helpers import GameFailure, Tally, checked_game, replay_problems, survivor_policy

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.testing import PlayoutFailure, random_playout
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import notation_problems, polis_checks
from kleos.games.polis.state import PolisState
from step_cap import StepCap

EDITIONS = ("2012", "2020")
PLAYOUTS = int(os.environ.get("KLEOS_PLAYOUTS", "150"))
SLOW_PLAYOUTS = int(os.environ.get("KLEOS_PLAYOUTS", "2000"))
FULL_EVERY = 25
"""Steps between the expensive checks of a position."""
SLOW_SEEDS = 100_000


def play(edition: str, seeds: range, full_every: int = FULL_EVERY) -> tuple[list[str], Tally]:
    """Checked games of ``seeds``: the failures (edition, seed, step, problems, last actions) and
    the tally of how far the others got."""
    game = PolisGame(edition)
    policy = survivor_policy(game)
    tally = Tally(len(game.tables.round_values))
    failures: list[str] = []
    for seed in seeds:
        try:
            tally.add(checked_game(game, seed, policy, full_every))
        except GameFailure as failure:
            failures.append(str(failure))
    return failures, tally


def _table(edition: str, tally: Tally) -> str:
    return tally.table(f"Polis {edition}", PolisGame(edition).tables.round_names)


@pytest.mark.parametrize("edition", EDITIONS)
def test_playouts_to_the_end_keep_every_invariant(edition: str) -> None:
    """Cubes, merchants and discs conserved (R-COMP-4, R-COMP-10, R-COMP-12), no negative stock
    (R-GEN-8, R-GEN-9), limits held (R-STACK-1, R-MAP-19, R-GEN-11), views hide the other hand and
    the generator (R-GEN-17), notation and replay exact, in games of which a clear majority reaches
    the last round (R-ROUND-2) and many end with the final scoring (R-END-6)."""
    failures, tally = play(edition, range(PLAYOUTS))
    assert not failures, f"{len(failures)} playouts failed:\n" + "\n".join(failures)
    last = tally.n_rounds - 1
    assert tally.reached(last) >= 2 / 3 * tally.games, _table(edition, tally)
    assert tally.finished >= 0.4 * tally.games, _table(edition, tally)


@pytest.mark.parametrize("edition", EDITIONS)
def test_playouts_to_the_end_keep_the_protocol(edition: str) -> None:
    """A few of the same games through every generic check of the protocol (each legal action
    applied, refusals, copies, JSON and text round trips, views, replay) and the Polis invariants."""
    game = PolisGame(edition)
    checks = polis_checks(game, every=FULL_EVERY)
    policy = survivor_policy(game)
    failures = []
    for seed in range(4):
        try:
            playout = random_playout(game, seed, checks, policy=policy)
        except PlayoutFailure as failure:
            failures.append(str(failure))
            continue
        assert playout.finished
    assert not failures, "\n".join(failures)


@pytest.mark.slow
@pytest.mark.parametrize("edition", EDITIONS)
def test_many_playouts_to_the_end(edition: str) -> None:
    """The same checks on thousands of games with new seeds; prints how many reach each round."""
    failures, tally = play(edition, range(SLOW_SEEDS, SLOW_SEEDS + SLOW_PLAYOUTS), full_every=10)
    print("\n" + _table(edition, tally))
    assert not failures, f"{len(failures)} playouts failed:\n" + "\n".join(failures[:20])
    assert tally.reached(tally.n_rounds - 1) >= 2 / 3 * tally.games


# ----- the checks can fail ------------------------------------------------------------------------
def test_a_step_that_breaks_an_invariant_is_reported() -> None:
    """R-COMP-4: a policy that slips a cube onto the map makes the next step's check fail, with the
    seed and the last actions in the report (so the per-step checks really run)."""
    game = PolisGame("2020")
    policy = survivor_policy(game)

    def cheat(rnd: random.Random, s: PolisState, seat: int, legal: list[Action]) -> Action:
        if s.steps > 30:
            s.units[0] += 1
        return policy(rnd, s, seat, legal)

    with pytest.raises(GameFailure, match=r"seed 3, step \d+: R-COMP-4.*\n  last actions: "):
        checked_game(game, 3, cheat)


def test_a_tampered_log_fails_the_replay() -> None:
    """The replay check compares the whole final position: one action changed in the log is caught."""
    game = PolisGame("2012")
    s = game.new_state(5)
    record = GameRecord(game.name, dict(game.options), 5)
    policy = survivor_policy(game)
    rnd = random.Random(5)
    cap = StepCap("not game.is_terminal(s)")
    while not game.is_terminal(s) and cap():
        seat = game.actors(s)[0]
        action = game.sample_chance(s) if seat == CHANCE else policy(rnd, s, seat, game.legal_actions(s, seat))
        game.apply_in_place(s, action, seat)
        record.actions.append((seat, action))
    assert replay_problems(game, record, s) == []
    i = next(k for k, (seat, a) in enumerate(record.actions) if seat == CHANCE and a.verb == "roll")
    seat, roll = record.actions[i]
    record.actions[i] = (seat, Action("roll", (int(roll.args[0]) % 4 + 1,)))
    assert replay_problems(game, record, s) != []


def test_the_notation_check_reports_a_position_it_cannot_write() -> None:
    """The compact-form check accepts a real position and reports one whose phase has no name."""
    game = PolisGame("2020")
    s = game.new_state(1)
    assert notation_problems(game, s) == []
    s.phase = "nowhere"
    assert any(p.startswith("NOTATION:") for p in notation_problems(game, s))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_determinization_shows_the_view_and_plays_on(edition: str) -> None:
    """R-GEN-17: at every step each side's determinization (the other hand and the hidden decks
    drawn) shows it its view, and 40 random steps play on from it: a bot's look-ahead plays every
    state it may draw."""
    game = PolisGame(edition)
    checks = polis_checks(game, every=0)
    checks = dataclasses.replace(checks, apply_all=False, replay=False, determinize_every=1)
    for seed in range(2):
        assert random_playout(game, seed, checks, policy=survivor_policy(game)).finished
