"""The Textual app shell of ``kleos play``: any game of the registry, against the computer or hotseat,
in any terminal of 80x24 or more, with the keyboard alone.

The shell knows no game: what a game looks like comes from its kit's terminal part (see
:class:`~kleos.tui.look.Look`). The screens: :mod:`kleos.tui.screen` (the game),
:mod:`kleos.tui.replay` (stepping through it) and the small ones of :mod:`kleos.tui.widgets`.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import Monochrome

from kleos.agents import agents_about
from kleos.i18n.platform import N_, _
from kleos.tui.look import Look
from kleos.tui.screen import MODE_CHOOSE, MODE_CONFIRM, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen, TextScreen
from kleos.tui.words import TranslatedBindings

__all__ = ["APP_CSS", "MODE_CHOOSE", "MODE_CONFIRM", "MODE_OVER", "MODE_WAIT", "GameApp", "GameScreen"]

APP_CSS = """
#status { height: auto; max-height: 3; padding: 0 1; background: $panel; text-wrap: nowrap;
          text-overflow: ellipsis; }
#body { height: 1fr; }
#right { width: 40%; min-width: 33; max-width: 50; border-left: vkey $primary; }
#menu-title { height: auto; max-height: 25%; padding: 0 1; background: $panel; }
#menu, #steps { height: 1fr; border: none; padding: 0; }
#guide { height: auto; max-height: 4; padding: 0 1; background: $primary-background; color: $text; }
#detail { height: 4; padding: 0 1; background: $boost; }
#recent { height: 2; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
#notation { display: none; height: 1; border: none; padding: 0 1; }
#notation:focus { border: none; }
"""


class GameApp(TranslatedBindings, App[str]):
    """``kleos play GAME`` in Textual. The app's result is a closing message for the terminal."""

    CSS = APP_CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit_game", N_("Quit"), show=False, priority=True)]

    def __init__(self, session: Session, *, guide: bool = False, confirm: bool = True, welcome: bool = True,
                 light: bool = False, replay: bool = False, mono: bool = False) -> None:
        super().__init__()
        if mono and not self.no_color:  # as Textual does itself when NO_COLOR is set
            self.no_color = True
            self._filters.append(Monochrome())
        self.session = session
        self.look = Look(session.kit)
        self.title = _("Kleos: {game}", game=session.kit.word(session.kit.title))
        self.guide = guide
        self.confirm = confirm
        self.welcome = welcome
        self.light = light
        self.replay_first = replay
        self.game_screen: GameScreen | None = None

    def on_mount(self) -> None:
        self.theme = "textual-light" if self.light else "textual-dark"
        self.game_screen = GameScreen(self.session, guide=self.guide, confirm=self.confirm)
        self.push_screen(self.game_screen)
        if self.replay_first:
            self.game_screen.call_after_refresh(self.game_screen.action_replay)
        elif self.welcome:
            self.push_screen(self.welcome_screen(), self._welcomed)

    def handicap_text(self) -> str:
        """The welcome's handicap paragraph (:meth:`Session.handicap_text`), or nothing."""
        text = self.session.handicap_text()
        return text + "\n\n" if text else ""

    def welcome_screen(self) -> ChoiceScreen:
        s = self.session
        text = Text(_("{game}, seed {seed}", game=self.look.heading(s.game), seed=s.record.seed) + "\n", style="bold")
        text.append(s.players_text() + "\n\n")
        text.append(self.handicap_text())
        about = agents_about(s.kit) if s.agents else ""
        if about:
            text.append(about + "\n\n")
        text.append(self.look.welcome())
        text.append("\n" + _("  Enter  start\n  G      start with the first-game guide (for a first game)\n"
                             "  R      read the rules reference first"), style="bold")
        return ChoiceScreen(text, {"enter": "start", "G": "guide", "g": "guide", "R": "rules", "r": "rules"},
                            escape="start")

    def _welcomed(self, answer: str | None) -> None:
        screen = self.game_screen
        if screen is None:
            return
        screen.show_first_moves()
        if answer == "guide":
            if not screen.guide_on:
                screen.action_guide()
            self.push_screen(TextScreen(_("First-game guide"), self.look.guide_intro(), markdown=True))
        elif answer == "rules":
            screen.action_rules()

    def action_quit_game(self) -> None:
        """Ctrl+Q: on the game screen, ask; elsewhere (a help page, the replay) save and leave at once."""
        screen = self.game_screen
        if screen is not None and self.screen is screen:
            screen.action_quit_game()
            return
        target = self.session.save()
        self.exit(result=_("Game saved to {file}. Resume with: {command}", file=target,
                            command=f"kleos play {self.session.kit.name} --load {target}"))
