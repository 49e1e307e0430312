"""The state every part of :class:`~kleos.games.polis.agents.heuristic.HeuristicAgent` shares, and the
methods one part calls in another (declared here, each defined in the module named in its comment,
which comes before this base in the agent's classes). The types it names come from ``model.py``, so no
part imports back. The parts are traits: the compiled build allows one class many bases only so.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import trait

from kleos.core.action import Action
from kleos.games.polis.agents.heuristic.model import Option, Params, Valuer, Valuers
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import Tables


@trait
class AgentBase:
    """The attributes set by ``HeuristicAgent.__init__`` and the cross-module method signatures."""

    t: Tables  # the edition's public tables (Polis only)
    p: Params
    game: PolisGame | None
    _reach: dict[tuple[Any, ...], frozenset[int]]
    _tribute: dict[tuple[int, int, bool], list[tuple[tuple[int, ...], float, int]]]
    _trades: dict[tuple[Any, ...], list[Option]]
    _reach_poleis: tuple[int, ...]
    _last_round: int  # the tables' last round index (a computed property there)
    _tribute_columns: tuple[tuple[int, tuple[int, ...], tuple[bool, ...], tuple[tuple[int, tuple[int, ...]], ...]], ...]
    _tradable: tuple[tuple[int, bool], ...]  # tradable goods, and whether each spoils
    _slots_memo: dict[tuple[int, frozenset[int]], tuple[int, ...]]
    # action_values by (seat, position, legal) and evaluate_parts by (seat, position), each under the
    # hash of its key, with the key to compare
    _values_memo: dict[int, tuple[Any, list[tuple[float, Action]]]]
    _eval_memo: dict[int, tuple[Any, tuple[float, float]]]
    _paths_memo: dict[tuple[Any, ...], dict[int, tuple[int, list[int]]]]  # proxenos paths by what they read
    _valuers: Valuers  # Valuers shared by positions (valuer_for), with what they remember

    # valuation.py
    def evaluate(self, s: PolisState, me: int) -> float:
        raise NotImplementedError

    def evaluate_parts(self, s: PolisState, me: int) -> tuple[float, float]:
        raise NotImplementedError

    def acting(self, s: PolisState, side: int) -> bool:
        raise NotImplementedError

    def polis_worth(self, s: PolisState, polis: int, cubes: int) -> float:
        raise NotImplementedError

    # plan.py
    def plan_gain(self, s: PolisState, side: int, valuer: Valuer, reach: frozenset[int]) -> float:
        raise NotImplementedError

    def siege_odds(self, s: PolisState, side: int, polis: int) -> float:
        raise NotImplementedError

    def _stasis_option(self, s: PolisState, side: int, polis: int, bribes: int) -> Option:
        raise NotImplementedError

    def tribute_plan(self, s: PolisState, side: int, territory: int,
                     valuer: Valuer) -> tuple[tuple[int, ...], float, float]:
        raise NotImplementedError

    def reachable_markets(self, s: PolisState, side: int) -> frozenset[int]:
        raise NotImplementedError

    def _threats(self, s: PolisState, side: int) -> float:
        raise NotImplementedError

    def _battle_outlook(self, s: PolisState, side: int) -> float:
        raise NotImplementedError

    # steps.py
    def _step_policy(self, s: PolisState, me: int, legal: list[Action]) -> Action:
        raise NotImplementedError

    def _best_chain(self, state: PolisState, me: int) -> tuple[float, PolisState]:
        raise NotImplementedError

    def proxenos_target(self, s: PolisState, me: int,
                        fallback: bool = True) -> tuple[int, list[int]] | None:
        raise NotImplementedError

    # end_of_round.py
    def next_round_supply(self, s: PolisState, me: int, wheat_left: int,
                          reach: frozenset[int] | None = None) -> float:
        raise NotImplementedError

    # ----- plumbing ---------------------------------------------------------------------------
    def _game(self) -> PolisGame:
        assert self.game is not None
        return self.game
