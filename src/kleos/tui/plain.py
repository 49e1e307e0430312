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
from kleos.core.kit.terminal import ends_step, gloss_beyond
from kleos.core.protocol import CHANCE
from kleos.i18n.platform import N_, _
from kleos.tui.board_change import changed_lines
from kleos.tui.log_runs import Run, fold, grown
from kleos.tui.look import Look, verb_told
from kleos.tui.menu_runs import Runs, SharedRun, counted_of, menu_runs, printed_lines, shared_lines
from kleos.tui.rule_ids import RULE_ID, names
from kleos.tui.session import Session

LOG_LINES = 20
LONG_MENU = 30
"""A menu printing more lines than this ends with a word on ``menu WORD``."""

GAME_HELP = N_("""\
Answer with the number of a menu entry, or type the action itself in notation (shown in brackets).
  help          this text
  board         show the board again
  menu [WORD]   show the numbered actions again; with a word, only those that name it
  explain N     what menu entry N does, with its rules ("? N" too)
  rules [WORD]  the rules' headings; with a word or a rule ID, the parts of the rules that name it
  hint          what the computer would choose here, and why when it can say
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
        self.told_runs: set[str] = set()  # the kinds of run ("counted", "shared") whose reading a menu has told

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
        legal = self.ordered(s.legal(seat))
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
                out(_("You chose: {action}   [{notation}]", action=s.kit.describe_action(s.game, s.view(seat), answer),
                      notation=answer))  # an answer by number said back: the log leaves out one's own steps
                s.apply(seat, answer)
                s.autosave()
                return True

    def ordered(self, legal: list[Action]) -> list[Action]:
        """The legal actions as the menu numbers them: the entries that end a turn or a step (the
        game's ``last_verbs``: "end the turn", "end the redeployment") after the others, as the
        full-screen app and the browser list them, so that answering 1 never ends a turn by mistake."""
        last = self.look.last_verbs
        return sorted(legal, key=lambda action: ends_step(action, last))  # a stable sort: the order kept

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
        commands = {"help": lambda: out(_(GAME_HELP)), "?": lambda: self.explain(seat, legal, rest),
                    "explain": lambda: self.explain(seat, legal, rest), "rules": lambda: self.show_rules(rest),
                    "hint": lambda: self.show_hint(seat, legal),
                    "board": lambda: self.show_board(seat), "menu": lambda: self.menu(seat, legal, rest),
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
        """The board before a decision; when ``seat`` saw it last in the same turn and phase, only
        the parts that changed, or one line when none did (a series of choices, such as cards set
        aside one by one, would print it again and again)."""
        last = self.board_shown
        board = self.remember_board(seat)
        if board == last:
            out(_("(The board is as above; 'board' shows it again.)"))
            return
        changed = changed_lines(last[1], board[1]) if last is not None and last[0] == seat else None
        if changed is None:
            out(board[1])
            return
        out(_("Changed on the board:"))
        out("\n".join(changed))
        out(_("(The rest of the board is as above; 'board' shows all of it.)"))

    def menu(self, seat: int, legal: list[Action], word: str = "") -> None:
        """The numbered choices under a line that says what is decided, when the game names it ("Your
        choices (Player 1): <the menu's title>"), as the terminal app's menu title does; with
        ``word``, only the entries whose words or notation name it, by their own numbers."""
        s = self.session
        if word.strip():
            self.menu_naming(seat, legal, word.strip())
            return
        view = s.view(seat)
        if self.look.parts.menus.title is not None:
            out(_("Your choices ({name}): {what}", name=s.name(seat), what=self.look.title(s.game, view, seat)))
        else:
            out(_("Your choices ({name}):", name=s.name(seat)))
        width = len(str(len(legal)))
        warnings = [self.look.warning(s.game, view, seat, action) for action in legal]
        words = [self.words(view, action) for action in legal]  # once: the runs and the lines both read them
        runs = menu_runs(legal, words, warnings, self.look.flat_limit, self.run_ends(view, legal))
        i = 0
        while i < len(legal):
            run = runs.get(i)
            if isinstance(run, SharedRun):  # entries alike but for their end: one line, each end numbered
                out("\n".join(shared_lines(run, width)))
                i = run.last + 1
            elif run is not None:  # a count from one number to another: one line for the whole run
                out(f"  {self.run_words(view, i, run, legal)}")
                i = run + 1
            else:
                out(entry_line(i, width, words[i], legal[i], warnings[i]))
                i += 1
        self.tell_runs(runs)
        if printed_lines(len(legal), counted_of(runs)) > LONG_MENU:  # many choices, however they are printed
            out(_("({n} choices: 'menu WORD' lists only those that name WORD, such as a place or a piece.)",
                  n=len(legal)))

    def run_ends(self, view: object, legal: list[Action]) -> list[tuple[str, str] | None] | None:
        """The game's head and short end of each entry, for a menu long enough to have runs."""
        if len(legal) <= self.look.flat_limit:
            return None
        return [self.look.run_end(self.session.game, view, action) for action in legal]

    def tell_runs(self, runs: Runs) -> None:
        """How a menu's runs are read, the first time a game's menus have such a run: a screen reader
        would read the same note out at every bid."""
        counted = sorted(counted_of(runs).items())
        if counted and "counted" not in self.told_runs:
            self.told_runs.add("counted")
            first, last = counted[0]
            out(_("(A line numbered {first} to {last} holds one entry for each number, in order; 'explain N' "
                  "tells one.)", first=first + 1, last=last + 1))
        if len(counted) < len(runs) and "shared" not in self.told_runs:
            self.told_runs.add("shared")
            out(_("(A line that lists several choices gives each its own number: answer the number before "
                  "the one you want.)"))

    def menu_naming(self, seat: int, legal: list[Action], word: str) -> None:
        """``menu WORD``: the entries whose words or notation contain ``word`` (any case)."""
        s, wanted = self.session, word.casefold()
        view, width = s.view(seat), len(str(len(legal)))
        words = [self.words(view, action) for action in legal]
        found = [i for i, action in enumerate(legal) if wanted in f"{words[i]} [{action}]".casefold()]
        for i in found:
            out(entry_line(i, width, words[i], legal[i], self.look.warning(s.game, view, seat, legal[i])))
        if not found:
            out(_("No choice names '{word}'; 'menu' shows them all.", word=word))

    def run_words(self, view: object, first: int, last: int, legal: list[Action]) -> str:
        """One line for entries ``first`` to ``last`` of a counted run: both ends in the game's words,
        their gloss once when they share it."""
        s = self.session
        ends = [s.kit.describe_action(s.game, view, legal[i]) for i in (first, last)]
        glosses = [gloss_beyond(end, self.look.gloss(s.game, view, legal[i]))
                   for end, i in zip(ends, (first, last), strict=True)]
        if glosses[0] == glosses[1]:
            told = f"{ends[0]} … {ends[1]}" + (f" ({glosses[0]})" if glosses[0] else "")
        else:
            told = " … ".join(f"{end} ({gloss})" if gloss else end for end, gloss in zip(ends, glosses, strict=True))
        number = _("{first} to {last}", first=first + 1, last=last + 1)
        return f"{number}. {told}   [{legal[first]} … {legal[last]}]"

    def words(self, view: object, action: Action) -> str:
        """A menu entry's words: the action as the game describes it to ``view``, with its gloss."""
        return self.look.entry_words(self.session.game, view, action)

    def explain(self, seat: int, legal: list[Action], rest: str) -> None:
        """``explain N`` (``? N``): menu entry N in the menu's words, then what choosing it does (the
        game's explanation, as the full-screen app's ? and the browser's ⓘ give it); ``?`` alone is
        the help."""
        if not rest.strip():
            out(_(GAME_HELP))
            return
        if not rest.strip().isdigit() or not 1 <= int(rest) <= len(legal):
            out(_("Which entry? Answer 'explain N' with N from 1 to {last}.", last=len(legal)))
            return
        s = self.session
        view, action = s.view(seat), legal[int(rest) - 1]
        words = s.kit.describe_action(s.game, view, action)
        told = self.explanation(view, action)
        out(f"{int(rest)}. {words}   [{action}]")
        out(told if told else _("(The game says no more about this choice than the menu does.)"))

    def explanation(self, view: object, action: Action) -> str:
        """What choosing ``action`` does: the game's explanation, else its help on this kind of choice
        ("" when it has neither)."""
        told = self.look.explain(self.session.game, view, action)
        verb = self.look.verbs.get(action.verb)
        return told if told or verb is None else verb_told(verb)

    def show_rules(self, rest: str) -> None:
        """``rules``: the headings of the game's rules reference (the full-screen app's R page);
        ``rules WORD``: each part of it (a paragraph or a list item) that names WORD, a word or a
        rule ID, with its heading, so a rule can be read where the choice is made."""
        text = self.look.rules(self.session.game) + self.choices_text()
        needle = rest.strip().lower()
        if not needle:
            heads = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
            out("\n".join(heads))
            out(_("'rules WORD' shows the parts that name WORD (a word such as a card or a rule ID)."))
            return
        found = rules_naming(text, needle)
        wanted = RULE_ID.fullmatch(needle)
        if not found and wanted is not None:  # no part cites the rule itself: those citing its family
            found = rules_naming(text, wanted.group(1))
            if found:
                out(_("No part names {rule}; the parts on {family}:", rule=rest.strip().upper(),
                      family=wanted.group(1).upper()))
        told = "\n\n".join(found).replace("**", "")  # bold marks, which a screen reader would read out
        out(told if found else _("The rules do not name '{word}'.", word=rest.strip()))

    def choices_text(self) -> str:
        """The game's help on each kind of choice with its rules, as a part of the rules to search."""
        items = self.look.choices_markdown()
        return "\n\n## " + _("The choices") + "\n" + "\n".join(items) if items else ""

    def show_hint(self, seat: int, legal: list[Action]) -> None:
        """``hint``: what the game's hint bot would choose from this seat's own view, as a menu number,
        with the bot's reason, or else what the choice does (as ``explain N`` says it), so that a
        newcomer learns from the hint without asking again."""
        s = self.session
        ranking = s.hint_ranking(seat)
        action = ranking[0][1]
        number = legal.index(action) + 1 if action in legal else None
        words = s.kit.describe_action(s.game, s.view(seat), action)
        out(_("Hint ({bot}): {n}. {words}   [{action}]", bot=s.hint_name, n=number, words=words, action=action))
        reason = s.hint_reason(seat, action)
        told = reason or self.explanation(s.view(seat), action)  # no reason of its own: what the choice does
        if told:
            out(told if reason else _("What it does: {text}", text=told))
        close = s.lookahead_words(seat, ranking)
        if close:
            out(close)

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
def entry_line(i: int, width: int, words: str, action: Action, warning: str) -> str:
    """Menu entry ``i`` (from 0) in ``words`` as a numbered line, flagged when choosing it loses the game."""
    flag = "   " + _("!! LOSES THE GAME: {why}", why=warning) if warning else ""
    return f"  {i + 1:>{width}}. {words}   [{action}]{flag}"


def play_plain(session: Session, *, resumed: Path | None = None) -> int:
    """The text loop from a new game or one resumed from ``resumed``: the opening lines, then :meth:`PlainGame.run`."""
    s = session
    if resumed is not None:
        out(_("Resumed {file}: {n} actions replayed.", file=resumed, n=len(s.record.actions)))
    out(_("{game}, seed {seed}", game=Look(s.kit).heading(s.game), seed=s.record.seed) + ". " + s.players_text())
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


def rules_naming(text: str, needle: str) -> list[str]:
    """The parts of a Markdown rules text (paragraphs, list items, table rows) that name ``needle``
    (:func:`names`), each under the heading it stands in and a table row under its table's first row,
    each heading and first row told once."""
    found: list[str] = []
    heading = header = ""
    told: set[str] = set()
    for part in _parts(text):
        if part.startswith("#"):
            heading, header = part.lstrip("#").strip(), ""
            continue
        if part.startswith("|") and set(part) <= set("|-: "):
            continue  # a table's rule line
        is_row = part.startswith("|")
        header = (header or part) if is_row else ""
        if not names(part.lower(), needle):
            continue
        for context in (f"== {heading} ==" if heading else "", header if is_row and header != part else ""):
            if context and context not in told:
                found.append(context)
                told.add(context)
        found.append(part)
    return found


def _parts(text: str) -> list[str]:
    """Headings, paragraphs and list items of a Markdown text, each as one string."""
    parts: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            parts.append("")
        elif (stripped.startswith(("#", "- ", "* ", "|")) or not parts or not parts[-1]
              or parts[-1].startswith(("#", "|"))):
            parts.append(stripped)
        else:
            parts[-1] += " " + stripped
    return [part for part in parts if part]

