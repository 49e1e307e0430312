"""How a game looks in the terminal app: its kit's terminal part, with the shell's generic defaults
for whatever the game does not bring.

The screens ask a :class:`Look` and never the part directly, so a game without a terminal part is
played with a text board (the kit's ``describe_view``), menus of its legal actions told by
``describe_action``, and the shell's own help pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from rich.text import Text

from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.params import G, S, V
from kleos.core.kit.terminal import BoardContext, Palette, TerminalParts, VerbHelp, gloss_beyond
from kleos.core.protocol import CHANCE, Outcome
from kleos.i18n.platform import N_, _
from kleos.tui.menu import FLAT_LIMIT
from kleos.tui.text import as_text, paragraph

LOG = N_("Log")
"""The board panel every game has: the game's log, drawn by the shell."""
BOARD = N_("Board")
"""The one panel of a game without panels of its own: the kit's text of the view."""

DARK = Palette(("bold #58a6ff", "bold #ff7b72", "bold #56d364", "bold #d2a8ff", "bold #f0b429"),
               "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #b3261e", "bold #1a7f37", "bold #6639ba", "bold #8a5a00"),
                "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")
MONO = Palette(("bold", "bold underline", "bold italic", "underline", "italic"), "", "bold reverse", "bold", "bold",
               "reverse")
"""The monochrome, high-contrast look (``--mono``, or ``NO_COLOR`` in the environment): seats told
apart by weight, underline and slant besides their names, never by colour."""


class Look(Generic[G, S, V]):
    """One game's terminal presentation: the kit's terminal part or the shell's defaults, typed by
    the kit's game, state and view (the screens hold plain ``Look``, the kit of any game)."""

    def __init__(self, kit: GameKit[G, S, V]) -> None:
        self.kit = kit
        self.parts: TerminalParts[G, S, V] = kit.terminal_parts() or TerminalParts()
        own = tuple(self.parts.board.panels)
        self.panels: tuple[str, ...] = (*(own or (BOARD,)), LOG)
        self.word = kit.word  # a word the game declared (title, verb help), in the reader's language

    # ----- board ------------------------------------------------------------------------------
    def palette(self, dark: bool, mono: bool = False) -> Palette:
        """The game's colours for a dark or light background, or :data:`MONO` when colour is off."""
        if mono:
            return MONO
        pair = self.parts.board.palettes or (DARK, LIGHT)
        return pair[0] if dark else pair[1]

    def draw(self, name: str, ctx: BoardContext[G, V], width: int) -> Text:
        """Panel ``name`` (not the log, which the screens draw from their own lines)."""
        draw = self.parts.board.panels.get(name)
        if draw is not None:
            return as_text(draw(ctx, width))
        text = self.kit.describe_view(ctx.game, ctx.view, ctx.seat)
        return Text("\n").join(paragraph(line, width) for line in text.splitlines() or [""])

    def status(self, ctx: BoardContext[G, V], actors: tuple[int, ...], note: str = "") -> Text:
        """Two lines: the game and who acts (``actors``: the seats acting now); then the seats, the
        viewer's marked."""
        if self.parts.board.status is not None:
            return as_text(self.parts.board.status(ctx, note))
        p, game = ctx.palette, ctx.game
        line = Text()
        line.append(self.word(self.kit.title), style=p.head)
        line.append(" · ")
        if not actors:
            line.append(_("Game over"), style=p.warn)
        if actors == (CHANCE,):
            line.append(_("Chance"))
        elif actors:
            for n, seat in enumerate(actors):
                line.append(", " if n else "")
                line.append(self.kit.seat_name(game, seat), style=p.seat(seat))
            line.append(_(" to act"))
        if note:
            line.append(" · ")
            line.append(note, style=p.warn)
        line.append("\n" + _("Seats: "))
        for seat in range(len(game.seat_names)):
            line.append(", " if seat else "")
            line.append(self.kit.seat_name(game, seat), style=p.seat(seat))
            if seat == ctx.seat:
                line.append(_(" (you)"))
        return line

    def outcome(self, ctx: BoardContext[G, V], outcome: Outcome) -> Text:
        """The game-over sheet: the end in the kit's words (the game's own drawing instead, for a kit
        that leaves the words to the default), then each seat's final score with what it adds up from
        (the kit's ``score_breakdown``), the winner starred."""
        if self.parts.board.outcome is not None and type(self.kit).outcome_text is GameKit.outcome_text:
            text = as_text(self.parts.board.outcome(ctx, outcome))
        else:
            words = self.kit.outcome_text(ctx.game, outcome).rstrip(".")
            text = Text(_("Game over: {words}.", words=words), style=ctx.palette.warn)
        if any(outcome.scores):  # an end without scoring (a game won before its scoring, say) has no sheet
            text.append("\n")
            text.append_text(self.score_sheet(ctx, outcome))
        return text

    def score_sheet(self, ctx: BoardContext[G, V], outcome: Outcome) -> Text:
        """One line per seat: its name, the parts of its score (when they add up to it), the score."""
        p, names = ctx.palette, [self.kit.seat_name(ctx.game, seat) for seat in range(len(ctx.game.seat_names))]
        parts = self.kit.score_breakdown(ctx.game, ctx.view) or []
        width = max(len(name) for name in names)
        sheet = Text()
        for seat, name in enumerate(names):
            score = outcome.scores[seat] if seat < len(outcome.scores) else None
            shown = parts[seat] if seat < len(parts) and sum(parts[seat].values()) == score else {}
            sheet.append("\n" if seat else "")
            sheet.append(f"{name:<{width}}", style=p.seat(seat))
            for key, value in shown.items():
                sheet.append(f"  {self.word(key.replace('_', ' '))} {value}")
            sheet.append(_("  score {score}", score="–" if score is None else score), style="bold")
            if outcome.winner == seat:
                sheet.append(_("  ★ winner"), style=p.warn)
        return sheet

    @property
    def final_panel(self) -> str | None:
        return self.parts.board.final_panel

    def full_view(self, game: G, state: S) -> V:
        """A view of everything, for the replay of a finished game (default: a spectator's)."""
        if self.parts.board.full_view is not None:
            return self.parts.board.full_view(game, state)
        spectators: V = game.view(state, None)  # the game's view type: ``G`` stands for a ``Game[S, V]``
        return spectators

    # ----- menus ------------------------------------------------------------------------------
    @property
    def verbs(self) -> dict[str, VerbHelp]:
        return {verb: VerbHelp(self.word(h.title), self.word(h.text), h.rules)
                for verb, h in self.parts.help.verbs.items()}

    @property
    def verb_titles(self) -> dict[str, str]:
        return {verb: self.word(h.title) for verb, h in self.parts.help.verbs.items()}

    def rules_of(self, verb: str) -> str:
        h = self.parts.help.verbs.get(verb)
        return _("Rules: {ids}", ids=", ".join(h.rules)) if h and h.rules else ""

    def title(self, game: G, view: V, seat: int) -> str:
        if self.parts.menus.title is not None:
            return self.parts.menus.title(game, view, seat)
        return _("Choose an action")

    def gloss(self, game: G, view: V, action: Action) -> str:
        return self.parts.menus.gloss(game, view, action) if self.parts.menus.gloss is not None else ""

    def entry_words(self, game: G, view: V, action: Action) -> str:
        """A menu entry's words: the action as the game describes it to ``view``, with its gloss."""
        words = self.kit.describe_action(game, view, action)
        gloss = gloss_beyond(words, self.gloss(game, view, action))
        return words + (f" ({gloss})" if gloss else "")

    def run_end(self, game: G, view: V, action: Action) -> tuple[str, str] | None:
        """The head an entry may share with its neighbours in the plain menu and its own short end
        (None when the game gives none)."""
        split = self.parts.menus.run_end
        return split(game, view, action) if split is not None else None

    def small_step(self, game: G, view: V, seat: int) -> bool:
        step = self.parts.menus.small_step
        return step is not None and step(game, view, seat)

    def panel_for(self, game: G, view: V, legal: Sequence[Action],
                  prefix: tuple[str, ...]) -> str | None:
        choose = self.parts.menus.panel_for
        return choose(game, view, legal, prefix) if choose is not None else None

    def warning(self, game: G, view: V, seat: int, action: Action) -> str:
        """Why ``action`` loses the game at once for ``seat`` ("" when it does not, or the game does not tell)."""
        warn = self.parts.menus.warning
        return warn(game, view, seat, action) if warn is not None else ""

    def explain(self, game: G, view: V, action: Action) -> str:
        """What choosing ``action`` does, for a newcomer ("" when the game does not tell)."""
        explain = self.parts.menus.explain
        return explain(game, view, action) if explain is not None else ""

    @property
    def last_verbs(self) -> tuple[str, ...]:
        return self.parts.menus.last_verbs

    @property
    def flat_limit(self) -> int:
        return self.parts.menus.flat_limit or FLAT_LIMIT

    @property
    def placeholder(self) -> str:
        example = self.parts.menus.notation_example
        if example:
            return _("action (e.g. {example}) or command: help, save FILE, load FILE", example=example)
        return _("action or command: help, save FILE, load FILE")

    # ----- help and guide ---------------------------------------------------------------------
    def keys_help(self, hint: str) -> str:
        if self.parts.help.keys is not None:
            return self.word(self.parts.help.keys)
        example = self.parts.menus.notation_example or _("an action")
        return _(KEYS_TEMPLATE, example=example, panels=", ".join(self.word(p) for p in self.panels), hint=hint)

    def rules(self, game: G | None = None) -> str:
        """The rules reference in Markdown; with ``game``, as that game reads it (its own data)."""
        if game is not None and self.parts.help.game_rules is not None:
            return self.parts.help.game_rules(game)
        if self.parts.help.rules is not None:
            return self.word(self.parts.help.rules)
        lines = [f"# {self.word(self.kit.title)}", "", self.word(self.kit.summary), "", *self.choices_markdown()]
        lines.append(_("The menu lists exactly the legal actions; ? explains the ones you have now."))
        return "\n".join(lines)

    def choices_markdown(self) -> list[str]:
        """Each kind of choice as a Markdown list item, in the reader's language (see ``verb_line``)."""
        return [verb_line(verb, h) for verb, h in self.verbs.items()]

    def welcome(self) -> str:
        if self.parts.help.welcome is not None:
            return self.word(self.parts.help.welcome)
        return (f"{self.word(self.kit.title)}: {self.word(self.kit.summary)}.\n\n"
                + _("Choose from the menu on the right with digits and letters; ? explains the choices you have, R "
                    "opens the rules, H gives a hint, U undoes your last step.") + "\n")

    def heading(self, game: G) -> str:
        return self.parts.help.heading(game) if self.parts.help.heading is not None else self.word(self.kit.title)

    def guide_intro(self) -> str:
        if self.parts.help.guide_intro is not None:
            return self.word(self.parts.help.guide_intro)
        return _(GUIDE_TEMPLATE, title=self.word(self.kit.title), panels=", ".join(self.word(p) for p in self.panels))

    def guide_tip(self, game: G, view: V, seat: int, legal: Sequence[Action]) -> str:
        if self.parts.help.guide_tip is not None:
            return self.parts.help.guide_tip(game, view, seat, legal)
        return _("Choose from the menu; ? explains each choice, H shows what the computer would do.")


def verb_told(help_: VerbHelp) -> str:
    """What one kind of choice does: its title, effect and rule IDs, the words every help surface uses."""
    rules = _(" (rules: {ids})", ids=", ".join(help_.rules)) if help_.rules else ""
    return f"{help_.title}: {help_.text}{rules}"


def verb_line(verb: str, help_: VerbHelp) -> str:
    """A kind of choice as a Markdown list item: its word, then ``verb_told``."""
    return f"- **{verb}**, {verb_told(help_)}"


KEYS_TEMPLATE = N_("""\
Keys (no mouse needed)
  1-9, a-z         choose a menu entry by its digit or letter
  Up, Down, Enter  move in the menu and choose
  Esc, Backspace   one step back in the menu
  y or Enter       confirm the chosen action (n or Esc: back)
  :                type an action in notation (e.g. {example}) or a
                   command: save FILE, load FILE, undo, replay, help, quit
  Tab, Shift+Tab   next / previous board view: {panels}
  PgUp, PgDn       scroll the board view
  ? or F1          this help: the choices you have now
  R                the rules reference
  G                the first-game guide on or off
  H                a hint: what the {hint} computer player would do
  U                undo your last step (until chance is drawn or another
                   player acts)
  S                save (the file is the action log); L load a game
  C                confirmations on or off
  T                light or dark colours
  Q                leave (asks whether to save); Ctrl+Q saves and leaves
""")

GUIDE_TEMPLATE = N_("""\
# Your first game of {title}

1. **Look around.** Tab switches the board view ({panels}); PgUp/PgDn scroll it.
2. **Decide.** The menu on the right lists only what you may do now; a digit or letter chooses, Esc
   goes back, and the line below the board tells what the highlighted choice does before you
   confirm it with y.
3. **Ask.** ? explains your choices, R opens the rules, H shows what the computer would choose,
   U takes back your last step.
""")
