"""The game screen's typing box: an action in notation, a command or a menu key typed after ``:``.

A layer of :class:`~kleos.tui.screen.GameScreen` above its commands (:mod:`kleos.tui.screen_commands`).
"""

from __future__ import annotations

from textual.suggester import SuggestFromList
from textual.widgets import Input

from kleos.i18n.platform import _
from kleos.tui.menu import entry_for_key, tokens
from kleos.tui.screen_commands import ScreenCommands
from kleos.tui.screen_view import MODE_CHOOSE, MODE_CONFIRM

COMMANDS = ("help", "rules", "guide", "hint", "undo", "save", "load", "replay", "resign", "quit")


class ScreenTyping(ScreenCommands):
    """The notation box (``:``): typed actions, commands and file names."""

    def action_load(self) -> None:
        self.offer_save(lambda: self.open_notation("load "))

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
