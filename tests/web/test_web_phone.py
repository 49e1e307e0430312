"""A phone (390×844, Chromium through Playwright) reads the game page of every game with a board:
nothing runs off the right edge, the board's labels stay readable, and the seat's own resources are
on the first screens. Screenshots go to /tmp/kleos-shots/ for a person to look at."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import create_game, store_seat
from web_server import LiveServer, browser, live_server  # noqa: F401

PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/kleos-shots")

LAYOUT = """() => {
  const scrolls = (e) => {  // inside a box that scrolls sideways by itself (a wide table): not clipped
    for (; e && e !== document.body; e = e.parentElement) {
      const own = ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
      if (own && e.getBoundingClientRect().right <= innerWidth + 1) return true;
    }
    return false;
  };
  const texts = [...document.querySelectorAll('#board-main svg text')]  // names, not counters or marks
    .filter((t) => /[A-Za-z]{2}/.test(t.textContent)).map((t) => t.getBoundingClientRect().height).filter((x) => x > 0);
  const wide = [...document.querySelectorAll('#game *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > innerWidth + 1 && !scrolls(e.parentElement);
  }).map((e) => e.tagName + '#' + e.id + '.' + e.getAttribute('class'));
  return {
    scroll: document.scrollingElement.scrollWidth, inner: innerWidth, wide: wide.slice(0, 8),
    label: texts.length ? Math.min(...texts) : null,
    turn: document.querySelector('#turn').getBoundingClientRect().top + scrollY,
  };
}"""

JUMPED = """(name) => {
  const panel = [...document.querySelectorAll('#turn, #last-turn, .slot-cells > *, #log-panel')]
    .find((p) => (p.id === 'turn' ? 'Menu' : (p.querySelector('h2, h3, summary') || {}).textContent || '').trim()
      .startsWith(name));
  const top = panel && panel.getBoundingClientRect().top;
  return panel && top >= 0 && top < innerHeight / 2;
}"""

GAMES = [
    ("polis", ["me", "random"], {}),
    ("cyclades", ["me", "random"], {"players": 2}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_phone_reads_the_game_page(live_server: LiveServer, browser: Any, game: str, seats: list[str],
                                     options: dict[str, Any]) -> None:
    """No horizontal overflow (the page's scroll width is the screen's), board labels at least 8 px
    high (place names; counters and marks may be smaller), the action panel within the first two
    screens, and a bar of buttons on the first screen that brings each panel (the seat's goods or
    gold among them) to the top; full-page screenshots for the lead."""
    base = live_server.url
    seated = create_game(base, seats, game=game, options=options, seed=5)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice")
        page.wait_for_selector("#last-turn, #help-open")
        layout = page.evaluate(LAYOUT)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"phone-{game}.png"), full_page=True)
        page.screenshot(path=str(SHOTS / f"phone-{game}-first-screen.png"))
        assert layout["scroll"] <= layout["inner"] == PHONE["width"], layout
        assert layout["wide"] == [], layout
        assert layout["label"] is None or layout["label"] >= 8, layout
        assert layout["turn"] < 2 * PHONE["height"], layout
        jumps = page.locator("#jump button")
        assert jumps.count() >= 3 and page.locator("#jump").bounding_box()["y"] < PHONE["height"] / 2
        for name in jumps.all_inner_texts():  # every panel, the seat's resources included, one tap away
            page.click(f"#jump button[data-jump='{name}']")
            page.wait_for_function(JUMPED, arg=name)
        assert errors == []
    finally:
        context.close()
