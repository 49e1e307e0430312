"""``:resign`` in the terminal: after a confirmation, the game ends as a loss for the person at the
screen (the seat deciding now, else the one watching). The seats still in share the win
(:func:`kleos.core.clock.forfeit_outcome`): against one opponent, that opponent wins."""

from __future__ import annotations

from rich.text import Text

from kleos.i18n.platform import _
from kleos.tui.screen_menus import ScreenMenus
from kleos.tui.widgets import ChoiceScreen


def resigning_seat(screen: ScreenMenus) -> int | None:
    """The person who resigns: the one deciding, else the one whose view is shown, else the only one."""
    s = screen.session
    for seat in (screen.seat, screen.viewer):
        if seat is not None and s.is_human(seat):
            return seat
    return min(s.humans) if len(s.humans) == 1 else None


def ask_resign(screen: ScreenMenus) -> None:
    """Ask, then resign (``y``); any other answer keeps playing."""
    s = screen.session
    seat = resigning_seat(screen)
    if s.over or seat is None:
        screen.say(_("There is no game of yours to resign now."))
        return
    text = Text(_("Resign?") + "\n\n", style="bold")
    text.append(_("{name} loses this game at once.", name=s.name(seat)) + "\n\n"
                + _("  y    resign\n  n    keep playing\n  Esc  keep playing"))

    def done(answer: str | None) -> None:
        if answer != "resign" or s.over:
            return
        s.resign(seat)
        screen.thinking = None  # a computer player's answer, if one is coming, no longer counts
        screen.advance()
        outcome = s.outcome
        screen.say(s.log[-1].text if s.log else _("{name} resigned.", name=s.name(seat)))
        if outcome is not None:
            screen.show_outcome()

    screen.app.push_screen(ChoiceScreen(text, {"y": "resign", "n": "stay"}, escape="stay"), done)
