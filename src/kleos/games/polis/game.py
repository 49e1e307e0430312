"""Polis as a :class:`kleos.core.Game`: asks the rule module in charge of the phase who acts and what is
legal; every decision and chance outcome is carried out by :mod:`kleos.games.polis.rules.flow`, which
also owns the order of the phases."""

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
from kleos.games.polis.options import PolisOptions
from kleos.games.polis.rules import actions, battle, end_of_round, events, flow, round_start, setup
from kleos.games.polis.rules.common import Violation, broken, illegal
from kleos.games.polis.scenarios import NO_SCENARIO
from kleos.games.polis.state import BATTLES, CH_CARD, CH_DIE, CH_PROJECT, END_OF_ROUND, OVER, TURN, PolisState
from kleos.games.polis.tables import SIDE_NAMES, Tables, tables_for
from kleos.games.polis.view import PolisView, determinize, make_view

DIE = [(Action("roll", (n,)), 0.25) for n in (1, 2, 3, 4)]  # R-GEN-13
SEATS = ((0,), (1,))  # the actors while a seat takes its turn, built once


class PolisGame(FlatStateGame[PolisState, PolisView]):
    """Polis for one edition (``"2012"`` or ``"2020"``), optionally with corrected data files."""

    name = "polis"

    def __init__(self, edition: str = "2020", data_dir: Path | None = None,
                 rules: Mapping[str, Any] | None = None, scenario: str = NO_SCENARIO) -> None:
        self.tables: Tables = tables_for(edition, data_dir, rules, scenario)
        self.edition = edition
        self.data_dir = data_dir
        self.rules = dict(rules or {})
        self.seat_names = SIDE_NAMES

    @property
    def scenario(self) -> str:
        """The scenario played (``none``: the whole game), as the tables were compiled for it."""
        return self.tables.scenario

    @property
    def options(self) -> dict[str, Any]:
        """What a record needs to rebuild this game (see :meth:`from_options`)."""
        data_dir = None if self.data_dir is None else str(self.data_dir)
        return PolisOptions(self.edition, self.scenario, self.rules, data_dir).record()

    @staticmethod
    def from_options(options: Mapping[str, Any] | PolisOptions) -> PolisGame:
        """The game of ``options`` (a mapping is read into :class:`PolisOptions`)."""
        chosen = read_any_options(PolisOptions, options)
        return PolisGame(chosen.edition, chosen.data_path, chosen.rules, chosen.scenario)

    # ----- protocol hooks ---------------------------------------------------------------------
    def new_state(self, seed: int) -> PolisState:
        return setup.new_state(self.tables, seed)

    def actors(self, state: PolisState) -> tuple[int, ...]:
        s = state
        if s.chance is None and s.phase == TURN:  # the most frequent first: asked several times a step
            return SEATS[s.active]
        if s.phase == OVER:
            return ()
        if s.chance is not None:
            return (CHANCE,)
        if s.phase == BATTLES:
            return (battle.actor(s),)
        if s.phase == END_OF_ROUND:
            return (end_of_round.actor(s),)
        return (events.actor(s),)

    def _legal_actions(self, state: PolisState, seat: int) -> list[Action]:
        t, s = self.tables, state
        if s.phase == TURN:
            if s.pending is None:
                return actions.choices(t, s, seat)
            return actions.STEPS[s.pending[0]].legal(t, s, seat)
        if s.phase == BATTLES:
            return battle.legal(t, s, seat)
        if s.phase == END_OF_ROUND:
            return end_of_round.legal(t, s, seat)
        return events.legal(t, s, seat)

    def _chance_outcomes(self, state: PolisState) -> list[tuple[Action, float]]:
        t, s = self.tables, state
        if s.chance == CH_DIE:
            return DIE
        if s.chance == CH_CARD:
            return battle.chance_outcomes(t, s)
        if s.chance == CH_PROJECT and s.phase == END_OF_ROUND:
            return end_of_round.chance_outcomes(t, s)
        return round_start.chance_outcomes(t, s)

    def _apply(self, state: PolisState, seat: int, action: Action) -> None:
        state.steps += 1
        flow.apply(self.tables, state, seat, action)

    def _diagnose(self, state: PolisState, seat: int, action: Action) -> IllegalAction:
        t, s = self.tables, state
        violation: Violation | None
        if s.phase == TURN:
            if s.pending is None:
                violation = actions.check_choice(t, s, seat, action)
            else:
                violation = actions.STEPS[s.pending[0]].check(t, s, seat, action)
        elif s.phase == BATTLES:
            violation = battle.diagnose(t, s, seat, action)
        elif s.phase == END_OF_ROUND:
            violation = end_of_round.check(t, s, seat, action)
        else:
            violation = events.check(t, s, seat, action)
        if violation is None:
            violation = broken("PROTOCOL", N_("'{action}' is not one of the legal actions here"), action=action)
        return illegal(violation)

    def view(self, state: PolisState, seat: int | None) -> PolisView:
        return make_view(state, seat)

    def determinize(self, view: PolisView, rng: random.Random) -> PolisState:
        return determinize(view, rng)

    def state_from_json(self, data: Mapping[str, Any]) -> PolisState:
        return PolisState.from_json(dict(data))
