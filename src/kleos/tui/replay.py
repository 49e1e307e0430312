"""The replay screen: step through a game, the board after each step and the log beside it; A analyses
the game (in a thread: the screen stays live) and shows each seat's sparkline and the turning points,
T jumps to the next one."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from kleos.analysis import DEFAULT_BUDGET, GameAnalysis, analyse
from kleos.analysis.report import terminal_lines, turning_points
from kleos.core.kit.terminal import BoardContext, Palette
from kleos.core.record import GameRecord
from kleos.i18n.platform import N_, _
from kleos.tui.log_runs import fold
from kleos.tui.look import Look
from kleos.tui.session import Session
from kleos.tui.widgets import BOARD_PANEL_BINDINGS, BoardPanel, board_and_menu, board_source
from kleos.tui.words import TranslatedBindings


class ReplayScreen(TranslatedBindings, Screen[int | None]):
    """Step through a game: the board after each step, the log on the right. Enter steps on (never
    anything else: Enter, Enter after a game must not lose it); O plays on from the chosen step, in a
    new save file; Esc returns to the game as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "leave", N_("Back to the game")),
        Binding("enter", "step(1)", N_("Next step")),
        Binding("o", "play_here", N_("Play on from here (new file)")),
        Binding("a", "analyse", N_("Analyse")),
        Binding("t", "next_turn", N_("Next turning point"), show=False),
        Binding("right,n", "step(1)", N_("Next"), show=False),
        Binding("left,p", "step(-1)", N_("Previous"), show=False),
        *BOARD_PANEL_BINDINGS,
        Binding("home", "jump(0)", N_("Start"), show=False),
        Binding("end", "jump(-1)", N_("End"), show=False),
    ]

    analysis_budget = DEFAULT_BUDGET  # model calls per search of the A key's analysis

    def __init__(self, session: Session, *, reveal: bool, viewer: int | None) -> None:
        super().__init__()
        self.source = session
        self.look = Look(session.kit)
        self.reveal = reveal
        self.viewer = viewer
        copy = GameRecord(session.record.game, dict(session.record.options), session.record.seed,
                          list(session.record.actions))
        self.replayed = Session.from_record(copy, session.humans, "random",
                                            readers=frozenset(session.seats) if reveal else None)
        game = self.replayed.game
        self.states: list[Any] = [game.new_state(copy.seed)]
        for seat, action in copy.actions:
            nxt = game.copy(self.states[-1])
            game.apply_in_place(nxt, action, seat)
            self.states.append(nxt)
        self.step = 0
        self.analysis: GameAnalysis | None = None
        self.analysing = ""

    def compose(self) -> ComposeResult:
        yield from board_and_menu(self.look, "steps")
        yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#left", BoardPanel).set_source(board_source(self.look, self.context, self.log_upto),
                                                       lambda: (self.step, self.app.current_theme.dark))
        steps = self.query_one("#steps", OptionList)
        by_index: dict[int, list[str]] = {}
        for line in self.replayed.log:
            by_index.setdefault(line.index, []).append(line.text.strip())
        steps.add_option(Option(Text(_("0. Start of the game")), id="s0"))
        for i in range(len(self.states) - 1):
            steps.add_option(Option(Text(f"{i + 1}. " + " / ".join(by_index.get(i, ["?"]))), id=f"s{i + 1}"))
        self.query_one("#menu-title", Static).update(
            Text(_("Replay: ←/→, ↑/↓ or Enter step, O play on"), style="bold", no_wrap=True, overflow="ellipsis"))
        steps.focus()
        steps.highlighted = self.step
        self.draw()

    def palette(self) -> Palette:
        return self.look.palette(self.app.current_theme.dark, mono=self.app.no_color)

    def view(self) -> Any:
        state = self.states[self.step]
        if self.reveal:
            return self.look.full_view(self.replayed.game, state)
        return self.replayed.game.view(state, self.viewer)

    def context(self) -> BoardContext:
        lines = [line for line in self.replayed.log if line.index < self.step]
        return BoardContext(self.replayed.game, self.view(), None if self.reveal else self.viewer, self.palette(),
                            lines, self.reveal)

    def log_upto(self) -> list[Text]:
        return [Text(run.text) for run in fold(line for line in self.replayed.log if line.index < self.step)]

    def draw(self) -> None:
        game = self.replayed.game
        state = self.states[self.step]
        ctx = self.context()
        self.query_one("#status", Static).update(
            self.look.status(ctx, game.actors(state), _("replay: step {step} of {last}", step=self.step,
                                                                        last=len(self.states) - 1)))
        self.query_one("#left", BoardPanel).refresh_view()
        text = Text()
        outcome = game.outcome(state)
        if outcome is not None:
            text = self.look.outcome(ctx, outcome)
        else:
            if self.source.save_path is not None:
                text.append(_("Step {step} of {last}. Enter: next step; O: play on from here in a new save file "
                              "(the whole game stays saved); A: analyse; Esc: back to the game.",
                              step=self.step, last=len(self.states) - 1))
            else:
                text.append(_("Step {step} of {last}. Enter: next step; O: play on from here (this game is not "
                              "saved: S in the game saves it first); A: analyse; Esc: back to the game.",
                              step=self.step, last=len(self.states) - 1))
        if self.analysis is not None:
            text.append("\n" + "\n".join(terminal_lines(self.analysis)) + "\n" + _("T: next turning point"))
        elif self.analysing:
            text.append("\n" + self.analysing)
        self.query_one("#detail", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.step = event.option_index
        self.draw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_step(1)

    def action_step(self, delta: int) -> None:
        self.action_jump(max(0, min(len(self.states) - 1, self.step + delta)))

    def action_jump(self, index: int) -> None:
        if index < 0:
            index = len(self.states) - 1
        self.query_one("#steps", OptionList).highlighted = index

    def action_view(self, step: int) -> None:
        self.query_one("#left", BoardPanel).cycle(step)

    def action_page(self, step: int) -> None:
        self.query_one("#left", BoardPanel).scroll_page(step)

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_play_here(self) -> None:
        self.dismiss(self.step)

    def action_analyse(self) -> None:
        """Analyse the game in a thread (from each seat's view), the progress shown as it goes."""
        if self.analysis is not None or self.analysing:
            return
        self.analysing = _("analysing…")
        record = self.replayed.record
        self.run_worker(lambda: self._analyse(record), thread=True, exclusive=True)
        self.draw()

    def _analyse(self, record: GameRecord) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, _("analysing: step {done} of {total}", done=done, total=total))

        result = analyse(record, budget=self.analysis_budget, progress=progress)
        self.app.call_from_thread(self._analysed, result)

    def _progress(self, words: str) -> None:
        self.analysing = words
        self.draw()

    def _analysed(self, result: GameAnalysis) -> None:
        self.analysis = result
        self.analysing = ""
        self.draw()

    def action_next_turn(self) -> None:
        """The position after the next turning point (the first one again after the last)."""
        if self.analysis is None:
            return
        steps = [t.index + 1 for t in turning_points(self.analysis)]
        if steps:
            self.action_jump(next((k for k in steps if k > self.step), steps[0]))
