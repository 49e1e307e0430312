"""The game screen's menus: the levels built from the legal actions, choosing, confirming, going back.

A layer of :class:`~kleos.tui.screen.GameScreen` above :mod:`kleos.tui.screen_view`; carrying out a
choice hands over to the game loop (:meth:`advance`, the screen's own).
"""

from __future__ import annotations

from textual.widgets.option_list import Option

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.i18n.platform import _
from kleos.tui.menu import Entry, Level, build_level, find_path
from kleos.tui.screen_view import MODE_CHOOSE, MODE_CONFIRM, ScreenView


class ScreenMenus(ScreenView):
    """Menu levels, confirmation and going back for the seat deciding now."""

    def advance(self) -> None:
        """Play on until a person must decide: the game loop of :class:`~kleos.tui.screen.GameScreen`."""
        raise NotImplementedError

    def level(self, prefix: tuple[str, ...]) -> Level:
        return build_level(self.legal, prefix, self.look.verb_titles, self.gloss, self.look.flat_limit,
                           self.warning, self.look.last_verbs)

    def path_to(self, action: Action) -> list[Level]:
        """The menu levels that lead to ``action`` (for hints and tests that press the keys)."""
        return find_path(self.legal, action, self.look.verb_titles, self.gloss, self.look.flat_limit,
                         self.warning, self.look.last_verbs)

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
