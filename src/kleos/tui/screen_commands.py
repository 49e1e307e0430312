"""The game screen's commands: help, rules, guide, hint, undo, save, load, replay, rematch, resign, quit.

A layer of :class:`~kleos.tui.screen.GameScreen` above its menus (:mod:`kleos.tui.screen_menus`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text

from kleos.core.errors import KleosError
from kleos.core.record import GameRecord
from kleos.i18n.platform import _, ngettext
from kleos.tui.replay import ReplayScreen
from kleos.tui.resign import ask_resign
from kleos.tui.screen_menus import ScreenMenus
from kleos.tui.screen_view import MODE_CHOOSE, MODE_CONFIRM, MODE_OVER
from kleos.tui.widgets import ChoiceScreen, TextScreen, board_source


class ScreenCommands(ScreenMenus):
    """The keys' and typed commands' actions (the game itself goes on in the loop)."""

    def action_view(self, step: int) -> None:
        self.board.cycle(step)

    def action_page(self, step: int) -> None:
        self.board.scroll_page(step)

    def action_help(self) -> None:
        p = self.palette()
        body = self.decision_help()
        body.append(self.entry_help())
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

    def decision_help(self) -> Text:
        """The decision's title whole, first on the help page: a narrow menu panel (80 columns give it
        33) shows a long title only as far as a quarter of its height, and a submenu's title names only
        the path taken ("Move a unit › <where from>")."""
        body = Text()
        if self.seat is None or self.mode not in (MODE_CHOOSE, MODE_CONFIRM):
            return body
        title = self.look.title(self.session.game, self.seat_view(), self.seat)
        if title:
            body.append(_("Decision: {title}\n\n", title=f"{self.session.name(self.seat)}: {title}"),
                        style=self.palette().head)
        return body

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
        self.app.push_screen(TextScreen(_("Rules reference"), self.look.rules(self.session.game), markdown=True))

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
        ranking = self.session.hint_ranking(self.seat)
        action = ranking[0][1]
        self.levels = self.path_to(action)
        self.show_level(highlight=action)
        words = self.describe(action)
        why = self.session.hint_reason(self.seat, action)
        close = self.session.lookahead_words(self.seat, ranking)
        hint = _("Hint: the {kind} computer player would choose '{action}'", kind=self.session.hint_name,
                 action=action)
        self.say(hint + (f": {words}" if words != str(action) else "") + (f". {why}" if why else "")
                 + (f". {close}" if close else ""))

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
