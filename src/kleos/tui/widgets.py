"""Widgets and small screens of the terminal app: the board panel with its views, and the modal
screens (pass the device, help, rules reference, welcome, quit)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static

from kleos.core.kit.terminal import BoardContext
from kleos.i18n.platform import N_, _
from kleos.tui.look import LOG, Look
from kleos.tui.text import paragraph
from kleos.tui.words import TranslatedBindings

BOARD_PANEL_BINDINGS: tuple[BindingType, ...] = (
    Binding("tab", "view(1)", N_("View"), priority=True),
    Binding("shift+tab", "view(-1)", N_("Previous view"), show=False, priority=True),
    Binding("pageup", "page(-1)", N_("Scroll up"), show=False, priority=True),
    Binding("pagedown", "page(1)", N_("Scroll down"), show=False, priority=True),
)
"""The keys of a screen with a :class:`BoardPanel`: its ``action_view`` turns the panel's view, its
``action_page`` scrolls it, before the focused menu can take Tab or the page keys for itself."""


class BoardPanel(Vertical):
    """The left side of the screen: a strip of view names and the chosen view, scrollable."""

    DEFAULT_CSS = """
    BoardPanel { width: 1fr; min-width: 40; }
    BoardPanel #tabs { height: 1; background: $panel; }
    BoardPanel #board-scroll { height: 1fr; scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    BoardPanel #board { text-wrap: nowrap; padding: 0 0 0 1; }
    """

    def __init__(self, views: Sequence[str], *, id: str | None = None,
                 label: Callable[[str], str] = lambda name: name) -> None:
        super().__init__(id=id)
        self.views = tuple(views)
        self.label = label  # a view's name as shown (translated); the names stay its identifiers
        self.current = self.views[0]
        self.manual = False  # the player chose the view himself during this decision
        self._source: Callable[[str, int], Text] | None = None
        self._version: Callable[[], object] = lambda: None
        self._drawn: object = None

    def compose(self) -> ComposeResult:
        yield Static(id="tabs")
        with VerticalScroll(id="board-scroll"):
            yield Static(id="board")

    def on_mount(self) -> None:
        self.query_one("#board-scroll", VerticalScroll).can_focus = False
        self._draw_tabs()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view(force=True)

    def set_source(self, source: Callable[[str, int], Text], version: Callable[[], object] | None = None) -> None:
        """``source(view_name)`` draws a view. It is drawn again when the view, the width or ``version()``
        (what the game looks like: change it whenever the position or the colours change) changes."""
        self._source = source
        self._version = version or (lambda: object())
        self.refresh_view(force=True)

    def show(self, name: str, *, manual: bool = False) -> None:
        if name not in self.views:
            return
        changed = name != self.current
        self.current = name
        self.manual = self.manual or manual
        self._draw_tabs()
        self.refresh_view(scroll_home=changed)

    def cycle(self, step: int) -> None:
        i = self.views.index(self.current)
        self.show(self.views[(i + step) % len(self.views)], manual=True)

    def refresh_view(self, scroll_home: bool = False, force: bool = False) -> None:
        if self._source is None:
            return
        scroll = self.query_one("#board-scroll", VerticalScroll)
        width = max(20, (scroll.scrollable_content_region.width or 61) - 1)  # 1: the padding on the left
        key = (self.current, width, self._version())
        if key == self._drawn and not force:
            return
        self._drawn = key
        text = self._source(self.current, width)
        text.no_wrap = True
        text.overflow = "crop"
        self.query_one("#board", Static).update(text)
        if self.current == LOG:
            self.call_after_refresh(scroll.scroll_end, animate=False)
        elif scroll_home:
            scroll.scroll_home(animate=False)

    def scroll_page(self, step: int) -> None:
        scroll = self.query_one("#board-scroll", VerticalScroll)
        if step > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def _draw_tabs(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, name in enumerate(self.views):
            if n:
                text.append(" ")
            text.append(self.label(name), style="reverse bold" if name == self.current else "")
        self.query_one("#tabs", Static).update(text)


def board_source(look: Look, context: Callable[[], BoardContext],
                 log: Callable[[], list[Text]]) -> Callable[[str, int], Text]:
    """The drawing function of a :class:`BoardPanel` for one game: ``draw(view_name, width)``.

    ``context`` gives what the game's panels are drawn from, ``log`` the log's styled lines."""

    def draw(name: str, width: int) -> Text:
        if name != LOG:
            return look.draw(name, context(), width)
        entries = log()
        if not entries:
            return Text(_("Nothing has happened yet."))
        return Text("\n").join(paragraph(line, width) for line in entries)

    return draw


class PassDeviceScreen(TranslatedBindings, ModalScreen[str]):
    """Hotseat: hide the screen until the next player has the device. Dismisses with "go" or "undo"."""

    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background; }
    PassDeviceScreen > Static { width: 60; height: auto; padding: 1 2; border: double $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", N_("Ready")),
        Binding("space", "go", N_("Ready"), show=False),
        Binding("U", "undo", N_("Undo")),
    ]

    def __init__(self, to: str, previous: str | None, can_undo: bool) -> None:
        super().__init__()
        self.to = to
        self.previous = previous
        self.can_undo = can_undo

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(_("Pass the device to {name}.", name=self.to) + "\n\n", style="bold")
        if self.previous:
            text.append(_("{previous}, please look away: the next screen shows {name}'s choices.",
                          previous=self.previous, name=self.to) + "\n\n")
        text.append(_("{name}: press Enter when you are ready.", name=self.to))
        if self.can_undo and self.previous:
            text.append("\n\n" + _("{previous}: press U to take back your last step instead.", previous=self.previous))
        yield Static(text, id="pass-text")

    def action_go(self) -> None:
        self.dismiss("go")

    def action_undo(self) -> None:
        if self.can_undo:
            self.dismiss("undo")


class TextScreen(TranslatedBindings, ModalScreen[None]):
    """A scrollable text or Markdown page (help, rules reference); Esc, q or Enter closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 100%; max-width: 100; height: 100%; border: round $primary;
                                  background: $surface; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "close", N_("Close")),
        Binding("down,j", "scroll(1)", N_("Down"), show=False),
        Binding("up,k", "scroll(-1)", N_("Up"), show=False),
        Binding("pagedown,space", "page(1)", N_("Page down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("home", "top", N_("Top"), show=False),
        Binding("end", "bottom", N_("End"), show=False),
        Binding("n,right_square_bracket", "section(1)", N_("Next section"), show=False),
        Binding("p,left_square_bracket", "section(-1)", N_("Previous section"), show=False),
    ]

    def __init__(self, title: str, body: RenderableType | str, markdown: bool = False) -> None:
        super().__init__()
        self.page_title = title
        self.body = body
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page") as scroll:
            if self.markdown and isinstance(self.body, str):
                scroll.border_title = _("{title}  (Esc closes, arrows scroll, n and p: next and previous section)",
                                        title=self.page_title)
                yield Markdown(self.body)
            else:
                scroll.border_title = _("{title}  (Esc closes, arrows scroll)", title=self.page_title)
                yield Static(self.body)

    def on_mount(self) -> None:
        self.query_one("#page", VerticalScroll).focus()

    def section_offsets(self) -> list[int]:
        """Where each heading of a Markdown page (title and sections) starts, in lines from the page's top."""
        scroll = self._scroll()
        base = scroll.content_region.y - round(scroll.scroll_y)
        return sorted({heading.region.y - base for heading in self.query("MarkdownH1, MarkdownH2")})

    def action_section(self, step: int) -> None:
        """Scroll to the next (``step`` 1) or previous (-1) heading; a long rules reference is read by its
        sections. Nothing happens past the last or before the first, or on a page without headings."""
        scroll, offsets = self._scroll(), self.section_offsets()
        now = round(scroll.scroll_y)
        targets = [y for y in offsets if y > now] if step > 0 else [y for y in offsets if y < now][::-1]
        if targets:
            scroll.scroll_to(y=targets[0], animate=False)

    def _scroll(self) -> VerticalScroll:
        return self.query_one("#page", VerticalScroll)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, step: int) -> None:
        self._scroll().scroll_relative(y=step, animate=False)

    def action_page(self, step: int) -> None:
        if step > 0:
            self._scroll().scroll_page_down(animate=False)
        else:
            self._scroll().scroll_page_up(animate=False)

    def action_top(self) -> None:
        self._scroll().scroll_home(animate=False)

    def action_bottom(self) -> None:
        self._scroll().scroll_end(animate=False)


class ChoiceScreen(ModalScreen[str]):
    """A question with a few one-key answers, e.g. the welcome screen or "save and quit?"."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Static { width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
                            border: round $primary; background: $surface; }
    """

    def __init__(self, text: Text, answers: dict[str, str], escape: str | None = None) -> None:
        super().__init__()
        self.text = text
        self.answers = answers
        self.escape = escape

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def on_key(self, event: events.Key) -> None:
        for candidate in (event.character, event.key):
            if candidate is not None and candidate in self.answers:
                event.stop()
                self.dismiss(self.answers[candidate])
                return
        if event.key == "escape" and self.escape is not None:
            event.stop()
            self.dismiss(self.escape)


def board_and_menu(look: Look, menu_id: str) -> ComposeResult:
    """The status line over the board and, beside it, a titled menu: the layout the game screen and
    the replay share (the menu's id tells their styles apart)."""
    yield Static(id="status")
    with Horizontal(id="body"):
        yield BoardPanel(look.panels, id="left", label=look.kit.word)
        with Vertical(id="right"):
            yield Static(id="menu-title")
            yield OptionList(id=menu_id)
