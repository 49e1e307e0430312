"""The terminal part of a kit: what the terminal app shell (:mod:`kleos.tui`) needs from a game.

The shell knows no game. It shows a status bar, a board made of named panels, a menu of the legal
actions built level by level from their notation words, a line telling what the highlighted choice
does, the latest log lines, help pages and a first-game guide. A game fills in any of these through
:class:`TerminalParts`; every member is optional, and without a part at all the shell still plays
the game: one ``Board`` panel with :meth:`~kleos.core.kit.GameKit.describe_view`'s text, menu lines
from ``legal_actions`` and :meth:`~kleos.core.kit.GameKit.describe_action`, a log told by
``describe_action`` that respects :meth:`~kleos.core.kit.GameKit.log_visibility`.

Drawing results are typed ``Any``: a hook returns either plain text (``str``) or a Rich renderable
(in practice ``rich.text.Text``), which the shell passes through to Textual unchanged. The core may
not import Textual or Rich (importing a kit must stay cheap, and a server without a terminal must not
need them), so the core can only promise "something the terminal can draw"; colours are therefore
given as Rich style strings (``"bold #58a6ff"``), which are plain text to the core.

Every hook reads a seat's view, never the full state, except :attr:`TerminalParts.log_lines`, which,
like ``log_visibility``, sees the states around a step and must itself hide what the screen's
readers may not see.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Generic, TypeVar

from kleos.core.action import Action
from kleos.core.kit.params import G, S, V
from kleos.core.protocol import Outcome

Renderable = Any
"""Plain text or a Rich renderable (``rich.text.Text`` for the board panels): see the module docstring."""


def fill_template(template: str, **parts: Renderable) -> list[Renderable]:
    """The pieces of a translated ``template`` with its ``{name}`` fields filled by ``parts``: the
    text around the fields and the parts themselves (numbers as text), in the order the reader's
    language puts them, so that a sentence stays whole in every language while a seat's name in it
    keeps its colour. The terminal joins them (``rich.text.Text.assemble(*pieces)``)."""
    pieces: list[Renderable] = []
    for literal, name, _spec, _conversion in Formatter().parse(template):
        if literal:
            pieces.append(literal)
        if name is not None:
            part = parts[name]
            pieces.append(str(part) if isinstance(part, int) else part)
    return pieces


@dataclass(frozen=True)
class Palette:
    """Rich style strings for one colour scheme (the app has a dark and a light one).

    ``seats``: one style per seat (cycled when a game has more seats than styles); ``dim``: legends
    and quiet lines; ``warn``: messages and warnings; ``good``: good news; ``head``: headings; ``you``:
    the seat looking at the screen."""

    seats: tuple[str, ...]
    dim: str
    warn: str
    good: str
    head: str
    you: str

    def seat(self, seat: int) -> str:
        """The style of ``seat`` ("" for chance or an unknown seat)."""
        return self.seats[seat % len(self.seats)] if seat >= 0 and self.seats else ""


@dataclass(frozen=True)
class LogLine:
    """One line of the game log: the index of the record entry it tells about, who acted, the text,
    and its kind: ``action`` (a seat's choice), ``chance``, ``result`` (what a step brought about,
    e.g. a battle pair) or ``heading`` (a new round, the end of the game)."""

    index: int
    seat: int
    text: str
    kind: str = "action"


@dataclass(frozen=True)
class BoardContext(Generic[G, V]):
    """What a board panel is drawn from: the game, the view shown (``seat``'s, or a spectator's for
    ``None``), the colours, the log so far as the screen's readers may read it, and ``reveal``: a
    finished game's replay, where ``view`` holds everything (see :attr:`BoardParts.full_view`)."""

    game: G
    view: V
    seat: int | None
    palette: Palette
    log: Sequence[LogLine] = ()
    reveal: bool = False


PanelDraw = Callable[[BoardContext[G, V], int], Renderable]
"""Draws one board panel at a width in terminal cells."""

X = TypeVar("X")


def drawn_by(draw: Callable[[G, V, Palette, X], Renderable]) -> Callable[[BoardContext[G, V], X], Renderable]:
    """A board hook (a panel at a width, the status bar with a note, the end with the outcome) that
    hands ``draw`` the game, the view, the colours and that argument: a game's board hooks are its
    drawing functions, nothing more."""

    def hook(ctx: BoardContext[G, V], extra: X) -> Renderable:
        return draw(ctx.game, ctx.view, ctx.palette, extra)

    return hook


def panels_drawn_by(draws: Mapping[str, Callable[[G, V, Palette, int], Renderable]]) -> dict[str, PanelDraw[G, V]]:
    """Board panels by name, each drawn by its function as :func:`drawn_by` hands it the game, the
    view, the colours and the width (the order of ``draws`` is the order Tab cycles them)."""
    return {name: drawn_by(draw) for name, draw in draws.items()}


@dataclass(frozen=True)
class BoardParts(Generic[G, S, V]):
    """The board: named panels (the shell adds a ``Log`` panel after them) and the status bar.

    ``panels``: name -> drawing, in the order Tab cycles them (the first is shown first);
    ``status``: the two lines at the top (context, a short note such as "… is thinking");
    ``palettes``: (dark, light) colours; ``outcome``: the end of the game under the board;
    ``final_panel``: the panel shown when the game ends; ``full_view``: a view holding the whole
    state, for replaying a finished game with every secret shown (default: the spectator's view)."""

    panels: Mapping[str, PanelDraw[G, V]] = field(default_factory=dict)
    status: Callable[[BoardContext[G, V], str], Renderable] | None = None
    palettes: tuple[Palette, Palette] | None = None
    outcome: Callable[[BoardContext[G, V], Outcome], Renderable] | None = None
    final_panel: str | None = None
    full_view: Callable[[G, S], V] | None = None


@dataclass(frozen=True)
class VerbHelp:
    """What the actions of one verb do, in a few sentences, with the IDs of the rules behind them."""

    title: str
    text: str
    rules: tuple[str, ...] = ()


GuideTip = Callable[[G, V, int, Sequence[Action]], str]
"""(game, the seat's view, seat, its legal actions) -> the first-game guide's advice for now."""


@dataclass(frozen=True)
class HelpParts(Generic[G, V]):
    """Help pages and the first-game guide.

    ``verbs``: each verb's help (shown under the menu and on the help page, its title names the
    verb's menu group); ``keys``: the keys page (default: the shell's own); ``rules``: the rules
    reference in Markdown; ``game_rules``: the reference as one game reads it, from the data it plays
    with (a ``data_dir``'s corrected values), where the game has data of its own; ``welcome``: the
    welcome screen's text; ``heading``: the welcome's first line (e.g. the edition's title);
    ``guide_intro``: the guide's first page in Markdown; ``guide_tip``: the guide's line for the
    current decision."""

    verbs: Mapping[str, VerbHelp] = field(default_factory=dict)
    keys: str | None = None
    rules: str | None = None
    game_rules: Callable[[G], str] | None = None
    welcome: str | None = None
    heading: Callable[[G], str] | None = None
    guide_intro: str | None = None
    guide_tip: GuideTip[G, V] | None = None


LosingWarning = Callable[[G, V, int, Action], str]
"""(game, the seat's view, seat, a legal action) -> why the action makes the seat lose the game at
once, in a few words ("" when it does not). The browser gets the same words through the view's JSON
(:data:`kleos.core.kit.web.WARNINGS`)."""


Explain = Callable[[G, V, Action], str]
"""(game, the seat's view, one legal action) -> what choosing it does, in plain words a newcomer
understands (its effect, cost, what it depends on), ending with the rule IDs behind it in brackets;
"" when there is nothing to add. The browser gets the same words through the view's JSON
(:data:`kleos.core.kit.web.EXPLANATIONS`)."""


RunEnd = Callable[[G, V, Action], tuple[str, str] | None]
"""(game, the seat's view, one legal action) -> the words the entry may share with its neighbours in
the plain menu and its own short end ("recruit a fleet (1 GP) in", "S5 (1 → 2)"), or None to keep
its whole words. Entries in a row with the same head are listed on one line, each end numbered; an
end must say what the entry's whole words say beyond the head (the effects on the board included),
for the line replaces them."""


def ends_step(action: Action, last_verbs: Sequence[str]) -> bool:
    """Whether ``action`` ends a turn or a step: its verb is one of ``last_verbs`` (``done``), or
    one of them is its only word after the verb (``redeploy done``)."""
    return action.verb in last_verbs or (len(action.args) == 1 and str(action.args[0]) in last_verbs)


def gloss_beyond(words: str, gloss: str) -> str:
    """``gloss`` as shown after an action's ``words`` (its description): "" when the words already say
    each of its parts (those between commas and semicolons) in any case, as "summon the Fates (3 GP)"
    says "The Fates, 3 GP". The gloss is written for the full-screen menu, whose entries show only the
    notation; after the words it would say the same thing twice."""
    parts = [part.strip().casefold() for part in re.split(r"[,;]", gloss)]
    said = words.casefold()
    return "" if all(part in said for part in parts) else gloss


@dataclass(frozen=True)
class MenuParts(Generic[G, V]):
    """How decisions are presented. The menu's levels follow the actions' notation words (verb,
    then each argument); a level with at most ``flat_limit`` actions under it lists them whole.

    ``title``: what the seat is deciding (the menu's title, e.g. the step of a compound action in
    progress); ``gloss``: a few words after a menu entry (a cost, a price; the browser shows them on
    the action's button, a state message's ``legal[].gloss``); ``small_step``: true when
    the decision is a small step inside an action that needs no confirmation; ``panel_for``: the
    board panel that matters for a decision (given the menu words chosen so far), ``None`` to keep
    the current one; ``notation_example``: an action to show in the typing box's placeholder;
    ``warning``: why a choice loses the game at once ("" when it does not; see :data:`LosingWarning`):
    the menu lists such a choice after the safe ones, flags it and always asks to confirm it;
    ``last_verbs``: the verbs that end a step (``done``, ``pass``), alone or as a verb's one word
    (``redeploy done``, :func:`ends_step`), listed last with the key 0 so that pressing a key twice
    never ends a step by surprise; ``refusal``: for a typed action that is
    not legal, words that say more than the rule's message ("no territory named Atlantis"), or "";
    ``explain``: what choosing a legal action does, for a newcomer who does not know the rules yet
    (see :data:`Explain`): shown under the menu for the highlighted entry, first on its ``?`` page,
    and in the browser next to the action's button (:data:`kleos.core.kit.web.EXPLANATIONS`);
    ``run_end``: how an entry reads inside a run of the plain menu (see :data:`RunEnd`)."""

    title: Callable[[G, V, int], str] | None = None
    gloss: Callable[[G, V, Action], str] | None = None
    small_step: Callable[[G, V, int], bool] | None = None
    panel_for: Callable[[G, V, Sequence[Action], tuple[str, ...]], str | None] | None = None
    notation_example: str = ""
    flat_limit: int = 12
    warning: LosingWarning[G, V] | None = None
    last_verbs: tuple[str, ...] = ("done", "pass")
    refusal: Callable[[G, Action], str] | None = None
    explain: Explain[G, V] | None = None
    run_end: RunEnd[G, V] | None = None


LogLines = Callable[[G, S, int, Action, S, int, frozenset[int]], list[LogLine]]
"""(game, state before, seat, action, state after, record index, readers) -> the log lines of one step.

``readers`` are the seats whose secrets the screen may show (none in hotseat, where several people
read one screen); a line another seat may not read must be told without the secret."""


@dataclass(frozen=True)
class TerminalParts(Generic[G, S, V]):
    """A game's terminal part: its board, help, menus and log (each ``None`` or empty: the default)."""

    board: BoardParts[G, S, V] = field(default_factory=BoardParts)
    help: HelpParts[G, V] = field(default_factory=HelpParts)
    menus: MenuParts[G, V] = field(default_factory=MenuParts)
    log_lines: LogLines[G, S] | None = None


__all__ = [
    "BoardContext",
    "BoardParts",
    "Explain",
    "GuideTip",
    "HelpParts",
    "LogLine",
    "LogLines",
    "LosingWarning",
    "MenuParts",
    "Palette",
    "PanelDraw",
    "Renderable",
    "RunEnd",
    "TerminalParts",
    "VerbHelp",
    "drawn_by",
    "fill_template",
    "panels_drawn_by",
]
