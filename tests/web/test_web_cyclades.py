"""Cyclades in the browser (Chromium, Playwright): the board module draws the board of the player
count as SVG hexes, the side panels hide the other players' gold, and a person can make the
offerings of a 3-player game by clicking the shell's menu."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from web_helpers import create_game, get_state, store_seat
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401


def test_cyclades_board_and_offerings(live_server: LiveServer, desktop: Any, shots: Path) -> None:
    base = live_server.url
    tables = httpx.get(f"{base}/api/catalog/cyclades/tables", params={"options": '{"players": 3}'}, timeout=30)
    assert tables.status_code == 200, tables.text
    islands, seas = len(tables.json()["islands"]), len(tables.json()["seas"])
    seated = create_game(base, ["me", "random", "random"], game="cyclades", options={"players": 3}, seed=5)
    page = desktop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_selector("#cyc-map polygon")
    assert page.locator("#cyc-map polygon.sea").count() == seas
    assert page.locator("#cyc-map polygon.island").count() >= islands  # an island may span several hexes
    page.wait_for_selector("#menu button.choice")
    gold = page.locator("#cyc-players tbody tr td:nth-child(2)").all_inner_texts()
    me = seated["seat"]
    assert [g == "?" for g in gold] == [seat != me for seat in range(3)]
    page.screenshot(path=str(shots / "cyclades-start.png"), full_page=True)
    before = get_state(base, seated["game_id"], seated["token"])["seq"]
    page.locator("#menu button.choice").first.click()
    page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=before)
    assert errors == []
