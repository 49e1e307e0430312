"""A Cyclades and a Pericles game played by clicking in the pseudo-locale (Chromium, Playwright),
the reader's words checked at each decision (issue 30): mid-game pages show menus, boards, logs and
hints that neither the start nor the end shows, and an English word there bypassed the game's
catalogue. Each game is a bounded, seeded stretch of clicks (the check costs a page read per
decision), at a 1280 px desktop where the longer words must still fit."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
from typing import Any

import pytest
from test_web_pericles import OPTIONS as PERICLES_OPTIONS
from test_web_pericles import TEXT_SPILLING, PericlesServer, pericles_server, seat_page  # noqa: F401  (Cyclades too)
from web_helpers import create_game, play_by_clicking
from web_reader import check_reader_language
from web_server import browser  # noqa: F401

from kleos import i18n

CLICKS = 50  # a bounded stretch past the first rounds (offers, moves, builds), about 10 s on 2 busy cores
GAMES = [("cyclades", ["me", "random", "random"], {"players": 3}, "#cyc-map polygon"),
         ("pericles", ["me", "random", "random", "random"], PERICLES_OPTIONS, "#per-map g.theater")]


@pytest.mark.parametrize(("game", "seats", "options", "board"), GAMES, ids=[game[0] for game in GAMES])
def test_a_game_played_by_clicking_speaks_the_pseudo_locale_at_each_decision(
        pericles_server: PericlesServer, browser: Any, game: str, seats: list[str], options: dict[str, Any],
        board: str) -> None:
    """Every decision's page (the board, the menu at each level, the log, the hints) has no English
    word left once the pseudo-locale's parts and the game's names are taken out, and its words fit
    (a Pericles theater's name in the reader's language, its pieces and markers, within its box on the map)."""
    base = pericles_server.url
    seated = create_game(base, seats, game=game, options=options, seed=7)
    with seat_page(browser, base, seated, language=i18n.PSEUDO) as (page, errors):
        page.wait_for_selector(board)
        look = lambda: check_reader_language(page, i18n.PSEUDO, base)  # noqa: E731
        counts = play_by_clicking(page, random.Random(7), stop_after=CLICKS, look=look)
        assert counts["actions"] >= 5, counts
        check_reader_language(page, i18n.PSEUDO, base)
        assert page.evaluate(TEXT_SPILLING) == []
        assert errors == []

