"""``kleos play GAME --plain``: any game as lines of text, answered on standard input.

For a pipe, a script, a screen reader or a terminal without the full-screen app: the position in
the kit's words, a numbered menu of the legal actions, answers by number or in notation.
``sys.stdin`` and ``sys.stdout`` are looked up at call time, so tests drive whole games through
replaced ones. The game is the app's :class:`~kleos.tui.session.Session` (the same log, saves and
agents' generators): both front ends play the same game from the same file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.i18n.platform import N_, _
from kleos.tui.log_runs import Run, fold, grown
from kleos.tui.look import Look
from kleos.tui.session import Session

LOG_LINES = 20

GAME_HELP = N_("""\
Answer with the number of a menu entry, or type the action itself in notation (shown in brackets).
  help          this text
  board         show the board again
  menu          show the numbered actions again
  log [N]       the last N steps in plain words (default 20)
  save [FILE]   save the game (the action log) to FILE (default: the game's save file)
  quit, q       save and leave (asks for confirmation); resume with --load FILE
""")


def out(text: str = "") -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def read(prompt: str) -> str | None:
    """A line of standard input without its newline (``None`` at the end of input)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    return line.rstrip("\n") if line else None


class PlainGame:
    """One game in the text loop: people answer menus, the computer's seats and chance play by themselves."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.look = Look(session.kit)
        self.shown = len(session.log)  # the log lines printed so far
        self.held: Run | None = None  # the last run of alike lines, not printed yet
        self.held_notations: set[str | None] = set()  # the notations of the held run's lines
        self.last_decider: int | None = None
        self.board_shown: tuple[int, str] | None = None  # the seat and the board printed last
        self.notations: dict[int, str] = {}  # record index -> a computer's action the readers may see

    # ----- the loop -------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game is over or the player leaves (the game then saved); the exit status."""
        s = self.session
        while True:
            seat = s.to_act()
            self.print_new_log(flush=seat is None or (seat != CHANCE and s.is_human(seat)))
            if seat is None:
                return self.finish()
            if seat == CHANCE:
                s.step_chance()
            elif not s.is_human(seat):
                self.computer_moves(seat)
            elif not self.decide(seat):
                return 0

    def computer_moves(self, seat: int) -> None:
        s = self.session
        action = s.agent_choose(s.agent_request(seat))
        before = s.game.copy(s.state)
        s.apply(seat, action)
        if s.may_read(before, seat, action):
            self.notations[len(s.record.actions) - 1] = str(action)

    def print_new_log(self, flush: bool = True) -> None:
        """The steps since the last decision, but a person's own (the board shows them), a run of
        alike lines as one (:mod:`kleos.tui.log_runs`): the last line is held back until a different
        one comes or ``flush`` (a person's decision, the end) asks for it."""
        s = self.session
        for line in s.log[self.shown:]:
            if line.kind == "action" and s.is_human(line.seat):
                continue
            bigger = grown(self.held, line) if self.held is not None else None
            if bigger is not None:
                self.held = bigger
            else:
                self.print_held()
                self.held, self.held_notations = Run(line), set()
            self.held_notations.add(self.notations.get(line.index) if line.kind == "action" else None)
        self.shown = len(s.log)
        if flush:
            self.print_held()

    def print_held(self) -> None:
        """Print the run of alike lines held back (see :meth:`print_new_log`)."""
        if self.held is not None:
            out(self.with_notation(self.held, self.held_notations))
            self.held = None

    @staticmethod
    def with_notation(run: Run, notations: set[str | None]) -> str:
        """A computer's action with its notation (unless secret), so that a player learns the notation by
        watching; a run of alike lines as one (:mod:`kleos.tui.log_runs`), with the notation when all
        its lines had the same one ("build a Fortress on I5 (×2)   [build I5]")."""
        notation = next(iter(notations)) if len(notations) == 1 else None
        return run.text if notation is None else f"{run.text}   [{notation}]"

    def finish(self) -> int:
        s = self.session
        viewer = min(s.humans) if len(s.humans) == 1 else self.last_decider
        out()
        out(s.kit.describe_view(s.game, s.view(viewer), viewer))
        if s.save_path is not None:
            out(_("Game saved to {file}.", file=s.save(s.save_path)))
        return 0

    # ----- a person's decision --------------------------------------------------------------------
    def decide(self, seat: int) -> bool:
        """Ask ``seat`` until it answers an action (carried out and saved); ``False``: it left."""
        if not self.pass_device(seat):
            return False
        self.last_decider = seat
        s = self.session
        legal = s.legal(seat)
        out()
        self.show_board_if_changed(seat)
        out()
        self.menu(seat, legal)
        while True:
            line = read(f"{s.name(seat)}> ")
            if line is None:
                out()
                self.save_and_leave(_("End of input."))
                return False
            answer = self.answer(seat, legal, line.strip())
            if answer is False:
                return False
            if isinstance(answer, Action):
                s.apply(seat, answer)
                s.autosave()
                return True

    def answer(self, seat: int, legal: list[Action], text: str) -> Action | bool:
        """What a typed line means: an action, ``False`` to leave, ``True`` to ask again."""
        word, _space, rest = text.partition(" ")
        word = word.lower()
        if not text:
            return True
        if text.isdigit():
            return self.numbered(legal, int(text))
        if word in ("quit", "exit", "q") and not rest:
            return not self.quit()
        commands = {"help": lambda: out(_(GAME_HELP)), "?": lambda: out(_(GAME_HELP)),
                    "board": lambda: self.show_board(seat), "menu": lambda: self.menu(seat, legal),
                    "log": lambda: self.show_log(rest), "save": lambda: self.save_command(rest)}
        if word in commands:
            commands[word]()
            return True
        action, why = self.session.parse(seat, text)
        if action is not None:
            return action
        out(why)
        return True

    def numbered(self, legal: list[Action], n: int) -> Action | bool:
        if 1 <= n <= len(legal):
            return legal[n - 1]
        out(_("There is no choice {n}: answer 1 to {last}, or 'help'.", n=n, last=len(legal)))
        return True

    def show_board(self, seat: int) -> None:
        out(self.remember_board(seat)[1])

    def remember_board(self, seat: int) -> tuple[int, str]:
        """``seat``'s board as text, kept as the last one shown."""
        s = self.session
        self.board_shown = (seat, s.kit.describe_view(s.game, s.view(seat), seat))
        return self.board_shown

    def show_board_if_changed(self, seat: int) -> None:
        """The board before a decision, or one line when ``seat`` saw the same board last time (a
        series of choices, such as cards set aside one by one, would print it again and again)."""
        last = self.board_shown
        board = self.remember_board(seat)
        out(_("(The board is as above; 'board' shows it again.)") if board == last else board[1])

    def menu(self, seat: int, legal: list[Action]) -> None:
        """The numbered choices under a line that says what is decided, when the game names it ("Your
        choices (Player 1): <the menu's title>"), as the terminal app's menu title does."""
        s = self.session
        view = s.view(seat)
        if self.look.parts.menus.title is not None:
            out(_("Your choices ({name}): {what}", name=s.name(seat), what=self.look.title(s.game, view, seat)))
        else:
            out(_("Your choices ({name}):", name=s.name(seat)))
        width = len(str(len(legal)))
        for i, action in enumerate(legal, start=1):
            warning = self.look.warning(s.game, view, seat, action)
            flag = "   " + _("!! LOSES THE GAME: {why}", why=warning) if warning else ""
            gloss = self.look.gloss(s.game, view, action)
            words = s.kit.describe_action(s.game, view, action) + (f" ({gloss})" if gloss else "")
            out(f"  {i:>{width}}. {words}   [{action}]{flag}")

    def show_log(self, rest: str) -> None:
        n = int(rest) if rest.strip().isdigit() else LOG_LINES
        lines = [run.text for run in fold(self.session.log)][-n:] if n > 0 else []
        out("\n".join(lines) if lines else _("(nothing has happened yet)"))

    def save_command(self, rest: str) -> None:
        """``save [FILE]``: a copy in FILE; the game goes on saving where it did (``--save``)."""
        s = self.session
        path, kept = (Path(rest.strip()) if rest.strip() else None), s.save_path
        try:
            out(_("Game saved to {file}.", file=s.save(path)))
        except OSError as exc:
            out(_("Could not save: {error}", error=exc))
        finally:
            s.save_path = kept

    def quit(self) -> bool:
        """``quit``: after a confirmation (or at the end of input), save and leave."""
        answer = read(_("Quit now? The game will be saved. [y/N] "))
        if answer is None or answer.strip().lower() in ("y", "yes"):
            self.save_and_leave(_("Leaving.") if answer is not None else _("End of input."))
            return True
        out(_("Going on."))
        return False

    def save_and_leave(self, why: str) -> None:
        s = self.session
        target = s.save()
        out(why + " " + _("Game saved to {file}. Resume with: {command}", file=target,
                          command=f"kleos play {s.kit.name} --load {target}"))

    def pass_device(self, seat: int) -> bool:
        """Hotseat: before the board shows ``seat``'s secrets, let the previous player look away."""
        s = self.session
        if not s.hotseat or self.last_decider in (None, seat):
            return True
        out("\n" * 3 + _("Pass the device to {name}.", name=s.name(seat)))
        if read(_("{name}, press Enter when ready. ", name=s.name(seat))) is None:
            self.save_and_leave(_("End of input."))
            return False
        out("\n" * 30)
        self.board_shown = None
        return True


# ----- starting -------------------------------------------------------------------------------
def play_plain(session: Session, *, resumed: Path | None = None) -> int:
    """The text loop from a new game or one resumed from ``resumed``: the opening lines, then :meth:`PlainGame.run`."""
    s = session
    if resumed is not None:
        out(_("Resumed {file}: {n} actions replayed.", file=resumed, n=len(s.record.actions)))
    who = _(" and ").join(s.name(x) for x in sorted(s.humans)) or _("nobody (the computer plays every seat)")
    out(_("{game}, seed {seed}", game=Look(s.kit).heading(s.game), seed=s.record.seed) + ". "
        + _("You play {who}{opponents}.", who=who, opponents=s.opponents_text()))
    handicap = s.handicap_text()
    if handicap:
        out(handicap)
    out(_("Type 'help' at any prompt for the commands."))
    return PlainGame(session).run()


def print_replay(session: Session, path: Path) -> int:
    """``--replay`` without the full-screen app: the saved game's log, numbered, and its last position."""
    s = session
    out(_("Replay of {file}: {n} actions.", file=path, n=len(s.record.actions)))
    for number, line in enumerate(s.log, start=1):
        out(f"{number:>4}. {line.text}")
    out()
    out(s.kit.describe_view(s.game, s.view(None), None))
    return 0
