"""The terminal shell speaks the reader's language (issue 30): the welcome, the key bindings in the
footer, the help and the menu's own words come from the platform's catalogue in Spanish and German,
and the pseudo-locale shows that none of them bypasses it. The game here is the test game Sealed
Bids, which keeps no catalogue of its own: what is checked is the shell's share."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from textual.widgets import Static

from kleos import i18n
from kleos.core import registry
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.screen import GameScreen
from kleos.tui.widgets import ChoiceScreen, TextScreen
from toygame.kit import KIT


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


def plain(widget: Static) -> str:
    return str(widget.render())


def footer_words(app: GameApp) -> list[str]:
    screen = app.screen
    return [b.description for _key, b in screen._bindings if b.show]  # what the footer lists


def run_in(language: str) -> dict[str, str]:
    """Open the welcome, then the game screen and its help page, in ``language``; what each says."""
    seen: dict[str, str] = {}

    async def go() -> None:
        app = build_app(KIT, {"players": 2}, seats=(0,), seed=3, opponent="random")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            seen["welcome"] = plain(app.screen.query_one(Static))
            await pilot.press("enter")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            seen["footer"] = " | ".join(footer_words(app))
            seen["status"] = plain(screen.query_one("#status", Static))
            seen["tabs"] = plain(screen.query_one("#tabs", Static))
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            seen["help"] = plain(app.screen.query_one(Static))
            await pilot.press("escape")
            app.exit()

    with i18n.use_locale(language):
        asyncio.run(go())
    return seen


def test_the_shell_speaks_german() -> None:
    seen = run_in("de")
    assert "Leitfaden für die erste Partie" in seen["welcome"] and "Du spielst" in seen["welcome"]
    assert "Hilfe" in seen["footer"] and "Beenden" in seen["footer"] and "Help" not in seen["footer"]
    assert "Plätze: " in seen["status"] and "Protokoll" in seen["tabs"]
    assert "Tasten (ohne Maus)" in seen["help"]


def test_the_shell_speaks_spanish() -> None:
    seen = run_in("es")
    assert "guía de la primera partida" in seen["welcome"] and "Juegas con" in seen["welcome"]
    assert "Ayuda" in seen["footer"] and "Salir" in seen["footer"]
    assert "Asientos: " in seen["status"] and "Registro" in seen["tabs"]
    assert "Teclas (sin ratón)" in seen["help"]


def test_english_stays_the_default() -> None:
    seen = run_in("en")
    assert "You play" in seen["welcome"] and "Help" in seen["footer"] and "Keys (no mouse needed)" in seen["help"]


def test_the_pseudo_locale_reaches_every_shell_word() -> None:
    seen = run_in(i18n.PSEUDO)
    for word in seen["footer"].split(" | "):
        assert word.startswith("⟦"), f"a key binding bypasses the catalogue: {word!r}"
    assert "⟦Pàšš" not in seen["welcome"]  # (no hand-over in a one-person game)
    assert "⟦Ýõü plàý" in seen["welcome"] and "⟦Kéýš (ñõ mõüšé" in seen["help"]
    assert "⟦Šéàtš: " in seen["status"]
