"""The terminal app without colour and in the smallest terminal it promises: each game at 80x24 with
``--mono`` (and with ``NO_COLOR`` set) draws in black, white and greys only, names the seats in
words, and keeps its status line and menu on the screen; every view of the board panel (Tab) is
checked the same way. A capture of each screen and view (SVG) is kept in $KLEOS_SCREENSHOTS for a
person to look at."""

from __future__ import annotations

import asyncio
import html
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static

from kleos import i18n
from kleos.core import registry
from kleos.tui.app import GameApp
from kleos.tui.look import MONO
from kleos.tui.play import build_app
from kleos.tui.screen import GameScreen
from languages import english_left, game_names, in_languages

SHOTS = Path(os.environ.get("KLEOS_SCREENSHOTS", Path(tempfile.gettempdir()) / "kleos-web-shots"))
SIZE = (80, 24)
GAMES = [("polis", {}), ("cyclades", {"players": 2}), ("pericles", {})]
COLOUR = re.compile(r"#([0-9a-fA-F]{6})\b")
SHELL_WORDS = ("#status", "#menu-title", "#tabs")
FRAME = {"ff5f57", "febc2e", "28c840", "c5c8c6"}  # the capture's window buttons and title, not the app


def colours(svg: str) -> set[str]:
    """The #rrggbb colours the app draws in an SVG capture, lower case (the window frame left out)."""
    return {c.lower() for c in COLOUR.findall(svg)} - FRAME


def is_grey(hex_colour: str) -> bool:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    return r == g == b


def screen_text(svg: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\u00a0", " ")


def on_screen(widget: Widget) -> bool:
    region = widget.region
    return region.width > 0 and region.height > 0 and region.right <= SIZE[0] and region.bottom <= SIZE[1]


def capture(app: GameApp, name: str, language: str = "en") -> tuple[str, GameScreen, list[str], list[tuple[str, str]]]:
    """Start ``app`` at 80x24 in ``language``, leave the welcome, and return its SVG capture, its game
    screen, the shell's own words on it (status, menu title, tabs, key bindings) and a capture of each
    other view of the board panel (its name and SVG), reached with Tab."""
    result: dict[str, Any] = {}

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            if app.screen is not screen:
                await pilot.press("enter")  # the welcome
                await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen is screen
            for selector in ("#status", "#menu-title", "#menu"):
                assert on_screen(screen.query_one(selector)), selector
            result["shell"] = [str(screen.query_one(s, Static).render()) for s in SHELL_WORDS]
            result["game"] = game_words(screen)
            result["keys"] = [b.description for _key, b in screen._bindings if b.show]  # the footer's words
            result["palette"] = screen.palette()
            result["svg"] = app.export_screenshot()
            result["screen"] = screen
            views: list[tuple[str, str]] = []
            for _ in screen.board.views[1:]:  # every other view of the board panel, by the Tab key
                await pilot.press("tab")
                await pilot.pause()
                views.append((screen.board.current, app.export_screenshot()))
            result["views"] = views

    with i18n.use_locale(language):
        asyncio.run(go())
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"access-terminal-{name}.svg").write_text(result["svg"], encoding="utf-8")
    for view, view_svg in result["views"]:
        (SHOTS / f"access-terminal-{name}-{re.sub(r'[^a-z0-9]+', '-', view.lower())}.svg").write_text(
            view_svg, encoding="utf-8")
    assert (result["palette"] is MONO) == app.no_color
    return result["svg"], result["screen"], [*result["shell"], *result["keys"], *result["game"]], result["views"]


def game_words(screen: GameScreen) -> list[str]:
    """The game's own words on ``screen``: every view of the board panel (unwrapped, so that no
    translated sentence is cut across lines), the menu's entries past their notation, the detail
    and the recent steps."""
    source = screen.board._source
    assert source is not None
    return [*(source(view, 10_000).plain for view in screen.board.views),
            *(past_notation(entry.label, entry.prefix) for entry in screen.levels[-1].entries),
            *(str(screen.query_one(part, Static).render()) for part in ("#detail", "#recent"))]


def past_notation(label: str, tokens: tuple[str, ...]) -> str:
    """A menu entry's words after the notation it starts with (its action's tokens, which the
    player types and every language shares)."""
    for token in tokens:
        if label.lstrip().startswith(token):
            label = label.lstrip()[len(token):]
    return label


@in_languages
@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_mono_at_80x24_uses_no_colour_and_names_the_seats(name: str, options: dict[str, Any], language: str) -> None:
    """In every reader's language: the longer words of the pseudo-locale keep the status line and
    the menu on an 80x24 screen too, and none of the words there is left in English: the shell's,
    and the game's own on every view of the board panel, in the menu, the detail and the recent steps."""
    kit = registry.kit(name)
    with i18n.use_locale(language):
        app = build_app(kit, options, seats=(0,), seed=3, opponent="random", mono=True)
    svg, screen, shell, views = capture(app, f"{name}-mono-{language}", language)
    assert app.no_color
    coloured = sorted(c for c in colours(svg) if not is_grey(c))
    assert coloured == []
    assert len(views) >= 1
    for view, view_svg in views:  # every panel of the game, not only the first one
        assert sorted(c for c in colours(view_svg) if not is_grey(c)) == [], view
    text = screen_text(svg)
    seat_names = screen.session.game.seat_names
    with i18n.use_locale(language):  # the seats as the game's catalogue names them to this reader
        shown = [i18n.word_in(kit.text_domain(), seat_name) for seat_name in seat_names]
    for seat_name in shown:
        assert seat_name in text
    if language == i18n.PSEUDO:
        names = [kit.title, *game_names(name)]
        assert english_left(shell, names) == []


def test_no_color_in_the_environment_turns_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = build_app(registry.kit("cyclades"), {"players": 2}, seats=(0,), seed=3, opponent="random")
    svg, _, _, views = capture(app, "cyclades-no-color")
    assert app.no_color and all(is_grey(c) for c in colours(svg))
    assert all(is_grey(c) for _, view_svg in views for c in colours(view_svg))


def test_the_colour_check_sees_colour_when_it_is_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above can fail: the ordinary look draws in colour."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = build_app(registry.kit("cyclades"), {"players": 2}, seats=(0,), seed=3, opponent="random")
    svg, _, _, views = capture(app, "cyclades-colour")
    assert not app.no_color and any(not is_grey(c) for c in colours(svg))
    assert any(not is_grey(c) for _, view_svg in views for c in colours(view_svg))
