"""The default search plays the same games as before its speed-up: the heuristic player (its own
choices and the rollouts of the paired ISMCTS search) was made faster without changing a single
choice, so the strength of ``ismcts:*`` against ``heuristic`` is unchanged by construction.

The fingerprints below are the digests of the opening actions of seeded games of ``ismcts:easy``
against ``heuristic`` (both seatings, both editions), recorded with the code as it was before the
speed-up. A change that alters any decision of either player (or of the rules) changes a digest.
``benchmarks/polis_search_fingerprint.py`` runs the larger check (whole games at ``ismcts:normal``).
"""

from __future__ import annotations

import hashlib
import inspect

import pytest

from kleos.agents.base import agent_rng
from kleos.agents.registry import make_agent
from kleos.core.protocol import Outcome
from kleos.core.rng import Rng
from kleos.games.polis.agents.heuristic import HeuristicAgent
from kleos.games.polis.agents.heuristic.model import UNKEYED, Valuer, Valuers, state_key, valuer_for
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import STATE_FIELDS, BattleState, PolisState

ACTIONS = 90  # actions of each game fingerprinted: the first round and into the second

# (edition, seed, seat 0's agent, seat 1's agent) -> digest of the first ACTIONS actions
RECORDED = {
    ("2012", 1801, "ismcts:easy", "heuristic"): "d3ab0aaaa457926b",
    ("2012", 1802, "heuristic", "ismcts:easy"): "f3dff25d3c97847b",
    ("2020", 1801, "ismcts:easy", "heuristic"): "9ea3b4dd17a91c46",
    ("2020", 1802, "heuristic", "ismcts:easy"): "86c9284e9e2f952d",
}


def fingerprint(edition: str, seed: int, seats: tuple[str, str], count: int = ACTIONS) -> str:
    """Digest of the seats and notations of the first ``count`` actions of a seeded game, played as
    the arena plays it (each agent with its own generator, chance by the state's)."""
    game = PolisGame(edition)
    agents = [make_agent(name, game) for name in seats]
    rngs = [agent_rng(seed, seat) for seat in range(2)]
    state = game.new_state(seed)
    lines: list[str] = []
    while len(lines) < count and (actors := game.actors(state)):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        chosen = [(seat, agents[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rngs[seat]))
                  for seat in actors]
        for seat, action in chosen:
            game.apply_in_place(state, action, seat, validate=False)
            lines.append(f"{seat} {action}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("edition", "seed", "first", "second"), sorted(RECORDED))
def test_search_plays_the_recorded_games(edition: str, seed: int, first: str, second: str) -> None:
    """Same seeds, same actions as recorded before the heuristic player was made faster."""
    assert fingerprint(edition, seed, (first, second)) == RECORDED[(edition, seed, first, second)]


def set_first_accepted(state: PolisState, name: str, candidates: tuple[object, ...]) -> None:
    """Set the first candidate the field takes (the compiled build refuses values of another type)."""
    for value in candidates:
        try:
            setattr(state, name, value)
            return
        except TypeError:
            continue
    raise AssertionError(f"no candidate fits {name}")


def test_the_memo_key_covers_every_field_the_agent_may_read() -> None:
    """The heuristic player remembers its choices and evaluations per position: every field of the
    state but the generator and the step counter must change the key, or two different positions
    would share a remembered answer (a field added to the state later must be added to the key)."""
    game = PolisGame("2012")
    state = game.new_state(7)
    base = state_key(state)
    assert set(STATE_FIELDS) > UNKEYED
    for name in sorted(set(STATE_FIELDS) - UNKEYED):
        changed = state.copy()
        value = getattr(changed, name)
        if isinstance(value, list):
            setattr(changed, name, [*value, 99])
        elif name == "battle":
            changed.battle = BattleState(0, False, 0, [1, 2])
        elif name == "outcome":
            changed.outcome = Outcome("test", 0, (1, 0))
        elif isinstance(value, bool):  # values of the field's own type: the compiled build checks them
            setattr(changed, name, not value)
        elif isinstance(value, int):
            setattr(changed, name, value + 1)
        elif isinstance(value, str):
            setattr(changed, name, value + "!")
        elif value is None:  # an optional field: the first value its type accepts
            set_first_accepted(changed, name, ("changed", 1, ("changed", 1)))
        else:
            setattr(changed, name, ("changed", value))
        assert state_key(changed) != base, name
    same = state.copy()
    same.rng = Rng(12345)
    same.steps += 3
    assert state_key(same) == base


def valuer_fields() -> list[str]:
    """The Valuer's fields, read from its class on either build (the compiled class has no ``__slots__``)."""
    return sorted(n for n, v in vars(Valuer).items() if inspect.isdatadescriptor(v) and not n.startswith("__"))


def _positions(edition: str, seed: int, count: int) -> list[PolisState]:
    """Positions of a seeded game of ``simple`` against ``heuristic`` (every phase), each a copy."""
    game = PolisGame(edition)
    agents = [make_agent("simple", game), make_agent("heuristic", game)]
    rngs = [agent_rng(seed, seat) for seat in range(2)]
    state = game.new_state(seed)
    found: list[PolisState] = []
    while len(found) < count and not game.is_terminal(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        found.append(state.copy())
        game.apply_in_place(state, agents[seat].choose(game.view(state, seat), legal, rngs[seat]), seat,
                            validate=False)
    return found


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_the_written_out_value_is_the_food_plan_it_stands_for(edition: str) -> None:
    """``Valuer.value`` writes ``wheat_term`` and ``food_cost`` (R-EOR-11 … R-EOR-15) out for speed:
    it must give the very same float as prestige + goods + ``wheat_term`` for every change."""
    game = PolisGame(edition)
    params = HeuristicAgent(game).p
    changes = [(0.0, 0.0, 0.0, 0.0), (0.9, -3.0, 2.0, -1.0), (-0.45, 4.0, 0.0, -2.0), (0.0, -9.0, 5.0, -6.0),
               (1.2, 2.0, -1.0, 3.0), (0.0, 0.0, 7.0, 0.0)]
    checked = 0
    for s in _positions(edition, 31, 400):
        for side in (0, 1):
            v = Valuer(game.tables, s, side, params)
            for d_lin, d_wheat, d_need, d_prestige in changes:
                p = v.prestige + d_prestige
                expected = p + v.lin + d_lin + v.wheat_term(v.wheat + d_wheat, v.need + d_need, p)
                assert v.value(d_lin, d_wheat, d_need, d_prestige) == expected
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_a_shared_valuer_is_the_one_the_position_would_build(edition: str) -> None:
    """Positions share a Valuer when they agree on what it reads: the shared one must equal, field by
    field, the Valuer built afresh for each position (a field it reads missing from the sharing key
    would hand a position another position's Valuer)."""
    game = PolisGame(edition)
    params = HeuristicAgent(game).p
    memo: Valuers = {}
    shared = 0
    for s in _positions(edition, 32, 400):
        for side in (0, 1):
            before = len(memo)
            got = valuer_for(memo, game.tables, s, side, params)
            shared += len(memo) == before
            fresh = Valuer(game.tables, s, side, params)
            for name in valuer_fields():
                if name not in ("plans", "gains", "supply"):
                    assert getattr(got, name) == getattr(fresh, name), name
    assert shared > 50  # the memo is used at all

