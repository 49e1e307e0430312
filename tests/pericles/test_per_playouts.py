"""Seeded random playouts of both scenarios with every protocol check and the game's invariants
(P-COMP-1, P-THEATER-3, P-DEF-16, P-COMP-8, P-COMP-9, Strategos bookkeeping, hands, views leak nothing),
battles included (P-BATTLE-1, P-BATTLE-11, P-BATTLE-36)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable

import pytest
from per_helpers import game, registered  # noqa: F401  (the kit fixture is used below)

from kleos.core import registry
from kleos.core.action import Action
from kleos.core.testing import Checks, Transition, random_playout
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle
from kleos.games.pericles.rules.common import CONTESTED, bases_in, in_use, status
from kleos.games.pericles.state import HAND, M_DIFF, M_KIND, M_NUM, M_WIN, PLAYED, PericlesState
from kleos.games.pericles.tables import N_PIECES, N_THEATERS, SIDE_LAND, SIDE_NAVAL
from kleos.games.pericles.view import PericlesView


def invariants(g: PericlesGame) -> Callable[[PericlesState], Iterable[str]]:
    t = g.tables

    def check(s: PericlesState) -> Iterable[str]:
        for p in range(N_PIECES):
            if in_use(s, p) > t.piece_limits[p]:
                yield f"piece {p} over its limit (P-COMP-1)"
        if any(bases_in(s, th) > 3 for th in range(N_THEATERS)):
            yield "more than 3 bases in a theater (P-THEATER-3)"
        if min(s.honor) < 0:
            yield "negative Honor (P-DEF-16)"
        for side in (0, 1):
            total = s.supply[side] + s.council[side] + s.set_aside[side] + s.stock[2 * side] + s.stock[2 * side + 1]
            if total != t.data.counters.strategos_per_side:
                yield f"side {side} has {total} Strategos, not 26"
            if sum(s.treason[th * 2 + side] for th in range(N_THEATERS)) > t.treason_limit:
                yield "too many treason markers (P-COMP-8)"
        if min(s.stock) < 0 or any(h not in (0, 1) for h in s.hostage):
            yield "a negative stock or a second hostage marker (P-COMP-9)"
        if s.mil[M_NUM] > battle.MAX_BATTLES:
            yield "a third battle in one Military issue (P-BATTLE-36)"
        if s.mil[M_WIN] >= 0:
            loser = 1 - s.mil[M_WIN]
            lost = sum(s.killed[p] for p in battle.kind_pieces(s.mil[M_KIND], loser))
            if lost > s.mil[M_DIFF]:
                yield "the loser lost more units than the casualty differential (P-BATTLE-11)"
        if s.phase == "assembly" and s.step == "play":
            for f in range(4):
                if s.card_loc.count(HAND + f) + s.card_loc.count(PLAYED + f) > 7:
                    yield f"faction {f} holds more than 7 cards (P-HAND-7)"
    return check


class Battles:
    """A transition check that counts battles and sees each begin in a contested theater (P-BATTLE-1)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, before: PericlesState, seat: int, action: Action, after: PericlesState) -> Iterable[str]:
        begun = after.mil[M_NUM] > before.mil[M_NUM]
        if begun:
            self.count += 1
            if status(after, battle.theater_of(after), 0) != CONTESTED:
                yield "a battle in a theater that is not contested (P-BATTLE-1)"


# decisions and chance events no Honor rule acts on, nor the automatic steps that follow them
QUIET = frozenset({"keep", "entourage", "select", "debate", "lend", "place", "dip_secret", "exped_secret",
                   "plague", "deal", "demobilise"})


class Demobilisations:
    """Counts Peace C's demobilisation choices and sees each take exactly one unit of the choosing
    side from the map (P-ARIST-4)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, before: PericlesState, seat: int, action: Action, after: PericlesState) -> Iterable[str]:
        if before.chance is None and before.step == "demobilise":
            self.count += 1
            side = before.side
            lost = sum(before.pieces[th * N_PIECES + p] - after.pieces[th * N_PIECES + p]
                       for th in range(N_THEATERS) for p in (*SIDE_LAND[side], *SIDE_NAVAL[side]))
            if lost != 1:
                yield f"a demobilisation took {lost} units of side {side}, not 1 (P-ARIST-4)"


def honor_only_by_rules(before: PericlesState, seat: int, action: Action, after: PericlesState) -> Iterable[str]:
    """P-HONOR-1: Honor does not move on a step that no Honor rule (P-DATA-12) concerns."""
    step = before.chance if before.chance is not None else before.step
    if step in QUIET and after.honor != before.honor:
        yield f"Honor changed from {before.honor} to {after.honor} at step {step!r} (P-HONOR-1)"


def secrets(g: PericlesGame) -> Callable[[PericlesState, int | None], Iterable[PericlesState]]:
    """Variants of a position that differ only in what ``seat`` may not know: none once the game is over,
    when the screens are lifted."""
    def variants(s: PericlesState, seat: int | None) -> Iterable[PericlesState]:
        if s.outcome is not None:
            return
        other = s.copy()
        for f in range(4):
            if f != seat:
                other.stock[f], other.stock[f ^ 1] = (other.stock[f ^ 1], other.stock[f]) if seat not in (f, f ^ 1) \
                    else (other.stock[f], other.stock[f ^ 1])
        yield other
        swapped = s.copy()
        rnd = random.Random(len(s.queue))
        face_up = {PLAYED + f for f in range(4) if s.played[f] and s.played[f ^ 1]}  # P-ASSEMBLY-5
        hidden = [c for c, loc in enumerate(s.card_loc) if loc == 0 or (
            2 <= loc < 14 and (loc - 2) % 4 != seat and loc not in face_up and g.tables.card_side[c] == 1)]
        hidden = [c for c in hidden if g.tables.card_side[c] == 1 and c not in g.tables.leader_of]
        locs = [swapped.card_loc[c] for c in hidden]
        rnd.shuffle(locs)
        for c, loc in zip(hidden, locs, strict=True):
            swapped.card_loc[c] = loc
        if seat is None or seat < 2:
            yield swapped
    return variants


@pytest.mark.parametrize("scenario", ["14_2", "14_1_09a"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_checked_playouts(scenario: str, seed: int) -> None:
    """Every protocol promise (legal actions, refusals, copies, JSON and text round trips, views
    independent of the generator and of hidden cards and stocks, replay) and the invariants hold."""
    g = game(scenario)
    checks: Checks[PericlesState, PericlesView] = Checks(every=9, invariants=[invariants(g)], secrets=secrets(g),
                                                         transitions=[Battles(), honor_only_by_rules])
    p = random_playout(g, seed, checks)
    assert p.finished and p.state.outcome is not None


# CI amounts: 48 games of 14.2 and 10 times as many of the one-turn vignette (528 in all). Measured on the
# 2-core machine: about 0.37 s of CPU per 14.2 game and 0.056 s per vignette game with the cheap checks
# (``time`` of 20 games each), so about 45 s of CPU, under a minute with the checked playouts above.
CI_GAMES = int(os.environ.get("KLEOS_PER_PLAYOUTS", "48"))
VIGNETTE_FACTOR = 10
SLOW_GAMES = int(os.environ.get("KLEOS_PER_SLOW_PLAYOUTS", "600"))


def _cheap(g: PericlesGame, battles: Battles, *more: Transition[PericlesState]) -> Checks[PericlesState, PericlesView]:
    return Checks(every=0, apply_all=False, replay=False, invariants=[invariants(g)],
                  transitions=[battles, honor_only_by_rules, *more])


def test_many_cheap_playouts_end() -> None:
    """More seeded games of 14.2 (``KLEOS_PER_PLAYOUTS``, 48 by default: the CI amount the test
    folder's time allows) end (by the scenario's end, Peace or an automatic victory), the invariants
    holding at every step and Honor moving only where a rule moves it (P-HONOR-1)."""
    g = game()
    reasons = set()
    battles, demobilisations = Battles(), Demobilisations()
    for seed in range(10, 10 + CI_GAMES):
        p = random_playout(g, seed, _cheap(g, battles, demobilisations))
        assert p.finished
        reasons.add(p.state.outcome.reason if p.state.outcome else "")
    assert "end of the scenario" in reasons
    assert battles.count > 0  # battles are fought in random play
    assert demobilisations.count > 0 or CI_GAMES < 48  # Peace C's choice comes up in the default amount


def test_vignette_playouts_end() -> None:
    """P-VICTORY rulings: seeded games of the vignette (one turn; 10 x ``KLEOS_PER_PLAYOUTS``, 480 by
    default) end with the vignette, the invariants holding at every step."""
    g = game("14_1_09a")
    battles = Battles()
    for seed in range(10, 10 + VIGNETTE_FACTOR * CI_GAMES):
        p = random_playout(g, seed, _cheap(g, battles))
        assert p.finished and p.state.outcome is not None
        assert p.state.outcome.reason == "end of the vignette"


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["14_2", "14_1_09a"])
def test_thousands_of_playouts(scenario: str) -> None:
    """Outside CI (``pytest -m slow``; ``KLEOS_PER_SLOW_PLAYOUTS`` games per scenario, 600 by default):
    every game ends, the invariants hold at every step (P-COMP-1, P-THEATER-3, P-DEF-16, P-COMP-8,
    P-COMP-9, P-BATTLE-1, P-BATTLE-11, P-BATTLE-36), and every 400th step plus the first and last
    position get the protocol checks (views leak nothing, JSON and text round trips, refusals), each
    game's record replaying to the same end."""
    g = game(scenario)
    battles = Battles()
    sampled: Checks[PericlesState, PericlesView] = Checks(
        every=400, apply_all=False, near_misses=2, replay=True, invariants=[invariants(g)], secrets=secrets(g),
        transitions=[battles, honor_only_by_rules])
    reasons: dict[str, int] = {}
    for seed in range(100_000, 100_000 + SLOW_GAMES):
        p = random_playout(g, seed, sampled)
        assert p.finished and p.state.outcome is not None, f"seed {seed}"
        reasons[p.state.outcome.reason] = reasons.get(p.state.outcome.reason, 0) + 1
    print(f"\n{scenario}: {SLOW_GAMES} games, {battles.count} battles, end reasons {reasons}")
    assert battles.count > 0


def test_kit_registers_and_validates(registered: None) -> None:  # noqa: F811
    """The kit makes a game from options and refuses bad ones naming the option."""
    from kleos.core.kit import OptionsError

    kit = registry.kit("pericles")
    assert kit.make_game({"scenario": "14_1_09a"}).options == {"scenario": "14_1_09a"}
    with pytest.raises(OptionsError) as err:
        kit.make_game({"athens_border": "mountain"})
    assert err.value.field == "athens_border"
    g = kit.make_game({})
    s = g.new_state(1)
    assert "Turn 1" in kit.describe_view(g, g.view(s, 0), 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_determinization_shows_the_view_and_plays_on(seed: int) -> None:
    """P-INFO-1..7: at every step of a 14_2 playout, each faction's determinization (hidden hands,
    stocks, markers and commitments drawn) shows it its view, and 40 random steps play on from it:
    a bot's look-ahead plays every state it may draw. A revealed commitment drawn below its stock
    broke a look-ahead at the settling of a neutral Diplomatic issue (P-DIPLO-7)."""
    g = game("14_2")
    checks: Checks[PericlesState, PericlesView] = Checks(every=0, apply_all=False, replay=False, determinize_every=1)
    assert random_playout(g, seed, checks).finished
