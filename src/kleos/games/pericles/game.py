"""Pericles as a :class:`kleos.core.Game`: dispatches each decision to the rule module in charge.

The order of play belongs to :mod:`kleos.games.pericles.rules.flow`; decisions are answered through
:mod:`kleos.games.pericles.rules.actions`; chance events (the Aristophanes card, political cards dealt,
the Advisory Council's random entourage card, battle-deck draws) are explicit outcomes drawn from the
state's generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kleos.core.action import Action
from kleos.core.errors import N_, IllegalAction
from kleos.core.flatstate import FlatStateGame
from kleos.core.kit.options import read_any_options
from kleos.core.protocol import CHANCE
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.options import PericlesOptions
from kleos.games.pericles.rules import actions, aristophanes, assembly, battledeck, flow, hand, setup
from kleos.games.pericles.state import CH_ADVISOR, CH_ARIST, CH_BATTLE, CH_DEAL, OVER, PericlesState
from kleos.games.pericles.tables import Tables, compile_tables
from kleos.games.pericles.view import PericlesView, determinize, make_view


class PericlesGame(FlatStateGame[PericlesState, PericlesView]):
    """Pericles for four factions; ``options`` are the typed model, or a mapping read into it
    (``scenario``, ``data_dir``, §8 switches and the Honor handicap)."""

    name = "pericles"

    def __init__(self, options: PericlesOptions | Mapping[str, Any] | None = None) -> None:
        self.validated = read_any_options(PericlesOptions, options or {})
        data_dir = self.validated.data_dir
        data = load_data(Path(data_dir) if data_dir is not None else None)
        self.tables: Tables = compile_tables(data, self.validated)
        self.seat_names = self.tables.seat_names

    @property
    def options(self) -> dict[str, Any]:
        return self.validated.record()

    # ----- protocol hooks ---------------------------------------------------------------------
    def new_state(self, seed: int) -> PericlesState:
        s = setup.new_state(self.tables, seed)
        flow.advance(self.tables, s)
        return s

    def actors(self, state: PericlesState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        if state.chance is not None:
            return (CHANCE,)
        return actions.actors(state)

    def _legal_actions(self, state: PericlesState, seat: int) -> list[Action]:
        return actions.legal(self.tables, state, seat)

    def _chance_outcomes(self, state: PericlesState) -> list[tuple[Action, float]]:
        t, s = self.tables, state
        if s.chance == CH_ARIST:
            return aristophanes.outcomes(s, t)
        if s.chance == CH_DEAL:
            return hand.deal_outcomes(t, s)
        if s.chance == CH_BATTLE:
            return battledeck.outcomes(t, s)
        return assembly.advisor_outcomes(t, s)

    def _apply(self, state: PericlesState, seat: int, action: Action) -> None:
        t, s = self.tables, state
        s.steps += 1
        if seat == CHANCE:
            if s.chance == CH_ARIST:
                aristophanes.apply_card(t, s, action)
            elif s.chance == CH_DEAL:
                hand.deal_apply(t, s, action)
            elif s.chance == CH_ADVISOR:
                s.revealed = t.card_index[str(action.args[1])]
            elif s.chance == CH_BATTLE:
                battledeck.apply(t, s, action)
            s.chance = None
        else:
            actions.apply(t, s, seat, action)
        flow.advance(t, s)

    def _diagnose(self, state: PericlesState, seat: int, action: Action) -> IllegalAction:
        violation = actions.check(self.tables, state, seat, action)
        if violation is None:
            violation = ("PROTOCOL", N_("'{action}' is not one of the legal actions here"), {"action": str(action)})
        rule, template, *params = violation
        return IllegalAction(rule, template, **(params[0] if params else {}))

    def view(self, state: PericlesState, seat: int | None) -> PericlesView:
        return make_view(state, seat)

    def determinize(self, view: PericlesView, rng: random.Random) -> PericlesState:
        return determinize(self.tables, view, rng)

    def state_from_json(self, data: Mapping[str, Any]) -> PericlesState:
        return PericlesState.from_json(dict(data))
