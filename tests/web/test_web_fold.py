"""The game page at 1280×800 and on a phone (issue 24, finding 14): no wider than the screen, the
first choices of the menu in view without scrolling (the Cyclades offers while bidding among them),
more than one action above the fold on a phone, and no console error for a seat or a guest.
Screenshots of the first screen are kept for a person to look at."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import create_game, store_seat
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

FOLD = """() => {
  const choices = [...document.querySelectorAll('#menu button.choice')];
  const seen = choices.filter((b) => {
    const r = b.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  });
  return {scroll: document.scrollingElement.scrollWidth, inner: innerWidth, choices: choices.length,
          seen: seen.length, first: choices.length ? choices[0].getBoundingClientRect().top : null,
          texts: seen.slice(0, 3).map((b) => b.textContent)};
}"""

GAMES = [("polis", ["me", "random"], {}), ("cyclades", ["me", "random", "random"], {}),
         ("pericles", ["me", "random", "random", "random"], {"scenario": "14_1_09a"})]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "phone"])
@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_first_choices_are_in_view(live_server: LiveServer, browser: Any, shots: Path, game: str,
                                       seats: list[str], options: dict[str, Any], viewport: dict[str, int]) -> None:
    """C-OFFER-1 (Cyclades bids first), R-TURN-1, P-INFO-3: at the first decision the page is no
    wider than the screen and at least two of the menu's choices are on the first screen, unscrolled."""
    base = live_server.url
    seated = create_game(base, seats, game=game, options=options, seed=5)
    phone = viewport is PHONE
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        store_seat(page, base, seated)  # on a stylesheet's URL, where the browser also asks for a favicon
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice:not([disabled])")
        page.wait_for_timeout(300)  # the board module and the help settle
        fold = page.evaluate(FOLD)
        page.screenshot(path=str(shots / f"fold-{game}-{viewport['width']}.png"))
        assert fold["scroll"] <= fold["inner"], fold
        assert fold["seen"] >= 2, fold
        assert errors == [], errors
    finally:
        context.close()
