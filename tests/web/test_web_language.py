"""The browser shell in the reader's language (Chromium, Playwright): the browser's language is
followed and the header's picker overrides it; a pseudo-locale run of the lobby and of a game page
finds no shell text left in plain English; and a Cyclades and a Pericles game page are kept as
screenshots in Spanish and in German under ``docs/screenshots/`` for a person to look at.

The pseudo-locale check (``web_reader.py``, shared with the game tests run in every language)
reads every visible text node of the page, the game's regions too (the board, the menu, the log,
the options): a node passes when nothing but names (games, agents, players, ids, the game's own
places and notation) and rule IDs is left once its pseudo-locale parts ``⟦…⟧`` are taken out. An
English line planted in each game region of a page, and a half-translated one, are all found."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_pericles import OPTIONS as PERICLES_OPTIONS
from test_web_pericles import PericlesServer, pericles_server  # noqa: F401  (Cyclades and Pericles too)
from web_helpers import create_game, store_seat
from web_reader import plain_english
from web_server import browser, reader_context  # noqa: F401

from kleos.server.language import LANG_COOKIE

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"width": 1366, "height": 900}


@contextmanager
def reader(browser: Any, *, language: str | None = None, locale: str = "en-US") -> Iterator[Any]:
    """A page of a browser whose language is ``locale`` (Accept-Language), with the picker's cookie
    set to ``language`` when given."""
    context = reader_context(browser, language, viewport=DESKTOP, locale=locale)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        yield page
    finally:
        context.close()


def lobby_ready(page: Any) -> None:
    page.wait_for_selector(".game-choice")
    page.wait_for_function("() => !document.querySelector('#my-games [data-t], #open-list [data-t]')")  # rendered


def test_the_browser_language_is_followed_and_the_picker_overrides_it(pericles_server: PericlesServer,
                                                                     browser: Any) -> None:
    base = pericles_server.url
    with reader(browser, locale="de-DE") as page:
        page.goto(f"{base}/")
        lobby_ready(page)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.inner_text("#create h2") == "Neue Partie"
        assert page.input_value("#lang-pick") == "de"
        assert page.title() == "Kleos — Lobby"
        page.select_option("#lang-pick", "es")  # the page reloads in the chosen language
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        lobby_ready(page)
        assert page.inner_text("#create h2") == "Nueva partida"
        assert page.inner_text("#clock-choice option >> nth=0") == "Sin reloj"
        cookies = {c["name"]: c["value"] for c in page.context.cookies()}
        assert cookies[LANG_COOKIE] == "es"
        page.goto(f"{base}/ladder")
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        assert page.inner_text("#ladder-title").startswith("Clasificación")
        assert page.errors == []


def test_the_lobby_in_the_pseudo_locale_has_no_plain_english(pericles_server: PericlesServer, browser: Any) -> None:
    base = pericles_server.url
    with reader(browser, language="pseudo") as page:
        page.goto(f"{base}/")
        lobby_ready(page)
        assert page.inner_text("#create h2").startswith("⟦")
        left = plain_english(page, base)
        assert left == [], f"shell text that bypassed the catalogues: {left}"
        assert page.errors == []


def test_a_game_page_in_the_pseudo_locale_has_no_plain_english(pericles_server: PericlesServer, browser: Any) -> None:
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random"], game="cyclades", options={"players": 3}, seed=11)
    with reader(browser, language="pseudo") as page:
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice")
        page.wait_for_selector("#tools h3")
        assert page.inner_text("#log-panel h3").startswith("⟦")
        names = [seated["game_id"], *re.findall(r"[A-Za-z]{3,}", seated["game_id"])]
        left = plain_english(page, base, names)
        assert left == [], f"shell text that bypassed the catalogues: {left}"
        planted = page.evaluate(PLANT_ENGLISH, GAME_REGIONS)
        assert len(planted) >= 4, planted  # the board, the menu, the log and a half-translated line at least
        assert sorted(plain_english(page, base, names)) == sorted(planted)
        assert page.errors == []


# The game's regions: the board, the menu's choices and titles, the log, the seats' tags, the
# options, hints and outcome. Their words come from the game's catalogue, so an English word there
# bypassed it just as in the shell.
GAME_REGIONS = ["#board-main", ".board-slot", "#menu .choice", "#menu .menu-title", ".log-entry", ".side-tag",
                "#current-action", ".last-turn-text", "#announce", ".outcome-text", ".hint-text", "#options"]

PLANT_ENGLISH = """(regions) => {  // one English line in each region shown, and one half-translated line
    const planted = [];
    for (const region of regions) {
        const el = document.querySelector(region);
        if (!el || !el.checkVisibility()) continue;
        const line = document.createElement("span");
        line.textContent = `Recruit an army near ${planted.length}`;
        el.append(line);
        planted.push(line.textContent);
    }
    const half = document.createElement("span");
    half.textContent = "⟦Rééçrüît~⟧ the army";
    document.querySelector("#menu .choice").append(half);
    planted.push(half.textContent);
    return planted;
}"""


SHOTS = [("cyclades", ["me", "random", "random"], {"players": 3}, "#cyc-map polygon"),
         ("pericles", ["me", "random", "random", "random"], PERICLES_OPTIONS, "#board-main svg")]
LOG_TITLE = {"es": "Registro", "de": "Protokoll"}


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(("game", "seats", "options", "board"), SHOTS, ids=[shot[0] for shot in SHOTS])
def test_game_pages_in_spanish_and_german_are_kept_as_screenshots(
        pericles_server: PericlesServer, browser: Any, game: str, seats: list[str], options: dict[str, Any], board: str,
        language: str) -> None:
    base = pericles_server.url
    seated = create_game(base, seats, game=game, options=options, seed=5)
    with reader(browser, language=language) as page:
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector(board)
        page.wait_for_selector("#menu button.choice")
        page.wait_for_selector("#tools h3")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.inner_text("#log-panel h3") == LOG_TITLE[language]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{game}-{language}.png"), full_page=True)
        assert page.errors == []


def server_log(base: str, seated: dict[str, Any], language: str) -> list[str]:
    """The seat's log lines as the server words them for a reader of ``language``."""
    answer = httpx.get(f"{base}/api/games/{seated['game_id']}", timeout=30,
                       headers={"Authorization": f"Bearer {seated['token']}", "Accept-Language": language})
    assert answer.status_code == 200, answer.text
    return [entry["text"] for entry in answer.json()["log"]]


def page_log(page: Any) -> list[str]:
    texts = page.eval_on_selector_all(".log-entry .log-text", "els => els.map((e) => e.textContent)")
    return [str(text) for text in texts]


def test_the_picker_changes_a_game_page_s_language_over_its_socket(pericles_server: PericlesServer,
                                                                    browser: Any) -> None:
    """On a game page the picker does not reload the page: the browser sends its socket a
    ``language`` message and the server sends the game again, its log lines in the new language."""
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random"], game="cyclades", options={"players": 3}, seed=11)
    german, spanish = server_log(base, seated, "de"), server_log(base, seated, "es")
    assert german and german != spanish
    with reader(browser, language="de") as page:
        sent: list[str] = []
        page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(str(payload))))
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice")
        assert page.inner_text("#log-panel h3") == LOG_TITLE["de"]
        shown = page_log(page)  # the bots may have played on since the server was asked: a prefix
        assert len(shown) >= len(german) and all(text in line for text, line in zip(shown, german, strict=False))
        page.evaluate("window.keptSinceLoad = true")
        page.select_option("#lang-pick", "es")
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.wait_for_function("""(lines) => {
            const shown = [...document.querySelectorAll('.log-entry .log-text')].map((e) => e.textContent);
            return shown.length >= lines.length && lines.every((line, i) => line.includes(shown[i]));
        }""", arg=spanish)
        assert page.inner_text("#log-panel h3") == LOG_TITLE["es"]
        assert page.evaluate("window.keptSinceLoad === true"), "the page was reloaded"
        assert any('"type":"language"' in frame and '"es"' in frame for frame in sent), sent
        assert page.errors == []
