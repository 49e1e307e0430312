"""The game screen's display: layout, the board's views, the status, details, guide and log lines.

The lowest layer of :class:`~kleos.tui.screen.GameScreen`: it shows the session and the current
decision but never changes them (the menus, commands and the game loop are the layers above it).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.worker import Worker

from kleos.core.action import Action
from kleos.core.kit.terminal import BoardContext, Palette
from kleos.core.protocol import CHANCE
from kleos.i18n.platform import _, ngettext
from kleos.tui.log_runs import Run, add_line
from kleos.tui.look import LOG, Look
from kleos.tui.menu import Entry, Level
from kleos.tui.session import Session
from kleos.tui.widgets import BoardPanel, board_and_menu
from kleos.tui.words import TranslatedBindings

MODE_CHOOSE, MODE_CONFIRM, MODE_WAIT, MODE_OVER = "choose", "confirm", "wait", "over"


class ScreenView(TranslatedBindings, Screen[None]):
    """What the game screen shows: board, status, menu title, details, guide, latest events."""

    FIXED = frozenset({"#status", "#menu-title", "#detail", "#recent"})

    def __init__(self, session: Session, *, guide: bool = False, confirm: bool = True) -> None:
        super().__init__()
        self.session = session
        self.look = Look(session.kit)
        self.guide_on = guide
        self.confirm = confirm
        self.mode = MODE_WAIT
        self.seat: int | None = None  # the human seat deciding now
        self.viewer: int | None = self._initial_viewer()
        self.legal: list[Action] = []
        self.levels: list[Level] = []
        self.chosen: Action | None = None  # the action awaiting confirmation
        self.message = ""
        self.thinking: Worker[tuple[tuple[int, int], int, Action]] | None = None
        self.recent_lines = 2
        self.may_replace = False  # the player agreed to replace this game (asked by L)
        self._shown: dict[str, RenderableType] = {}
        self._log_cache: list[Text] = []
        self._log_runs: list[Run] = []  # the runs the cached lines tell
        self._log_read = 0  # how many of the session's log lines they tell
        self._log_key: tuple[int, bool] = (-1, False)
        self._detail_height: int | str = 3

    def _initial_viewer(self) -> int | None:
        if len(self.session.humans) == 1:
            return next(iter(self.session.humans))
        return None

    # ----- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from board_and_menu(self.look, "menu")
        yield Static(id="guide")
        yield Static(id="detail")
        yield Static(id="recent")
        yield Input(id="notation", placeholder=self.look.placeholder, select_on_focus=False)
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Taller terminals show more of the latest events and of the guide."""
        height = event.size.height
        self.recent_lines = 2 if height < 30 else min(8, 2 + (height - 28) // 2)
        self.query_one("#recent", Static).styles.height = self.recent_lines
        self.query_one("#guide", Static).styles.max_height = 4 if height < 30 else 8
        self.refresh_all()

    @property
    def board(self) -> BoardPanel:
        return self.query_one("#left", BoardPanel)

    @property
    def menu(self) -> OptionList:
        return self.query_one("#menu", OptionList)

    @property
    def notation(self) -> Input:
        return self.query_one("#notation", Input)

    def palette(self) -> Palette:
        return self.look.palette(self.app.current_theme.dark, mono=self.app.no_color)

    def board_view(self) -> Any:
        return self.session.view(self.viewer)

    def board_context(self) -> BoardContext:
        """What the board is drawn from: the viewer's view (a spectator's while nobody holds the device)."""
        s = self.session
        return BoardContext(s.game, self.board_view(), self.viewer, self.palette(), s.log)

    def seat_view(self) -> Any:
        """The view of the seat deciding now (the viewer's when nobody decides)."""
        return self.session.view(self.seat if self.seat is not None else self.viewer)

    def board_version(self) -> object:
        s = self.session
        return (s.generation, len(s.record.actions), self.viewer, self.app.current_theme.dark)

    def warning(self, action: Action) -> str:
        """Why ``action`` loses the game at once, as the game tells ("" when it does not)."""
        if self.seat is None:
            return ""
        return self.look.warning(self.session.game, self.seat_view(), self.seat, action)

    def explain(self, action: Action) -> str:
        """What choosing ``action`` does, in the game's words for a newcomer ("" when it does not tell)."""
        return self.look.explain(self.session.game, self.seat_view(), action)

    def gloss(self, action: Action) -> str:
        """A few words after a menu entry, where the notation alone says too little."""
        return self.look.gloss(self.session.game, self.seat_view(), action)

    def show_outcome(self) -> None:
        outcome = self.session.outcome
        if outcome is not None:
            self.detail_height("auto")  # the score sheet: a line per seat (until the next decision)
            self.set_detail(self.look.outcome(self.board_context(), outcome))

    def detail_height(self, height: int | str) -> None:
        if self._detail_height == height:
            return
        self._detail_height = height
        detail = self.query_one("#detail", Static)
        detail.styles.height = height
        detail.styles.max_height = 10

    # ----- menus ------------------------------------------------------------------------------
    def _entry_text(self, key: str, label: str, warning: str = "") -> Text:
        text = Text()
        text.append(f"{key:>1}", style="bold reverse" if key else "")
        text.append(" " + label)
        if warning:
            text.append(_("  ⚠ loses the game"), style=self.palette().warn)
        return text

    def menu_title(self, text: str) -> None:
        self.put("#menu-title", Text(text, style="bold"))  # wraps, up to a quarter of the panel's height

    def put(self, selector: str, content: RenderableType) -> None:
        """Update a Static only when its content changes; the fixed-height ones without a new layout
        unless their number of lines (or the title's length, which wraps) changed."""
        widget = self.query_one(selector, Static)
        old = self._shown.get(selector)
        if isinstance(content, Text) and old == content:
            return
        self._shown[selector] = content
        same = False
        if isinstance(old, Text) and isinstance(content, Text):
            same = old.plain.count("\n") == content.plain.count("\n")
            if selector == "#menu-title":
                same = same and len(old) == len(content)
        widget.update(content, layout=selector not in self.FIXED or not same)

    def current_entry(self) -> Entry | None:
        if self.mode != MODE_CHOOSE or not self.levels:
            return None
        i = self.menu.highlighted
        entries = self.levels[-1].entries
        return entries[i] if i is not None and 0 <= i < len(entries) else None

    # ----- details, guide, views --------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message = text
        self.set_detail(Text(text, style=self.palette().warn))

    def set_detail(self, renderable: RenderableType) -> None:
        self.put("#detail", renderable)

    def describe(self, action: Action) -> str:
        """``action`` in the kit's words, from the deciding seat's view."""
        return self.session.kit.describe_action(self.session.game, self.seat_view(), action)

    def update_detail(self) -> None:
        p = self.palette()
        if self.mode == MODE_CONFIRM and self.chosen is not None:
            warning = self.warning(self.chosen)
            text = Text(_("Confirm (y/Enter) or go back (n/Esc): "), style=p.head)
            if warning:
                text = Text(_("⚠ This loses the game: {why}. Confirm with y, or go back (n/Esc/Enter): ", why=warning),
                            style=p.warn)
            text.append(self.describe(self.chosen))
            rules = self.look.rules_of(self.chosen.verb)
            if rules:
                text.append(f"  [{rules}]", style=p.dim)
            self.set_detail(text)
            return
        entry = self.current_entry()
        if entry is None:
            return
        text = Text()
        if self.message:  # a message (hint, error) stays until the cursor moves
            self.set_detail(Text(self.message, style=p.warn))
            self.message = ""
            return
        if entry.action is not None:
            if entry.warning:
                text.append(_("⚠ Loses the game: {why}. ", why=entry.warning), style=p.warn)
            text.append(self.describe(entry.action))
            explained = self.explain(entry.action)
            rules = self.look.rules_of(entry.action.verb)
            if explained:
                text.append("\n" + explained + _("  (? more)"))
            elif rules:
                text.append(f"  [{rules}]", style=p.dim)
        else:
            verb = entry.prefix[0]
            h = self.look.verbs.get(verb)
            if len(entry.prefix) == 1 and h is not None:
                text.append(f"{h.title}: ", style=p.head)
                text.append(h.text)
                rules = self.look.rules_of(verb)
                if rules:
                    text.append(f"  [{rules}]", style=p.dim)
            else:
                text.append(ngettext("{what}: one choice; choose to see it.",
                                     "{what}: {n} choices; choose to see them.",
                                     entry.count, what=" ".join(entry.prefix)))
        self.set_detail(text)

    def update_guide(self) -> None:
        guide = self.query_one("#guide", Static)
        guide.display = self.guide_on
        if self.guide_on and self.mode == MODE_OVER:
            self.put("#guide", Text(_("Guide: the game is over. 1 replays it step by step (Enter steps on; O plays "
                                      "on from a step in a new file), 2 saves it, 3 quits, 4 starts a rematch."),
                                    style="bold"))
            return
        if not self.guide_on or self.seat is None:
            return
        s, seat = self.session, self.seat
        tip = self.look.guide_tip(s.game, self.seat_view(), seat, self.legal)
        text = Text(_("Guide: "), style="bold")
        text.append(tip)
        self.put("#guide", text)

    def auto_view(self, prefix: tuple[str, ...] = ()) -> None:
        """Show the view that matters for the decision, unless the player chose one himself."""
        if self.board.manual or self.seat is None:
            return
        name = self.look.panel_for(self.session.game, self.seat_view(), self.legal, prefix)
        if name is not None:
            self.board.show(name)

    def log_lines(self) -> list[Text]:
        """The log as styled lines, each run of alike lines as one (:mod:`kleos.tui.log_runs`); kept
        between calls: the log only grows until undo or load."""
        p = self.palette()
        key = (self.session.generation, self.app.current_theme.dark)
        if key != self._log_key:
            self._log_key = key
            self._log_cache, self._log_runs, self._log_read = [], [], 0
        out = self._log_cache
        for line in self.session.log[self._log_read:]:
            style = p.seat(line.seat) if line.kind == "action" else ""
            if line.kind == "heading":
                style = p.head
            elif line.kind == "chance":
                style = p.dim
            if add_line(self._log_runs, line):
                out.pop()
            out.append(Text(self._log_runs[-1].text, style=style))
        self._log_read = len(self.session.log)
        return out

    def lines_since_last(self, seat: int) -> int:
        """How many of :meth:`log_lines` came after ``seat``'s last action."""
        last = self.session.last_action_index(seat)
        return sum(1 for run in self._log_runs if run.line.index > last)

    def refresh_all(self) -> None:
        s = self.session
        note = ""
        seat = s.to_act()
        if self.mode == MODE_WAIT and seat is not None and seat != CHANCE and not s.is_human(seat):
            note = _("{name} is thinking…", name=s.name(seat))
        self.put("#status", self.look.status(self.board_context(), s.actors(), note))
        self.board.refresh_view()
        recent = Text(no_wrap=True, overflow="ellipsis")
        every = self.log_lines()
        lines = every[-self.recent_lines:]
        new = self.lines_since_last(self.seat) if self.seat is not None and self.mode == MODE_CHOOSE else 0
        for n, line in enumerate(lines):
            if n:
                recent.append("\n")
            if n == 0 and new > len(lines):
                earlier = _("(+{count} earlier: {log} view) ", count=new - len(lines), log=_(LOG))
                recent.append(earlier, style=self.palette().dim)
            recent.append_text(line)
        self.put("#recent", recent)
        self.update_guide()
