"""Polis as a plug-in of the platform: its kit, listed under the ``kleos.games`` entry points.

The members that every surface needs are answered here from the rules package (text, views,
options); each surface part is built on first use by the module of this package that owns it, so
importing the kit pulls in neither the AI, nor Textual, nor a web framework.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from kleos.core.action import Action
from kleos.core.errors import DataError, IllegalAction, KleosError
from kleos.core.kit import GameKit, JsonDict, OptionsError, OptionSpec
from kleos.core.kit.options import option_specs, read_any_options
from kleos.core.kit.web import WARNINGS
from kleos.core.protocol import CHANCE, Outcome
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _
from kleos.games.polis.options import SOURCES, PolisOptions
from kleos.games.polis.scenarios import NOT_PLAYABLE, ScenarioRefused
from kleos.games.polis.state import END_OF_ROUND, PolisState
from kleos.games.polis.view import PolisView, view_json


def _hand_sizes(state: PolisState) -> tuple[int, int]:
    battle = state.battle
    return (0, 0) if battle is None else (sum(battle.hands[0]), sum(battle.hands[1]))


class PolisKit(GameKit[PolisGame, PolisState, PolisView]):
    name = "polis"
    title = "Polis"
    summary = N_("Fran Díaz's Polis: Athens against Sparta, in the 2012 and the 2020 (Devir) editions")
    min_seats = 2
    max_seats = 2
    claims_unnamed_games = True
    """Kleos 0.1 stored only Polis games, without a game name (:mod:`kleos.core.kit.stored`)."""
    options_model = PolisOptions
    options: ClassVar[tuple[OptionSpec, ...]] = option_specs(PolisOptions, SOURCES)

    def make_game(self, options: Mapping[str, Any] | PolisOptions) -> PolisGame:
        chosen = read_any_options(PolisOptions, options)
        rules = chosen.rules
        try:
            return PolisGame.from_options(chosen)
        except DataError as exc:
            if exc.file == "rules":  # a rule switch: "rules: rounds: must not be empty", said once
                raise OptionsError("rules", f"{exc.field}: {exc.message}") from exc
            if isinstance(exc, ScenarioRefused):  # "scenario: the 2020 edition has no scenarios"
                raise OptionsError("scenario", exc.template, **exc.params) from exc
            raise OptionsError("rules" if rules else "data_dir", str(exc)) from exc
        except (KleosError, ValueError, TypeError, KeyError) as exc:
            raise OptionsError("rules" if rules else "data_dir", str(exc)) from exc

    def render_options_error(self, error: OptionsError, with_field: bool = True) -> str:
        """As every game's, with a scenario's title and the reason it is not played (data words, whose
        English is the catalogue's key) in the reader's language too."""
        if error.template == NOT_PLAYABLE:
            error = OptionsError(error.field, error.template, **{k: self.word(v) for k, v in error.params.items()})
        return super().render_options_error(error, with_field)

    # ----- words and JSON -----------------------------------------------------------------------
    def describe_view(self, game: PolisGame, view: PolisView, seat: int | None) -> str:
        from kleos.games.polis.text import describe

        return describe(game, view, seat)

    def describe_action(self, game: PolisGame, view: PolisView, action: Action) -> str:
        from kleos.games.polis.text import describe_action

        return describe_action(game, view, action)

    def log_heading(self, game: PolisGame, before: PolisView | None, after: PolisView) -> str | None:
        """"Round Alfa (1 of 3, N = 3)" where a round begins (:func:`.text.round_heading`)."""
        from kleos.games.polis.text import round_heading

        return round_heading(game.tables, None if before is None else before.state, after.state)

    def render_illegal(self, error: IllegalAction) -> str:
        """A refusal in the reader's language, the goods named in it too (:func:`.text.refusal_words`)."""
        from kleos.games.polis.text import refusal_words

        return refusal_words(error)

    def view_json(self, game: PolisGame, view: PolisView) -> JsonDict:
        """The view, with the seat's choices that lose the game at once under ``warnings``
        (:data:`kleos.core.kit.web.WARNINGS`), for the browser's menu."""
        out = view_json(game.state_to_json(view.state), view)
        warnings = self._warnings(game, view)
        if warnings:
            out[WARNINGS] = warnings
        return out

    def _warnings(self, game: PolisGame, view: PolisView) -> dict[str, str]:
        from kleos.games.polis.text import losing_warning

        seat, s = view.seat, view.state
        if seat is None or s.phase != END_OF_ROUND or seat not in game.actors(s):
            return {}
        found = {str(a): losing_warning(game, s, seat, a) for a in game.legal_actions(s, seat)}
        return {action: why for action, why in found.items() if why}

    def log_visibility(self, game: PolisGame, before: PolisState, seat: int, action: Action,
                       after: PolisState) -> frozenset[int] | None:
        """A battle card drawn by chance goes into one hand: only that side may read it."""
        if seat != CHANCE or action.verb != "card":
            return None
        was, now = _hand_sizes(before), _hand_sizes(after)
        for side in (0, 1):
            if now[side] > was[side]:
                return frozenset({side})
        return frozenset()  # the card went nowhere visible: nobody reads it

    def hidden_log_text(self, game: PolisGame, seat: int, action: Action) -> str:
        return _("card (hidden)")

    def hidden_log_line(self, game: PolisGame, seat: int, action: Action, readers: frozenset[int]) -> str:
        from kleos.games.polis.text import side_name

        if len(readers) == 1:
            return _("{side} drew a battle card (hidden)", side=side_name(next(iter(readers))))
        return _("a player drew a battle card (hidden)")

    def reason_words(self, reason: str) -> str:
        """An end reason's code ("prestige_debt") in words (R-END)."""
        from kleos.games.polis.text import REASONS

        return _(REASONS[reason]) if reason in REASONS else super().reason_words(reason)

    def outcome_text(self, game: PolisGame, outcome: Outcome) -> str:
        from kleos.games.polis.text import outcome_words

        return outcome_words(outcome)

    def progress(self, game: PolisGame, state: PolisState) -> Mapping[str, float]:
        return {"rounds": state.round + 1}

    def score_breakdown(self, game: PolisGame, view: PolisView) -> list[dict[str, int]] | None:
        """Population on own poleis, prestige and posterity of their projects (R-END-7)."""
        t, s = game.tables, view.state
        own = [[p for p, owner in enumerate(s.owner) if owner == side] for side in (0, 1)]
        return [{"population": sum(s.pop[p] for p in own[side]), "prestige": s.prestige[side],
                 "posterity": sum(t.projects[tile].posterity for p in own[side] for tile in s.projects_done[p])}
                for side in (0, 1)]


SCORE_PART_WORDS = (N_("population"), N_("prestige"), N_("posterity"))
"""The parts of :meth:`PolisKit.score_breakdown`, marked for the catalogue: the game-over sheets show
each part's key (spaced) through the game's text domain."""

KIT = PolisKit()
