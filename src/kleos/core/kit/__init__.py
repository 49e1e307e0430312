"""A game as a plug-in: the one typed interface through which a game reaches every surface.

A game package (``kleos.games.<name>``) owns everything about its game and hands it to the
platform as a :class:`GameKit`, listed under the entry-point group ``kleos.games`` (see
:mod:`kleos.core.registry`). The generic layers (agents, arena, server, terminal, browser,
adapters) take a kit from the registry by name and never import a game package.

A kit has three kinds of members:

* what every surface needs, pure and cheap: name, title, seat range, options and their
  validation (:meth:`GameKit.make_game`), the handicap the rules give bot seats, if any
  (:attr:`GameKit.bot_handicap`), and the words and JSON a seat may see (views described,
  actions described, who may see a log line);
* one *part* per surface, each built on first use by the game's own module, so that importing a
  kit pulls in neither Textual, nor a web framework, nor the AI: :meth:`GameKit.agent_parts`,
  :meth:`GameKit.terminal_parts`, :meth:`GameKit.web_parts`, :meth:`GameKit.encoding_parts`,
  :meth:`GameKit.cli_parts`. ``None`` means the game brings nothing of its own for that surface
  and the surface falls back on its generic defaults (text views, random or plain search, …);
* nothing else: a surface that needs more asks for a new member here, never for the game's
  modules.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple

from kleos.core.action import Action
from kleos.core.errors import IllegalAction, KleosError
from kleos.core.kit.params import G, S, V
from kleos.core.protocol import CHANCE, Outcome
from kleos.i18n import gettext_in, word_in
from kleos.i18n.platform import N_, _

if TYPE_CHECKING:
    from kleos.core.kit.agents import AgentParts
    from kleos.core.kit.cli import CliParts
    from kleos.core.kit.encoding import EncodingParts
    from kleos.core.kit.handicap import BotHandicap
    from kleos.core.kit.terminal import HelpParts, TerminalParts
    from kleos.core.kit.web import WebParts

JsonDict = dict[str, Any]


class LogWords(NamedTuple):
    """A step's words in the log (:meth:`GameKit.log_words`): ``text``, and where a round or phase
    begins inside the step its heading and the end of ``text`` that tells it."""

    text: str
    heading_within: str | None = None
    text_within: str = ""


class OptionsError(KleosError):
    """Game options that do not validate; ``field`` names the option (a dotted path for nested options).

    ``template`` is English, marked for the game's catalogue (or one of the platform's shared ones
    below), and ``params`` fill it, so that each surface renders it in its reader's language
    (:meth:`GameKit.render_options_error`); ``message`` is the English text."""

    def __init__(self, field: str, template: str, **params: Any) -> None:
        self.field = field
        self.template = template
        self.params = params
        super().__init__(f"{field}: {self.message}")

    @property
    def message(self) -> str:
        return self.template.format(**self.params) if self.params else self.template


UNKNOWN_OPTION = N_("unknown option (allowed: {allowed})")
NOT_ONE_OF = N_("{value} is not one of {choices}")
WHOLE_NUMBER = N_("must be a whole number from {least} to {most}, not {value}")
FOLDER_NAME = N_("must be a folder name")
"""Options errors every game may give, translated in the platform's catalogue."""


@dataclass(frozen=True)
class OptionSpec:
    """One documented game option, for ``kleos games``, the lobby and the command lines.

    ``help`` says in a plain sentence what the option means for play, and ``meanings`` what each
    choice means (``(choice, sentence)`` pairs), so that a newcomer can choose without the rulebook;
    where the reading comes from (rule IDs, sources) goes in ``source``, shown only on request.
    ``advanced`` options (readings of unclear rules) are kept behind an "Advanced rules" section,
    their default the rulebook's. ``local_only`` options (a data folder on this machine, say) are
    refused by the server. ``label`` is the short title (by default made from ``name``).
    """

    name: str
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    local_only: bool = False
    advanced: bool = False
    meanings: tuple[tuple[str, str], ...] = ()
    source: str = ""
    label: str = ""

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def meaning(self, value: object) -> str:
        """What choosing ``value`` means for play ("" when the option does not say)."""
        return next((text for choice, text in self.meanings if choice == str(value)), "")

    def as_json(self, word: Callable[[str], str] = str) -> JsonDict:
        """As ``kleos games --json`` and the server's catalog list it; ``word`` puts the sentences
        in the reader's language (:meth:`GameKit.word`), the names and choices stay as typed."""
        return {"name": self.name, "label": word(self.title), "help": word(self.help), "default": self.default,
                "choices": list(self.choices), "meanings": {choice: word(text) for choice, text in self.meanings},
                "advanced": self.advanced, "source": self.source, "local_only": self.local_only}


def option_lines(specs: Sequence[OptionSpec], indent: str = "    ", word: Callable[[str], str] = str) -> list[str]:
    """The options in plain words, each choice with what it means (``kleos games``, ``kleos play
    GAME --help``): the same sentences the lobby shows, in the reader's language through ``word``."""
    lines = []
    for spec in specs:
        default = "" if spec.default is None else _(" (default {value})", value=json.dumps(spec.default))
        choices = f" [{' | '.join(spec.choices)}]" if spec.choices else ""
        local = _(" (command line only)") if spec.local_only else ""
        advanced = _(" (advanced rules)") if spec.advanced else ""
        lines.append(f"{indent}{spec.name}{choices}{default}{local}{advanced}: {word(spec.help)}")
        lines.extend(f"{indent}    {choice}: {word(text)}" for choice, text in spec.meanings)
    return lines


class GameKit(ABC, Generic[G, S, V]):
    """Everything the platform knows about one game. Subclass it in ``kleos.games.<name>.kit`` as
    ``GameKit[TheGame, TheState, TheView]``, so that its members and parts are handed the game's own
    objects; plain ``GameKit`` (every parameter ``Any``) is the kit of any game, as the registry and
    the generic layers hold it (:mod:`kleos.core.kit.params`)."""

    name: ClassVar[str]
    """Key in URLs, records, database rows and command lines: lower case, no spaces."""
    title: ClassVar[str]
    """Name shown to people."""
    summary: ClassVar[str]
    """One line for listings."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_model: ClassVar[type[Any] | None] = None
    """The game's options as a frozen dataclass (:mod:`kleos.core.kit.options`): one field per option,
    read by :meth:`read_options` from every source, with a ``record()`` method giving the options that
    differ from their defaults; ``None``: options stay a plain mapping."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    """The options as listed (``option_specs(options_model)`` for a game with a model)."""
    seat_count_option: ClassVar[str | None] = None
    """The option that sets the number of seats, for games with a variable number (``None``: fixed)."""
    teams: ClassVar[tuple[tuple[str, tuple[int, ...]], ...]] = ()
    """Seats that win together, as (team name, its seats): a team wins a game when one of its seats
    does. Reports group the seats by team (empty: every seat plays for itself)."""
    bot_handicap: ClassVar[BotHandicap | None] = None
    """The game's handicap for bot seats (``None``: it has none): data and the game's own reading of
    its options; surfaces apply it through :mod:`kleos.core.kit.handicap`."""

    # ----- rules -------------------------------------------------------------------------------
    @abstractmethod
    def make_game(self, options: Mapping[str, Any]) -> G:
        """The game for ``options``, a mapping (JSON values, as records keep them) or the model
        :meth:`read_options` made (validated: raise :class:`OptionsError` naming the field)."""

    def read_options(self, raw: Mapping[str, Any], *, text: bool = False) -> Any:
        """The game's options read from ``raw`` by the one parser every surface uses: JSON values
        (the server, records), or command-line texts when ``text`` (``--option NAME=VALUE``)."""
        from kleos.core.kit.options import read_options, text_values

        if self.options_model is None:
            return text_values(raw) if text else dict(raw)
        return read_options(self.options_model, raw, text=text)

    def checked_options(self, raw: Mapping[str, Any], *, text: bool = False) -> dict[str, Any]:
        """``raw`` read by :meth:`read_options` and given back as JSON values, the form records and
        requests carry: the listed defaults, then every option that differs from its default."""
        model = self.read_options(raw, text=text)
        chosen: dict[str, Any] = model if isinstance(model, dict) else model.record()
        return {**self.default_options(), **chosen}

    def editions(self) -> tuple[str, ...]:
        """The editions a game can be played in (empty when it has one)."""
        return next((spec.choices for spec in self.options if spec.name == "edition"), ())

    def default_options(self) -> dict[str, Any]:
        return {spec.name: spec.default for spec in self.options if spec.default is not None}

    def seat_range(self) -> tuple[int, int]:
        return self.min_seats, self.max_seats

    # ----- words and JSON a seat may see (pure; views in, never the state) ----------------------
    @abstractmethod
    def describe_view(self, game: G, view: V, seat: int | None) -> str:
        """The position as ``seat`` sees it, in plain text (spectator for ``None``)."""

    @abstractmethod
    def describe_action(self, game: G, view: V, action: Action) -> str:
        """``action`` in plain words, as the seat that may take it sees it in ``view``.

        Chance outcomes are described from the public view."""

    @abstractmethod
    def view_json(self, game: G, view: V) -> JsonDict:
        """``view`` as JSON for clients (nothing the view does not hold, no generator)."""

    def log_narrator(self, game: G, before: S, seat: int, action: Action, after: S) -> int | None:
        """The seat whose views tell a step in the log (``None``: the public view): by default its
        actor, the public view for chance. ``before`` and ``after`` are the full states around the
        step, read only to choose; the words come from :meth:`describe_step` with that seat's views.
        A game names another seat only when the step itself makes public what the actor could not
        see (a face-down piece turned up by someone who does not know it), and that seat's view
        tells nothing more about the step than what it makes public."""
        return None if seat == CHANCE else seat

    def describe_step(self, game: G, before: V, action: Action, after: V) -> str:
        """A step as the log tells it, from one seat's views before and after it (the seat is
        :meth:`log_narrator`'s): by default :meth:`describe_action` on the view before. A game adds
        what the step brought about and the view before could not know: what it turned up, what
        was resolved without a decision, the losses and points of a battle."""
        return self.describe_action(game, before, action)

    def log_words(self, game: G, before: V, action: Action, after: V) -> LogWords:
        """A step as the logs tell it, from the same views as :meth:`describe_step`: its words and, when
        a round or phase begins inside the step, that part's heading and the end of the words that
        belong to it. A step the rules carry on by themselves into the next part (a last decision,
        after which a phase runs with nobody to ask) tells both parts in one line; the logs put the
        heading where the new part's words begin, rather than after them all. By default
        :meth:`describe_step`'s words, with no part begun inside."""
        return LogWords(self.describe_step(game, before, action, after))

    def log_heading(self, game: G, before: V | None, after: V) -> str | None:
        """The heading of the round or phase a step opens ("Cycle 2", "Turn 2: Assembly phase"), or
        ``None``: from the public views before the step (``None`` before the game's first: the
        heading of the part the game begins in) and after it. The terminal's log and the browser's
        log show it, so a reader sees where each round begins; by default a game has none."""
        return None

    def log_headings(self, game: G, before: V, after: V, first: bool) -> tuple[str | None, str | None]:
        """The headings above a step (only the game's ``first`` step: the part the game begins in)
        and below it (the round or phase it opens), from the public views around it
        (:meth:`log_heading`); what the terminal's and the browser's logs put around a step."""
        above = self.log_heading(game, None, before) if first else None
        return above, self.log_heading(game, before, after)

    def log_visibility(self, game: G, before: S, seat: int, action: Action,
                       after: S) -> frozenset[int] | None:
        """The seats that may read the log line of ``action`` (``None``: everybody).

        ``before`` and ``after`` are the full states around the step; only the server and the
        terminal's log call this, and they show other seats a neutral line instead. By default a
        choice made while several seats act at once is secret to its actor (the game's view
        reveals the choices when the rules do), and chance outcomes are public.
        """
        if seat == CHANCE:
            return None
        return frozenset({seat}) if len(game.actors(before)) > 1 else None

    def hidden_log_text(self, game: G, seat: int, action: Action) -> str:
        """What the other seats read instead of a secret action's notation."""
        names = game.seat_names
        if seat == CHANCE:
            return _("a hidden draw")
        return _("{who}: a secret step (hidden)", who=seat_label(names, seat))

    def hidden_log_line(self, game: G, seat: int, action: Action, readers: frozenset[int]) -> str:
        """What the other seats read instead of a secret step's account in words; ``readers`` are
        the seats that may read the step itself (a hidden draw says whom it went to)."""
        hidden = self.hidden_log_text(game, seat, action)
        if seat != CHANCE or not readers:
            return hidden
        return _("{hidden}, seen by {seats}", hidden=hidden,
                 seats=", ".join(seat_label(game.seat_names, r) for r in sorted(readers)))

    def reason_words(self, reason: str) -> str:
        """Why a game ended (its outcome's ``reason``) in the reader's language: a word of the game's
        catalogue, else of the platform's; a game whose reasons are codes maps them to words."""
        return word_in(self.text_domain(), reason.replace("_", " "))

    def outcome_text(self, game: G, outcome: Outcome) -> str:
        """The end of a game in words."""
        names = game.seat_names
        scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(outcome.scores) if i < len(names))
        who = "nobody" if outcome.winner is None else names[outcome.winner]
        return f"{outcome.reason}: {who} wins" + (f" ({scores})" if scores else "")

    def progress(self, game: G, state: S) -> Mapping[str, float]:
        """Figures of a finished or running game for statistics, e.g. how many rounds it lasted."""
        return {}

    def score_breakdown(self, game: G, view: V) -> list[dict[str, int]] | None:
        """Per seat, the parts its final score adds up from (name -> points), read from a finished
        game's public ``view``, for the game-over screen (``None``: the game does not tell)."""
        return None

    # ----- surfaces: each built on first use by the game's own module -------------------------
    parts_package: ClassVar[str] = ""
    """The game's package (e.g. ``kleos.games.mygame``), where the part methods below find each
    surface's module by convention: ``agents/parts.py`` (``agent_parts()``), ``tui/parts.py``
    (``terminal_parts()``), ``web/parts.py`` (``web_parts()``), ``encoding/parts.py``
    (``encoding_parts()``) and ``cli.py`` (``cli_parts()``). A module the game does not have means
    no such part. Imported on first use, so that importing a kit loads neither Textual nor numpy.
    A kit class that leaves it empty gets the package of the module that defines it (a kit in
    ``kleos/games/mygame/kit.py``: ``kleos.games.mygame``), so a game's kit need not name it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.parts_package:
            cls.parts_package = cls.__module__.rpartition(".")[0]

    def _module(self, module: str) -> Any:
        """The game's module ``module`` (under :attr:`parts_package`), or ``None`` if it has none."""
        if not self.parts_package:
            return None
        name = f"{self.parts_package}.{module}"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name is not None and name.startswith(missing.name):
                return None  # the game has no such surface
            raise

    def _part(self, module: str, function: str) -> Any:
        found = self._module(module)
        return None if found is None else getattr(found, function)()

    def text_domain(self) -> str | None:
        """The game's text domain for translated words (its ``i18n`` module declares and registers
        it; see :mod:`kleos.i18n`), or ``None`` when the game keeps no catalogues."""
        domain: str | None = getattr(self._module("i18n"), "DOMAIN", None)
        return domain

    def word(self, text: str, **params: Any) -> str:
        """A text the game declared (an option's help, a seat's name, an options error's template)
        in the reader's language: from the game's catalogue, else the platform's (which holds the
        shared templates and the shell's own names), filled with ``params``."""
        found = word_in(self.text_domain(), text)
        return found.format(**params) if params else found

    def seat_name(self, game: G, seat: int | None) -> str:
        """A seat's name for people in the reader's language: the game's catalogue translates its
        seat names (a colour, a side), which stay English identifiers everywhere else (options,
        records, notation); ``chance``, ``spectator`` and unnamed seats in the platform's words."""
        label = seat_label(game.seat_names, seat)
        if seat is None or not 0 <= seat < len(game.seat_names):
            return label
        return self.word(label)

    def render_options_error(self, error: OptionsError, with_field: bool = True) -> str:
        """An options error in the reader's language (``field: message``, or the message alone)."""
        message = self.word(error.template, **error.params)
        return f"{error.field}: {message}" if with_field else message

    def render_illegal(self, error: IllegalAction) -> str:
        """An illegal action's message in the reader's language, from the game's catalogue (the
        rules carry an English template and its parameters; English when nothing translates it)."""
        domain = self.text_domain()
        if domain is None:
            return error.message

        template = gettext_in(domain, error.template)
        try:
            return template.format(**error.params) if error.params else template
        except (KeyError, IndexError, ValueError):
            return error.message

    def agent_parts(self) -> AgentParts[G, S, V] | None:
        """The game's knowledge for the agents (extra agent kinds, evaluation, search hints)."""
        parts: AgentParts[G, S, V] | None = self._part("agents.parts", "agent_parts")
        return parts

    def terminal_parts(self) -> TerminalParts[G, S, V] | None:
        """The game's board drawing and help for the terminal app."""
        parts: TerminalParts[G, S, V] | None = self._part("tui.parts", "terminal_parts")
        return parts

    def web_parts(self) -> WebParts[G] | None:
        """The game's board module for the browser, and the tables it needs."""
        parts: WebParts[G] | None = self._part("web.parts", "web_parts")
        return parts

    def encoding_parts(self) -> EncodingParts[G] | None:
        """Fixed action catalogue and observation tensors for the research adapters."""
        parts: EncodingParts[G] | None = self._part("encoding.parts", "encoding_parts")
        return parts

    def cli_parts(self) -> CliParts | None:
        """The game's own ``kleos <name> …`` commands."""
        parts: CliParts | None = self._part("cli", "cli_parts")
        return parts

    def help_parts(self) -> HelpParts[G, V] | None:
        """The help pages and first-game guide, for every surface (default: the terminal part's; a
        game may override this to spare a server the terminal part's imports)."""
        parts = self.terminal_parts()
        return None if parts is None else parts.help


def seat_label(names: Sequence[str], seat: int | None) -> str:
    """A seat's name for people: its side's name, ``chance`` or ``spectator``."""
    if seat is None:
        return _("spectator")
    if seat == CHANCE:
        return _("chance")
    return names[seat] if 0 <= seat < len(names) else _("seat {seat}", seat=seat)


__all__ = ["FOLDER_NAME", "NOT_ONE_OF", "UNKNOWN_OPTION", "WHOLE_NUMBER", "GameKit",
           "JsonDict", "OptionSpec", "OptionsError", "option_lines", "seat_label"]
