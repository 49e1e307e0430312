"""Pericles as a plug-in of the platform: its kit, listed under the ``kleos.games`` entry points.

Its parts: the ``kleos pericles`` commands (``cli_parts``: ``random`` and ``data``), the terminal's
panels and help (``tui/``), the browser's SVG theater map (``web/``), the research encoding
(``encoding/``) and the agents (``agents/``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kleos.core.action import Action
from kleos.core.errors import DataError, IllegalAction
from kleos.core.kit import GameKit, JsonDict, LogWords, OptionsError, OptionSpec
from kleos.core.kit.handicap import BotHandicap
from kleos.core.kit.options import option_specs, read_options
from kleos.core.protocol import CHANCE, Outcome
from kleos.games.pericles import board_text, story
from kleos.games.pericles.explain import refusal_words, seat_names
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.options import HONOR_HANDICAP, PericlesOptions, honor_amount, option_sources
from kleos.games.pericles.state import HONOR_SOURCES, N_HONOR, PericlesState
from kleos.games.pericles.tables import ATHENS, FACTIONS, SPARTA, factions_of
from kleos.games.pericles.view import PericlesView, view_json

# read by the actor only (P-INFO-2, P-INFO-5, P-INFO-7)
SECRET_STEPS = ("keep", "entourage", "lend", "place", "dip_secret", "exped_secret")


HIDDEN_STEP_WORDS = {
    "place": N_("{who}: place a marker face down in {theater}"),
    "entourage": N_("{who}: set a card aside as entourage (hidden)"),
    "keep": N_("{who}: keep entourage cards (hidden)"),
    "lend": N_("{who}: lend a marker to the compatriot (hidden)"),
    "secret": N_("{who}: commit Strategos in secret (hidden)"),
    "play": N_("{who}: play a debate card face down (hidden)"),
}
"""A secret step as the other factions read it, by verb (``place``'s last word is the theater)."""


def bot_handicap_default(options: Mapping[str, Any]) -> int:
    """The Honor a bot's faction gets unless told otherwise in the scenario ``options`` name: the
    designer's +20 for the whole war, none for the one-phase vignette (docs/pericles.md)."""
    return honor_amount().bot_default_for(read_options(PericlesOptions, options).scenario)


def made_game(options: Mapping[str, Any] | PericlesOptions) -> PericlesGame:
    """The game of ``options``, a mapping or the read model (:class:`OptionsError` naming the field
    when they do not validate)."""
    try:
        return PericlesGame(options)
    except DataError as exc:
        raise OptionsError("data_dir", str(exc)) from exc


@dataclass(frozen=True)
class HonorHandicap(BotHandicap):
    """The Honor handicap of solitaire play (P-DATA-14): bot factions start with extra Honor, written
    in the ``honor_handicap`` option by faction code (seat = faction)."""

    def given(self, options: Mapping[str, Any], bot_seats: Collection[int], amount: int) -> dict[str, Any]:
        """``honor_handicap`` set to ``amount`` for the bots' factions, the others kept; factions at 0
        are left out so that records hold only real handicaps."""
        given = read_options(PericlesOptions, options).honor_handicap
        bonus = {**given, **{FACTIONS[seat]: amount for seat in bot_seats}}
        out = {k: v for k, v in options.items() if k != HONOR_HANDICAP}
        kept = {code: n for code, n in bonus.items() if n != 0}
        if kept:
            out[HONOR_HANDICAP] = kept
        return out

    def of_seats(self, options: Mapping[str, Any]) -> dict[int, int]:
        bonus = read_options(PericlesOptions, options).honor_handicap
        return {f: bonus[code] for f, code in enumerate(FACTIONS) if bonus[code]}

    def default_for(self, options: Mapping[str, Any]) -> int:
        """The scenario's default (none in a vignette too short to catch up 20 Honor)."""
        return bot_handicap_default(options)


HANDICAP_HELP = {
    0: N_("extra starting Honor for each faction a bot plays ({rules})"),
    1: N_("extra starting Honor for each faction a bot plays; default {default} in the full war, {amount} in "
          "{scenario} ({rules})"),
    2: N_("extra starting Honor for each faction a bot plays; default {default} in the full war, by scenario "
          "{amounts} ({rules})")}
"""The handicap's help by how many scenarios the data gives a default of their own (none, one, more),
translated as templates and filled with the data's numbers (:attr:`HandicapSpec.values`)."""


def _honor_handicap() -> HonorHandicap:
    a = honor_amount()
    own = sorted(a.bot_default_by_scenario.items())
    values: dict[str, str | int] = {"rules": ", ".join(a.rules), "default": a.bot_default}
    if len(own) == 1:
        values |= {"scenario": own[0][0], "amount": own[0][1]}
    elif own:
        values["amounts"] = ", ".join(f"{sc} {n}" for sc, n in own)
    return HonorHandicap(HANDICAP_HELP[min(len(own), 2)], a.bot_default, a.minimum, a.maximum,
                         tuple(values.items()))


class PericlesKit(GameKit[PericlesGame, PericlesState, PericlesView]):
    name = "pericles"
    title = "Pericles"
    summary = N_("Herman's Pericles: four factions of Athens and Sparta debate, scheme and fight")
    """Marked for the catalogue: a surface shows it through the game's text domain."""
    min_seats = 4
    max_seats = 4
    options_model = PericlesOptions
    options: ClassVar[tuple[OptionSpec, ...]] = option_specs(PericlesOptions, option_sources(load_data()))
    bot_handicap: ClassVar[BotHandicap | None] = _honor_handicap()
    teams: ClassVar[tuple[tuple[str, tuple[int, ...]], ...]] = (
        ("Athens", factions_of(ATHENS)), ("Sparta", factions_of(SPARTA)))
    """A side wins when the game's winner is one of its factions (P-VICTORY-11)."""

    def make_game(self, options: Mapping[str, Any] | PericlesOptions) -> PericlesGame:
        return made_game(options)

    def describe_view(self, game: PericlesGame, view: PericlesView, seat: int | None) -> str:
        """The board in words (:func:`kleos.games.pericles.board_text.describe`), from ``view`` only."""
        return board_text.describe(game, view, seat)

    def render_illegal(self, error: IllegalAction) -> str:
        """A refusal in the reader's language, a faction named in it too (:func:`.explain.refusal_words`)."""
        return refusal_words(error)

    def describe_action(self, game: PericlesGame, view: PericlesView, action: Action) -> str:
        """The action as the story log tells it (:mod:`kleos.games.pericles.story`), from ``view`` only."""
        return story.tell(game, view.state, action)

    def log_narrator(self, game: PericlesGame, before: PericlesState, seat: int, action: Action,
                     after: PericlesState) -> int | None:
        """A reveal is told from its marker's owner's view: turning the marker up makes it public, even
        when the revealing faction neither placed nor owns it and no decision names it afterwards (a
        Rumor, a Military issue without Strategos; P-THEATER-9, P-THEATER-12, P-INFO-6). The second
        debate card is told from the view of the compatriot who played the first."""
        if action.verb == "reveal" and seat != CHANCE:
            return story.top_owner(game, before, str(action.args[0]))
        if action.verb == "play" and seat != CHANCE and before.played[seat ^ 1]:
            return seat ^ 1  # the second debate card turns the first face up (P-ASSEMBLY-5), even as the
            # step ends the Assembly and every hand goes to the discards with it
        return super().log_narrator(game, before, seat, action, after)

    def describe_step(self, game: PericlesGame, before: PericlesView, action: Action, after: PericlesView) -> str:
        """The story's line with what the step brought about (:func:`kleos.games.pericles.story.tell_step`)."""
        return story.tell_step(game, before.state, action, after.state)

    def log_words(self, game: PericlesGame, before: PericlesView, action: Action, after: PericlesView) -> LogWords:
        """The story's line (:meth:`describe_step`) with the Political phase's heading inside the step
        that ends the Assembly (:func:`kleos.games.pericles.story.told_step`), told once."""
        return LogWords(*story.told_step(game, before.state, action, after.state))

    def log_heading(self, game: PericlesGame, before: PericlesView | None, after: PericlesView) -> str | None:
        """"Turn 2: Assembly phase" where a phase begins (:func:`kleos.games.pericles.story.phase_heading`)."""
        return story.phase_heading(None if before is None else before.state, after.state)

    def view_json(self, game: PericlesGame, view: PericlesView) -> JsonDict:
        return view_json(view)

    def log_visibility(self, game: PericlesGame, before: PericlesState, seat: int, action: Action,
                       after: PericlesState) -> frozenset[int] | None:
        """A card dealt is read by its faction only; entourage, lending and placing choices by their actor."""
        if seat == CHANCE and action.verb == "deal":
            return frozenset({FACTIONS.index(str(action.args[0]))})
        if seat != CHANCE and before.step in SECRET_STEPS:
            return frozenset({seat})
        return super().log_visibility(game, before, seat, action, after)

    def hidden_log_line(self, game: PericlesGame, seat: int, action: Action, readers: frozenset[int]) -> str:
        """What the others may know of a secret step: a card dealt goes to a faction, not which card
        (P-INFO-2); a marker is placed face down in a theater, not which kind or whose (P-INFO-6); a
        faction sets cards aside, plays a debate card, lends a marker or commits Strategos, not which or
        how many (P-INFO-2, P-INFO-5, P-INFO-7)."""
        if seat == CHANCE and action.verb == "deal":
            return _("{faction} is dealt a card (hidden)", faction=str(action.args[0]))
        if seat != CHANCE and action.verb in HIDDEN_STEP_WORDS:
            where = str(action.args[-1]) if action.args else ""
            return _(HIDDEN_STEP_WORDS[action.verb], who=seat_names(game)[seat], theater=where)
        return super().hidden_log_line(game, seat, action, readers)

    def progress(self, game: PericlesGame, state: PericlesState) -> Mapping[str, float]:
        turns = state.turn - game.tables.scenario.first_turn + 1  # turns played (a vignette: 1)
        return {"rounds": turns, "turns": turns}

    def outcome_text(self, game: PericlesGame, outcome: Outcome) -> str:
        """The winner named, with the game's own breakdown (:mod:`kleos.games.pericles.ending`)."""
        from kleos.games.pericles.ending import outcome_words

        return outcome_words(game, outcome) or super().outcome_text(game, outcome)

    def score_breakdown(self, game: PericlesGame, view: PericlesView) -> list[dict[str, int]] | None:
        """Each faction's final Honor by where it came from, as the rules kept it (``honor_from``: the
        start, the handicap, debates, theater issues, battles, …, the victory bonuses of P-VICTORY-7..10):
        the same parts for all four, those any faction has Honor from."""
        rows = [view.state.honor_from[f * N_HONOR:(f + 1) * N_HONOR] for f in range(len(FACTIONS))]
        used = [i for i in range(N_HONOR) if any(row[i] for row in rows)]
        return [{HONOR_SOURCES[i]: row[i] for i in used} for row in rows]


HONOR_SOURCE_WORDS = (N_("start"), N_("handicap"), N_("political phase"), N_("theater issues"), N_("battles"),
                      N_("raids"), N_("political capital"), N_("wills"), N_("persia"), N_("victory"))
"""The parts of :meth:`PericlesKit.score_breakdown` (``HONOR_SOURCES``, spaced), marked for the
catalogue: the game-over sheets show each through the game's text domain."""

KIT = PericlesKit()
