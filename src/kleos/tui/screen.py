"""The main screen of the terminal app: board, menu, details; it drives the game loop.

Layout: a status bar; on the left the board in views (the game's panels and the log); on the right
the menu of the current decision, built step by step from the legal actions, and the first-game
guide; below, what the highlighted choice does, and the latest events. Chance is drawn at once, the
computer's seats decide in a worker thread (so the screen stays responsive while they think), and
each person decides in turn; in hotseat a hand-over screen hides the board between people.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.i18n.platform import N_, _, ngettext
from kleos.tui.look import LOG
from kleos.tui.menu import entry_for_key
from kleos.tui.screen_typing import COMMANDS, ScreenTyping
from kleos.tui.screen_view import MODE_CHOOSE, MODE_CONFIRM, MODE_OVER, MODE_WAIT
from kleos.tui.widgets import BOARD_PANEL_BINDINGS, PassDeviceScreen, board_source

__all__ = ["COMMANDS", "MODE_CHOOSE", "MODE_CONFIRM", "MODE_OVER", "MODE_WAIT", "OVER_ENTRIES", "GameScreen"]

OVER_ENTRIES = (("1", N_("Replay the game step by step (the record is kept)")), ("2", N_("Save the game")),
                ("3", N_("Quit")), ("4", N_("Rematch: same seats and options, a new deal")))


class GameScreen(ScreenTyping):
    """The main screen: board, menu, details; drives the game loop. Its layers, from the bottom:
    :mod:`~kleos.tui.screen_view` (display), :mod:`~kleos.tui.screen_menus`,
    :mod:`~kleos.tui.screen_commands` and :mod:`~kleos.tui.screen_typing`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("colon", "type", N_("Type"), key_display=":"),
        Binding("escape", "back", N_("Back"), key_display="Esc", show=False),
        *BOARD_PANEL_BINDINGS,
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

    def on_mount(self) -> None:
        self.board.set_source(board_source(self.look, self.board_context, self.log_lines), self.board_version)
        self.query_one("#guide", Static).display = self.guide_on
        self.menu.focus()
        self.advance()

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
