"""The main screen of the terminal app: board, menu, details; it drives the game loop.

Layout: a status bar; on the left the board in views (the game's panels and the log); on the right
the menu of the current decision, built step by step from the legal actions, and the first-game
guide; below, what the highlighted choice does, and the latest events. Chance is drawn at once, the
computer's seats decide in a worker thread (so the screen stays responsive while they think), and
each person decides in turn; in hotseat a hand-over screen hides the board between people.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from kleos.core.action import Action
from kleos.core.errors import IllegalAction, KleosError
from kleos.core.kit.terminal import BoardContext, Palette
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.i18n.platform import N_, _, ngettext
from kleos.tui.look import LOG, Look
from kleos.tui.menu import Entry, Level, build_level, entry_for_key, find_path, tokens
from kleos.tui.replay import ReplayScreen
from kleos.tui.resign import ask_resign
from kleos.tui.session import Session
from kleos.tui.widgets import BoardPanel, ChoiceScreen, PassDeviceScreen, TextScreen, board_source
from kleos.tui.words import game_words, translate_bindings

COMMANDS = ("help", "rules", "guide", "hint", "undo", "save", "load", "replay", "resign", "quit")

MODE_CHOOSE, MODE_CONFIRM, MODE_WAIT, MODE_OVER = "choose", "confirm", "wait", "over"

OVER_ENTRIES = (("1", N_("Replay the game step by step (the record is kept)")), ("2", N_("Save the game")),
                ("3", N_("Quit")), ("4", N_("Rematch: same seats and options, a new deal")))


class GameScreen(Screen[None]):
    """The main screen: board, menu, details; drives the game loop."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("colon", "type", N_("Type"), key_display=":"),
        Binding("escape", "back", N_("Back"), key_display="Esc", show=False),
        Binding("tab", "view(1)", N_("View"), priority=True),
        Binding("shift+tab", "view(-1)", N_("Previous view"), show=False, priority=True),
        Binding("pageup", "page(-1)", N_("Scroll up"), show=False, priority=True),
        Binding("pagedown", "page(1)", N_("Scroll down"), show=False, priority=True),
        Binding("R", "rules", N_("Rules")),
        Binding("G", "guide", N_("Guide")),
        Binding("H", "hint", N_("Hint")),
        Binding("U", "undo", N_("Undo")),
        Binding("S", "save", N_("Save")),
        Binding("L", "load", N_("Load"), show=False),
        Binding("C", "confirmations", N_("Confirmations"), show=False),
        Binding("T", "theme", N_("Colours"), show=False),
        Binding("Q", "quit_game", N_("Quit")),
    ]

    def __init__(self, session: Session, *, guide: bool = False, confirm: bool = True) -> None:
        super().__init__()
        translate_bindings(self)
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
        self._log_key: tuple[int, bool] = (-1, False)
        self._detail_height: int | str = 3

    def _initial_viewer(self) -> int | None:
        if len(self.session.humans) == 1:
            return next(iter(self.session.humans))
        return None

    # ----- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            yield BoardPanel(self.look.panels, id="left", label=game_words(self.look.kit))
            with Vertical(id="right"):
                yield Static(id="menu-title")
                yield OptionList(id="menu")
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

    def on_mount(self) -> None:
        self.board.set_source(board_source(self.look, self.board_context, self.log_lines), self.board_version)
        self.query_one("#guide", Static).display = self.guide_on
        self.menu.focus()
        self.advance()

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

    # ----- the game loop ----------------------------------------------------------------------
    def advance(self) -> None:
        """Play chance and the computer until a person must decide (or the game is over)."""
        s = self.session
        self.seat = None
        self.chosen = None
        while True:
            seat = s.to_act()
            if seat is None:
                self.enter_over()
                return
            if seat == CHANCE:
                s.step_chance()
                continue
            if s.is_human(seat):
                if s.hotseat and self.viewer is not None and seat != self.viewer:
                    self.ask_pass_device(seat)
                    return
                self.viewer = seat
                self.present(seat)
                return
            self.start_agent(seat)
            return

    def start_agent(self, seat: int) -> None:
        s = self.session
        request = s.agent_request(seat)
        self.mode = MODE_WAIT
        self.menu_title(_("{name} ({kind}) is thinking…", name=s.name(seat), kind=s.spec_for(seat)))
        self.menu.clear_options()
        self.menu.add_option(Option(Text(_("{name} is thinking…", name=s.name(seat)), style="italic"), disabled=True))
        self.refresh_all()

        def think() -> tuple[tuple[int, int], int, Action]:
            return request.token, seat, s.agent_choose(request)

        self.thinking = self.run_worker(think, thread=True, exclusive=True, group="agent", name="agent")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "agent" or worker is not self.thinking:
            return
        if event.state == WorkerState.ERROR:
            self.say(_("The computer player failed: {error}. S saves the game; load it to try again.",
                       error=worker.error))
            return
        if event.state != WorkerState.SUCCESS or worker.result is None:
            return
        token, seat, action = worker.result
        self.thinking = None
        s = self.session
        if token != s.token or s.to_act() != seat:
            return  # the game changed meanwhile (undo, load)
        s.apply(seat, action)
        self.advance()

    def ask_pass_device(self, seat: int) -> None:
        """Hotseat: hide the board until the next person holds the device. Meanwhile the screen
        shows only what a spectator sees, so the previous player's secrets are not left under it."""
        s = self.session
        previous = self.viewer
        can_undo = previous is not None and s.undo_blocker(previous) is None
        self.mode = MODE_WAIT
        self.viewer = None
        self.menu.clear_options()
        self.menu_title(_("Waiting for {name}", name=s.name(seat)))
        self.refresh_all()

        def done(answer: str | None) -> None:
            if answer == "undo" and previous is not None and s.undo_blocker(previous) is None:
                s.undo(previous)
                self.say(_("{name} took back the last step.", name=s.name(previous)))
                self.viewer = previous
            else:
                self.viewer = seat
            self.advance()

        self.app.push_screen(PassDeviceScreen(s.name(seat), s.name(previous) if previous is not None else None,
                                              can_undo), done)

    def present(self, seat: int) -> None:
        """A person decides: build the first menu level from the legal actions."""
        s = self.session
        self.seat = seat
        self.mode = MODE_CHOOSE
        self.may_replace = False
        self.detail_height(3)
        self.legal = s.legal(seat)
        self.levels = [self.level(())]
        self.board.manual = False
        self.auto_view()
        self.show_level()
        self.refresh_all()
        s.autosave()

    def level(self, prefix: tuple[str, ...]) -> Level:
        return build_level(self.legal, prefix, self.look.verb_titles, self.gloss, self.look.flat_limit,
                           self.warning, self.look.last_verbs)

    def path_to(self, action: Action) -> list[Level]:
        """The menu levels that lead to ``action`` (for hints and tests that press the keys)."""
        return find_path(self.legal, action, self.look.verb_titles, self.gloss, self.look.flat_limit,
                         self.warning, self.look.last_verbs)

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

    def enter_over(self) -> None:
        self.mode = MODE_OVER
        self.seat = None
        self.menu_title(_("Game over"))
        self.levels = []
        self.menu.clear_options()
        for key, label in OVER_ENTRIES:
            self.menu.add_option(Option(self._entry_text(key, _(label)), id=f"over-{key}"))
        self.menu.highlighted = 0
        final = self.look.final_panel
        if final is not None and not self.board.manual:
            self.board.show(final)
        self.refresh_all()
        self.session.autosave()
        self.show_outcome()

    def show_first_moves(self) -> None:
        """After the welcome, which covered the board while the computer made the first moves: say who
        made how many, with the latest, and where to read them all (nothing when nobody else moved)."""
        s, seat = self.session, self.seat
        if seat is None or self.mode != MODE_CHOOSE:
            return
        moved = [line for line in s.since_last(seat) if line.kind == "action" and line.seat != seat]
        if not moved:
            return
        who = _(" and ").join(dict.fromkeys(s.name(line.seat) for line in moved))
        self.say(ngettext("{who} moved first (one step; Tab to the {log} view reads it). Latest: {latest}",
                          "{who} moved first ({n} steps; Tab to the {log} view reads them all). Latest: {latest}",
                          len(moved), who=who, log=_(LOG), latest=moved[-1].text))

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

    def show_level(self, highlight: Action | None = None) -> None:
        level = self.levels[-1]
        self.mode = MODE_CHOOSE
        self.chosen = None
        menu = self.menu
        menu.clear_options()
        for i, e in enumerate(level.entries):
            menu.add_option(Option(self._entry_text(e.key, e.label, e.warning), id=f"e{i}"))
        index = 0
        if highlight is not None:
            index = next((i for i, e in enumerate(level.entries) if e.action == highlight), 0)
        if level.entries:
            menu.highlighted = index
        assert self.seat is not None
        title = self.look.title(self.session.game, self.seat_view(), self.seat)
        if level.prefix and len(self.levels) != 1:
            title = self.look.verb_titles.get(level.prefix[0], level.prefix[0])
            if len(level.prefix) > 1:
                title += " › " + " ".join(level.prefix[1:])
        self.menu_title(f"{self.session.name(self.seat)}: {title}")
        self.update_detail()
        self.update_guide()

    def menu_title(self, text: str) -> None:
        self.put("#menu-title", Text(text, style="bold"))  # wraps (up to 3 lines): a long title is not cut

    FIXED = frozenset({"#status", "#menu-title", "#detail", "#recent"})

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

    def take(self, entry: Entry) -> None:
        if entry.action is None:
            self.levels.append(self.level(entry.prefix))
            self.auto_view(entry.prefix)
            self.show_level()
            return
        self.choose_action(entry.action)

    def needs_confirmation(self, action: Action | None = None) -> bool:
        """Confirm every choice except the small steps inside an action (paying for the next unit,
        moving the next one …, as the game tells): those are shown as they are highlighted and can be
        undone. A choice that loses the game at once is always confirmed, confirmations on or off."""
        if action is not None and self.warning(action):
            return True
        if not self.confirm or self.seat is None:
            return self.confirm
        return not self.look.small_step(self.session.game, self.seat_view(), self.seat)

    def choose_action(self, action: Action) -> None:
        if not self.needs_confirmation(action):
            self.commit(action)
            return
        self.mode = MODE_CONFIRM
        self.chosen = action
        warning = self.warning(action)
        menu = self.menu
        menu.clear_options()
        if warning:
            menu.add_option(Option(self._entry_text("n", _("Back (safe)")), id="back"))
            confirm = _("Confirm: {action}, and lose the game", action=action)
            menu.add_option(Option(self._entry_text("y", confirm), id="confirm"))
        else:
            menu.add_option(Option(self._entry_text("y", _("Confirm: {action}", action=action)), id="confirm"))
            menu.add_option(Option(self._entry_text("n", _("Back")), id="back"))
        menu.highlighted = 0
        self.menu_title(_("⚠ {action} loses the game: confirm?", action=action) if warning
                        else _("Confirm {action}?", action=action))
        self.update_detail()

    def confirm_index(self) -> int:
        """Where "confirm" is in the confirmation menu (after "back" when the choice loses the game,
        so that Enter alone never loses it)."""
        return 1 if self.chosen is not None and self.warning(self.chosen) else 0

    def commit(self, action: Action) -> None:
        seat = self.seat
        if seat is None:
            return
        try:
            self.session.apply(seat, action)
        except IllegalAction as exc:
            self.say(_("Not allowed ({rule}): {why}", rule=exc.rule, why=self.session.kit.render_illegal(exc)))
            return
        self.message = ""
        self.advance()

    def back(self) -> None:
        if self.mode == MODE_CONFIRM:
            self.show_level(highlight=self.chosen)
        elif self.mode == MODE_CHOOSE and len(self.levels) > 1:
            prefix = self.levels[-1].prefix
            self.levels.pop()
            self.show_level()
            up = next((i for i, e in enumerate(self.levels[-1].entries) if e.prefix == prefix), None)
            if up is not None:
                self.menu.highlighted = up

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.menu:
            self.update_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is not self.menu:
            return
        event.stop()
        self.activate(event.option_index)

    def activate(self, index: int) -> None:
        if self.mode == MODE_CHOOSE:
            entries = self.levels[-1].entries if self.levels else ()
            if 0 <= index < len(entries):
                self.take(entries[index])
        elif self.mode == MODE_CONFIRM:
            if index == self.confirm_index() and self.chosen is not None:
                self.commit(self.chosen)
            else:
                self.back()
        elif self.mode == MODE_OVER:
            [self.action_replay, self.action_save, self.action_quit_game, self.action_rematch][index]()

    def action_back(self) -> None:
        if self.notation.display:
            self.close_notation()
        else:
            self.back()

    def on_key(self, event: events.Key) -> None:
        if self.focused is not self.menu:
            return
        key, char = event.key, event.character
        if key == "backspace":
            event.stop()
            self.back()
            return
        if char is None or not char.isprintable() or char.isupper():
            return
        if self.mode == MODE_CHOOSE and self.levels:
            entry = entry_for_key(self.levels[-1], char)
            if entry is not None:
                event.stop()
                self.take(entry)
        elif self.mode == MODE_CONFIRM:
            if char == "y":
                event.stop()
                self.activate(self.confirm_index())
            elif char == "n":
                event.stop()
                self.back()
        elif self.mode == MODE_OVER and char in "1234":
            event.stop()
            self.activate("1234".index(char))

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
        """The log as styled lines (kept between calls: the log only grows until undo or load)."""
        p = self.palette()
        key = (self.session.generation, self.app.current_theme.dark)
        if key != self._log_key:
            self._log_key = key
            self._log_cache = []
        out = self._log_cache
        for line in self.session.log[len(out):]:
            style = p.seat(line.seat) if line.kind == "action" else ""
            if line.kind == "heading":
                style = p.head
            elif line.kind == "chance":
                style = p.dim
            out.append(Text(line.text, style=style))
        return out

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
        new = len(s.since_last(self.seat)) if self.seat is not None and self.mode == MODE_CHOOSE else 0
        for n, line in enumerate(lines):
            if n:
                recent.append("\n")
            if n == 0 and new > len(lines):
                earlier = _("(+{count} earlier: {log} view) ", count=new - len(lines), log=_(LOG))
                recent.append(earlier, style=self.palette().dim)
            recent.append_text(line)
        self.put("#recent", recent)
        self.update_guide()

    # ----- commands ---------------------------------------------------------------------------
    def action_view(self, step: int) -> None:
        self.board.cycle(step)

    def action_page(self, step: int) -> None:
        self.board.scroll_page(step)

    def action_help(self) -> None:
        p = self.palette()
        body = self.entry_help()
        body.append(self.look.keys_help(self.session.hint_name))
        verbs: list[str] = []
        for a in self.legal if self.mode in (MODE_CHOOSE, MODE_CONFIRM) else []:
            if a.verb not in verbs:
                verbs.append(a.verb)
        if verbs:
            body.append(_("\nYour choices now\n"), style=p.head)
            for verb in verbs:
                h = self.look.verbs.get(verb)
                if h is None:
                    continue
                body.append(f"\n{verb}", style="bold")
                body.append(f" — {h.title}\n  {h.text}\n")
                if h.rules:
                    body.append(_("  Rules: {ids}\n", ids=", ".join(h.rules)), style=p.dim)
        body.append(_("\nThe menu offers only legal actions; the line under the board says what the highlighted "
                      "one costs and does. Typed actions use the same words (the notation).\n"), style=p.dim)
        self.app.push_screen(TextScreen(_("Help"), body))

    def entry_help(self) -> Text:
        """The help page's head while a menu entry is highlighted: what that entry does (the game's
        explanation of an action), its verb's help, and where the whole rules are."""
        p = self.palette()
        body = Text()
        entry = self.current_entry()
        if entry is None or not entry.prefix:
            return body
        verb = entry.prefix[0]
        help_ = self.look.verbs.get(verb)
        explained = self.explain(entry.action) if entry.action is not None else ""
        if not explained and help_ is None:
            return body
        body.append(_("This choice: {label}\n", label=entry.label), style=p.head)
        if explained:
            body.append(f"  {explained}\n")
        if help_ is not None:
            body.append(f"\n{verb}", style="bold")
            body.append(f" — {help_.title}\n  {help_.text}\n")
            if help_.rules:
                body.append(_("  Rules: {ids}\n", ids=", ".join(help_.rules)), style=p.dim)
        body.append(_("\nR opens the full rules reference.\n\n"), style=p.dim)
        return body

    def action_rules(self) -> None:
        self.app.push_screen(TextScreen(_("Rules reference"), self.look.rules(), markdown=True))

    def action_guide(self) -> None:
        self.guide_on = not self.guide_on
        self.update_guide()
        self.app.notify(_("First-game guide on.") if self.guide_on else _("First-game guide off."), timeout=2)

    def action_confirmations(self) -> None:
        self.confirm = not self.confirm
        self.app.notify(_("Confirmations on.") if self.confirm else _("Confirmations off."), timeout=2)

    def action_theme(self) -> None:
        self.app.theme = "textual-light" if self.app.current_theme.dark else "textual-dark"
        self.refresh_all()
        if self.mode == MODE_OVER:
            self.show_outcome()
        else:
            self.update_detail()

    def action_hint(self) -> None:
        if self.seat is None or self.mode not in (MODE_CHOOSE, MODE_CONFIRM):
            self.say(_("No decision of yours to hint at now."))
            return
        action = self.session.hint(self.seat)
        self.levels = self.path_to(action)
        self.show_level(highlight=action)
        words = self.describe(action)
        why = self.session.hint_reason(self.seat, action)
        hint = _("Hint: the {kind} computer player would choose '{action}'", kind=self.session.hint_name,
                 action=action)
        self.say(hint + (f": {words}" if words != str(action) else "") + (f". {why}" if why else ""))

    def undo_seat(self) -> int | None:
        if self.seat is not None:
            return self.seat
        return self.viewer

    def action_undo(self) -> None:
        s = self.session
        seat = self.undo_seat()
        if seat is None:
            self.say(_("Nothing to undo."))
            return
        why = s.undo_blocker(seat)
        if why is not None:
            self.say(_("Cannot undo: {why}.", why=why))
            self.app.notify(_("Cannot undo: {why}.", why=why), severity="warning", timeout=3)
            return
        s.undo(seat)
        self.thinking = None
        self.advance()
        self.say(_("{name} took back the last step.", name=s.name(seat)))

    def action_save(self, path: str = "") -> None:
        try:
            target = self.session.save(Path(path) if path else None)
        except OSError as exc:
            self.say(_("Could not save: {error}", error=exc))
            return
        self.app.notify(_("Saved to {file}", file=target), timeout=3)
        self.say(_("Game saved to {file} (resume with: {command}).", file=target, command=self.resume_command(target)))

    def resume_command(self, target: Path) -> str:
        return f"kleos play {self.session.kit.name} --load {target}"

    def action_load(self) -> None:
        self.offer_save(lambda: self.open_notation("load "))

    def offer_save(self, then: Callable[[], None]) -> None:
        """Before another game replaces this one: save it first, or not, or stay (a game not yet
        begun, or already saved where it autosaves, goes on at once)."""
        s = self.session
        if not s.record.actions or s.save_path is not None or self.may_replace:
            self.may_replace = True
            then()
            return
        text = Text(_("Load another game?") + "\n\n", style="bold")
        text.append(_("This game will be replaced by the one you load.") + "\n\n"
                    + _("  y    save this game first\n  n    do not save it\n  Esc  stay in this game"))

        def done(answer: str | None) -> None:
            if answer == "save":
                self.action_save()
            if answer in ("save", "discard"):
                self.may_replace = True  # asked once: the file name typed next loads at once
                then()

        self.app.push_screen(ChoiceScreen(text, {"y": "save", "n": "discard", "enter": "save"}, escape="stay"), done)

    def load(self, path: str) -> None:
        self.may_replace = False
        try:
            record = GameRecord.loads(Path(path).read_text(encoding="utf-8"))
            self.session.replace_record(record)
        except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
            self.say(_("Cannot load {file}: {error}", file=path, error=exc))
            return
        self.session.save_path = Path(path)
        self.thinking = None
        self.viewer = self._initial_viewer()
        self.board.set_source(board_source(self.look, self.board_context, self.log_lines), self.board_version)
        self.advance()
        self.say(ngettext("Loaded {file}: one action replayed.", "Loaded {file}: {n} actions replayed.",
                          len(self.session.record.actions), file=path))

    def action_replay(self) -> None:
        s = self.session
        reveal = s.over
        screen = ReplayScreen(s, reveal=reveal, viewer=self._initial_viewer())

        def done(keep: int | None) -> None:
            if keep is None or keep >= len(s.record.actions):
                return
            try:
                files = s.branch(keep)
            except OSError as exc:
                self.say(_("Could not play on: {error}", error=exc))
                return
            self.thinking = None
            self.viewer = self._initial_viewer()
            self.advance()
            if files is not None:
                self.say(_("Playing on from step {step}, saved to {branch}; the whole game stays in {whole}.",
                           step=keep, branch=files[1], whole=files[0]))
            else:
                self.say(_("Playing on from step {step}.", step=keep))

        self.app.push_screen(screen, done)

    def action_rematch(self) -> None:
        """The game-over menu's rematch: a new game of the same seats and options (a new file if saved)."""
        s = self.session
        try:
            target = s.rematch()
        except (OSError, KleosError) as exc:
            self.say(_("Could not start a rematch: {error}", error=exc))
            return
        self.thinking = None
        self.viewer = self._initial_viewer()
        self.board.manual = False
        self.board.set_source(board_source(self.look, self.board_context, self.log_lines), self.board_version)
        self.advance()
        if target is not None:
            self.say(_("Rematch: a new game (seed {seed}), saved to {file}.", seed=s.record.seed, file=target))
        else:
            self.say(_("Rematch: a new game (seed {seed}).", seed=s.record.seed))

    def action_resign(self) -> None:
        ask_resign(self)  # :resign (kleos.tui.resign): asks first

    def action_quit_game(self) -> None:
        text = Text(_("Leave the game?") + "\n\n", style="bold")
        text.append(_("  y  save and quit\n  n  quit without saving\n  Esc  stay"))

        def done(answer: str | None) -> None:
            if answer == "save":
                target = self.session.save()
                self.app.exit(result=_("Game saved to {file}. Resume with: {command}", file=target,
                                               command=self.resume_command(target)))
            elif answer == "quit":
                self.app.exit(result="")

        self.app.push_screen(ChoiceScreen(text, {"y": "save", "n": "quit", "enter": "save"}, escape="stay"), done)

    # ----- the notation input -----------------------------------------------------------------
    def action_type(self) -> None:
        self.open_notation("")

    def open_notation(self, text: str) -> None:
        box = self.notation
        words = [str(a) for a in self.legal] if self.mode in (MODE_CHOOSE, MODE_CONFIRM) else []
        box.suggester = SuggestFromList([*words, *COMMANDS], case_sensitive=False)
        box.display = True
        box.value = text
        box.cursor_position = len(text)
        box.focus()

    def close_notation(self) -> None:
        self.notation.display = False
        self.notation.value = ""
        self.menu.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input is not self.notation:
            return
        event.stop()
        text = event.value.strip()
        self.close_notation()
        if text:
            self.run_typed(text)

    def run_typed(self, text: str) -> None:
        word, _sep, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        commands = {
            "help": self.action_help, "?": self.action_help, "rules": self.action_rules,
            "guide": self.action_guide, "hint": self.action_hint, "undo": self.action_undo,
            "replay": self.action_replay, "quit": self.action_quit_game, "exit": self.action_quit_game,
            "resign": self.action_resign,
        }
        if word in commands and not rest:
            commands[word]()
            return
        if word == "save":
            self.action_save(rest)
            return
        if word == "load":
            if rest:
                self.offer_save(lambda: self.load(rest))
            else:
                self.say(_("Which file? Type: load FILE"))
            return
        panel = next((name for name in self.look.panels if name.lower() == rest.lower()), None)
        if word in ("view", "show") and panel is not None:
            self.board.show(panel, manual=True)
            return
        if len(text) == 1 and self.mode == MODE_CHOOSE and self.levels:
            entry = entry_for_key(self.levels[-1], text)  # a menu key typed, as pressed
            if entry is not None:
                self.take(entry)
                return
        if self.seat is None or self.mode not in (MODE_CHOOSE, MODE_CONFIRM):
            self.say(_("It is not your decision now."))
            return
        action, why = self.session.parse(self.seat, text)
        if action is not None:
            self.choose_action(action)
            return
        typed = tuple(text.split())
        if any(tokens(a)[:len(typed)] == typed for a in self.legal):
            self.levels = [self.level(())]
            level = self.level(typed)
            if level.entries:
                self.levels.append(level)
            self.show_level()
            return
        self.say(why)


