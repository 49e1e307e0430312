"""The lobby's bot handicap field (Chromium, Playwright): shown only for a game whose catalog entry has
a bot handicap (Pericles' Honor handicap, P-DATA-14) and only while a bot plays a seat, left empty for
the game's default (which depends on the scenario: none in the one-phase vignette, issue 24) and its
help saying which; the amount chosen is sent as ``handicap`` and the bots' factions get it."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import json
import re
from typing import Any

import httpx
from web_server import LiveServer, browser, desktop, live_server  # noqa: F401

SEATS = "n => document.querySelectorAll('#seats select').length === n"


def test_p_data_14_lobby_handicap_field(live_server: LiveServer, desktop: Any) -> None:
    base = live_server.url
    page = desktop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/")
    page.wait_for_selector("#game-list [data-game='pericles']")
    page.check("#game-pericles")
    page.wait_for_function(SEATS, arg=4)
    page.select_option("#option-scenario", "14_1_09a")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "random")
    assert page.is_visible("#handicap-row") and page.input_value("#handicap") == ""
    assert "Honor" in page.inner_text("#handicap-row") and "0 in 14_1_09a" in page.inner_text("#handicap-row")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "person")
    assert not page.is_visible("#handicap-row")  # nobody to give it to
    page.check("#game-polis")
    page.wait_for_function(SEATS, arg=2)
    page.select_option("#seat-1", "random")
    assert not page.is_visible("#handicap-row")  # a game without one

    page.check("#game-pericles")
    page.wait_for_function(SEATS, arg=4)
    page.select_option("#option-scenario", "14_1_09a")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "person")
    page.select_option("#seat-3", "random")
    page.fill("#handicap", "7")
    sent: list[dict[str, Any]] = []

    def keep(route: Any) -> None:
        sent.append(json.loads(route.request.post_data or "{}"))
        route.continue_()

    page.route(re.compile(r".*/api/games$"), keep)
    page.click("#create-btn")
    page.locator("#created input.invite-url").wait_for()
    assert sent and sent[0]["handicap"] == 7
    game_id = page.locator("#go-play").get_attribute("href").rsplit("/", 1)[-1]
    options = httpx.get(f"{base}/api/games/{game_id}", timeout=30).json()["options"]
    assert options["honor_handicap"] == {"DF": 7, "AK": 7}

    assert errors == []
