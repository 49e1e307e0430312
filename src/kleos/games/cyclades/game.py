"""Cyclades as a :class:`kleos.core.Game`: dispatches each decision to the rule module in charge.

The game runs from setup through every phase of the cycle; a main-god turn is dispatched to the rule
modules by :mod:`kleos.games.cyclades.rules.actions`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kleos.core.action import Action
from kleos.core.errors import N_, IllegalAction
from kleos.core.flatstate import FlatStateGame
from kleos.core.kit.options import read_any_options
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.options import CycladesOptions
from kleos.games.cyclades.rules import actions, battle, creatures, flow, gods, offer, setup, zeus
from kleos.games.cyclades.rules.common import Violation, broken
from kleos.games.cyclades.state import (
    ACTION,
    CH_BATTLE,
    CH_CREATURE,
    CH_GODS,
    CH_ORDER,
    CH_SWAP,
    OFFER,
    OVER,
    CycladesState,
)
from kleos.games.cyclades.tables import Tables, tables_for
from kleos.games.cyclades.view import CycladesView, determinize, make_view


class CycladesGame(FlatStateGame[CycladesState, CycladesView]):
    """Cyclades for 2-5 players; ``options`` are the typed model, or a mapping read into it
    (``players``, ``data_dir``, §9 switches)."""

    name = "cyclades"

    def __init__(self, options: CycladesOptions | Mapping[str, Any] | None = None) -> None:
        self.validated = read_any_options(CycladesOptions, options or {})
        self.tables: Tables = tables_for(self.validated)
        self.seat_names = self.tables.seat_names

    @property
    def options(self) -> dict[str, Any]:
        return self.validated.record()

    # ----- protocol hooks ---------------------------------------------------------------------
    def new_state(self, seed: int) -> CycladesState:
        s = setup.new_state(self.tables, seed)
        actions.init_turn_fields(self.tables, s)
        return s

    def actors(self, state: CycladesState) -> tuple[int, ...]:
        s = state
        if s.phase == OVER:
            return ()
        if s.chance is not None:
            return (CHANCE,)
        if s.phase == OFFER:
            return (offer.actor(self.tables, s),)
        return (actions.actor(self.tables, s),)

    def _legal_actions(self, state: CycladesState, seat: int) -> list[Action]:
        if state.phase == OFFER:
            return offer.legal(self.tables, state, seat)
        return actions.legal(self.tables, state, seat)

    def _chance_outcomes(self, state: CycladesState) -> list[tuple[Action, float]]:
        t, s = self.tables, state
        if s.chance == CH_ORDER:
            return setup.order_outcomes(t)
        if s.chance in (CH_CREATURE, CH_SWAP):
            return creatures.outcomes(t, s)
        if s.chance == CH_BATTLE:
            return battle.outcomes(t, s)
        return gods.outcomes(t, s)

    def _apply(self, state: CycladesState, seat: int, action: Action) -> None:
        t, s = self.tables, state
        s.steps += 1
        if seat == CHANCE:
            if s.chance == CH_ORDER:
                setup.apply_order(s, action)
            elif s.chance == CH_CREATURE:
                creatures.apply_draw(t, s, action)
            elif s.chance == CH_GODS:
                gods.apply_shuffle(t, s, action)
            elif s.chance == CH_BATTLE:
                battle.apply_roll(t, s, action)
            elif s.chance == CH_SWAP:
                zeus.apply_draw(t, s, action)
        elif s.phase == OFFER:
            offer.apply(t, s, seat, action)
        elif s.phase == ACTION:
            actions.apply(t, s, seat, action)
        flow.advance(t, s)

    def _diagnose(self, state: CycladesState, seat: int, action: Action) -> IllegalAction:
        t, s = self.tables, state
        check = offer.check if s.phase == OFFER else actions.check
        violation: Violation | None = check(t, s, seat, action)
        if violation is None:
            violation = broken("PROTOCOL", N_("'{action}' is not one of the legal actions here"), action=str(action))
        return IllegalAction(violation.rule, violation.template, **violation.params)

    def view(self, state: CycladesState, seat: int | None) -> CycladesView:
        return make_view(state, seat)

    def determinize(self, view: CycladesView, rng: random.Random) -> CycladesState:
        return determinize(self.tables, view, rng)

    def state_from_json(self, data: Mapping[str, Any]) -> CycladesState:
        return CycladesState.from_json(dict(data))
