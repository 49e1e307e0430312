"""Random playouts with every protocol check, views and the kit (C-INFO-1..5, C-CYCLE-1, C-END-2)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from cyc_helpers import at_offers, game

from kleos.core import registry
from kleos.core.record import Replay
from kleos.core.testing import Checks, random_playout
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.state import OVER, CycladesState
from kleos.games.cyclades.view import HIDDEN, CycladesView


def _gold_secrets(state: CycladesState, seat: int | None) -> Iterator[CycladesState]:
    """Variants differing only in gold the seat may not see (C-INFO-1)."""
    for other in range(state.players):
        if other != seat:
            variant = state.copy()
            variant.gold[other] += 13
            yield variant


def _view_check(state: CycladesState, view: CycladesView, seat: int | None) -> Iterator[str]:
    for other, gold in enumerate(view.state.gold):
        if other == seat and gold != state.gold[other]:
            yield "own gold is hidden"
        if other != seat and gold != HIDDEN:
            yield f"seat {other}'s gold shows"


CHECKS: Checks[CycladesState, CycladesView] = Checks(every=5, secrets=_gold_secrets, view_check=_view_check)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players: int) -> None:
    """C-CYCLE-1, C-CYCLE-2, C-INFO-1, C-INFO-3: seeded playouts through several cycles pass every check;
    the action log replays exactly."""
    g = game(players)
    for seed in range(2):
        playout = random_playout(g, seed, CHECKS, max_steps=300)
        assert playout.state.cycle >= 3
        replayed = Replay(g, playout.record).final_state()
        assert g.position_text(replayed) == g.position_text(playout.state)


@pytest.mark.parametrize("players", [2, 5])
def test_playout_to_the_end(players: int) -> None:
    """C-END-2, C-TWO-9: from a position where seat 0 holds enough Metropolises the game ends at the end of
    the cycle, with the final checks (outcome, replay) passing."""
    g, s = at_offers(players)
    islands = [i for i, o in enumerate(s.owner) if o == 0]
    for island in islands:
        s.metropolis[island] = 1
    if players == 2:
        neutral = next(i for i, o in enumerate(s.owner) if o == -1)
        s.owner[neutral], s.troops[neutral], s.metropolis[neutral] = 0, 1, 1
    playout = random_playout(g, 3, CHECKS, start=s, max_steps=500)
    assert playout.finished and playout.state.phase == OVER
    assert playout.state.outcome is not None and playout.state.outcome.winner == 0


def test_view_and_determinize() -> None:
    """C-INFO-1, C-INFO-2, C-INFO-4: a view hides the other seats' gold only; determinize fills it with
    amounts that cover the offerings still to pay."""
    g, s = at_offers(4)
    seat = g.actors(s)[0]
    view = g.view(s, seat)
    assert view.state.gold[seat] == s.gold[seat]
    assert [x for i, x in enumerate(view.state.gold) if i != seat] == [HIDDEN] * 3
    assert view.state.priests == s.priests and view.state.owner == s.owner and view.state.track == s.track
    spectator = g.view(s, None)
    assert spectator.state.gold == [HIDDEN] * 4
    full = g.determinize(view, random.Random(1))
    assert full.gold[seat] == s.gold[seat] and all(x >= 0 for x in full.gold)
    assert g.legal_actions(full) == g.legal_actions(s)


def test_kit_registers_and_validates_options() -> None:
    """The kit builds games for 2-5 players and names a bad option (C-DATA-7, C-AMB-28 switches)."""
    registry.register(KIT)
    try:
        _check_kit()
    finally:
        registry.unregister("cyclades")


def _check_kit() -> None:
    from kleos.core.kit import OptionsError

    kit = registry.kit("cyclades")
    g = kit.make_game({"players": 3, "die_faces": "0-0-1-1-2-3"})
    assert g.seat_names == ("Blue", "Red", "Green") and g.options["die_faces"] == "0-0-1-1-2-3"
    with pytest.raises(OptionsError) as err:
        kit.make_game({"players": 6})
    assert err.value.field == "players"
    with pytest.raises(OptionsError) as err:
        kit.make_game({"start_2p": "sideways"})
    assert err.value.field == "start_2p"
    s = g.new_state(1)
    assert "Cycle" in kit.describe_view(g, g.view(s, 0), 0)


def test_copy_is_cheap() -> None:
    """Search copies states constantly: a 5-player copy stays well under 50 microseconds."""
    import time

    g, s = at_offers(5)
    start = time.perf_counter()
    for _ in range(20_000):
        g.copy(s)
    assert (time.perf_counter() - start) / 20_000 < 50e-6
