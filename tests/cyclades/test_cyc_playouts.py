"""Random playouts with every protocol check, views and the kit (C-INFO-1..5, C-CYCLE-1, C-END-2)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from cyc_helpers import at_offers, game

from kleos.core import registry
from kleos.core.flatstate import json_to_text, text_to_json
from kleos.core.record import Replay
from kleos.core.testing import Checks, random_playout, verb_policy
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.rules.common import BUILDING_KINDS, in_play, metropolises, units
from kleos.games.cyclades.rules.elimination import is_out
from kleos.games.cyclades.state import LIST_FIELDS, OVER, CycladesState
from kleos.games.cyclades.tables import default_tables
from kleos.games.cyclades.view import HIDDEN, CycladesView


def _gold_secrets(state: CycladesState, seat: int | None) -> Iterator[CycladesState]:
    """Variants differing only in gold the seat may not see (C-INFO-1): none once the game is over and
    the screens are lifted (C-END-4)."""
    for other in range(state.players):
        if other != seat and state.outcome is None:
            variant = state.copy()
            variant.gold[other] += 13
            yield variant


def _view_check(state: CycladesState, view: CycladesView, seat: int | None) -> Iterator[str]:
    over = state.outcome is not None
    for other, gold in enumerate(view.state.gold):
        if (other == seat or over) and gold != state.gold[other]:
            yield "own gold is hidden" if other == seat else f"seat {other}'s gold stays hidden after the game"
        if other != seat and not over and gold != HIDDEN:
            yield f"seat {other}'s gold shows"


def _invariants(state: CycladesState) -> Iterator[str]:
    """The component limits (C-COMP-10..14, C-METRO-1) and gold (C-ACTION-4) in every position."""
    t = default_tables(state.players)
    s = state
    for seat in range(s.players):
        fleets, troops = units(s, seat)
        if s.battle_attacker == seat:
            fighting = s.battle_attack
            fleets, troops = (fleets + fighting, troops) if s.battle_naval else (fleets, troops + fighting)
        if fleets > t.fleets_max or troops > t.troops_max:
            yield f"seat {seat} has {fleets} fleets and {troops} troops"
        if s.gold[seat] < 0:
            yield f"seat {seat} has {s.gold[seat]} GP"
    for kind in range(BUILDING_KINDS):
        if in_play(s, kind) > t.building_supply[kind]:
            yield f"{in_play(s, kind)} {t.building_names[kind]}s on the board"
    if sum(s.metropolis) > t.metropolis_supply or any(m not in (0, 1) for m in s.metropolis):
        yield f"Metropolises {s.metropolis}"
    for i, m in enumerate(s.metropolis):
        if m and s.owner[i] == -1:
            yield f"a Metropolis on neutral {t.island_ids[i]}"
        if m and any(s.buildings[t.slot_offset[i] + n] for n in range(t.metropolis_covers[i])):
            yield f"a building under the Metropolis of {t.island_ids[i]}"
    for supply, held, name in ((t.priests, s.priests, "Priests"), (t.philosophers, s.philosophers, "Philosophers")):
        if 0 <= supply < sum(held):
            yield f"{sum(held)} {name} held"
    for seat in range(s.players):  # C-AMB-26: an eliminated player keeps nothing and never acts again
        out = s.phase != "setup" and is_out(s, seat)
        if out and (units(s, seat)[0] or s.gold[seat] or any(t.marker_owner[m] == seat for m in s.queue)):
            yield f"eliminated seat {seat} still has fleets, gold or a turn"
    if s.steps % 20 == 0:
        data = s.to_json()
        if CycladesState.from_json(data) != s or CycladesState.from_json(text_to_json(json_to_text(data))) != s:
            yield "JSON or text round trip differs"


CHECKS: Checks[CycladesState, CycladesView] = Checks(every=5, secrets=_gold_secrets, view_check=_view_check,
                                                    invariants=(_invariants,))
LIGHT: Checks[CycladesState, CycladesView] = Checks(every=40, apply_all=False, near_misses=2,
                                                   secrets=_gold_secrets, view_check=_view_check,
                                                   invariants=(_invariants,))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players: int) -> None:
    """C-CYCLE-1, C-CYCLE-2, C-INFO-1, C-INFO-3, C-COMP-10..14, C-METRO-1, C-END-2: seeded playouts with
    real turns pass every check (units, buildings, Metropolises and cards within supply, gold never
    negative, round trips, views) and the action log replays exactly."""
    g = game(players)
    for seed in range(2):
        playout = random_playout(g, seed, CHECKS, policy=verb_policy, max_steps=300)
        assert playout.state.cycle >= 3
        replayed = Replay(g, playout.record).final_state()
        assert g.position_text(replayed) == g.position_text(playout.state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end(players: int) -> None:
    """C-END-2, C-END-3, C-METRO-2, C-METRO-3, C-TWO-9: seeded random games with real turns reach the end
    of the game, a winner holding the Metropolises needed, with the invariants checked on the way."""
    g = game(players)
    verbs: set[str] = set()
    for seed in range(2):
        playout = random_playout(g, 100 + seed, LIGHT, policy=verb_policy, max_steps=5000)
        assert playout.finished and playout.state.phase == OVER
        outcome = playout.state.outcome
        assert outcome is not None
        if outcome.winner is not None:
            assert metropolises(playout.state, outcome.winner) >= g.tables.win_metropolises
        verbs |= {action.verb for _, action in playout.record.actions}
    assert {"recruit", "build", "end"} <= verbs


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


def test_copy_is_independent() -> None:
    """A copy shares no list with its original (search mutates copies; how fast copies are is measured
    by benchmarks/seat_counts.py, never timed in a test)."""
    g, s = at_offers(5)
    c = g.copy(s)
    assert c == s
    for name in LIST_FIELDS:
        assert getattr(c, name) is not getattr(s, name), name
    c.gold[0] += 1
    c.owner[0] = 4
    assert c != s and g.position_text(s) != g.position_text(c)


CHEAP: Checks[CycladesState, CycladesView] = Checks(every=0, apply_all=False, replay=False, invariants=(_invariants,))
CI_GAMES = int(os.environ.get("KLEOS_CYC_PLAYOUTS", "50"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_in_ci(players: int) -> None:
    """C-END-2, C-COMP-10..14, C-METRO-1: a few hundred seeded random games in CI (``KLEOS_CYC_PLAYOUTS``
    per player count, 50 by default: 200 games) play to their end with the invariants checked at every step."""
    g = game(players)
    for seed in range(1000, 1000 + CI_GAMES):
        playout = random_playout(g, seed, CHEAP, policy=verb_policy, max_steps=20_000)
        assert playout.finished and playout.state.phase == OVER, f"seed {seed}"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games_end(players: int) -> None:
    """C-END-2, C-COMP-10..14, C-METRO-1 (outside CI: ``pytest -m slow``): 200 seeded random games per
    player count end, with the invariants checked at every step."""
    g = game(players)
    for seed in range(200):
        playout = random_playout(g, seed, CHEAP, policy=verb_policy, max_steps=20_000)
        assert playout.finished and playout.state.phase == OVER


@pytest.mark.parametrize("players", [2, 5])
def test_every_determinization_shows_the_view_and_plays_on(players: int) -> None:
    """C-INFO-1, C-INFO-3: every few steps each player's determinization (the others' gold drawn)
    shows it its view, and 40 random steps play on from it: a bot's look-ahead plays every state it
    may draw."""
    checks: Checks[CycladesState, CycladesView] = Checks(every=0, apply_all=False, replay=False,
                                                        determinize_every=3)
    assert random_playout(game(players), 1, checks, policy=verb_policy, max_steps=300).steps > 0
