"""Seat names in the reader's language on a game page (Chromium, Playwright): a Cyclades game read in
Spanish and German names its players by their colours in the reader's words in the players' table,
the seat tags and the log, while the messages keep the English colours as identifiers; a log line
the server wrote with the English name is not shown with the seat named twice."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from typing import Any

import pytest
from test_web_language import reader
from test_web_pericles import PericlesServer, pericles_server  # noqa: F401  (Cyclades and Pericles too)
from web_helpers import create_game, get_state, store_seat
from web_server import browser  # noqa: F401

COLOURS = {"es": ("Azul", "Rojo", "Verde"), "de": ("Blau", "Rot", "Grün")}


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_cyclades_page_names_the_colours_in_the_readers_language(pericles_server: PericlesServer, browser: Any,
                                                                    language: str) -> None:
    base = pericles_server.url
    seated = create_game(base, ["random", "random", "me"], game="cyclades", options={"players": 3}, seed=7)
    assert get_state(base, seated["game_id"], seated["token"])["seat_names"] == ["Blue", "Red", "Green"]
    with reader(browser, language=language) as page:
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#cyc-players .side-tag")
        page.wait_for_selector("#tools h3")
        tags = page.locator(".side-tag").all_inner_texts()
        players = page.inner_text("#cyc-players")
        log = page.locator(".log-entry").all_inner_texts()
        heading = page.inner_text("#game-title")
        assert page.errors == []
    for colour in COLOURS[language]:
        assert colour in players
    assert "Blue" not in players and "Blue" not in tags
    assert set(COLOURS[language]) <= set(tags)
    assert log, "the bots' offerings are in the log"
    assert not [line for line in log if "Blue:" in line or "Red:" in line]
    assert COLOURS[language][2] in heading and "Green" not in heading  # "you are …": this page's seat
