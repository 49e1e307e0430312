"""Seeded random playouts of both scenarios with every protocol check and the game's invariants
(P-COMP-1, P-THEATER-3, P-DEF-16, P-COMP-8, Strategos bookkeeping, hands, views leak nothing)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest
from per_helpers import game, registered  # noqa: F401  (the kit fixture is used below)

from kleos.core import registry
from kleos.core.testing import Checks, random_playout
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.common import bases_in, in_use
from kleos.games.pericles.state import HAND, PLAYED, PericlesState
from kleos.games.pericles.tables import N_PIECES, N_THEATERS
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
        if s.phase == "assembly" and s.step == "play":
            for f in range(4):
                if s.card_loc.count(HAND + f) + s.card_loc.count(PLAYED + f) > 7:
                    yield f"faction {f} holds more than 7 cards (P-HAND-7)"
    return check


def secrets(g: PericlesGame) -> Callable[[PericlesState, int | None], Iterable[PericlesState]]:
    """Variants of a position that differ only in what ``seat`` may not know."""
    def variants(s: PericlesState, seat: int | None) -> Iterable[PericlesState]:
        other = s.copy()
        for f in range(4):
            if f != seat:
                other.stock[f], other.stock[f ^ 1] = (other.stock[f ^ 1], other.stock[f]) if seat not in (f, f ^ 1) \
                    else (other.stock[f], other.stock[f ^ 1])
        yield other
        swapped = s.copy()
        rnd = random.Random(len(s.queue))
        hidden = [c for c, loc in enumerate(s.card_loc)
                  if loc == 0 or (2 <= loc < 14 and (loc - 2) % 4 != seat and g.tables.card_side[c] == 1)]
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
    checks: Checks[PericlesState, PericlesView] = Checks(every=9, invariants=[invariants(g)], secrets=secrets(g))
    p = random_playout(g, seed, checks)
    assert p.finished and p.state.outcome is not None


def test_many_cheap_playouts_end() -> None:
    """Twelve more seeded games of 14.2 end (by the scenario's end, Peace or an automatic victory), the
    invariants holding at every step."""
    g = game()
    reasons = set()
    for seed in range(10, 22):
        cheap: Checks[PericlesState, PericlesView] = Checks(every=0, apply_all=False, replay=False,
                                                             invariants=[invariants(g)])
        p = random_playout(g, seed, cheap)
        assert p.finished
        reasons.add(p.state.outcome.reason if p.state.outcome else "")
    assert "end of the scenario" in reasons


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
